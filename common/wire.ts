// Wire types of the platform calls (docs/api.md). Field names are the spec's, kept exactly at the edge.
import type { MenuFunctionType, UserAuthType } from './constants';
import type { LoginMenuNode, SwitchMenuNode } from './menu-tree';

export type CompanyRef = { CompanyID: string; CompanyName: string; FullDepartmentPath: string; UserName: string };
export type WatchCompany = { companyID: string; companyName: string };

export type LoginResult = {
  UserID: string;
  UserName: string;
  /** 真实姓名 (an addition to §3.1): the greeting names the person, not the login. */
  RealName?: string;
  CompanyName: string;
  CompanyId: string;
  /** 单位类型 of the current company (companyType dictionary; an addition): 13 商品混凝土站 lands on the plant's screens. */
  CompanyType?: number;
  access_token: string;
  accessToken: string;
  /** 0 means no permission (§3.1). */
  OrgDataAuthorityType: number;
  /** JSON text of LoginMenuNode[]. */
  MenuPermissions: string;
  AuthAreaCode: string;
  IsSystemAdmin: boolean;
  UserAuthType: UserAuthType;
  AuthProjectID: string;
  menuFunctionType: MenuFunctionType;
  monitorShow: boolean;
  monitorInfo: { id: string; name: string } | null;
  /** JSON text of CompanyRef[]. */
  Companys: string;
  jsData: LoginMenuNode[];
  fullDepartmentPath: string;
  DepartmentName: string;
  DepartmentId: string;
  GlobalProjectID: string;
  watchCompanys: WatchCompany[];
};

export type CompanySwitchRequest = {
  GlobalProjectID?: string;
  company_id: string;
  company_name?: string;
  /** 1 enters monitoring of a watch company (read-only). */
  monitor?: 0 | 1;
};

export type CompanySwitchResult = {
  permissions: SwitchMenuNode[];
  userID: string;
  userName: string;
  fullDepartmentPath: string;
  departmentID: string;
  watchCompanys: WatchCompany[];
  companyId: string;
  companyName: string;
  /** 单位类型 of the company switched to (as LoginResult.CompanyType). */
  companyType?: number;
  monitorShow: boolean;
  GlobalProjectID: string;
};

export type ProjectSwitchResult = { GlobalProjectID: string; projectName: string };

export type OrgNode = { id: string; pId: string | null; companyname: string; companyType: number; isMember: boolean };

export type ProjectPosInfo = { id: string; projectName: string; projectNo: string };
export type ProjectListItem = {
  projectPosInfo: ProjectPosInfo;
  status: number;
  address: string;
  lng: number;
  lat: number;
  companyId: string;
  areaCode: string;
};

export type SysNotice = {
  id: string;
  title: string;
  content: string;
  publisher: string;
  publishTime: string;
  isRead: 0 | 1;
};

/** `color`: the tag colour a list shows the label in (the dictionary option's `color`). */
export type DictOption = { xuHao: string; selContent: string; color?: string };

export type UserProfile = {
  UserID: string;
  UserName: string;
  RealName: string;
  Mobile: string;
  Email: string;
  CompanyName: string;
  DepartmentName: string;
  UserAuthType: UserAuthType;
  RoleName: string;
  CreateTime: string;
  LastLoginTime: string | null;
};

/** POST /web/login, form-encoded (§7.2); the service token travels in the query. */
export type LoginRequest = {
  grant_type?: string;
  loginType?: string | number;
  userName: string;
  password: string;
  confirmPhone?: string;
  confirmCode?: string;
  companyId?: string;
  companyName?: string;
};

export type RegisterRequest = { userName: string; password: string; realName: string; mobile: string; companyName: string };
export type ModifyPasswordRequest = { oldPwd: string; userPwd: string };
export type ModifyMyInfoRequest = { realName: string; mobile: string; email: string };
