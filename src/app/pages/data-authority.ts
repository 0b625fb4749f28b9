// The test of the 无数据权限 page, apart from the page itself so the root route decides without loading it.
import type { LoginResult } from '../../../common/wire';

/** §6: OrgDataAuthorityType 0 means no data authority; the server decided it at login. */
export const lacksDataAuthority = (info: LoginResult | null): boolean => info !== null && Number(info.OrgDataAuthorityType) === 0;
