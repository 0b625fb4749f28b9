// The 工作台's calls (docs/workbench.md): my pending tasks, the recent notices (§7.3 GetSysNoticeList).
import useSWR from 'swr';
import type { SysNotice } from '../../../../common/wire';
import { WORKBENCH_API, type PendingTasks } from '../../../../common/workbench';
import { http, HttpError, unwrap } from '../../../lib/http/client';

export const getMyTasks = (): Promise<PendingTasks> =>
  unwrap(http.get<PendingTasks>(WORKBENCH_API.tasks, {})).then((d) => d ?? { total: 0, groups: [] });

export const useMyTasks = () => useSWR([WORKBENCH_API.tasks], () => getMyTasks(), { shouldRetryOnError: false, revalidateOnFocus: true });

const NOTICE_LIST_URL = '/api/SysNotice/GetSysNoticeList';
export const WORKBENCH_NOTICE_COUNT = 6;

async function getRecentNotices(): Promise<SysNotice[]> {
  const env = await http.get<SysNotice[]>(NOTICE_LIST_URL, { index: 0, size: WORKBENCH_NOTICE_COUNT, sysNoticeIsRead: '' });
  if (env.status !== 1) throw new HttpError(env.detail || '操作失败', 200, env);
  return env.data ?? [];
}

/** The same request (and so the same cache entry) as the home page's recent notices. */
export const useRecentNotices = () =>
  useSWR([NOTICE_LIST_URL, { index: 0, size: WORKBENCH_NOTICE_COUNT, sysNoticeIsRead: '' }], () => getRecentNotices(), { shouldRetryOnError: false });
