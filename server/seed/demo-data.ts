// The deterministic demo data set around 内江市, 四川 (map centre lng 105.06, lat 29.58, §9).
// Rows refer to each other by key; the seeder turns keys into ids.

export type CompanySeed = { key: string; parent?: string; name: string; type: number; area: string };
export type ProjectSeed = {
  no: string;
  name: string;
  status: 1 | 2 | 3 | 4 | 5;
  company: string;
  area: string;
  address: string;
  lng: number;
  lat: number;
  start: string;
  /** Planned completion (projects.end_date): the project-management screen's planned progress. */
  end: string | null;
  manager: string;
  /** 建设单位, 施工单位, 监理单位 (migration 003). */
  builder?: string;
  contractor?: string;
  supervisor?: string;
  /** Company keys of the organisations joined to the project (project_orgs, §7.4 GetProjectOrgs). */
  orgs?: readonly string[];
};
/**
 * `grants` are menu ids of schemas/menus.json; 'ALL_NODES' expands to every node and button and marks the
 * role full (it also gets nodes added later, server/platform/full-roles.ts), '*' is the admin wildcard.
 * `areas` grants a menu node with every page below it and, of their buttons, all ('all') or the listed ones.
 */
export type RoleSeed = {
  key: string;
  company?: string;
  name: string;
  grants: readonly string[] | 'ALL_NODES' | '*';
  areas?: Readonly<Record<string, 'all' | readonly string[]>>;
};
export type UserSeed = {
  userName: string;
  realName: string;
  mobile: string;
  email: string;
  authType: '0' | '1' | '2';
  orgAuthority: number;
  systemAdmin?: boolean;
  areaCode?: string;
  memberships: ReadonlyArray<{ company: string; role: string; department: string }>;
  watch?: readonly string[];
  projects?: readonly string[];
};
/** `company`: the publishing company's key (its members and its subsidiaries' see it); none: every user. */
export type NoticeSeed = { title: string; content: string; publisher: string; publishedAt: string; company?: string };

export const COMPANIES: readonly CompanySeed[] = [
  { key: 'group', name: '内江建工集团有限公司', type: 9, area: '511000' },
  { key: 'road', parent: 'group', name: '内江建工路桥工程有限公司', type: 1, area: '511011' },
  { key: 'build', parent: 'group', name: '内江建工建筑工程有限公司', type: 9, area: '511002' },
  { key: 'concrete', parent: 'group', name: '内江华鼎商品混凝土有限公司', type: 13, area: '511024' },
  { key: 'supervision', name: '四川甜城建设工程监理有限公司', type: 7, area: '511002' },
  { key: 'government', name: '内江市住房和城乡建设局', type: 12, area: '511000' },
  // 检测机构 (company type 14, docs/witness-sampling.md): the labs a project sends its witnessed samples to; the
  // testingInstitution dictionary names the same three.
  { key: 'labCentre', name: '内江市建设工程质量检测中心', type: 14, area: '511002' },
  { key: 'labHengxin', name: '内江恒信建设工程检测有限公司', type: 14, area: '511011' },
  { key: 'labZhongce', name: '四川中测建设工程检测有限公司内江分公司', type: 14, area: '511002' },
];

export const PROJECTS: readonly ProjectSeed[] = [
  { no: 'NJJG-2024-001', name: '甜城湖片区棚户区改造项目', status: 3, company: 'build', area: '511002', address: '内江市市中区甜城大道88号', lng: 105.0583, lat: 29.5852, start: '2024-03-01', end: '2027-06-30', manager: '张伟', builder: '内江市城市建设投资有限公司', contractor: '内江建工建筑工程有限公司', supervisor: '四川甜城建设工程监理有限公司', orgs: ['build', 'supervision', 'concrete'] },
  { no: 'NJJG-2024-002', name: '汉渝大道（东兴段）道路改造工程', status: 3, company: 'road', area: '511011', address: '内江市东兴区汉渝大道', lng: 105.0921, lat: 29.5928, start: '2024-05-15', end: '2026-12-31', manager: '王强', builder: '内江市交通运输局', contractor: '内江建工路桥工程有限公司', supervisor: '四川甜城建设工程监理有限公司', orgs: ['road', 'supervision'] },
  { no: 'NJJG-2023-007', name: '内江高新区标准化厂房三期', status: 4, company: 'build', area: '511002', address: '内江市市中区汉安大道西段', lng: 105.0312, lat: 29.6104, start: '2023-02-10', end: '2024-11-30', manager: '李娜', builder: '内江高新技术产业开发区管委会', contractor: '内江建工建筑工程有限公司', supervisor: '四川甜城建设工程监理有限公司', orgs: ['build'] },
  { no: 'NJJG-2025-003', name: '沱江二桥加固工程', status: 2, company: 'road', area: '511011', address: '内江市东兴区沱江二桥', lng: 105.0745, lat: 29.5716, start: '2025-06-01', end: '2027-05-31', manager: '赵刚', builder: '内江市交通运输局', contractor: '内江建工路桥工程有限公司', orgs: ['road'] },
  { no: 'NJJG-2025-005', name: '内江市第六中学新校区建设项目', status: 1, company: 'group', area: '511002', address: '内江市市中区白马镇', lng: 105.0468, lat: 29.5603, start: '2025-09-01', end: '2028-08-31', manager: '陈涛', builder: '内江市教育局', contractor: '内江建工集团有限公司', supervisor: '四川甜城建设工程监理有限公司', orgs: ['group', 'supervision'] },
  { no: 'NJJG-2022-011', name: '城西污水处理厂扩建工程', status: 5, company: 'build', area: '511011', address: '内江市东兴区城西工业园', lng: 105.1102, lat: 29.6021, start: '2022-08-20', end: '2025-12-31', manager: '孙磊', builder: '内江市水务局', contractor: '内江建工建筑工程有限公司', supervisor: '四川甜城建设工程监理有限公司', orgs: ['build', 'concrete'] },
  { no: 'NJJG-2024-009', name: '华鼎商砼搅拌站技改项目', status: 3, company: 'concrete', area: '511028', address: '内江市隆昌市响石镇', lng: 105.0237, lat: 29.5487, start: '2024-10-08', end: '2026-12-31', manager: '周敏', builder: '内江华鼎商品混凝土有限公司', contractor: '内江华鼎商品混凝土有限公司', orgs: ['concrete'] },
  // Across the boundary in 自贡市大安区: outside 内江's supervision area (docs/api.md government scope).
  { no: 'NJJG-2024-012', name: '内自同城快速通道（大安段）', status: 3, company: 'road', area: '510304', address: '自贡市大安区牛佛镇', lng: 104.985, lat: 29.502, start: '2024-07-01', end: '2027-03-31', manager: '吴昊', builder: '自贡市交通投资有限公司', contractor: '内江建工路桥工程有限公司', supervisor: '四川甜城建设工程监理有限公司', orgs: ['road'] },
];

const VIEW_COMMON = ['home', 'MyAccount.index', 'MessageNotification.list'];

/** The business areas of issue 4 (schemas/menus.json), granted below through `areas`. */
const BUSINESS_AREAS = [
  'personnel', 'accessControl', 'contract', 'crm', 'training', 'credential', 'integrity', 'platformPush',
  'projectManage.supplier', 'projectManage.orgContact',
] as const;
/** The dashboard areas (质量安全, 车辆管理, 环保管理, 隧道管理): alarms and AI events, hazards, vehicle passages, environment readings, the solid-waste ledger and the tunnel ledgers of the large screens. */
const DASHBOARD_AREAS = ['quality', 'carmanage', 'environment', 'tunnel'] as const;
const SEARCH = ['search'] as const;
const only = (ids: readonly string[], actions: 'all' | readonly string[]) => Object.fromEntries(ids.map((id) => [id, actions]));

export const ROLES: readonly RoleSeed[] = [
  { key: 'admin', name: '系统管理员', grants: '*' },
  { key: 'enterpriseAdmin', company: 'group', name: '企业管理员', grants: 'ALL_NODES' },
  {
    key: 'enterpriseViewer',
    company: 'group',
    name: '企业查看员',
    grants: [
      ...VIEW_COMMON,
      'projectManage.crmProject', 'projectManage.crmProject:search',
      'projectManage.org', 'projectManage.org:search',
      // §6 template page: may view (search), not add, edit or delete.
      'deviceManage.template', 'deviceManage.template:search',
      'deviceLedger.deviceType', 'deviceLedger.deviceType:search',
      'deviceLedger.routInspManage', 'deviceLedger.routInspManage:search',
      'deviceManagement.maintenance', 'deviceManagement.maintenance:search',
      'deviceManagement.monitorDevice', 'deviceManagement.monitorDevice:search',
      'userManage.user', 'userManage.user:search',
      'userManage.role', 'userManage.role:search',
      'userManage.icons',
      'LargeScreen.enterprise', 'LargeScreen.project',
    ],
    // Sees every business area and the role groups and notices, changes nothing.
    areas: only([...BUSINESS_AREAS, ...DASHBOARD_AREAS, 'testing', 'slag', 'ProjectSchedules', 'VideoMonitoring', 'userManage.roleGroup', 'userManage.notice'], SEARCH),
  },
  {
    key: 'supervisor',
    company: 'government',
    name: '监管人员',
    grants: [
      ...VIEW_COMMON,
      'projectManage.crmProject', 'projectManage.crmProject:search', 'projectManage.crmProject:export',
      'deviceLedger.deviceType', 'deviceLedger.deviceType:search',
      'deviceLedger.routInspManage', 'deviceLedger.routInspManage:search', 'deviceLedger.routInspManage:export',
      'deviceManagement.maintenance', 'deviceManagement.maintenance:search',
      'deviceManagement.monitorDevice', 'deviceManagement.monitorDevice:search',
      'LargeScreen.supervisory', 'LargeScreen.project',
    ],
    areas: {
      ...only(['personnel', 'accessControl', 'credential', 'integrity'], ['search', 'export']), ...only(DASHBOARD_AREAS, SEARCH),
      // 监督管理 (docs/supervision.md): plans and inspections in full; notices issued, verified, deleted — never replied.
      ...only(['supervision.plan', 'supervision.inspection'], 'all'), 'supervision.notice': ['search', 'add', 'delete', 'export', 'audit'],
      // 见证取样 (docs/witness-sampling.md): reads and exports the samples of its area.
      testing: ['search', 'export'],
      // 渣土监管 (docs/spoil.md): issues and revokes permits, registers and handles violations, reads the rest.
      ...only(['slag.permit', 'slag.violation'], 'all'), ...only(['slag.trip', 'slag.truck', 'slag.hauler', 'slag.site'], ['search', 'export']),
      // 质量安全检查 (docs/quality-safety-checks.md): checks in full; 检查整改 issued, verified, deleted — never replied.
      'quality.siteCheck': 'all', 'quality.checkNotice': ['search', 'add', 'delete', 'export', 'audit'],
      // 环保管理 (docs/environment.md): reads and exports the readings and the solid-waste ledger of its area.
      environment: ['search', 'export'],
      // 项目进度计划 (docs/schedule.md): reads and exports the schedules of its area.
      ProjectSchedules: ['search', 'export'],
      // 视频监控 (docs/video.md): watches the cameras of its area, no PTZ.
      VideoMonitoring: SEARCH,
    },
  },
  {
    key: 'projectManager',
    company: 'build',
    name: '项目管理员',
    grants: [
      ...VIEW_COMMON, 'MessageNotification.list:delete',
      'projectManage.crmProject', 'projectManage.crmProject:search', 'projectManage.crmProject:edit',
      'deviceManage.template', 'deviceManage.template:search', 'deviceManage.template:add', 'deviceManage.template:edit',
      'deviceLedger.deviceType', 'deviceLedger.deviceType:search',
      'deviceLedger.routInspManage', 'deviceLedger.routInspManage:search', 'deviceLedger.routInspManage:add',
      'deviceLedger.routInspManage:edit', 'deviceLedger.routInspManage:export', 'deviceLedger.routInspManage:inport',
      'deviceManagement.maintenance', 'deviceManagement.maintenance:search',
      'deviceManagement.monitorDevice', 'deviceManagement.monitorDevice:search',
      'deviceLedger.towerCrane', 'deviceLedger.towerCrane:search', 'deviceLedger.liftDevice', 'deviceLedger.liftDevice:search',
      'deviceManage.inspRecord', 'deviceManage.inspRecord:search', 'deviceManage.inspRecord:add',
      'deviceManage.rectification', 'deviceManage.rectification:search', 'deviceManage.rectification:edit',
      'deviceManage.maintainPlan', 'deviceManage.maintainPlan:search', 'deviceManage.maintainTask', 'deviceManage.maintainTask:search',
      'LargeScreen.project',
    ],
    areas: {
      ...only(BUSINESS_AREAS, SEARCH), ...only(['personnel', 'accessControl', ...DASHBOARD_AREAS], 'all'),
      // 监督管理: reads its inspections, replies to its notices (docs/supervision.md).
      'supervision.inspection': SEARCH, 'supervision.notice': ['search', 'edit', 'export'],
      // 见证取样: records, sends and enters the institution's report (docs/witness-sampling.md).
      testing: 'all',
      // 渣土监管: keeps its trucks, haulage companies and disposal sites, enters trips; reads permits and violations.
      ...only(['slag.truck', 'slag.hauler', 'slag.site'], 'all'), 'slag.trip': ['search', 'add', 'edit', 'export'],
      ...only(['slag.permit', 'slag.violation'], ['search', 'export']),
      // 项目进度计划: plans and updates its projects' schedules (docs/schedule.md).
      ProjectSchedules: 'all',
      // 视频监控: preview with PTZ, playback and patrol of its projects' cameras (docs/video.md).
      VideoMonitoring: 'all',
    },
  },
  {
    key: 'projectMember',
    company: 'road',
    name: '项目成员',
    grants: [
      ...VIEW_COMMON, 'projectManage.crmProject', 'projectManage.crmProject:search',
      'deviceLedger.routInspManage', 'deviceLedger.routInspManage:search',
      'deviceLedger.towerCrane', 'deviceLedger.towerCrane:search',
      'LargeScreen.project',
    ],
    areas: {
      ...only(['personnel', 'accessControl', 'slag'], SEARCH), 'supervision.inspection': SEARCH, 'supervision.notice': ['search', 'edit'],
      testing: ['search', 'add', 'edit'],
      // 质量安全检查: records its own daily checks, replies to 检查整改 (docs/quality-safety-checks.md).
      'quality.siteCheck': ['search', 'add', 'edit'], 'quality.checkNotice': ['search', 'edit'],
      environment: 'all',
      // 项目进度计划: reports progress on its project's tasks (docs/schedule.md).
      ProjectSchedules: ['search', 'edit'],
      VideoMonitoring: SEARCH,
    },
  },
  {
    key: 'supervisionEngineer',
    company: 'supervision',
    name: '监理工程师',
    grants: [
      ...VIEW_COMMON, 'MessageNotification.list:delete',
      'projectManage.crmProject', 'projectManage.crmProject:search',
      'deviceManage.template', 'deviceManage.template:search',
      'deviceLedger.routInspManage', 'deviceLedger.routInspManage:search', 'deviceLedger.routInspManage:audit',
      'LargeScreen.enterprise',
    ],
  },
  // 搅拌站 (docs/concrete-plant.md): the plant's manager runs every 搅拌站管理 page; its dispatcher enters
  // orders, tasks and trips but neither reviews orders (audit) nor signs deliveries (delivery).
  {
    key: 'plantManager',
    company: 'concrete',
    name: '搅拌站管理员',
    grants: [
      ...VIEW_COMMON, 'userManage.auditLog', 'userManage.auditLog:search',
      // The plant's own devices (docs/devices.md): 混凝土设备 and 搅拌机械 with every button.
      ...(['concDevice', 'deviceMachine'] as const).flatMap((g) => [
        `deviceLedger.${g}`,
        ...['search', 'add', 'edit', 'delete', 'export', ...(g === 'concDevice' ? ['audit'] : [])].map((b) => `deviceLedger.${g}:${b}`),
      ]),
      // Its tankers' 车载定位 terminals are 监测设备 of its project (a tanker car's 定位设备 picks one).
      'deviceManagement.monitorDevice', 'deviceManagement.monitorDevice:search', 'deviceManagement.monitorDevice:add', 'deviceManagement.monitorDevice:edit',
    ],
    areas: { concretePlant: 'all' },
  },
  {
    key: 'plantDispatcher',
    company: 'concrete',
    name: '搅拌站调度员',
    // 监测设备 to read: binding a tanker car to its 车载定位 terminal picks one.
    grants: [...VIEW_COMMON, 'deviceManagement.monitorDevice', 'deviceManagement.monitorDevice:search'],
    areas: { concretePlant: ['search', 'add', 'edit', 'export'] },
  },
];

export const ROLE_GROUPS: ReadonlyArray<{ name: string; company?: string; roles: readonly string[] }> = [
  { name: '管理组', roles: ['admin', 'enterpriseAdmin'] },
  { name: '查看组', company: 'group', roles: ['enterpriseViewer', 'supervisor'] },
  { name: '项目组', company: 'build', roles: ['projectManager', 'projectMember'] },
];

export const USERS: readonly UserSeed[] = [
  { userName: 'sysadmin', realName: '王建国', mobile: '13890510001', email: 'sysadmin@njjg.com.cn', authType: '0', orgAuthority: 1, systemAdmin: true, memberships: [{ company: 'group', role: 'admin', department: '信息中心' }] },
  { userName: 'qiye01', realName: '李明', mobile: '13890510002', email: 'liming@njjg.com.cn', authType: '0', orgAuthority: 1, memberships: [{ company: 'group', role: 'enterpriseAdmin', department: '工程管理部' }] },
  { userName: 'qiye02', realName: '陈静', mobile: '13890510003', email: 'chenjing@njjg.com.cn', authType: '0', orgAuthority: 1, memberships: [{ company: 'group', role: 'enterpriseViewer', department: '设备物资部' }] },
  { userName: 'jianguan01', realName: '赵磊', mobile: '13890510004', email: 'zhaolei@njzjj.gov.cn', authType: '1', orgAuthority: 1, areaCode: '511000', memberships: [{ company: 'government', role: 'supervisor', department: '建筑市场监管科' }] },
  { userName: 'xiangmu01', realName: '刘洋', mobile: '13890510005', email: 'liuyang@njjg.com.cn', authType: '2', orgAuthority: 1, memberships: [{ company: 'build', role: 'projectManager', department: '第一项目部' }], projects: ['NJJG-2024-001', 'NJJG-2023-007', 'NJJG-2022-011'] },
  { userName: 'xiangmu02', realName: '黄丽', mobile: '13890510006', email: 'huangli@njjg.com.cn', authType: '2', orgAuthority: 1, memberships: [{ company: 'road', role: 'projectMember', department: '汉渝大道项目部' }], projects: ['NJJG-2024-002'] },
  {
    userName: 'duogongsi', realName: '周强', mobile: '13890510007', email: 'zhouqiang@njjg.com.cn', authType: '0', orgAuthority: 1,
    memberships: [
      { company: 'group', role: 'enterpriseAdmin', department: '总经理办公室' },
      { company: 'supervision', role: 'supervisionEngineer', department: '总监办' },
    ],
    watch: ['concrete', 'road'],
  },
  { userName: 'wuquanxian', realName: '孙芳', mobile: '13890510008', email: 'sunfang@njjg.com.cn', authType: '0', orgAuthority: 0, memberships: [{ company: 'group', role: 'enterpriseViewer', department: '综合办公室' }] },
  { userName: 'jiaobanzhan01', realName: '郑海波', mobile: '13890510009', email: 'zhenghaibo@njhdsp.com', authType: '0', orgAuthority: 1, memberships: [{ company: 'concrete', role: 'plantManager', department: '生产调度部' }] },
  { userName: 'diaodu01', realName: '罗晓燕', mobile: '13890510010', email: 'luoxiaoyan@njhdsp.com', authType: '0', orgAuthority: 1, memberships: [{ company: 'concrete', role: 'plantDispatcher', department: '生产调度部' }] },
];

export const NOTICES: readonly NoticeSeed[] = [
  { title: '关于开展2025年度建筑施工安全生产大检查的通知', content: '各单位：为切实做好建筑施工安全生产工作，市住建局将于本月开展安全生产大检查，请各项目部提前做好自查自纠。', publisher: '内江市住房和城乡建设局', publishedAt: '2025-03-03T09:00:00+08:00' },
  { title: '平台系统升级维护公告', content: '平台将于本周六 22:00 至次日 02:00 进行系统升级维护，期间暂停服务，请提前保存数据。', publisher: '信息中心', publishedAt: '2025-04-12T10:30:00+08:00' },
  { title: '关于加强汛期施工安全管理的通知', content: '汛期将至，各在建项目须做好基坑、边坡、临时用电及塔吊等设备的防汛检查，落实值班制度。', publisher: '内江建工集团有限公司', publishedAt: '2025-05-20T08:45:00+08:00', company: 'group' },
  { title: '商品混凝土质量专项抽检结果通报', content: '本次专项抽检共检查搅拌站 6 家，合格率 100%，请各站继续加强原材料进场检验。', publisher: '内江华鼎商品混凝土有限公司', publishedAt: '2025-06-16T15:20:00+08:00' },
  { title: '关于规范农民工实名制管理的通知', content: '请各项目部按要求完成农民工实名制登记与考勤设备接入，确保工资按月足额发放。', publisher: '内江市住房和城乡建设局', publishedAt: '2025-07-08T11:00:00+08:00' },
];

/** The oldest notices are already read by every demo user; the rest are unread (badge > 0). */
export const READ_NOTICE_COUNT = 2;
