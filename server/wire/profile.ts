// UserProfile of docs/api.md.
import type { UserProfile } from '../../common/wire';
import type { Profile } from '../platform/profile';
import { formatDateTime } from '../platform/time';

export const toUserProfile = ({ user, companyName, membership }: Profile): UserProfile => ({
  UserID: String(user.id),
  UserName: user.user_name,
  RealName: user.real_name,
  Mobile: user.mobile,
  Email: user.email,
  CompanyName: companyName,
  DepartmentName: membership?.departmentName ?? '',
  UserAuthType: user.user_auth_type,
  RoleName: membership?.roleName ?? '',
  CreateTime: formatDateTime(user.created_at),
  LastLoginTime: user.last_login_at ? formatDateTime(user.last_login_at) : null,
});
