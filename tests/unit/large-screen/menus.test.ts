// §2.5 header menus and §9 ranges as data: set by id, halves, sortId ranges, admin target, back flag.
import { describe, expect, it } from 'vitest';
import {
  GROUP_MENU,
  PLANT_MENU,
  PROJECT_MENU,
  adminBackendTarget,
  currentEntry,
  entryHref,
  headerLevelFor,
  menuFor,
  menuKindForSortId,
  menuLevelFor,
  readScreenQuery,
  showsBackButton,
  screenFamilyOf,
  showsProjectName,
  splitHalves,
  withFamilySortId,
} from '../../../src/features/large-screen/menus';
import { currentShownEntry, firstBuiltScreen, isBuilt, screenKindOfUser, shownEntries } from '../../../src/features/large-screen/screen-targets';
import { SCREENS, screenFor, screenPathOfViewKey } from '../../../src/features/large-screen/screens';

describe('menu set by the id query (§2.5)', () => {
  it('above 10 selects the project-level set, otherwise the group-level one', () => {
    expect(menuLevelFor(11, undefined)).toBe('project');
    expect(menuLevelFor(22, 1)).toBe('project');
    expect(menuLevelFor(10, 21)).toBe('group');
    expect(menuLevelFor(1, undefined)).toBe('group');
  });

  it('without an id, a project screen (sortId 21–100) opens with the project-level set', () => {
    expect(menuLevelFor(undefined, 21)).toBe('project');
    expect(menuLevelFor(undefined, 1)).toBe('group');
    expect(menuLevelFor(undefined, 101)).toBe('group');
    expect(menuLevelFor(undefined, undefined)).toBe('group');
  });

  it('holds the spec tables exactly', () => {
    expect(GROUP_MENU.map((e) => [e.id, e.label, e.url ?? null, e.backOffice ?? null])).toEqual([
      [1, '项目概况', '/ProjectScreen/engineering', '/projectManage/crmProject'],
      [2, '项目管理', '/ProjectScreen/projectManagements', null],
      [3, '人员管理', null, null],
      [4, '视频监控', '/ProjectScreen/video', null],
      [5, '特种设备', null, null],
      [6, '质量管理', null, null],
      [7, '安全管理', null, null],
      [8, '环境监测', null, null],
    ]);
    expect(PROJECT_MENU.map((e) => [e.id, e.label, e.url ?? null, e.backOffice ?? null])).toEqual([
      [11, '项目概况', '/ProjectScreen/projectOverview', null],
      [12, '进度管理', null, null],
      [13, '人员管理', '/ProjectScreen/personnel', null],
      [14, '视频监控', '/ProjectScreen/video', null],
      [15, '特种设备', null, null],
      [16, '质量管理', '/ProjectScreen/quality', null],
      [17, '安全管理', '/ProjectScreen/security', null],
      [18, '混凝土', '/ProjectScreen/concrete', null],
      [19, '环境监测', null, null],
      [20, '设备管理', '/ProjectScreen/devicecount', '/deviceManagement/maintenance'],
      [21, '车辆管理', '/ProjectScreen/car', null],
      [22, '隧道管理', '/ProjectScreen/Tunnel', null],
    ]);
  });

  it('every menu screen path is a registered screen', () => {
    for (const e of [...GROUP_MENU, ...PROJECT_MENU]) if (e.url) expect(screenFor(e.url), e.url).toBeDefined();
  });
});

describe('halves (§2.5)', () => {
  it('splits both sets into two equal halves in order', () => {
    const [l, r] = splitHalves(menuFor('group'));
    expect(l.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(r.map((e) => e.id)).toEqual([5, 6, 7, 8]);
    const [pl, pr] = splitHalves(menuFor('project'));
    expect(pl).toHaveLength(6);
    expect(pr).toHaveLength(6);
    expect([...pl, ...pr]).toEqual(PROJECT_MENU);
  });
  it('gives an odd entry to the left half', () => {
    expect(splitHalves([1, 2, 3])).toEqual([[1, 2], [3]]);
  });
});

describe('sortId ranges (§9)', () => {
  it.each([
    [1, 'enterprise'],
    [20, 'enterprise'],
    [21, 'project'],
    [100, 'project'],
    [101, 'supervision'],
    [undefined, 'enterprise'],
  ] as const)('sortId %s → %s menu', (sortId, kind) => {
    expect(menuKindForSortId(sortId)).toBe(kind);
  });
  it('shows the project name only for 20 < sortId < 100', () => {
    expect([20, 21, 99, 100, undefined].map(showsProjectName)).toEqual([false, true, true, false, false]);
  });

  it('an address without sortId takes its family’s range; an explicit sortId wins', () => {
    const kindAt = (address: string) => {
      const url = new URL(address, 'http://wall');
      return menuKindForSortId(withFamilySortId(readScreenQuery(url.searchParams), url.pathname).sortId);
    };
    expect(kindAt('/LargeScreen/SupervisoryScreen/overview')).toBe('supervision');
    expect(kindAt('/LargeScreen/SupervisoryScreen/personnel?governmentid1=9')).toBe('supervision');
    expect(kindAt('/LargeScreen/ProjectScreen/projectOverview?pjctid1=3')).toBe('project');
    expect(kindAt('/ProjectScreen/video?id=4')).toBe('project');
    expect(kindAt('/LargeScreen/EnterpriseScreen/overview')).toBe('enterprise');
    expect(kindAt('/LargeScreen/MixingPlant')).toBe('enterprise');
    // explicit wins, also a blank one is no value
    expect(kindAt('/LargeScreen/SupervisoryScreen/overview?sortId=1')).toBe('enterprise');
    expect(kindAt('/LargeScreen/EnterpriseScreen/overview?sortId=101')).toBe('supervision');
    expect(kindAt('/LargeScreen/ProjectScreen/projectOverview?sortId=')).toBe('project');
    expect(screenFamilyOf('/largescreen/supervisoryscreen/OVERVIEW')).toBe('supervision');
    // the default is the range's first id, so a project default also names the project (§2.5)
    expect(showsProjectName(withFamilySortId(readScreenQuery(new URLSearchParams()), '/LargeScreen/ProjectScreen/video').sortId)).toBe(true);
  });
});

describe('entries, targets and flags', () => {
  it('entries without a url have no target', () => {
    const q = new URLSearchParams('sortId=21');
    expect(entryHref(GROUP_MENU[2], q)).toBeUndefined();
    expect(entryHref(PROJECT_MENU[0], q)).toBe('/ProjectScreen/projectOverview?sortId=21&id=11');
  });

  it('the current entry is the one named by id, else the one of the current path', () => {
    expect(currentEntry(PROJECT_MENU, 20, '/x')?.id).toBe(20);
    expect(currentEntry(PROJECT_MENU, undefined, '/ProjectScreen/car')?.id).toBe(21);
    expect(currentEntry(PROJECT_MENU, undefined, '/nowhere')).toBeUndefined();
  });

  it('管理后台 goes to the entry’s back-office path, else the screen’s, else /backHome', () => {
    expect(adminBackendTarget(GROUP_MENU[0], undefined)).toBe('/projectManage/crmProject');
    expect(adminBackendTarget(PROJECT_MENU[9], '/other')).toBe('/deviceManagement/maintenance');
    expect(adminBackendTarget(GROUP_MENU[1], screenFor('/LargeScreen/EnterpriseScreen/tested')?.backOffice)).toBe('/deviceManagement/monitorDevice');
    expect(adminBackendTarget(undefined, undefined)).toBe('/backHome');
  });

  it('the 返回 button is shown only for job_namehome=006', () => {
    expect(showsBackButton(new URLSearchParams('job_namehome=006'))).toBe(true);
    expect(showsBackButton(new URLSearchParams('job_namehome=005'))).toBe(false);
    expect(showsBackButton(new URLSearchParams(''))).toBe(false);
  });

  it('reads the query-addressed screens of §2.4', () => {
    expect(readScreenQuery(new URLSearchParams('sortId=101&governmentid1=g1&id=x'))).toMatchObject({
      sortId: 101,
      governmentid1: 'g1',
      id: undefined,
    });
    expect(readScreenQuery(new URLSearchParams('sortId=1&enterpid1=e1&poctent1=p1'))).toMatchObject({ enterpid1: 'e1', poctent1: 'p1' });
    expect(readScreenQuery(new URLSearchParams('sortId=21&pjctid1=7')).pjctid1).toBe('7');
  });
});

describe('screen registry (§2.4)', () => {
  it('has one entry per path and every §2.4 family', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/LargeScreen/EnterpriseScreen/engineering',
      '/LargeScreen/EnterpriseScreen/roster',
      '/LargeScreen/ProjectScreen/materialMonitoring',
      '/LargeScreen/SupervisoryScreen/personnel',
      '/LargeScreen/MixingPlant',
      '/LargeScreen/devicecount',
      '/LargeScreen/ProductionScreen',
      '/ProductionScreen',
    ])
      expect(paths).toContain(p);
  });
  it('resolves menu screen: keys to the same registry', () => {
    expect(screenPathOfViewKey('screen:EnterpriseScreen/overview')).toBe('/LargeScreen/EnterpriseScreen/overview');
    expect(screenPathOfViewKey('screen:/ProductionScreen')).toBe('/ProductionScreen');
    expect(screenFor('/largescreen/enterprisescreen/overview/')?.title).toBe('项目概况');
  });
});

describe('entries of built screens only (no dead ends, issue 11)', () => {
  const builtSet = (...paths: string[]) => (p: string) => paths.map((x) => x.toLowerCase()).includes(p.toLowerCase());

  it('an entry opens its §2.5 screen once built, else the first built equivalent, else it is hidden', () => {
    const none = builtSet();
    expect(shownEntries('group', 1, none)).toEqual([]);
    const some = builtSet('/LargeScreen/EnterpriseScreen/overview', '/LargeScreen/EnterpriseScreen/buildPersonnel');
    expect(shownEntries('group', 1, some).map((e) => [e.id, e.url])).toEqual([
      [1, '/LargeScreen/EnterpriseScreen/overview'],
      [3, '/LargeScreen/EnterpriseScreen/buildPersonnel'],
    ]);
    // The §2.5 screen wins the moment it is built, with the entry's back-office path.
    const spec = shownEntries('group', 1, builtSet('/ProjectScreen/engineering', '/LargeScreen/EnterpriseScreen/overview'));
    expect(spec[0]).toEqual(GROUP_MENU[0]);
    // A stand-in screen's 管理后台 is the screen's own, not the entry's.
    expect(shownEntries('group', 1, some)[0].backOffice).toBeUndefined();
  });

  it('the supervision header uses supervisory screens, the project header project screens', () => {
    const both = builtSet('/LargeScreen/SupervisoryScreen/overview', '/LargeScreen/EnterpriseScreen/overview');
    expect(shownEntries('group', 101, both)[0].url).toBe('/LargeScreen/SupervisoryScreen/overview');
    expect(shownEntries('group', 1, both)[0].url).toBe('/LargeScreen/EnterpriseScreen/overview');
    expect(shownEntries('project', 21, builtSet('/ProjectScreen/concrete')).map((e) => e.id)).toEqual([18]);
  });

  it('with the registry, every shown entry opens a screen that has a body', () => {
    for (const [level, sortId] of [['group', 1], ['group', 101], ['project', 21]] as const) {
      for (const e of shownEntries(level, sortId)) expect(isBuilt(e.url!), `${level} ${sortId} ${e.label}`).toBe(true);
    }
  });

  it('the current entry is the one on the current path; an id elsewhere highlights nothing', () => {
    const entries = shownEntries('group', 1, builtSet('/LargeScreen/EnterpriseScreen/overview', '/LargeScreen/EnterpriseScreen/buildPersonnel'));
    expect(currentShownEntry(entries, 1, '/LargeScreen/EnterpriseScreen/buildPersonnel')?.id).toBe(3);
    expect(currentShownEntry(entries, undefined, '/largescreen/enterprisescreen/overview')?.id).toBe(1);
    expect(currentShownEntry(entries, 1, '/LargeScreen/EnterpriseScreen/roster')).toBeUndefined();
  });

  it('/LargeScreen and the 大屏 buttons open the first built screen of the user kind', () => {
    const some = builtSet('/LargeScreen/EnterpriseScreen/overview', '/LargeScreen/SupervisoryScreen/overview');
    expect(firstBuiltScreen('0', undefined, some)).toBe('/LargeScreen/EnterpriseScreen/overview');
    expect(firstBuiltScreen('1', undefined, some)).toBe('/LargeScreen/SupervisoryScreen/overview?sortId=101');
    // No project screen built: the enterprise screens on the user's project.
    expect(firstBuiltScreen('2', 'p7', some)).toBe('/LargeScreen/EnterpriseScreen/overview?pjctid1=p7');
    expect(firstBuiltScreen('2', 'p7', builtSet('/ProjectScreen/concrete'))).toBe('/ProjectScreen/concrete?sortId=21&pjctid1=p7');
    for (const t of ['0', '1', '2']) expect(isBuilt(firstBuiltScreen(t, 'p1').split('?')[0]), t).toBe(true);
  });
});

describe('工程概况 and the header targets that reuse built bodies (issue 15)', () => {
  const builtSet = (...paths: string[]) => (p: string) => paths.map((x) => x.toLowerCase()).includes(p.toLowerCase());
  const kindAt = (address: string) => {
    const url = new URL(address, 'http://x');
    return menuKindForSortId(withFamilySortId(readScreenQuery(url.searchParams), url.pathname).sortId);
  };

  it('/LargeScreen lands enterprise users on 工程概况 (§2.4), project and supervision users on their overview', () => {
    expect(firstBuiltScreen('0')).toBe('/LargeScreen/EnterpriseScreen/engineering');
    expect(firstBuiltScreen('2', 'p3')).toBe('/LargeScreen/ProjectScreen/projectOverview?sortId=21&pjctid1=p3');
    expect(firstBuiltScreen('1')).toBe('/LargeScreen/SupervisoryScreen/overview?sortId=101');
    // Until 工程概况 is built, the first built screen of the header, as before.
    expect(firstBuiltScreen('0', undefined, builtSet('/LargeScreen/EnterpriseScreen/overview'))).toBe('/LargeScreen/EnterpriseScreen/overview');
  });

  it('the group set’s own /ProjectScreen targets keep the enterprise header; project targets name the project', () => {
    expect(kindAt('/ProjectScreen/engineering?id=1')).toBe('enterprise');
    expect(kindAt('/ProjectScreen/projectManagements?id=2')).toBe('enterprise');
    expect(kindAt('/ProjectScreen/projectManagements?id=2&sortId=101')).toBe('supervision');
    expect(kindAt('/ProjectScreen/projectOverview?id=11')).toBe('project');
    expect(kindAt('/ProjectScreen/personnel?id=13')).toBe('project');
    expect(showsProjectName(withFamilySortId(readScreenQuery(new URLSearchParams('id=11')), '/ProjectScreen/projectOverview').sortId)).toBe(true);
    for (const p of ['/ProjectScreen/engineering', '/ProjectScreen/projectManagements', '/ProjectScreen/projectOverview', '/ProjectScreen/personnel']) {
      expect(isBuilt(p), p).toBe(true);
    }
  });

  it('entries open their §2.5 screens; the supervision header keeps its own; an equivalent screen highlights its entry', () => {
    expect(shownEntries('group', 1).slice(0, 2).map((e) => e.url)).toEqual(['/ProjectScreen/engineering', '/ProjectScreen/projectManagements']);
    expect(shownEntries('group', 101)[0].url).toBe('/LargeScreen/SupervisoryScreen/overview');
    const project = shownEntries('project', 21);
    expect(project.find((e) => e.id === 11)?.url).toBe('/ProjectScreen/projectOverview');
    expect(project.find((e) => e.id === 13)?.url).toBe('/ProjectScreen/personnel');
    const group = shownEntries('group', 1);
    expect(currentShownEntry(group, undefined, '/LargeScreen/EnterpriseScreen/engineering', 'group', 1)?.id).toBe(1);
    expect(currentShownEntry(group, undefined, '/LargeScreen/EnterpriseScreen/overview', 'group', 1)).toEqual({ id: 1, label: '项目概况', url: '/ProjectScreen/engineering' });
    expect(currentShownEntry(project, undefined, '/LargeScreen/ProjectScreen/personnelNew', 'project', 21)?.id).toBe(13);
  });
});

describe('the ready-mix plant’s own wall (issue 29)', () => {
  it('a plant’s users (单位类型 13, enterprise kind) land on 搅拌站管理; other kinds keep theirs', () => {
    expect(screenKindOfUser('0', 13)).toBe('plant');
    expect(screenKindOfUser('0', 9)).toBe('enterprise');
    expect(screenKindOfUser('0', undefined)).toBe('enterprise');
    // UserAuthType decides first (§2.6): a supervision or project user of any company keeps its kind.
    expect(screenKindOfUser('1', 13)).toBe('supervision');
    expect(screenKindOfUser('2', 13)).toBe('project');
    expect(firstBuiltScreen('0', undefined, undefined, 13)).toBe('/LargeScreen/MixingPlant');
    expect(firstBuiltScreen('0', undefined, undefined, 9)).toBe('/LargeScreen/EnterpriseScreen/engineering');
    expect(firstBuiltScreen('2', 'p3', undefined, 13)).toBe('/LargeScreen/ProjectScreen/projectOverview?sortId=21&pjctid1=p3');
  });

  it('the plant’s screens show the plant’s set, whatever id / sortId the address carries; others keep §2.5’s choice', () => {
    for (const p of ['/LargeScreen/MixingPlant', '/LargeScreen/ProductionScreen', '/ReadyMixPlantManagement/ReadyMixStationLedger', '/readymixplantmanagement/readymixstationvideo/']) {
      expect(screenFamilyOf(p), p).toBe('plant');
      expect(headerLevelFor(p, 33, undefined), p).toBe('plant');
    }
    // 混凝土 and its fullscreen twin stay with the project set that opens them (§2.5 entry 18).
    expect(headerLevelFor('/ProjectScreen/concrete', 18, 21)).toBe('project');
    expect(headerLevelFor('/ProductionScreen', 18, 21)).toBe('project');
    expect(headerLevelFor('/LargeScreen/ProjectScreen/tunnelManager', 22, 21)).toBe('project');
    const entries = shownEntries('plant', undefined);
    expect(entries.map((e) => e.label)).toEqual(PLANT_MENU.map((e) => e.label));
    for (const e of entries) expect(isBuilt(e.url!), e.label).toBe(true);
    expect(currentShownEntry(entries, undefined, '/LargeScreen/MixingPlant', 'plant')?.id).toBe(31);
    // The plant's title stays 企业数据大屏 (a plant is an enterprise; the set names the family).
    expect(menuKindForSortId(withFamilySortId(readScreenQuery(new URLSearchParams('id=31')), '/LargeScreen/MixingPlant').sortId)).toBe('enterprise');
  });

  it('管理后台 of the plant’s screens opens their own 搅拌站管理 pages; 设备管理 its 监测设备, not 罐车管理', () => {
    expect(screenFor('/LargeScreen/MixingPlant')?.backOffice).toBe('/concretePlant/order');
    expect(screenFor('/LargeScreen/ProductionScreen')?.backOffice).toBe('/concretePlant/task');
    expect(screenFor('/ReadyMixPlantManagement/ReadyMixStationLedger')?.backOffice).toBe('/concretePlant/trip');
    for (const p of ['/LargeScreen/EnterpriseScreen/tested', '/LargeScreen/ProjectScreen/testedsNew']) expect(screenFor(p)?.backOffice, p).toBe('/deviceManagement/monitorDevice');
  });
});
