// GET /api/RoutInspContent/GetContentDetailByType?device_type (§7.7): the newest template of the current
// company for a device type, or null when none is set yet.
import useSWR from 'swr';
import { http, unwrap } from '../../../lib/http/client';
import type { InspectionTemplate } from '../model';

export const CONTENT_BY_TYPE_URL = '/api/RoutInspContent/GetContentDetailByType';

export const getContentDetailByType = (deviceType: string): Promise<InspectionTemplate | null> =>
  unwrap(http.get<InspectionTemplate | null>(CONTENT_BY_TYPE_URL, { device_type: deviceType })).then((d) => d ?? null);

export const useContentDetailByType = (deviceType: string | null) =>
  useSWR(deviceType ? [CONTENT_BY_TYPE_URL, deviceType] : null, ([, t]) => getContentDetailByType(t), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
