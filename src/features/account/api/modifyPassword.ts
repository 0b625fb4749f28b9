// POST /api/Employee/PCModifyPwd {oldPwd, userPwd} (§7.2). On success the server revokes every access token.
import { http, unwrap } from '../../../lib/http/client';
import type { ModifyPasswordRequest } from '../../../../common/wire';

export const modifyPassword = (body: ModifyPasswordRequest): Promise<unknown> =>
  unwrap(http.post('/api/Employee/PCModifyPwd', body));
