// GET /prod-api/api/TyScreen/Warning?pjctid1= — every panel of 预警中心 in one request, refetched when the
// server's stream announces alarms or hazards (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { Warning } from './model';

export const WARNING_URL = '/api/TyScreen/Warning';
export const WARNING_REFRESH_MS = 30_000;

export const getWarning = (projectId: string | undefined, signal?: AbortSignal): Promise<Warning> =>
  unwrap(request<Warning>({ method: 'GET', url: WARNING_URL, params: { pjctid1: projectId }, signal }));

export const useWarning = (projectId: string | undefined) =>
  useScreenSource(`Warning:${projectId ?? ''}`, (signal) => getWarning(projectId, signal), { intervalMs: WARNING_REFRESH_MS, stream: 'Warning' });
