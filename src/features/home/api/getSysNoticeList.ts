// GET /api/SysNotice/GetSysNoticeList (§7.3): the home page's recent notices and unread count. The swr key is the
// request itself ([url, query]), the same shape the notices feature uses, so identical requests share one cache entry.
import useSWR from 'swr';
import { HEADER_LIST_SIZE } from '../../../../common/constants';
import type { SysNotice } from '../../../../common/wire';
import { http, HttpError } from '../../../lib/http/client';

export type NoticeListQuery = { index: number; size: number; sysNoticeIsRead: '' | '0' | '1' };
export type NoticePage = { list: SysNotice[]; total: number };

export const SYS_NOTICE_LIST_URL = '/api/SysNotice/GetSysNoticeList';

export async function getSysNoticeList(q: NoticeListQuery): Promise<NoticePage> {
  const env = await http.get<SysNotice[]>(SYS_NOTICE_LIST_URL, q);
  if (env.status !== 1) throw new HttpError(env.detail || '操作失败', 200, env);
  const list = env.data ?? [];
  return { list, total: env.pageInfo?.record_count ?? list.length };
}

const useNoticeList = (q: NoticeListQuery) =>
  useSWR([SYS_NOTICE_LIST_URL, q], ([, query]) => getSysNoticeList(query), { shouldRetryOnError: false });

export const RECENT_NOTICE_COUNT = 5;
export const useRecentNotices = () => useNoticeList({ index: 0, size: RECENT_NOTICE_COUNT, sysNoticeIsRead: '' });
/** §7.3: the length of the unread list (index 0, size 500, sysNoticeIsRead 0) is the unread count. */
export const useUnreadNotices = () => useNoticeList({ index: 0, size: HEADER_LIST_SIZE, sysNoticeIsRead: '0' });
