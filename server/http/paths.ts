// Every API path of docs/api.md in one place, so routes and the guard's allow-lists cannot drift.
import { API_BASE, CORE_BASE } from '../../common/constants';

export const PATHS = {
  getToken: `${CORE_BASE}/api/token/getToken`,
  login: `${CORE_BASE}/web/login`,
  logout: `${CORE_BASE}/web/logout`,
  register: `${API_BASE}/api/Employee/PCEmployeeRegister`,
  modifyPassword: `${API_BASE}/api/Employee/PCModifyPwd`,
  userInfo: `${API_BASE}/api/ERPUser/GetUserInfo`,
  modifyMyInfo: `${API_BASE}/api/ERPUser/ModifyMyInfo`,
  switchCompany: `${API_BASE}/api/ERPUser/UpdateUserRedis`,
  switchProject: `${API_BASE}/api/ERPUser/UpdateUserProjectID`,
  orgList: `${API_BASE}/api/Org/QueryOrgList`,
  adminOrgList: `${API_BASE}/api/Org/AdminGetAllQueryOrgList`,
  projectList: `${API_BASE}/api/Project/WhereProjectList`,
  noticeList: `${API_BASE}/api/SysNotice/GetSysNoticeList`,
  noticeInfo: `${API_BASE}/api/SysNotice/GetSysNoticeInfo`,
  noticeRead: `${API_BASE}/api/SysNotice/UpdateSysNoticeIsRead`,
  noticeDelete: `${API_BASE}/api/SysNotice/DelSysNotice`,
  dictionary: `${API_BASE}/api/SysDictionary/GetListByType`,
  /** §7.2 / §7.4 calls of issue 14 (docs/api.md "Account and organisation calls"). */
  sendMessage: `${API_BASE}/api/TySendMessage/SendMessage`,
  modifyEmployee: `${API_BASE}/api/Employee/ModifyEmployee`,
  erpModifyPassword: `${API_BASE}/api/ERPUser/ModifyPwd`,
  updateDefaultUser: `${API_BASE}/api/ERPUser/PCUpdateDefaultUser`,
  orgListByType: `${API_BASE}/api/Org/QueryOrgListByType`,
  adminOrgListByType: `${API_BASE}/api/Org/AdminGetAllQueryOrgListByType`,
  orgListByProject: `${API_BASE}/api/Org/GetOrgListByEngineeringID`,
  projectListOfOrder: `${API_BASE}/api/Project/WhereProjectListOfOrder`,
  /** Served by a later issue; named here because §6 lets OrgDataAuthorityType 0 users call it. */
  multiSelectList: `${API_BASE}/api/SelectTableField/WhereMulSelectList`,
  /** 忘记密码 (issue 29, docs/security-auth.md "Forgotten passwords"): the login page's request, 用户管理's pending list. */
  passwordResetRequest: `${API_BASE}/api/PasswordReset/Request`,
  passwordResetList: `${API_BASE}/api/PasswordReset/PendingList`,
} as const;

export const isApiPath = (url: string): boolean => url.startsWith(API_BASE) || url.startsWith(CORE_BASE);
