// GET /prod-api/api/TyScreen/Danger?pjctid1= — every panel of the special-equipment screen in one request,
// refetched when the server's Danger stream announces a change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { Danger } from './model';

export const DANGER_URL = '/api/TyScreen/Danger';
export const DANGER_REFRESH_MS = 30_000;

export const getDanger = (projectId: string | undefined, signal?: AbortSignal): Promise<Danger> =>
  unwrap(request<Danger>({ method: 'GET', url: DANGER_URL, params: { pjctid1: projectId }, signal }));

export const useDanger = (projectId: string | undefined) =>
  useScreenSource(`Danger:${projectId ?? ''}`, (signal) => getDanger(projectId, signal), { intervalMs: DANGER_REFRESH_MS, stream: 'Danger' });
