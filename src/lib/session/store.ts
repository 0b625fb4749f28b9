// Client session state of §3.6: one small external store read with useSyncExternalStore. Persistent
// parts are mirrored in cookies and localStorage (src/lib/storage.ts); this store is the in-memory view
// the router and layout render from, so rebuilding routes is a pure function of it.
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX, type MenuFunctionType } from '../../../common/constants';
import { normalizeWire, type MenuNode } from '../../../common/menu-tree';
import type { CompanyRef, LoginResult } from '../../../common/wire';
import {
  getAccessToken,
  getFunctionType,
  getLargeScreen,
  getSidebarOpened,
  getStoredCompany,
  getStoredProject,
  getUserInfo,
  type StoredCompany,
  type StoredProject,
} from '../storage';

export type Device = 'desktop' | 'mobile';

/** A navigation the app shell performs once the router for the new state exists (see src/app/router). */
export type NavRequest = { to: string; seq: number };

export type SessionState = {
  token: string | undefined;
  userInfo: LoginResult | null;
  roles: string[];
  /** The whole permitted tree, normalised; filtered by function type where it is used. */
  menu: MenuNode[];
  functionType: MenuFunctionType;
  company: StoredCompany | null;
  project: StoredProject | null;
  sidebarOpened: boolean;
  /** Desktop sider collapsed; mirrors !sidebarOpened. */
  collapsed: boolean;
  /** Mobile drawer open (not persisted). */
  drawerOpen: boolean;
  device: Device;
  largeScreen: boolean;
  nav: NavRequest | null;
};

/** The menu tree carried by a login result: the JSON text MenuPermissions, else jsData (§3.1). */
export function menuOf(info: LoginResult | null): MenuNode[] {
  if (!info) return [];
  if (info.MenuPermissions) {
    try {
      const parsed: unknown = JSON.parse(info.MenuPermissions);
      if (Array.isArray(parsed)) return normalizeWire(parsed);
    } catch {
      /* fall through to jsData */
    }
  }
  return Array.isArray(info.jsData) ? normalizeWire(info.jsData) : [];
}

/** Companies of the user (§3.1 Companys, JSON text). */
export function companiesOf(info: LoginResult | null): CompanyRef[] {
  if (!info?.Companys) return [];
  try {
    const parsed: unknown = JSON.parse(info.Companys);
    return Array.isArray(parsed) ? (parsed as CompanyRef[]) : [];
  } catch {
    return [];
  }
}

/** §2.1: 'admin' for system administrators, else the user kind; the fixed routes' role metadata names these (menu-model.ts). */
export const rolesOf = (info: LoginResult | null): string[] =>
  !info ? [] : info.IsSystemAdmin ? ['admin'] : [`authType:${info.UserAuthType}`];

/** §4: below 992 px the device is mobile. */
export const deviceForWidth = (width: number): Device => (width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');

export function stateFromStorage(width = typeof window === 'undefined' ? 1920 : window.innerWidth): SessionState {
  const userInfo = getUserInfo();
  const opened = getSidebarOpened();
  return {
    token: getAccessToken(),
    userInfo,
    roles: rolesOf(userInfo),
    menu: menuOf(userInfo),
    functionType: getFunctionType(),
    company: getStoredCompany(),
    project: getStoredProject(),
    sidebarOpened: opened,
    collapsed: !opened,
    drawerOpen: false,
    device: deviceForWidth(width),
    largeScreen: getLargeScreen(),
    nav: null,
  };
}

type Listener = () => void;

export type SessionStore = {
  get(): SessionState;
  set(patch: Partial<SessionState> | ((s: SessionState) => Partial<SessionState>)): void;
  subscribe(listener: Listener): () => void;
  /** Re-reads cookies and localStorage (start-up, tests). */
  reload(): void;
};

export function createSessionStore(initial: SessionState): SessionStore {
  let state = initial;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => state,
    set(patch) {
      const p = typeof patch === 'function' ? patch(state) : patch;
      const changed = (Object.keys(p) as Array<keyof SessionState>).some((k) => p[k] !== state[k]);
      if (!changed) return;
      state = { ...state, ...p };
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      state = stateFromStorage();
      emit();
    },
  };
}

export const sessionStore: SessionStore = createSessionStore(stateFromStorage());

/** Reads a slice of the session; the selector must return a value held in the state (no new objects). */
export function useSession<T>(selector: (s: SessionState) => T): T {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => selector(sessionStore.get()),
    () => selector(sessionStore.get()),
  );
}

let navSeq = 0;
/** Asks the app shell to navigate (after the router for the current state is built). */
export function requestNavigation(to: string): void {
  navSeq += 1;
  sessionStore.set({ nav: { to, seq: navSeq } });
}
