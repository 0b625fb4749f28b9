// GET /prod-api/api/TyScreen/Roster?pjctid1=&index=&size=&keyword=&onSite= — a page of the roster with
// its pageInfo, and the two counts of the figures (the same call with size 1). Both refetch when the
// server's Roster stream announces a roster or attendance change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { RosterRow } from '../../../../../../common/screens/roster';
import { ROSTER_PAGE_SIZE, type RosterCounts, type RosterFilter, type RosterPage } from './model';

export const ROSTER_URL = '/api/TyScreen/Roster';
export const ROSTER_REFRESH_MS = 30_000;

type RosterParams = { pjctid1: string | undefined; index: number; size: number; keyword?: string; onSite?: boolean };

async function getRoster(params: RosterParams, signal?: AbortSignal): Promise<RosterPage> {
  const env = await request<RosterRow[]>({
    method: 'GET',
    url: ROSTER_URL,
    params: { pjctid1: params.pjctid1, index: params.index, size: params.size, keyword: params.keyword || undefined, onSite: params.onSite || undefined },
    signal,
  });
  const rows = await unwrap(Promise.resolve(env));
  return {
    rows: rows ?? [],
    pageInfo: env.pageInfo ?? { has_next: false, has_prev: params.index > 0, p_index: params.index, p_size: params.size, record_count: rows?.length ?? 0 },
  };
}

export const getRosterPage = (projectId: string | undefined, f: RosterFilter, signal?: AbortSignal): Promise<RosterPage> =>
  getRoster({ pjctid1: projectId, index: f.index, size: ROSTER_PAGE_SIZE, keyword: f.keyword.trim(), onSite: f.onSite }, signal);

export async function getRosterCounts(projectId: string | undefined, signal?: AbortSignal): Promise<RosterCounts> {
  const [all, onSite] = await Promise.all([
    getRoster({ pjctid1: projectId, index: 0, size: 1 }, signal),
    getRoster({ pjctid1: projectId, index: 0, size: 1, onSite: true }, signal),
  ]);
  return { roster: all.pageInfo.record_count, onSite: onSite.pageInfo.record_count };
}

const STREAM = { intervalMs: ROSTER_REFRESH_MS, stream: 'Roster', panels: ['rows'] } as const;

export const useRosterPage = (projectId: string | undefined, f: RosterFilter) =>
  useScreenSource(`Roster:${projectId ?? ''}:${f.index}:${ROSTER_PAGE_SIZE}:${f.onSite ? '1' : ''}:${f.keyword.trim()}`, (signal) => getRosterPage(projectId, f, signal), STREAM);

export const useRosterCounts = (projectId: string | undefined) =>
  useScreenSource(`Roster:counts:${projectId ?? ''}`, (signal) => getRosterCounts(projectId, signal), STREAM);
