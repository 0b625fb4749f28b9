// Until every screen of §2.4 exists, no header entry or 大屏 button may lead to an unbuilt screen: an entry
// opens the first BUILT screen among its candidates (the §2.5 url first, then the family's equivalents of
// the §2.5 navigation table), entries without one are hidden, and the 大屏 buttons open the first built
// screen of the user's kind. "Built" is read from the registry (a ScreenDef with a body), so a screen
// enables itself the moment its body is registered.
import type { ProjectFeatures } from '../../../common/screens/project-features';
import { menuFor, menuKindForSortId, type MenuLevel, type ScreenFamily, type ScreenMenuEntry } from './menus';
import { screenFor } from './screens';

const E = '/LargeScreen/EnterpriseScreen';
const P = '/LargeScreen/ProjectScreen';
const S = '/LargeScreen/SupervisoryScreen';

/** Candidate screens per header kind and entry id, in order of preference after the entry's own url. */
export const ENTRY_CANDIDATES: Readonly<Record<ScreenFamily, Readonly<Record<number, readonly string[]>>>> = {
  enterprise: {
    1: [`${E}/engineering`, `${E}/overview`],
    2: [`${E}/projectManagements`],
    3: [`${E}/buildPersonnel`],
    4: [`${E}/videoMonitor`],
    5: [`${E}/danger`],
    6: [`${E}/qualitySafety`],
    7: [`${E}/warning`],
    8: [`${E}/environment`],
  },
  supervision: {
    1: [`${S}/overview`],
    2: [`${E}/projectManagements`],
    3: [`${S}/personnel`],
    4: [`${E}/jgdvideoMonitor`, `${E}/videoMonitor`],
    5: [`${P}/jgddangers`],
    6: [`${P}/qualitySafe`],
    7: [`${P}/qualitySafe`],
    8: [`${P}/environMonitoring`],
  },
  project: {
    11: [`${P}/projectOverview`],
    12: [`${P}/ScheduleManagement`],
    13: [`${P}/personnelNew`],
    14: [`${P}/video`],
    15: [`${P}/dangersTower`, `${P}/jgddangers`],
    16: [`${P}/quality`],
    17: [`${P}/security`],
    18: [],
    19: [`${P}/environMonitoring`, `${P}/GreenConstructionNew`],
    20: [`${P}/testedsNew`],
    21: [`${P}/car`],
    22: [`${P}/tunnelManager`],
  },
  // The plant's set names its screens itself (menus.ts PLANT_MENU).
  plant: {},
};

/** A screen is built when the registry gives it a body. */
export const isBuilt = (path: string): boolean => screenFor(path)?.body !== undefined;

/** The registered spelling of a path (the registry is case-insensitive). */
const canonical = (path: string): string => screenFor(path)?.path ?? path;

/**
 * The first built screen an entry may open in a header of `kind`, or undefined (the entry is hidden). The
 * supervision header shares the group set's urls (/ProjectScreen/engineering, …) with the enterprise one
 * but has screens of its own (§2.5 supervisory views): there they come first.
 */
export function entryTarget(entry: ScreenMenuEntry, kind: ScreenFamily, built: (p: string) => boolean = isBuilt): string | undefined {
  const own = entry.url ? [entry.url] : [];
  const candidates = ENTRY_CANDIDATES[kind][entry.id] ?? [];
  const list = kind === 'supervision' ? [...candidates, ...own] : [...own, ...candidates];
  const hit = list.find(built);
  return hit === undefined ? undefined : canonical(hit);
}

/** The header kind whose candidates a set uses: the project set always the project ones, the plant's its own. */
const candidateKind = (level: MenuLevel, sortId: number | undefined): ScreenFamily => {
  if (level === 'project' || level === 'plant') return level;
  const kind = menuKindForSortId(sortId);
  return kind === 'project' ? 'enterprise' : kind;
};

/** The header's entries: each with the url of a built screen; entries without one are left out. */
export function shownEntries(level: MenuLevel, sortId: number | undefined, built: (p: string) => boolean = isBuilt): ScreenMenuEntry[] {
  const kind = candidateKind(level, sortId);
  return menuFor(level).flatMap((e): ScreenMenuEntry[] => {
    const url = entryTarget(e, kind, built);
    if (!url) return [];
    if (e.url && url.toLowerCase() === e.url.toLowerCase()) return [{ ...e, url }];
    // Another screen than the §2.5 one: 管理后台 follows that screen's own back-office path.
    return [{ id: e.id, label: e.label, url }];
  });
}

/** Project-header entries shown only for a project with data for them (issue 27): 混凝土, 隧道管理. */
export const ENTRY_FEATURES: Readonly<Record<number, keyof ProjectFeatures>> = { 18: 'concrete', 22: 'tunnel' };

/**
 * The entries less those the project has nothing for (`features` of TyScreen/ProjectFeatures; all of them
 * until it answers). The entry being shown stays, so a wall opened on 隧道管理 still says where it is.
 */
export function withoutLacking(entries: readonly ScreenMenuEntry[], features: ProjectFeatures | undefined, current: ScreenMenuEntry | undefined): ScreenMenuEntry[] {
  if (!features) return [...entries];
  return entries.filter((e) => {
    const feature = ENTRY_FEATURES[e.id];
    return feature === undefined || features[feature] || e.id === current?.id;
  });
}

/**
 * The entry being shown: the one of the current path (named by id when several share it), else one whose
 * equivalents (ENTRY_CANDIDATES of the header's kind) hold the path — 项目概况 on the enterprise overview
 * while the entry opens /ProjectScreen/engineering —, without the entry's back-office path (管理后台 then
 * follows the screen's own), else by id on an address that is no screen.
 */
export function currentShownEntry(
  entries: readonly ScreenMenuEntry[],
  id: number | undefined,
  pathname: string,
  level: MenuLevel = 'group',
  sortId: number | undefined = undefined,
): ScreenMenuEntry | undefined {
  const here = canonical(pathname).toLowerCase();
  const onPath = entries.filter((e) => e.url?.toLowerCase() === here);
  const kind = candidateKind(level, sortId);
  const alike = onPath.length > 0 ? [] : entries.filter((e) => (ENTRY_CANDIDATES[kind][e.id] ?? []).some((c) => c.toLowerCase() === here));
  const pick = (list: readonly ScreenMenuEntry[]) => list.find((e) => e.id === id) ?? list[0];
  // On an equivalent screen 管理后台 follows that screen's own back-office path, as for a stand-in entry.
  const equivalent = pick(alike);
  const asStandIn = equivalent && { id: equivalent.id, label: equivalent.label, url: equivalent.url };
  return pick(onPath) ?? asStandIn ?? (screenFor(pathname) ? undefined : entries.find((e) => e.id === id));
}

/** The user's screen kind by UserAuthType (§2.6): 1 supervision, 2 project, else enterprise. */
export const screenKindOfAuthType = (authType: string | undefined): ScreenFamily =>
  authType === '1' ? 'supervision' : authType === '2' ? 'project' : 'enterprise';

/** 单位类型 (companyType dictionary) 13: 商品混凝土站. */
export const COMPANY_TYPE_READY_MIX_PLANT = 13;

/**
 * The family a user's 数据大屏 opens (issue 29): supervision and project users by UserAuthType (§2.6); an
 * enterprise user of a ready-mix plant (the current company's 单位类型 13) the plant's screens, any other
 * the enterprise ones.
 */
export const screenKindOfUser = (authType: string | undefined, companyType: number | undefined): ScreenFamily => {
  const kind = screenKindOfAuthType(authType);
  return kind === 'enterprise' && companyType === COMPANY_TYPE_READY_MIX_PLANT ? 'plant' : kind;
};

/** The §2.4 query that addresses a kind's screens (sortId and the project). */
function kindQuery(kind: ScreenFamily, projectId: string | undefined): string {
  const project = projectId ? `pjctid1=${encodeURIComponent(projectId)}` : '';
  if (kind === 'supervision') return '?sortId=101';
  if (kind === 'project') return `?sortId=21${project ? `&${project}` : ''}`;
  return project ? `?${project}` : '';
}

/**
 * The §2.4 landing screen of each kind: /LargeScreen → EnterpriseScreen/engineering, the query-addressed
 * project overview (sortId=21) and supervision overview (sortId=101); a plant its 搅拌站管理 (the first of
 * its set: orders, tankers, bins and alarms on one wall).
 */
export const KIND_DEFAULTS: Readonly<Record<ScreenFamily, string>> = {
  enterprise: `${E}/engineering`,
  project: `${P}/projectOverview`,
  supervision: `${S}/overview`,
  plant: '/LargeScreen/MixingPlant',
};

/**
 * The kind's §2.4 landing screen once built, else the first built screen its header offers (project overview
 * first), with the kind's §2.4 query. A kind without any built screen yet falls back to the enterprise
 * screens, keeping the project.
 */
export function firstBuiltScreenOfKind(kind: ScreenFamily, projectId?: string, built: (p: string) => boolean = isBuilt): string {
  const level: MenuLevel = kind === 'project' || kind === 'plant' ? kind : 'group';
  const sortId = kind === 'supervision' ? 101 : kind === 'project' ? 21 : undefined;
  const first = built(KIND_DEFAULTS[kind]) ? KIND_DEFAULTS[kind] : shownEntries(level, sortId, built)[0]?.url;
  if (first) return `${first}${kindQuery(kind, projectId)}`;
  const fallback = (built(KIND_DEFAULTS.enterprise) ? KIND_DEFAULTS.enterprise : shownEntries('group', undefined, built)[0]?.url) ?? `${E}/overview`;
  return `${fallback}${kindQuery('enterprise', projectId)}`;
}

/** Where /LargeScreen and every 大屏 button go for a user of `authType` (of a company of `companyType`). */
export const firstBuiltScreen = (
  authType: string | undefined,
  projectId?: string,
  built: (p: string) => boolean = isBuilt,
  companyType?: number,
): string => firstBuiltScreenOfKind(screenKindOfUser(authType, companyType), projectId, built);
