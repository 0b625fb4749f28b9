// What each route carries for the page title, breadcrumb and layout (read through useMatches).
export type RouteHandle = {
  title?: string;
  hidden?: boolean;
  /** Breadcrumb: plain text even when not last (§2.6 noRedirect). */
  noRedirect?: boolean;
  menuId?: string;
  redirect?: string;
  view?: string;
  /** Drawn without the back-office chrome (large screens). */
  fullScreen?: boolean;
  fullPath: string;
};

export const handleOf = (h: unknown): RouteHandle | undefined =>
  h && typeof h === 'object' && 'fullPath' in h ? (h as RouteHandle) : undefined;
