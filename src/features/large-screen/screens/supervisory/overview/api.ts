// GET /prod-api/api/TyScreen/SupervisoryOverview?pjctid1= — every panel of the supervision overview in one
// request, refetched when the server's stream announces a change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { SupervisoryOverview } from './model';

export const SUPERVISORY_OVERVIEW_URL = '/api/TyScreen/SupervisoryOverview';
export const SUPERVISORY_OVERVIEW_REFRESH_MS = 30_000;

export const getSupervisoryOverview = (projectId: string | undefined, signal?: AbortSignal): Promise<SupervisoryOverview> =>
  unwrap(request<SupervisoryOverview>({ method: 'GET', url: SUPERVISORY_OVERVIEW_URL, params: { pjctid1: projectId }, signal }));

export const useSupervisoryOverview = (projectId: string | undefined) =>
  useScreenSource(`SupervisoryOverview:${projectId ?? ''}`, (signal) => getSupervisoryOverview(projectId, signal), {
    intervalMs: SUPERVISORY_OVERVIEW_REFRESH_MS,
    stream: 'SupervisoryOverview',
  });
