// GET /api/RoutInspManage/WherePageList (§7.7) through the generic list protocol (docs/metadata.md):
// the devices the viewer's select offers, searched by keyword on the server.
import useSWR from 'swr';
import { http, unwrap } from '../../../lib/http/client';
import type { InspectionDevice } from '../model';

export const DEVICE_LIST_URL = '/api/RoutInspManage/WherePageList';
export const DEVICE_PICKER_SIZE = 50;

export const listInspectionDevices = (keyword: string): Promise<InspectionDevice[]> =>
  unwrap(
    http.get<InspectionDevice[]>(DEVICE_LIST_URL, {
      index: 0,
      size: DEVICE_PICKER_SIZE,
      sort: 'deviceNo:asc',
      ...(keyword ? { keyword } : {}),
    }),
  ).then((rows) => rows ?? []);

export const useInspectionDevices = (keyword: string) =>
  useSWR([DEVICE_LIST_URL, keyword], ([, k]) => listInspectionDevices(k), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
