// POST /api/ERPUser/ModifyMyInfo {realName, mobile, email} (§7.2, formats of §5.5); returns the new profile.
import { http, unwrap } from '../../../lib/http/client';
import type { ModifyMyInfoRequest, UserProfile } from '../../../../common/wire';

export const modifyMyInfo = (body: ModifyMyInfoRequest): Promise<UserProfile> =>
  unwrap(http.post<UserProfile>('/api/ERPUser/ModifyMyInfo', body));
