// §2.6 breadcrumb: titled, non-hidden matched routes. The last item and noRedirect items are plain text;
// an earlier item goes to the menu entry under it whose path is in the current address (with menuIndex),
// otherwise to the route's redirect.
import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { Link, useLocation, useMatches } from 'react-router-dom';
import { flattenMenu, type MenuEntry } from '../router/menu-model';
import { handleOf, type RouteHandle } from '../router/route-handle';
import { useVisibleMenu } from './SideMenu';

export type Crumb = { key: string; title: string; to?: string };

export function crumbTarget(h: RouteHandle, pathname: string, entries: readonly MenuEntry[], topLevel: readonly MenuEntry[]): string | undefined {
  if (h.noRedirect) return undefined;
  const inAddress = entries
    .filter((e) => e.fullPath.startsWith(`${h.fullPath}/`) && e.node.view && !e.node.hidden)
    .filter((e) => pathname === e.fullPath || pathname.startsWith(`${e.fullPath}/`))
    .sort((a, b) => b.fullPath.length - a.fullPath.length)[0];
  if (inAddress) {
    const root = inAddress.parents[0] ?? inAddress.node;
    const menuIndex = topLevel.findIndex((t) => t.node.id === root.id);
    return `${inAddress.fullPath}?menuIndex=${Math.max(menuIndex, 0)}`;
  }
  return h.redirect;
}

export function buildCrumbs(handles: readonly RouteHandle[], pathname: string, entries: readonly MenuEntry[]): Crumb[] {
  const titled = handles.filter((h) => h.title && !h.hidden);
  const unique = titled.filter((h, i) => titled.findIndex((o) => o.fullPath === h.fullPath) === i);
  const topLevel = entries.filter((e) => e.parents.length === 0);
  return unique.map((h, i) => ({
    key: h.fullPath,
    title: h.title as string,
    to: i === unique.length - 1 ? undefined : crumbTarget(h, pathname, entries, topLevel),
  }));
}

export function Breadcrumbs() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const menu = useVisibleMenu();
  const entries = useMemo(() => flattenMenu(menu), [menu]);
  const crumbs = buildCrumbs(
    matches.map((m) => handleOf(m.handle)).filter((h): h is RouteHandle => !!h),
    pathname,
    entries,
  );
  return (
    <Breadcrumb
      className="layout-breadcrumb"
      items={crumbs.map((c) => ({ key: c.key, title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title }))}
    />
  );
}
