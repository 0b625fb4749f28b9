// GET /api/SysNotice/GetSysNoticeList (§7.3, §7.4): index is zero-based, sysNoticeIsRead '' all, '0' unread, '1' read.
import useSWR from 'swr';
import { http, HttpError } from '../../../lib/http/client';
import type { SysNotice } from '../../../../common/wire';

export type NoticeReadFilter = '' | '0' | '1';
export type NoticeListQuery = { index: number; size: number; sysNoticeIsRead: NoticeReadFilter };
export type NoticePage = { list: SysNotice[]; total: number };

export const SYS_NOTICE_LIST_URL = '/api/SysNotice/GetSysNoticeList';

/** The swr key is the request itself, so every identical request shares one cache entry. */
export const sysNoticeListKey = (q: NoticeListQuery) => [SYS_NOTICE_LIST_URL, q] as const;

export async function getSysNoticeList(q: NoticeListQuery): Promise<NoticePage> {
  const env = await http.get<SysNotice[]>(SYS_NOTICE_LIST_URL, q);
  if (env.status !== 1) throw new HttpError(env.detail || '操作失败', 200, env);
  const list = env.data ?? [];
  return { list, total: env.pageInfo?.record_count ?? list.length };
}

export function useSysNoticeList(q: NoticeListQuery) {
  return useSWR(sysNoticeListKey(q), ([, query]) => getSysNoticeList(query), { keepPreviousData: true });
}
