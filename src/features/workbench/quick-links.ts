// The 工作台's 快捷入口 (docs/workbench.md): the user's own menu pages, the everyday ones first, then the
// first pages of the menu; the 项目大屏 and, for system administrators, 运行配置. Only what the user has.
import type { MenuNode } from '../../../common/menu-tree';

export type QuickLink = { title: string; path: string; icon: string };

/** Everyday pages of a construction console, by their menu path, in the order they are offered. */
const EVERYDAY = [
  '/personnel/data',
  '/personnel/attendance',
  '/projectManage/crmProject',
  '/quality/checkNotice',
  '/quality/alarmRecord',
  '/personnel/payroll',
  '/supervision/notice',
  '/concretePlant/order',
  '/concretePlant/task',
  '/testing/witnessSample',
];
export const QUICK_LINK_COUNT = 8;

type Page = { title: string; path: string; icon: string };

/** Every back-office page of the menu (a node with a view, shown, not a button, function type 0). */
function pagesOf(nodes: readonly MenuNode[], base = ''): Page[] {
  return nodes.flatMap((n) => {
    if (n.isButton || n.hidden || n.functionType !== 0) return [];
    const path = `${base}/${n.path.replace(/^\/+|\/+$/g, '')}`;
    const own = n.view && !n.view.startsWith('screen:') ? [{ title: n.title, path, icon: n.icon }] : [];
    return [...own, ...pagesOf(n.children, path)];
  });
}

export function quickLinks(menu: readonly MenuNode[], isAdmin: boolean): QuickLink[] {
  const pages = pagesOf(menu).filter((p) => p.path !== '/backHome');
  const everyday = EVERYDAY.map((path) => pages.find((p) => p.path === path)).filter((p): p is Page => !!p);
  const rest = pages.filter((p) => !everyday.includes(p));
  const links = [...everyday, ...rest].slice(0, QUICK_LINK_COUNT);
  return [
    ...links,
    { title: '项目大屏', path: '/largeProjectseen', icon: 'FundProjectionScreenOutlined' },
    ...(isAdmin ? [{ title: '运行配置', path: '/DevelopmentConfig', icon: 'SettingOutlined' }] : []),
  ];
}
