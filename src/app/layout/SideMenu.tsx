// The sidebar menu of §2.6 from the permitted tree of the current function type (three levels).
import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../../../common/menu-tree';
import { useSession } from '../../lib/session/store';
import { cleanPath, flattenMenu, menuTarget, visibleMenu, type MenuEntry } from '../router/menu-model';
import { MenuIcon } from './MenuIcon';

type Item = Required<MenuProps>['items'][number];

const shown = (n: MenuNode) => !n.hidden && !n.isButton && cleanPath(n.path) !== '';

function toItems(nodes: readonly MenuNode[], base: string, depth: number): Item[] {
  return nodes.filter(shown).map((n) => {
    const key = `${base}/${cleanPath(n.path)}`;
    const icon = depth === 0 || n.icon ? <MenuIcon name={n.icon} /> : undefined;
    const kids = n.children.filter(shown);
    return kids.length > 0
      ? { key, icon, label: n.title, children: toItems(n.children, key, depth + 1) }
      : { key, icon, label: n.title };
  });
}

/** The visible entry the address belongs to: the longest path prefix, or an item redirecting to it. */
export function selectedEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const visible = entries.filter((e) => shown(e.node) && e.parents.every(shown));
  const byRedirect = visible.find((e) => e.node.redirect === pathname);
  if (byRedirect) return byRedirect;
  return visible
    .filter((e) => pathname === e.fullPath || pathname.startsWith(`${e.fullPath}/`))
    .sort((a, b) => b.fullPath.length - a.fullPath.length)[0];
}

export function useVisibleMenu(): MenuNode[] {
  const menu = useSession((s) => s.menu);
  const functionType = useSession((s) => s.functionType);
  return useMemo(() => visibleMenu(menu, functionType), [menu, functionType]);
}

export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?(): void }) {
  const menu = useVisibleMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = useMemo(() => flattenMenu(menu), [menu]);
  const items = useMemo(() => toItems(menu, '', 0), [menu]);
  const current = selectedEntry(entries, pathname);
  const ancestorKeys = useMemo(() => {
    if (!current) return [];
    const keys: string[] = [];
    let base = '';
    for (const p of current.parents) {
      base = `${base}/${cleanPath(p.path)}`;
      keys.push(base);
    }
    return keys;
  }, [current]);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestorKeys);
  useEffect(() => {
    setOpenKeys((open) => Array.from(new Set([...open, ...ancestorKeys])));
  }, [ancestorKeys]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = entries.find((e) => e.fullPath === key);
    if (entry) navigate(menuTarget(entry));
    onNavigate?.();
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={current ? [current.fullPath] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
      onClick={onClick}
    />
  );
}
