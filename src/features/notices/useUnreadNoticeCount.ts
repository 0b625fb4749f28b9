// The unread-notice badge (§2.6, §7.3): the notice list with index 0, size 500, sysNoticeIsRead 0 is fetched
// on load; the length of its data is the count, kept in localStorage isSysNoticeIsRead (§3.6). The swr key is
// shared, so refresh() from the notices page updates the header badge too.
import { useEffect } from 'react';
import useSWR from 'swr';
import { HEADER_LIST_SIZE } from '../../../common/constants';
import { LOCAL } from '../../lib/storage';
import type { SysNotice } from '../../../common/wire';
import { getSysNoticeList, sysNoticeListKey, type NoticeListQuery } from './api/getSysNoticeList';

export const UNREAD_NOTICE_QUERY: NoticeListQuery = { index: 0, size: HEADER_LIST_SIZE, sysNoticeIsRead: '0' };

function storedCount(): number {
  const n = Number(localStorage.getItem(LOCAL.isSysNoticeIsRead));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** `newest`: the newest unread notice (the list comes newest first), once the server has answered. */
export function useUnreadNoticeCount(): { count: number; newest: SysNotice | undefined; refresh(): void } {
  const { data, mutate } = useSWR(sysNoticeListKey(UNREAD_NOTICE_QUERY), ([, q]) => getSysNoticeList(q), {
    shouldRetryOnError: false,
  });
  const count = data ? data.list.length : storedCount();

  useEffect(() => {
    if (data) localStorage.setItem(LOCAL.isSysNoticeIsRead, String(data.list.length));
  }, [data]);

  return {
    count,
    newest: data?.list[0],
    refresh: () => {
      void mutate();
    },
  };
}
