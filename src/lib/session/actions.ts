// Session transitions of §4: login, logout, company and project switch, monitoring mode, function type,
// sidebar and device. Each one writes the §3.6 storage first and then the in-memory store, so a reload
// at any moment rebuilds the same state.
import { TOKEN_REFRESH_MS, type MenuFunctionType } from '../../../common/constants';
import { normalizeWire, toLoginForm, type MenuNode } from '../../../common/menu-tree';
import type { CompanySwitchResult, LoginResult, WatchCompany } from '../../../common/wire';
import {
  LOCAL,
  clearSession,
  getServiceToken,
  readJson,
  setAccessToken,
  setFunctionType as storeFunctionType,
  setLargeScreen,
  setServiceToken,
  setSidebarOpened,
  setStoredCompany,
  setStoredProject,
  setUserInfo,
  writeDayBounds,
  writeJson,
  type StoredCompany,
  type StoredProject,
} from '../storage';
import { http, unwrap } from '../http/client';
import {
  fetchServiceToken,
  postLogin,
  postLogout,
  updateUserProjectId,
  updateUserRedis,
  type LoginForm,
} from './api';
import { companiesOf, menuOf, requestNavigation, rolesOf, sessionStore, type Device } from './store';

/** Full-page effects, replaceable in tests. */
export const page = {
  reload: (): void => window.location.reload(),
  assign: (url: string): void => window.location.assign(url),
  currentPath: (): string => `${window.location.pathname}${window.location.search}`,
};

export const HOME_PATH = '/backHome';

/** Only same-origin absolute paths are followed after login (no '//host' or 'http:' redirects). */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return HOME_PATH;
  return raw;
}

// ---- service token (§4 Token) ----

let refreshTimer: ReturnType<typeof setInterval> | undefined;

export async function refreshServiceToken(): Promise<string> {
  const token = await fetchServiceToken();
  setServiceToken(token, TOKEN_REFRESH_MS);
  return token;
}

/** The service token from its cookie, fetched when absent. */
export async function ensureServiceToken(): Promise<string> {
  return getServiceToken() ?? refreshServiceToken();
}

/** Fetches the token when absent and every 6,840,000 ms; returns the stop function. */
export function startServiceTokenRefresh(): () => void {
  if (refreshTimer) clearInterval(refreshTimer);
  void ensureServiceToken().catch(() => undefined);
  refreshTimer = setInterval(() => void refreshServiceToken().catch(() => undefined), TOKEN_REFRESH_MS);
  const onFocus = () => {
    if (!getServiceToken()) void refreshServiceToken().catch(() => undefined);
  };
  window.addEventListener('focus', onFocus);
  return () => {
    if (refreshTimer) clearInterval(refreshTimer);
    refreshTimer = undefined;
    window.removeEventListener('focus', onFocus);
  };
}

// ---- login / logout ----

export type LoginOutcome = { ok: true } | { ok: false; detail: string };

/** §4 Session: stores identity, company, token and menu; the function type starts at 0 (backend). */
export function applyLoginResult(result: LoginResult): void {
  const info: LoginResult = { ...result, monitorShow: false, monitorInfo: null };
  const token = info.access_token || info.accessToken;
  setAccessToken(token);
  setUserInfo(info);
  writeJson(LOCAL.authority, {
    OrgDataAuthorityType: info.OrgDataAuthorityType,
    UserAuthType: info.UserAuthType,
    IsSystemAdmin: info.IsSystemAdmin,
    AuthProjectID: info.AuthProjectID,
    AuthAreaCode: info.AuthAreaCode,
  });
  // §4 "Menu Status": false when authority is set.
  writeJson(LOCAL.menu, { FirstLay: '', SecondLay: '', Status: false, FirstLayId: '' });
  const company: StoredCompany = { path: [info.CompanyId], name: info.CompanyName };
  setStoredCompany(company);
  for (const key of [LOCAL.projectId, LOCAL.projectNo, LOCAL.projectName, LOCAL.monitorOrigin]) localStorage.removeItem(key);
  storeFunctionType(0);
  writeDayBounds();
  sessionStore.set({
    token,
    userInfo: info,
    roles: rolesOf(info),
    menu: menuOf(info),
    functionType: 0,
    company,
    project: null,
  });
}

/** The caller's menu as the server has it now (GET /api/Meta/Menu), without signing in again. */
export const META_MENU_URL = '/api/Meta/Menu';

/**
 * Takes the menu the server answers for this session into the stored user info and the store: under
 * `npm run dev` an edited menus.json reaches the open session (BackOfficeLayout), as a login would.
 */
export async function refreshMenu(): Promise<void> {
  if (!sessionStore.get().userInfo) return;
  const { MenuPermissions } = await unwrap(http.get<{ MenuPermissions: string }>(META_MENU_URL));
  const before = sessionStore.get().userInfo;
  if (!before || before.MenuPermissions === MenuPermissions) return;
  const info: LoginResult = { ...before, MenuPermissions, jsData: JSON.parse(MenuPermissions) as LoginResult['jsData'] };
  setUserInfo(info);
  sessionStore.set({ userInfo: info, menu: menuOf(info) });
}

/** Logs in; on success the app goes to `then` (the redirect query, checked by safeRedirect). */
export async function login(form: LoginForm, then: string = HOME_PATH): Promise<LoginOutcome> {
  await ensureServiceToken();
  const env = await postLogin(form);
  if (env.status !== 1 || !env.data) return { ok: false, detail: env.detail || '登录失败' };
  requestNavigation(safeRedirect(then));
  applyLoginResult(env.data);
  return { ok: true };
}

/** Clears identity, token, roles and the stored company and project (§4) in storage and in memory. */
export function resetSession(): void {
  clearSession();
  sessionStore.set({ token: undefined, userInfo: null, roles: [], menu: [], company: null, project: null });
}

/**
 * §4: log out and go to /login with a redirect back to the current path. `callServer: false` after a
 * password change, whose success already revoked every token (a logout call would only answer 401).
 */
export async function logout(opts: { callServer?: boolean; from?: string } = {}): Promise<void> {
  const from = opts.from ?? page.currentPath();
  if (opts.callServer !== false && sessionStore.get().token) {
    try {
      await postLogout();
    } catch {
      /* the session ends locally whatever the server says */
    }
  }
  requestNavigation(`/login?redirect=${encodeURIComponent(from)}`);
  resetSession();
}

// ---- company, monitoring and project (§4) ----

function currentInfo(): LoginResult {
  const info = sessionStore.get().userInfo;
  if (!info) throw new Error('未登录');
  return info;
}

/** Rewrites the stored user info from a company-switch answer and rebuilds the menu from its permissions. */
export function applyCompanySwitch(
  res: CompanySwitchResult,
  company: StoredCompany,
  monitor: { show: boolean; info: { id: string; name: string } | null },
): void {
  const before = currentInfo();
  const menu: MenuNode[] = normalizeWire(res.permissions);
  const loginMenu = toLoginForm(menu);
  const info: LoginResult = {
    ...before,
    UserID: res.userID || before.UserID,
    UserName: res.userName || before.UserName,
    CompanyId: res.companyId || company.path[company.path.length - 1],
    CompanyName: res.companyName || company.name,
    CompanyType: res.companyType,
    MenuPermissions: JSON.stringify(loginMenu),
    jsData: loginMenu,
    fullDepartmentPath: res.fullDepartmentPath,
    DepartmentId: res.departmentID,
    watchCompanys: monitor.show ? before.watchCompanys : (res.watchCompanys ?? before.watchCompanys),
    GlobalProjectID: res.GlobalProjectID ?? '',
    monitorShow: monitor.show,
    monitorInfo: monitor.info,
  };
  setUserInfo(info);
  setStoredCompany(company);
  // The previous company's project is not in the new scope.
  for (const key of [LOCAL.projectId, LOCAL.projectNo, LOCAL.projectName]) localStorage.removeItem(key);
  sessionStore.set({ userInfo: info, roles: rolesOf(info), menu, company, project: null });
}

/** After a company change: /backHome, reloading when the company changed (§4). */
function goHomeAfterCompanyChange(changed: boolean): void {
  if (changed) page.assign(HOME_PATH);
  else requestNavigation(HOME_PATH);
}

const lastId = (path: readonly string[]): string => path[path.length - 1] ?? '';

export async function switchCompany(path: string[], name: string): Promise<void> {
  const before = sessionStore.get();
  const info = currentInfo();
  const id = lastId(path);
  const res = await updateUserRedis({
    GlobalProjectID: before.project?.id ?? info.GlobalProjectID ?? '',
    company_id: id,
    company_name: name,
  });
  applyCompanySwitch(res, { path, name: res.companyName || name }, { show: false, info: null });
  goHomeAfterCompanyChange(id !== info.CompanyId);
}

export const watchCompaniesOf = (info: LoginResult | null): WatchCompany[] =>
  Array.isArray(info?.watchCompanys) ? info.watchCompanys : [];

/** §4 Monitoring: the chosen watch company (the first when none is chosen) becomes current, read-only. */
export async function enterMonitor(chosen?: WatchCompany): Promise<void> {
  const state = sessionStore.get();
  const info = currentInfo();
  const target = chosen ?? watchCompaniesOf(info)[0];
  if (!target) throw new Error('没有可监视的公司');
  const origin: StoredCompany = state.company ?? { path: [info.CompanyId], name: info.CompanyName };
  writeJson(LOCAL.monitorOrigin, origin);
  const res = await updateUserRedis({
    GlobalProjectID: '',
    company_id: target.companyID,
    company_name: target.companyName,
    monitor: 1,
  });
  applyCompanySwitch(
    res,
    { path: [target.companyID], name: res.companyName || target.companyName },
    { show: true, info: { id: target.companyID, name: target.companyName } },
  );
  goHomeAfterCompanyChange(true);
}

/** §4: exit monitoring restores the saved original company and sets monitorShow false. */
export async function exitMonitor(): Promise<void> {
  const info = currentInfo();
  const saved = readJson<StoredCompany>(LOCAL.monitorOrigin);
  const fallback = companiesOf(info)[0];
  const origin: StoredCompany | null =
    saved ?? (fallback ? { path: [fallback.CompanyID], name: fallback.CompanyName } : null);
  if (!origin) throw new Error('找不到原公司');
  const res = await updateUserRedis({ GlobalProjectID: '', company_id: lastId(origin.path), company_name: origin.name, monitor: 0 });
  applyCompanySwitch(res, origin, { show: false, info: null });
  localStorage.removeItem(LOCAL.monitorOrigin);
  goHomeAfterCompanyChange(true);
}

/** §4: stores PROJECT_ID / PROJECT_NO / PROJECT_name after the server accepts the project. */
export async function switchProject(project: StoredProject): Promise<void> {
  const res = await updateUserProjectId(project.id);
  const stored: StoredProject = { ...project, name: res.projectName || project.name };
  setStoredProject(stored);
  const info = sessionStore.get().userInfo;
  if (info) {
    const next = { ...info, GlobalProjectID: project.id };
    setUserInfo(next);
    sessionStore.set({ userInfo: next, project: stored });
  } else {
    sessionStore.set({ project: stored });
  }
}

// ---- function type, sidebar, device, large screen ----

/** §4 Function type: chosen in the header, stored in curMenuFunctionType; the menu is rebuilt from it. */
export function chooseFunctionType(t: MenuFunctionType): void {
  storeFunctionType(t);
  sessionStore.set({ functionType: t });
}

export function toggleSidebar(): void {
  const s = sessionStore.get();
  if (s.device === 'mobile') {
    sessionStore.set({ drawerOpen: !s.drawerOpen });
    return;
  }
  setSidebarOpened(!s.sidebarOpened);
  sessionStore.set({ sidebarOpened: !s.sidebarOpened, collapsed: s.sidebarOpened });
}

export const closeDrawer = (): void => sessionStore.set({ drawerOpen: false });

/** §4 Sidebar: becoming mobile closes the drawer. */
export function setDevice(device: Device): void {
  sessionStore.set(device === 'mobile' ? { device, drawerOpen: false } : { device });
}

export function setLargeScreenFlag(on: boolean): void {
  setLargeScreen(on);
  sessionStore.set({ largeScreen: on });
}

/** §4: with no company stored, the user's own company is stored and the page reloads. */
export function ensureStoredCompany(): void {
  const { userInfo, company, token } = sessionStore.get();
  if (!token || !userInfo || company) return;
  setStoredCompany({ path: [userInfo.CompanyId], name: userInfo.CompanyName });
  page.reload();
}
