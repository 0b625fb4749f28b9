// CompanySwitchResult of §7.2 UpdateUserRedis, in the spec's wire names.
import { toSwitchForm } from '../../common/menu-tree';
import type { CompanySwitchResult } from '../../common/wire';
import type { UserRow } from '../db/schema';
import type { CompanyView } from '../platform/company-view';
import { toWatchCompanys } from './watch-companys';

export const toCompanySwitchResult = (user: UserRow, view: CompanyView, projectId: number | null): CompanySwitchResult => ({
  permissions: toSwitchForm(view.menu),
  userID: String(user.id),
  userName: user.user_name,
  fullDepartmentPath: view.fullDepartmentPath,
  departmentID: view.membership ? String(view.membership.id) : '',
  watchCompanys: toWatchCompanys(view.watch),
  companyId: String(view.company.id),
  companyName: view.company.name,
  companyType: view.company.company_type,
  monitorShow: view.monitoring,
  GlobalProjectID: projectId === null ? '' : String(projectId),
});
