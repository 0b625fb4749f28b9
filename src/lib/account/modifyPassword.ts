// POST /api/Employee/PCModifyPwd {oldPwd, userPwd} (§7.2). On success the server revokes every access token.
// The large-screen variant sends fromplat minapp (wid 11 is merged by the client for every call, §7.1, §9).
import { FROMPLAT_MINAPP } from '../../../common/constants';
import type { ModifyPasswordRequest } from '../../../common/wire';
import { request, unwrap } from '../http/client';

export type PasswordVariant = 'backend' | 'screen';

export const MODIFY_PASSWORD_URL = '/api/Employee/PCModifyPwd';

export const modifyPassword = (body: ModifyPasswordRequest, variant: PasswordVariant = 'backend'): Promise<unknown> =>
  unwrap(
    request({
      method: 'POST',
      url: MODIFY_PASSWORD_URL,
      data: body,
      ...(variant === 'screen' ? { fromplat: FROMPLAT_MINAPP } : {}),
    }),
  );
