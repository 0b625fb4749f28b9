// GET /api/Project/WhereProjectList (§7.3, §7.4): the projects in the user's scope, index 0, size 500.
import useSWR from 'swr';
import { HEADER_LIST_SIZE } from '../../../../common/constants';
import type { ProjectListItem } from '../../../../common/wire';
import { http, unwrap } from '../../../lib/http/client';

export type ProjectListQuery = { user_id: string; index: number; size: number };

export const PROJECT_LIST_URL = '/api/Project/WhereProjectList';

export const getProjectList = (q: ProjectListQuery): Promise<ProjectListItem[]> =>
  unwrap(http.get<ProjectListItem[]>(PROJECT_LIST_URL, q)).then((d) => d ?? []);

export function useProjectList(userId: string | undefined) {
  const q: ProjectListQuery | null = userId ? { user_id: userId, index: 0, size: HEADER_LIST_SIZE } : null;
  return useSWR(q ? [PROJECT_LIST_URL, q] : null, ([, query]) => getProjectList(query), { shouldRetryOnError: false });
}
