// GET /prod-api/api/TyScreen/Tested?pjctid1= — every panel of the equipment management screen in one
// request, refetched when the server's Tested stream announces a change (polling every 30 s when it
// cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { Tested } from './model';

export const TESTED_URL = '/api/TyScreen/Tested';
export const TESTED_REFRESH_MS = 30_000;

export const getTested = (projectId: string | undefined, signal?: AbortSignal): Promise<Tested> =>
  unwrap(request<Tested>({ method: 'GET', url: TESTED_URL, params: { pjctid1: projectId }, signal }));

export const useTested = (projectId: string | undefined) =>
  useScreenSource(`Tested:${projectId ?? ''}`, (signal) => getTested(projectId, signal), { intervalMs: TESTED_REFRESH_MS, stream: 'Tested' });
