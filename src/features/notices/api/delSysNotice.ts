// POST /api/SysNotice/DelSysNotice {id} (§7.4): removes the notice from this user's list.
import { http, unwrap } from '../../../lib/http/client';

export const delSysNotice = (id: string): Promise<unknown> => unwrap(http.post('/api/SysNotice/DelSysNotice', { id }));
