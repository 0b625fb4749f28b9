// LoginResult of §3.1 / docs/api.md, in the spec's wire names.
import { FUNCTION_TYPE_BACKEND } from '../../common/constants';
import { toLoginForm } from '../../common/menu-tree';
import type { CompanyRef, LoginResult } from '../../common/wire';
import type { UserRow } from '../db/schema';
import type { CompanyView } from '../platform/company-view';
import { toWatchCompanys } from './watch-companys';

export function toLoginResult(input: {
  user: UserRow;
  view: CompanyView;
  /** Id path of every member company, for Companys[].FullDepartmentPath. */
  paths: ReadonlyMap<number, string>;
  token: string;
  projectId: number | null;
}): LoginResult {
  const { user, view, paths, token, projectId } = input;
  const tree = toLoginForm(view.menu);
  const companys: CompanyRef[] = view.memberships.map((m) => ({
    CompanyID: String(m.companyId),
    CompanyName: m.companyName,
    FullDepartmentPath: paths.get(m.companyId) ?? String(m.companyId),
    UserName: user.user_name,
  }));
  const project = projectId === null ? '' : String(projectId);
  return {
    UserID: String(user.id),
    UserName: user.user_name,
    RealName: user.real_name,
    CompanyName: view.company.name,
    CompanyId: String(view.company.id),
    CompanyType: view.company.company_type,
    access_token: token,
    accessToken: token,
    OrgDataAuthorityType: user.org_data_authority_type,
    MenuPermissions: JSON.stringify(tree),
    AuthAreaCode: user.auth_area_code,
    IsSystemAdmin: user.is_system_admin,
    UserAuthType: user.user_auth_type,
    AuthProjectID: user.user_auth_type === '2' ? project : '',
    menuFunctionType: FUNCTION_TYPE_BACKEND,
    monitorShow: false,
    monitorInfo: null,
    Companys: JSON.stringify(companys),
    jsData: tree,
    fullDepartmentPath: view.fullDepartmentPath,
    DepartmentName: view.membership?.departmentName ?? '',
    DepartmentId: view.membership ? String(view.membership.id) : '',
    GlobalProjectID: project,
    watchCompanys: toWatchCompanys(view.watch),
  };
}
