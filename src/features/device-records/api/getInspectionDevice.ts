// GET /api/RoutInspManage/GetDeviceDetail?rec_id (§7.7): the device a ?device_id= address names.
import useSWR from 'swr';
import { http, unwrap } from '../../../lib/http/client';
import type { InspectionDevice } from '../model';

export const DEVICE_DETAIL_URL = '/api/RoutInspManage/GetDeviceDetail';

export const getInspectionDevice = (recId: string): Promise<InspectionDevice | null> =>
  unwrap(http.get<InspectionDevice | null>(DEVICE_DETAIL_URL, { rec_id: recId })).then((d) => d ?? null);

export const useInspectionDevice = (recId: string | null) =>
  useSWR(recId ? [DEVICE_DETAIL_URL, recId] : null, ([, id]) => getInspectionDevice(id), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
