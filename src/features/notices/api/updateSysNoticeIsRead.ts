// POST /api/SysNotice/UpdateSysNoticeIsRead {id} (§7.4): marks the notice read for this user.
import { http, unwrap } from '../../../lib/http/client';

export const updateSysNoticeIsRead = (id: string): Promise<unknown> =>
  unwrap(http.post('/api/SysNotice/UpdateSysNoticeIsRead', { id }));
