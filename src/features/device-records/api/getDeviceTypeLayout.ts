// GET /api/DeviceType/WhereDeviceTypeList (§7.7) filtered on 类型名称: the 模板布局 of a device type,
// which picks the viewer's layout (§2.8). Null when the type is not configured.
import useSWR from 'swr';
import type { ListFilter } from '../../../../common/metadata';
import { http, unwrap } from '../../../lib/http/client';
import { isLayout, type Layout } from '../model';

export const DEVICE_TYPE_LIST_URL = '/api/DeviceType/WhereDeviceTypeList';

type DeviceTypeRow = { id: string; typeName: string; templateLayout?: string | null };

export async function getDeviceTypeLayout(typeName: string): Promise<Layout | null> {
  const filters: ListFilter[] = [{ field: 'typeName', operator: 'eq', value: typeName }];
  const rows = await unwrap(http.get<DeviceTypeRow[]>(DEVICE_TYPE_LIST_URL, { index: 0, size: 1, filters: JSON.stringify(filters) }));
  const layout = rows?.[0]?.templateLayout;
  return isLayout(layout) ? layout : null;
}

export const useDeviceTypeLayout = (typeName: string | null) =>
  useSWR(typeName ? [DEVICE_TYPE_LIST_URL, typeName] : null, ([, t]) => getDeviceTypeLayout(t), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
