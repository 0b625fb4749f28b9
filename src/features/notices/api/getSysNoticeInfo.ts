// GET /api/SysNotice/GetSysNoticeInfo?id (§7.4).
import { http, unwrap } from '../../../lib/http/client';
import type { SysNotice } from '../../../../common/wire';

export const getSysNoticeInfo = (id: string): Promise<SysNotice> =>
  unwrap(http.get<SysNotice>('/api/SysNotice/GetSysNoticeInfo', { id }));
