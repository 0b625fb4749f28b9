// GET /prod-api/api/TyScreen/BuildPersonnel?pjctid1= — every panel of 人员管理 in one request, refetched
// when the server's stream announces a roster or attendance change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { BuildPersonnel } from './model';

export const BUILD_PERSONNEL_URL = '/api/TyScreen/BuildPersonnel';
export const BUILD_PERSONNEL_REFRESH_MS = 30_000;

export const getBuildPersonnel = (projectId: string | undefined, signal?: AbortSignal): Promise<BuildPersonnel> =>
  unwrap(request<BuildPersonnel>({ method: 'GET', url: BUILD_PERSONNEL_URL, params: { pjctid1: projectId }, signal }));

export const useBuildPersonnel = (projectId: string | undefined) =>
  useScreenSource(`BuildPersonnel:${projectId ?? ''}`, (signal) => getBuildPersonnel(projectId, signal), {
    intervalMs: BUILD_PERSONNEL_REFRESH_MS,
    stream: 'BuildPersonnel',
  });
