// GET /prod-api/api/TyScreen/EnterpriseOverview?pjctid1= — every panel of the screen in one request,
// refetched when the server's stream announces a change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { EnterpriseOverview } from './model';

export const ENTERPRISE_OVERVIEW_URL = '/api/TyScreen/EnterpriseOverview';
export const OVERVIEW_REFRESH_MS = 30_000;

export const getEnterpriseOverview = (projectId: string | undefined, signal?: AbortSignal): Promise<EnterpriseOverview> =>
  unwrap(request<EnterpriseOverview>({ method: 'GET', url: ENTERPRISE_OVERVIEW_URL, params: { pjctid1: projectId }, signal }));

export const useEnterpriseOverview = (projectId: string | undefined) =>
  useScreenSource(`EnterpriseOverview:${projectId ?? ''}`, (signal) => getEnterpriseOverview(projectId, signal), {
    intervalMs: OVERVIEW_REFRESH_MS,
    stream: 'EnterpriseOverview',
  });
