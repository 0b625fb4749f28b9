// GET /api/RoutInspContent/GetContentDetail (§7.3 equipment record detail): rec_id, user_id, wid=11 and
// fromplat=minapp — the one call of the console that names the mini-program platform.
import useSWR from 'swr';
import { FROMPLAT_MINAPP } from '../../../../common/constants';
import { request, unwrap } from '../../../lib/http/client';
import type { InspectionTemplate } from '../model';

export const CONTENT_DETAIL_URL = '/api/RoutInspContent/GetContentDetail';

export const getContentDetail = (recId: string, userId: string): Promise<InspectionTemplate | null> =>
  unwrap(
    request<InspectionTemplate | null>({
      method: 'GET',
      url: CONTENT_DETAIL_URL,
      params: { rec_id: recId, user_id: userId },
      fromplat: FROMPLAT_MINAPP,
    }),
  ).then((d) => d ?? null);

export const useContentDetail = (recId: string | null, userId: string) =>
  useSWR(recId ? [CONTENT_DETAIL_URL, recId, userId] : null, ([, id, user]) => getContentDetail(id, user), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
