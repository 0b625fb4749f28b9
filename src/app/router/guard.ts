// The navigation guard of §2.3 as a pure decision; RouteGuard applies it on every navigation.
import { MESSAGES } from '../../../common/constants';
import { HOME_PATH } from '../../lib/session/actions';

/** §2.2: routes reachable without login. */
export const WHITELIST: readonly string[] = ['/login', '/register', '/checkInfo', '/404', '/ysyiframe', '/ifc'];

export type GuardInput = { pathname: string; search: string; token: string | undefined; hasUserInfo: boolean };

export type GuardDecision =
  | { action: 'continue'; largeScreen: boolean }
  | { action: 'redirect'; to: string; largeScreen: boolean; message?: string };

export const isLargeScreenPath = (pathname: string): boolean => /largescreen/i.test(pathname);

const normalise = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function decideNavigation({ pathname, search, token, hasUserInfo }: GuardInput): GuardDecision {
  const path = normalise(pathname);
  const largeScreen = isLargeScreenPath(path);
  if (token && hasUserInfo) {
    if (path === '/login') return { action: 'redirect', to: HOME_PATH, largeScreen, message: MESSAGES.alreadyLoggedIn };
    return { action: 'continue', largeScreen };
  }
  if (WHITELIST.includes(path)) return { action: 'continue', largeScreen };
  return { action: 'redirect', to: `/login?redirect=${encodeURIComponent(`${path}${search}`)}`, largeScreen };
}
