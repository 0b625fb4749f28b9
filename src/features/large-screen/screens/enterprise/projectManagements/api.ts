// GET /prod-api/api/TyScreen/ProjectManagements?pjctid1= — every panel of 项目管理 in one request,
// refetched when the server's stream announces a change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { ProjectManagements } from './model';

export const PROJECT_MANAGEMENTS_URL = '/api/TyScreen/ProjectManagements';
export const PROJECT_MANAGEMENTS_REFRESH_MS = 30_000;

export const getProjectManagements = (projectId: string | undefined, signal?: AbortSignal): Promise<ProjectManagements> =>
  unwrap(request<ProjectManagements>({ method: 'GET', url: PROJECT_MANAGEMENTS_URL, params: { pjctid1: projectId }, signal }));

export const useProjectManagements = (projectId: string | undefined) =>
  useScreenSource(`ProjectManagements:${projectId ?? ''}`, (signal) => getProjectManagements(projectId, signal), {
    intervalMs: PROJECT_MANAGEMENTS_REFRESH_MS,
    stream: 'ProjectManagements',
  });
