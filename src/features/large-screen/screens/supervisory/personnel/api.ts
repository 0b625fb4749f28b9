// GET /prod-api/api/TyScreen/SupervisoryPersonnel?pjctid1= — every panel of 实名制登记 in one request,
// refetched when the server's stream announces roster or attendance changes (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { SupervisoryPersonnel } from './model';

export const SUPERVISORY_PERSONNEL_URL = '/api/TyScreen/SupervisoryPersonnel';
export const SUPERVISORY_PERSONNEL_REFRESH_MS = 30_000;

export const getSupervisoryPersonnel = (projectId: string | undefined, signal?: AbortSignal): Promise<SupervisoryPersonnel> =>
  unwrap(request<SupervisoryPersonnel>({ method: 'GET', url: SUPERVISORY_PERSONNEL_URL, params: { pjctid1: projectId }, signal }));

export const useSupervisoryPersonnel = (projectId: string | undefined) =>
  useScreenSource(`SupervisoryPersonnel:${projectId ?? ''}`, (signal) => getSupervisoryPersonnel(projectId, signal), {
    intervalMs: SUPERVISORY_PERSONNEL_REFRESH_MS,
    stream: 'SupervisoryPersonnel',
  });
