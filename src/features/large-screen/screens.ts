// The one registry of large screens (§2.4): path → Chinese title, back-office path (§2.5 navigation
// table) and the lazy body. Fixed routes and the menu's `screen:<path>` views both resolve here; every
// screen has its body (a unit test holds it; the header only leads to built screens, screen-targets.ts).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenBodyProps } from './screen-body';

export type { ScreenBodyProps };
export type ScreenBody = LazyExoticComponent<ComponentType<ScreenBodyProps>>;

export type ScreenDef = {
  path: string;
  title: string;
  backOffice?: string;
  body?: ScreenBody;
};

export const LARGE_SCREEN_ROOT = '/LargeScreen';

const ENTERPRISE = '/LargeScreen/EnterpriseScreen';
const PROJECT = '/LargeScreen/ProjectScreen';
const SUPERVISORY = '/LargeScreen/SupervisoryScreen';

const PLANT_SCREENS = () => import('./screens/plant/PlantScreens');
const DANGERS_TOWER = () => import('./screens/devices/dangersTower/DangersTowerScreen');
const DEVICE_COUNT = () => import('./screens/devices/deviceCount/DeviceCountScreen');
const SLAG = () => import('./screens/project/slag/SlagScreen');
const PROJECT_CAR = () => import('./screens/project/car/ProjectCarScreen');
const SITE_CHECKS = () => import('./screens/project/siteChecks/SiteCheckScreens');
const READY_MIX = '/ReadyMixPlantManagement';
const INSPECTION = '/InspectionInstitute';
const TESTING_SCREENS = () => import('./screens/testing/TestingScreens');
const TESTED = () => import('./screens/enterprise/tested/TestedScreen');
const ENGINEERING = () => import('./screens/enterprise/engineering/EngineeringScreen');
const PROJECT_MANAGEMENTS = () => import('./screens/enterprise/projectManagements/ProjectManagementsScreen');
const PROJECT_OVERVIEW = () => import('./screens/project/overview/ProjectOverviewScreen');
const PROJECT_PERSONNEL = () => import('./screens/project/personnel/ProjectPersonnelScreen');
const PROJECT_VIDEO = () => import('./screens/project/video/ProjectVideoScreen');
const TUNNEL = () => import('./screens/project/tunnel/TunnelScreen');

/**
 * 管理后台 of the 设备管理 screens (tested, testedsNew): 监测设备, the devices whose state they show. §2.5's
 * table names /carmanage/tankerCar (罐车管理, an alias kept in the menu), which is not these screens' page
 * (issue 29). The plant's screens open their own 搅拌站管理 pages (a user without the page gets /backHome).
 */
const MONITOR_DEVICES = '/deviceManagement/monitorDevice';
const PLANT_TASKS = '/concretePlant/task';

const def = (path: string, title: string, backOffice?: string): ScreenDef => ({ path, title, ...(backOffice ? { backOffice } : {}) });

/** Lazy body of a screen module exporting `name`; used as screens are built. */
export const screenBody = <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenBodyProps>>>, name: K): ScreenBody =>
  lazy(() => load().then((m) => ({ default: m[name] })));

export const SCREENS: readonly ScreenDef[] = [
  { ...def(`${ENTERPRISE}/engineering`, '工程概况', '/projectManage/crmProject'), body: screenBody(ENGINEERING, 'EngineeringScreen') },
  {
    ...def(`${ENTERPRISE}/overview`, '项目概况', '/pName/constructionManagement'),
    body: screenBody(() => import('./screens/enterprise/overview/EnterpriseOverviewScreen'), 'EnterpriseOverviewScreen'),
  },
  {
    ...def(`${ENTERPRISE}/projectManagements`, '项目管理', '/projectManage/crmProject'),
    body: screenBody(PROJECT_MANAGEMENTS, 'ProjectManagementsScreen'),
  },
  {
    ...def(`${ENTERPRISE}/buildPersonnel`, '人员管理', '/personnel/data'),
    body: screenBody(() => import('./screens/enterprise/buildPersonnel/BuildPersonnelScreen'), 'BuildPersonnelScreen'),
  },
  { ...def(`${ENTERPRISE}/roster`, '花名册'), body: screenBody(() => import('./screens/enterprise/roster/RosterScreen'), 'RosterScreen') },
  {
    ...def(`${ENTERPRISE}/videoMonitor`, '视频监控', '/intelligent/car'),
    body: screenBody(() => import('./screens/enterprise/videoMonitor/VideoMonitorScreen'), 'VideoMonitorScreen'),
  },
  {
    ...def(`${ENTERPRISE}/jgdvideoMonitor`, '监管视频监控'),
    body: screenBody(() => import('./screens/enterprise/videoMonitor/JgdVideoMonitorScreen'), 'JgdVideoMonitorScreen'),
  },
  {
    ...def(`${ENTERPRISE}/danger`, '特种设备'),
    body: screenBody(() => import('./screens/enterprise/danger/DangerScreen'), 'DangerScreen'),
  },
  {
    ...def(`${ENTERPRISE}/qualitySafety`, '质量安全'),
    body: screenBody(() => import('./screens/enterprise/qualitySafety/QualitySafetyScreen'), 'QualitySafetyScreen'),
  },
  {
    ...def(`${ENTERPRISE}/environment`, '环境监测'),
    body: screenBody(() => import('./screens/enterprise/environment/EnvironmentScreen'), 'EnvironmentScreen'),
  },
  {
    ...def(`${ENTERPRISE}/vehicle`, '车辆管理'),
    body: screenBody(() => import('./screens/enterprise/vehicle/VehicleScreen'), 'VehicleScreen'),
  },
  {
    ...def(`${ENTERPRISE}/tested`, '设备管理', MONITOR_DEVICES),
    body: screenBody(TESTED, 'TestedScreen'),
  },
  { ...def(`${ENTERPRISE}/report`, '统计报表'), body: screenBody(() => import('./screens/enterprise/report/ReportScreen'), 'ReportScreen') },
  { ...def(`${ENTERPRISE}/warning`, '预警中心'), body: screenBody(() => import('./screens/enterprise/warning/WarningScreen'), 'WarningScreen') },

  {
    ...def(`${PROJECT}/projectOverview`, '项目概况', '/projectManage/taskList'),
    body: screenBody(PROJECT_OVERVIEW, 'ProjectOverviewScreen'),
  },
  {
    ...def(`${PROJECT}/ScheduleManagement`, '进度管理', '/ProjectSchedules/Projectschedule'),
    body: screenBody(() => import('./screens/project/schedule/ScheduleScreen'), 'ScheduleScreen'),
  },
  { ...def(`${PROJECT}/personnelNew`, '人员管理', '/personnel/data'), body: screenBody(PROJECT_PERSONNEL, 'ProjectPersonnelScreen') },
  { ...def(`${PROJECT}/video`, '视频监控', '/intelligent/car'), body: screenBody(PROJECT_VIDEO, 'ProjectVideoScreen') },
  { ...def(`${PROJECT}/jgddangers`, '特种设备'), body: screenBody(DANGERS_TOWER, 'JgdDangersScreen') },
  { ...def(`${PROJECT}/quality`, '质量管理'), body: screenBody(SITE_CHECKS, 'QualityScreen') },
  { ...def(`${PROJECT}/security`, '安全管理'), body: screenBody(SITE_CHECKS, 'SecurityScreen') },
  { ...def(`${PROJECT}/qualitySafe`, '质量安全', '/quality/alarmRecord'), body: screenBody(SITE_CHECKS, 'QualitySafeScreen') },
  {
    ...def(`${PROJECT}/GreenConstructionNew`, '绿色施工', '/environment/wasteManifest'),
    body: screenBody(() => import('./screens/project/greenConstruction/GreenConstructionScreen'), 'GreenConstructionScreen'),
  },
  {
    ...def(`${PROJECT}/environMonitoring`, '环境监测', '/environment/envReading'),
    body: screenBody(() => import('./screens/project/environMonitoring/EnvironMonitoringScreen'), 'EnvironMonitoringScreen'),
  },
  { ...def(`${PROJECT}/car`, '车辆管理'), body: screenBody(PROJECT_CAR, 'ProjectCarScreen') },
  // The project's 设备管理 (§2.5 testedsNew): the enterprise board narrowed to the project of pjctid1.
  { ...def(`${PROJECT}/testedsNew`, '设备管理', MONITOR_DEVICES), body: screenBody(TESTED, 'TestedScreen') },
  { ...def(`${PROJECT}/tunnelManager`, '隧道管理', '/tunnel/section'), body: screenBody(TUNNEL, 'TunnelScreen') },
  {
    ...def(`${PROJECT}/platformWarning`, '平台预警'),
    body: screenBody(() => import('./screens/project/platformWarning/PlatformWarningScreen'), 'PlatformWarningScreen'),
  },
  { ...def(`${PROJECT}/slagSupervision`, '渣土监管'), body: screenBody(SLAG, 'SlagScreen') },
  {
    ...def(`${PROJECT}/aiRecognitions`, 'AI识别', '/quality/aiEvent'),
    body: screenBody(() => import('./screens/project/aiRecognitions/AiRecognitionScreen'), 'AiRecognitionScreen'),
  },
  { ...def(`${PROJECT}/dangersTower`, '特种设备'), body: screenBody(DANGERS_TOWER, 'DangersTowerScreen') },
  { ...def(`${PROJECT}/mixingPlantMaterials`, '拌合站物料', '/concretePlant/bin'), body: screenBody(PLANT_SCREENS, 'MixingPlantMaterialsScreen') },
  { ...def(`${PROJECT}/materialMonitoring`, '物料监测', '/concretePlant/bin'), body: screenBody(PLANT_SCREENS, 'MaterialMonitoringScreen') },
  // §2.5's 混凝土 (/ProjectScreen/concrete) under the project screens' own prefix too: the address people type
  // next to the other project screens (issue 29 used it), not 未找到该大屏.
  { ...def(`${PROJECT}/concrete`, '混凝土', PLANT_TASKS), body: screenBody(PLANT_SCREENS, 'ProductionScreen') },

  {
    ...def(`${SUPERVISORY}/overview`, '项目概况'),
    body: screenBody(() => import('./screens/supervisory/overview/SupervisoryOverviewScreen'), 'SupervisoryOverviewScreen'),
  },
  {
    ...def(`${SUPERVISORY}/personnel`, '实名制登记'),
    body: screenBody(() => import('./screens/supervisory/personnel/SupervisoryPersonnelScreen'), 'SupervisoryPersonnelScreen'),
  },

  { ...def(`${LARGE_SCREEN_ROOT}/MixingPlant`, '搅拌站管理', '/concretePlant/order'), body: screenBody(PLANT_SCREENS, 'MixingPlantScreen') },
  { ...def(`${LARGE_SCREEN_ROOT}/devicecount`, '设备管理'), body: screenBody(DEVICE_COUNT, 'DeviceCountScreen') },
  { ...def(`${LARGE_SCREEN_ROOT}/ProductionScreen`, '混凝土生产大屏', PLANT_TASKS), body: screenBody(PLANT_SCREENS, 'ProductionScreen') },

  // §2.4 /ReadyMixPlantManagement: the plant's ledger, dust and video screens.
  { ...def(`${READY_MIX}/ReadyMixStationLedger`, '搅拌站台账', '/concretePlant/trip'), body: screenBody(PLANT_SCREENS, 'ReadyMixLedgerScreen') },
  { ...def(`${READY_MIX}/ReadyMixStationDust`, '搅拌站扬尘', '/deviceManagement/deviceLedger/dustDevice'), body: screenBody(PLANT_SCREENS, 'ReadyMixDustScreen') },
  { ...def(`${READY_MIX}/ReadyMixStationVideo`, '搅拌站视频', '/deviceManagement/deviceLedger/videoDevice'), body: screenBody(PLANT_SCREENS, 'ReadyMixVideoScreen') },

  // §2.4 /InspectionInstitute: the testing institutions' screens (docs/witness-sampling.md); the video reuses the
  // enterprise video wall.
  { ...def(`${INSPECTION}/TestingInstitution`, '检测机构', '/testing/witnessSample'), body: screenBody(TESTING_SCREENS, 'TestingInstitutionScreen') },
  {
    ...def(`${INSPECTION}/TestingInstitutionVideo`, '检测机构视频'),
    body: screenBody(() => import('./screens/enterprise/videoMonitor/VideoMonitorScreen'), 'VideoMonitorScreen'),
  },
  { ...def(`${INSPECTION}/WitnessSamplingManagement`, '见证取样管理', '/testing/witnessSample'), body: screenBody(TESTING_SCREENS, 'WitnessSamplingScreen') },
  { ...def(`${INSPECTION}/SampleManagement`, '样品管理', '/testing/witnessSample'), body: screenBody(TESTING_SCREENS, 'SampleManagementScreen') },

  // §2.4: paths the header menus of §2.5 use.
  { ...def('/ProjectScreen/engineering', '项目概况', '/projectManage/crmProject'), body: screenBody(ENGINEERING, 'EngineeringScreen') },
  { ...def('/ProjectScreen/projectManagements', '项目管理', '/projectManage/crmProject'), body: screenBody(PROJECT_MANAGEMENTS, 'ProjectManagementsScreen') },
  { ...def('/ProjectScreen/video', '视频监控', '/intelligent/car'), body: screenBody(PROJECT_VIDEO, 'ProjectVideoScreen') },
  { ...def('/ProjectScreen/projectOverview', '项目概况', '/projectManage/taskList'), body: screenBody(PROJECT_OVERVIEW, 'ProjectOverviewScreen') },
  { ...def('/ProjectScreen/personnel', '人员管理', '/personnel/data'), body: screenBody(PROJECT_PERSONNEL, 'ProjectPersonnelScreen') },
  { ...def('/ProjectScreen/quality', '质量管理'), body: screenBody(SITE_CHECKS, 'QualityScreen') },
  { ...def('/ProjectScreen/security', '安全管理'), body: screenBody(SITE_CHECKS, 'SecurityScreen') },
  { ...def('/ProjectScreen/devicecount', '设备管理', '/deviceManagement/maintenance'), body: screenBody(DEVICE_COUNT, 'DeviceCountScreen') },
  { ...def('/ProjectScreen/car', '车辆管理'), body: screenBody(PROJECT_CAR, 'ProjectCarScreen') },
  { ...def('/ProjectScreen/Tunnel', '隧道管理', '/tunnel/section'), body: screenBody(TUNNEL, 'TunnelScreen') },
  { ...def('/ProjectScreen/concrete', '混凝土', PLANT_TASKS), body: screenBody(PLANT_SCREENS, 'ProductionScreen') },
  { ...def('/ProductionScreen', '混凝土生产大屏', PLANT_TASKS), body: screenBody(PLANT_SCREENS, 'ProductionScreen') },
];

/**
 * Section addresses that open their first BUILT screen (src/features/large-screen/screen-targets.ts):
 * 'user' is the signed-in user's kind. §2.4 sends /LargeScreen to EnterpriseScreen/engineering: enterprise
 * users land there (screen-targets.ts KIND_DEFAULTS), project and supervision users on their kind's
 * overview; a section never opens a placeholder. A path value opens that screen (a section of one kind
 * of screen, e.g. /ReadyMixPlantManagement → its ledger).
 */
export type ScreenSection = 'user' | 'enterprise' | 'project' | 'supervision' | `/${string}`;
export const SCREEN_REDIRECTS: Readonly<Record<string, ScreenSection>> = {
  [LARGE_SCREEN_ROOT]: 'user',
  [ENTERPRISE]: 'enterprise',
  [PROJECT]: 'project',
  [SUPERVISORY]: 'supervision',
  '/ProjectScreen': 'project',
  [READY_MIX]: `${READY_MIX}/ReadyMixStationLedger`,
  [INSPECTION]: `${INSPECTION}/TestingInstitution`,
};

const byPath = new Map(SCREENS.map((s) => [s.path.toLowerCase(), s]));

const normalise = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The screen registered for a path (case-insensitive, as paths are typed by hand on wall displays). */
export const screenFor = (pathname: string): ScreenDef | undefined => byPath.get(normalise(pathname).toLowerCase());

/** `screen:<key>` view keys of the menu: the key is the path under /LargeScreen (or an absolute path). */
export function screenPathOfViewKey(key: string): string {
  const rest = key.replace(/^screen:/, '').replace(/^\/+/, '');
  const absolute = `/${rest}`;
  return screenFor(absolute) ? absolute : `${LARGE_SCREEN_ROOT}/${rest}`;
}
