// GET /prod-api/api/TyScreen/Environment?pjctid1= — every panel of the environment screen in one request,
// refetched when the server's Environment stream announces a change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { Environment } from './model';

export const ENVIRONMENT_URL = '/api/TyScreen/Environment';
export const ENVIRONMENT_REFRESH_MS = 30_000;

export const getEnvironment = (projectId: string | undefined, signal?: AbortSignal): Promise<Environment> =>
  unwrap(request<Environment>({ method: 'GET', url: ENVIRONMENT_URL, params: { pjctid1: projectId }, signal }));

export const useEnvironment = (projectId: string | undefined) =>
  useScreenSource(`Environment:${projectId ?? ''}`, (signal) => getEnvironment(projectId, signal), {
    intervalMs: ENVIRONMENT_REFRESH_MS,
    stream: 'Environment',
  });
