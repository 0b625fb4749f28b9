// Browser storage keys of §3.6, in one place. Nothing else reads cookies or localStorage by name.
import Cookies from 'js-cookie';
import { chinaDayBounds } from './time/china-time';
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

/** sessionStorage (this tab only, kept across a reload): the large screens' wall runtime (docs/large-screens.md). */
export const SESSION = {
  /** The watchdog's reloads of this tab: count and the last reasons. */
  wallReloads: 'lsWallReloads',
  /** The wall was in fullscreen when the watchdog reloaded it. */
  wallFullscreen: 'lsWallFullscreen',
} as const;

export const getAccessToken = (): string | undefined => Cookies.get(COOKIE.accessToken);
export const setAccessToken = (token: string): void => void Cookies.set(COOKIE.accessToken, token, { sameSite: 'Lax' });
export const removeAccessToken = (): void => Cookies.remove(COOKIE.accessToken);
export const getServiceToken = (): string | undefined => Cookies.get(COOKIE.serviceToken);
/** `ttlMs` lets the cookie vanish before the server-side token expires, so "absent" triggers a refresh (§4). */
export const setServiceToken = (token: string, ttlMs?: number): void =>
  void Cookies.set(COOKIE.serviceToken, token, {
    sameSite: 'Lax',
    ...(ttlMs ? { expires: new Date(Date.now() + ttlMs) } : {}),
  });

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

/** A generated list's density (默认 / 中等 / 紧凑) as this browser last chose it, per page; null when never chosen or unreadable. */
const listDensityKey = (page: string) => `zhgd:density:${page}`;
export function getListDensity(page: string): string | null {
  try {
    return localStorage.getItem(listDensityKey(page));
  } catch {
    return null;
  }
}
export function setListDensity(page: string, density: string): void {
  try {
    localStorage.setItem(listDensityKey(page), density);
  } catch {
    /* storage refused (private mode): the choice lasts until the page closes */
  }
}

export const getFunctionType = (): MenuFunctionType => (localStorage.getItem(LOCAL.curMenuFunctionType) === '1' ? 1 : 0);
export const setFunctionType = (t: MenuFunctionType): void => localStorage.setItem(LOCAL.curMenuFunctionType, String(t));

/** times / endtim: today's day bounds in China time (§3.6, §9: the day runs 00:00:00 to 23:59:59). */
export function writeDayBounds(now: number = Date.now()): void {
  const { times, endtim } = chinaDayBounds(now);
  localStorage.setItem(LOCAL.times, times);
  localStorage.setItem(LOCAL.endtim, endtim);
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

/** Sidebar open state, cookie '1' / '0' (§3.6); open unless explicitly closed. */
export const getSidebarOpened = (): boolean => Cookies.get(COOKIE.sidebarOpened) !== '0';
export const setSidebarOpened = (opened: boolean): void =>
  void Cookies.set(COOKIE.sidebarOpened, opened ? '1' : '0', { sameSite: 'Lax' });

/** Large-screen mode, cookie '1' / '0' (§2.3, §3.6). */
export const getLargeScreen = (): boolean => Cookies.get(COOKIE.largeScreen) === '1';
export const setLargeScreen = (on: boolean): void => void Cookies.set(COOKIE.largeScreen, on ? '1' : '0', { sameSite: 'Lax' });

export type StoredProject = { id: string; no: string; name: string };
export const getStoredProject = (): StoredProject | null => {
  const id = localStorage.getItem(LOCAL.projectId);
  if (!id) return null;
  return { id, no: localStorage.getItem(LOCAL.projectNo) ?? '', name: localStorage.getItem(LOCAL.projectName) ?? '' };
};
export function setStoredProject(p: StoredProject): void {
  localStorage.setItem(LOCAL.projectId, p.id);
  localStorage.setItem(LOCAL.projectNo, p.no);
  localStorage.setItem(LOCAL.projectName, p.name);
}

/** COMPANY_Id is the comma-separated id path from the root company to the current one (§3.6). */
export type StoredCompany = { path: string[]; name: string };
export const getStoredCompany = (): StoredCompany | null => {
  const raw = localStorage.getItem(LOCAL.companyId);
  if (!raw) return null;
  return { path: raw.split(',').filter(Boolean), name: localStorage.getItem(LOCAL.companyName) ?? '' };
};
export function setStoredCompany(c: StoredCompany): void {
  localStorage.setItem(LOCAL.companyId, c.path.join(','));
  localStorage.setItem(LOCAL.companyName, c.name);
}
