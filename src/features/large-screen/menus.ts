// The large-screen header menus of §2.5 as data: both sets, the id threshold, the sortId ranges and the
// rules that pick the set, split it in halves, find the current entry and the 管理后台 target.
import { FUNCTION_TYPE_BACKEND } from '../../../common/constants';
import { menuForFunctionType, type MenuNode } from '../../../common/menu-tree';
import { HOME_PATH } from '../../lib/session/actions';

export type ScreenMenuEntry = {
  id: number;
  label: string;
  /** Screen path; absent entries do nothing on click. */
  url?: string;
  /** Back-office path for 管理后台; absent → the screen's own, else /backHome. */
  backOffice?: string;
};

/** 'plant': the ready-mix plant's own set (ours, issue 29), chosen by the path, not by `id`. */
export type MenuLevel = 'group' | 'project' | 'plant';
/** §2.5 / §9: sortId 1–20 enterprise, 21–100 project, above 100 supervision. */
export type MenuKind = 'enterprise' | 'project' | 'supervision';
/**
 * The family of screens a path belongs to: a header kind, or the ready-mix plant's screens (§2.4's direct
 * /LargeScreen children MixingPlant and ProductionScreen, and /ReadyMixPlantManagement/*),
 * whose header offers the plant's set under the enterprise title (a plant is an enterprise, UserAuthType 0).
 */
export type ScreenFamily = MenuKind | 'plant';

/** §9: project-level menu id threshold. */
export const PROJECT_MENU_ID_THRESHOLD = 10;

export const GROUP_MENU: readonly ScreenMenuEntry[] = [
  { id: 1, label: '项目概况', url: '/ProjectScreen/engineering', backOffice: '/projectManage/crmProject' },
  { id: 2, label: '项目管理', url: '/ProjectScreen/projectManagements' },
  { id: 3, label: '人员管理' },
  { id: 4, label: '视频监控', url: '/ProjectScreen/video' },
  { id: 5, label: '特种设备' },
  { id: 6, label: '质量管理' },
  { id: 7, label: '安全管理' },
  { id: 8, label: '环境监测' },
];

export const PROJECT_MENU: readonly ScreenMenuEntry[] = [
  { id: 11, label: '项目概况', url: '/ProjectScreen/projectOverview' },
  { id: 12, label: '进度管理' },
  { id: 13, label: '人员管理', url: '/ProjectScreen/personnel' },
  { id: 14, label: '视频监控', url: '/ProjectScreen/video' },
  { id: 15, label: '特种设备' },
  { id: 16, label: '质量管理', url: '/ProjectScreen/quality' },
  { id: 17, label: '安全管理', url: '/ProjectScreen/security' },
  { id: 18, label: '混凝土', url: '/ProjectScreen/concrete' },
  { id: 19, label: '环境监测' },
  { id: 20, label: '设备管理', url: '/ProjectScreen/devicecount', backOffice: '/deviceManagement/maintenance' },
  { id: 21, label: '车辆管理', url: '/ProjectScreen/car' },
  { id: 22, label: '隧道管理', url: '/ProjectScreen/Tunnel' },
];

/**
 * The plant's set (issue 29: its screens were reachable only by typing the address). Ids from 31, apart
 * from §2.5's 1–22; the set is chosen by the path (PLANT_PATHS), so the `id` these add to the address
 * does not select the project set.
 */
export const PLANT_MENU: readonly ScreenMenuEntry[] = [
  { id: 31, label: '搅拌站管理', url: '/LargeScreen/MixingPlant' },
  { id: 32, label: '混凝土生产', url: '/LargeScreen/ProductionScreen' },
  { id: 33, label: '搅拌站台账', url: '/ReadyMixPlantManagement/ReadyMixStationLedger' },
  { id: 34, label: '搅拌站扬尘', url: '/ReadyMixPlantManagement/ReadyMixStationDust' },
  { id: 35, label: '搅拌站视频', url: '/ReadyMixPlantManagement/ReadyMixStationVideo' },
];

/**
 * The plant family's paths (lower case): its set's screens. Not /ProductionScreen: the fullscreen twin of the
 * project set's 混凝土 (§2.5) keeps the header its address names.
 */
const PLANT_PATHS: ReadonlySet<string> = new Set(PLANT_MENU.map((e) => e.url!.toLowerCase()));

export const MENU_KIND_TITLES: Readonly<Record<MenuKind, string>> = {
  enterprise: '企业数据大屏',
  project: '项目数据大屏',
  supervision: '监管数据大屏',
};

const numberOrUndefined = (raw: string | null | undefined): number | undefined => {
  if (raw === null || raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

/** §9: 21–100 project, above 100 supervision, otherwise (1–20, or none) enterprise. */
export function menuKindForSortId(sortId: number | undefined): MenuKind {
  if (sortId === undefined) return 'enterprise';
  if (sortId > 100) return 'supervision';
  if (sortId >= 21) return 'project';
  return 'enterprise';
}

/**
 * §2.5: the `id` query above 10 selects the project-level set, otherwise the group-level one. Without an
 * `id` the sortId decides: a project screen (21–100) opens with the project-level set.
 */
export function menuLevelFor(id: number | undefined, sortId: number | undefined): MenuLevel {
  if (id !== undefined) return id > PROJECT_MENU_ID_THRESHOLD ? 'project' : 'group';
  return menuKindForSortId(sortId) === 'project' ? 'project' : 'group';
}

export const menuFor = (level: MenuLevel): readonly ScreenMenuEntry[] => (level === 'plant' ? PLANT_MENU : level === 'project' ? PROJECT_MENU : GROUP_MENU);

/** The header's set on `pathname`: the plant's on a plant screen, else §2.5's choice by `id` / sortId. */
export const headerLevelFor = (pathname: string, id: number | undefined, sortId: number | undefined): MenuLevel =>
  screenFamilyOf(pathname) === 'plant' ? 'plant' : menuLevelFor(id, sortId);

/** §2.5: two equal halves, left and right of the title (the left one takes the odd entry). */
export function splitHalves<T>(entries: readonly T[]): [T[], T[]] {
  const mid = Math.ceil(entries.length / 2);
  return [entries.slice(0, mid), entries.slice(mid)];
}

/** The sortId a screen family opens with when the address has none (§2.4 gives 1, 21 and 101). */
export const FAMILY_SORT_IDS: Readonly<Record<Exclude<MenuKind, 'enterprise'>, number>> = { project: 21, supervision: 101 };

/**
 * Header targets of the group set only (§2.5 entries 1 项目概况 and 2 项目管理): enterprise screens at a
 * /ProjectScreen address, reached from the enterprise header, so they keep its family.
 */
const GROUP_ONLY_TARGETS: ReadonlySet<string> = new Set(['/projectscreen/engineering', '/projectscreen/projectmanagements']);

/**
 * The screen family of a path: /LargeScreen/SupervisoryScreen/… supervision, /LargeScreen/ProjectScreen/…
 * and /ProjectScreen/… project (but the group set's own targets above), the plant's screens plant,
 * everything else enterprise.
 */
export function screenFamilyOf(pathname: string): ScreenFamily {
  const p = pathname.toLowerCase();
  if (p.startsWith('/largescreen/supervisoryscreen')) return 'supervision';
  if (PLANT_PATHS.has(p.replace(/\/+$/, ''))) return 'plant';
  if (GROUP_ONLY_TARGETS.has(p.replace(/\/+$/, ''))) return 'enterprise';
  if (p.startsWith('/largescreen/projectscreen') || p.startsWith('/projectscreen')) return 'project';
  return 'enterprise';
}

/**
 * §2.5 chooses the header by the sortId range; an address without sortId takes its family's (a
 * supervisory address is a supervision screen, not the enterprise default). An explicit sortId wins.
 */
export function withFamilySortId(query: ScreenQuery, pathname: string): ScreenQuery {
  if (query.sortId !== undefined) return query;
  const family = screenFamilyOf(pathname);
  return family === 'enterprise' || family === 'plant' ? query : { ...query, sortId: FAMILY_SORT_IDS[family] };
}

/** §2.5: the project name is shown in the middle for 20 < sortId < 100. */
export const showsProjectName = (sortId: number | undefined): boolean => sortId !== undefined && sortId > 20 && sortId < 100;

/** §2.5: the 返回 button appears when job_namehome is '006'. */
export const showsBackButton = (query: URLSearchParams): boolean => query.get('job_namehome') === '006';

/** The header's reading of the address: §2.4 query-addressed screens and the menu choice. */
export type ScreenQuery = {
  id: number | undefined;
  sortId: number | undefined;
  enterpid1: string | undefined;
  poctent1: string | undefined;
  governmentid1: string | undefined;
  pjctid1: string | undefined;
  jobNameHome: string | undefined;
};

export function readScreenQuery(query: URLSearchParams): ScreenQuery {
  const text = (k: string) => query.get(k) || undefined;
  return {
    id: numberOrUndefined(query.get('id')),
    sortId: numberOrUndefined(query.get('sortId')),
    enterpid1: text('enterpid1'),
    poctent1: text('poctent1'),
    governmentid1: text('governmentid1'),
    pjctid1: text('pjctid1'),
    jobNameHome: text('job_namehome'),
  };
}

/** The entry being shown: the one named by `id`, else the one whose screen is the current path. */
export function currentEntry(entries: readonly ScreenMenuEntry[], id: number | undefined, pathname: string): ScreenMenuEntry | undefined {
  return entries.find((e) => e.id === id) ?? entries.find((e) => e.url !== undefined && e.url === pathname);
}

const clean = (p: string): string => p.replace(/^\/+|\/+$/g, '');

/** Back-office pages of the user's menu (function type 0), as absolute paths. */
export function backOfficePaths(menu: readonly MenuNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly MenuNode[], base: string) => {
    for (const n of nodes) {
      const full = `${base}/${clean(n.path)}`;
      out.add(full.toLowerCase());
      walk(n.children, full);
    }
  };
  walk(menuForFunctionType(menu, FUNCTION_TYPE_BACKEND), '');
  return out;
}

/**
 * §2.5 管理后台: the current entry's back-office path, else the screen's own (§2.5 table), else /backHome.
 * With the user's menu given, a path the user has no page for also falls back to /backHome (not 404).
 */
export function adminBackendTarget(
  entry: ScreenMenuEntry | undefined,
  screenBackOffice: string | undefined,
  menu?: readonly MenuNode[],
): string {
  const target = entry?.backOffice || screenBackOffice;
  if (!target) return HOME_PATH;
  if (menu && !backOfficePaths(menu).has(target.toLowerCase())) return HOME_PATH;
  return target;
}

/** Where a menu click goes: the entry's screen with its id, keeping the screen's addressing (sortId, ids). */
export function entryHref(entry: ScreenMenuEntry, query: URLSearchParams): string | undefined {
  if (!entry.url) return undefined;
  const next = new URLSearchParams(query);
  next.set('id', String(entry.id));
  return `${entry.url}?${next.toString()}`;
}
