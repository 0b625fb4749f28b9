// Session fixtures: a LoginResult as the server sends it, and helpers to put the store in a state.
import Cookies from 'js-cookie';
import { expandSource, toLoginForm, type MenuSourceNode } from '../../../common/menu-tree';
import type { LoginResult } from '../../../common/wire';
import menus from '../../../schemas/menus.json';
import { sessionStore } from '../../../src/lib/session/store';

export const MENU_SOURCE = (menus as { menus: MenuSourceNode[] }).menus;

export function loginResult(over: Partial<LoginResult> = {}): LoginResult {
  const tree = toLoginForm(expandSource(MENU_SOURCE));
  return {
    UserID: 'u1',
    UserName: 'qiye01',
    CompanyName: '蜀建集团有限公司',
    CompanyId: 'c1',
    access_token: 'acc-1',
    accessToken: 'acc-1',
    OrgDataAuthorityType: 1,
    MenuPermissions: JSON.stringify(tree),
    AuthAreaCode: '5110',
    IsSystemAdmin: false,
    UserAuthType: '0',
    AuthProjectID: '',
    menuFunctionType: 0,
    monitorShow: false,
    monitorInfo: null,
    Companys: JSON.stringify([{ CompanyID: 'c1', CompanyName: '蜀建集团有限公司', FullDepartmentPath: 'c1', UserName: 'qiye01' }]),
    jsData: tree,
    fullDepartmentPath: 'c1',
    DepartmentName: '',
    DepartmentId: '',
    GlobalProjectID: '',
    watchCompanys: [],
    ...over,
  };
}

/** Empties cookies, localStorage and the in-memory session. */
export function resetBrowserState(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
  sessionStore.reload();
}
