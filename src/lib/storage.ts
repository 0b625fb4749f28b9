// Browser storage keys of §3.6, in one place. Nothing else reads cookies or localStorage by name.
import Cookies from 'js-cookie';
import dayjs from 'dayjs';
import type { LoginResult } from '../../common/wire';
import type { MenuFunctionType } from '../../common/constants';

export const COOKIE = {
  accessToken: 'access_token',
  serviceToken: 'token',
  sidebarOpened: 'sidebarStatus',
  largeScreen: 'largeScreen',
} as const;

export const LOCAL = {
  userInfo: 'userInfo',
  authority: 'authority',
  menu: 'menu',
  curMenuFunctionType: 'curMenuFunctionType',
  companyId: 'COMPANY_Id',
  companyName: 'COMPANY_name',
  projectId: 'PROJECT_ID',
  projectNo: 'PROJECT_NO',
  projectName: 'PROJECT_name',
  isSysNoticeIsRead: 'isSysNoticeIsRead',
  times: 'times',
  endtim: 'endtim',
  monitorOrigin: 'monitorOrigin',
} as const;

export const getAccessToken = (): string | undefined => Cookies.get(COOKIE.accessToken);
export const setAccessToken = (token: string): void => void Cookies.set(COOKIE.accessToken, token, { sameSite: 'Lax' });
export const removeAccessToken = (): void => Cookies.remove(COOKIE.accessToken);
export const getServiceToken = (): string | undefined => Cookies.get(COOKIE.serviceToken);
export const setServiceToken = (token: string): void => void Cookies.set(COOKIE.serviceToken, token, { sameSite: 'Lax' });

export function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
export const writeJson = (key: string, value: unknown): void => localStorage.setItem(key, JSON.stringify(value));

export const getUserInfo = (): LoginResult | null => readJson<LoginResult>(LOCAL.userInfo);
export const setUserInfo = (info: LoginResult): void => writeJson(LOCAL.userInfo, info);

export const getFunctionType = (): MenuFunctionType => (localStorage.getItem(LOCAL.curMenuFunctionType) === '1' ? 1 : 0);
export const setFunctionType = (t: MenuFunctionType): void => localStorage.setItem(LOCAL.curMenuFunctionType, String(t));

/** times / endtim: today's day bounds (§3.6, §9: the day runs 00:00:00 to 23:59:59). */
export function writeDayBounds(now = dayjs()): void {
  localStorage.setItem(LOCAL.times, now.format('YYYY-MM-DD 00:00:00'));
  localStorage.setItem(LOCAL.endtim, now.format('YYYY-MM-DD 23:59:59'));
}

/** Log out or reset (§4): identity, token, stored company and project names and ids. */
export function clearSession(): void {
  removeAccessToken();
  for (const key of [
    LOCAL.userInfo, LOCAL.authority, LOCAL.menu, LOCAL.companyId, LOCAL.companyName,
    LOCAL.projectId, LOCAL.projectNo, LOCAL.projectName, LOCAL.monitorOrigin, LOCAL.isSysNoticeIsRead,
  ]) {
    localStorage.removeItem(key);
  }
}
