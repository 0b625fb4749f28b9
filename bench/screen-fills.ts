// The row generators and the endpoint → main table map of bench/screens.ts. A generator adds rows n..m
// (generate_series numbers, unique within a run) to its main table in one INSERT … SELECT: each row falls
// on a moment of the last 400 days (spread by a multiplicative hash) and on one row of the table's "pool",
// the seeded rows its joins need (a project and its company, a real device, worker, truck, tanker…).
// Every expression is a constant of this file; table and column names are checked against the database
// at start (bench/screens.ts), so a renamed column stops the run instead of measuring an empty screen.
import { sql, type RawBuilder } from 'kysely';

/** A column and the SQL that fills it, over `s` (g: the number, at: the moment, d: its China day) and `pool`. */
type Values = ReadonlyArray<readonly [column: string, expression: string]>;

export type Fill = {
  /** The main table, whose row count the run brings to BENCH_ROWS. */
  table: string;
  /** Project-scoped (project_id) or company-scoped (company_id, the plant's tables). */
  scope: 'project' | 'company';
  /** The tables and columns the statement writes, for the start's check. */
  writes: ReadonlyArray<{ table: string; values: Values }>;
  /** The rows generated rows are spread over: a select with `i` (0…n-1) first. */
  pool: string;
  /** The statement adding rows `from`..`to` over a pool of `n` rows. */
  insert: (from: number, to: number, n: number) => RawBuilder<unknown>;
  /** The raw aggregate over every row in scope (`scope`: a condition on the main table's alias `r`). */
  raw: (scope: RawBuilder<boolean>) => RawBuilder<unknown>;
};

const DAYS = 400;
/** A moment of the last 400 days for number g (7919 is prime to the span: every second is hit once). */
const AT = `now() - ((g::bigint * 7919) % ${DAYS * 86_400}) * interval '1 second'`;
const series = (from: number, to: number) =>
  sql`(select g, at, (at at time zone 'Asia/Shanghai')::date as d
    from (select g, ${sql.raw(AT)} as at from generate_series(${from}::int, ${to}::int) g) x) s`;

const insertSelect = (table: string, values: Values, source: RawBuilder<unknown>) =>
  sql`insert into ${sql.table(table)} (${sql.join(values.map(([c]) => sql.id(c)))})
    select ${sql.join(values.map(([, e]) => sql.raw(e)))} from ${source}`;

/** One statement: `with pool as (…) insert … select … from s join pool`. */
function simple(table: string, pool: string, values: Values, raw: Fill['raw'], scope: Fill['scope'] = 'project'): Fill {
  return {
    table,
    scope,
    writes: [{ table, values }],
    pool,
    insert: (from, to, n) => sql`with pool as (${sql.raw(pool)}) ${insertSelect(table, values, sql`${series(from, to)} join pool on pool.i = s.g % ${n}::int`)}`,
    raw,
  };
}

/** `select count(*), <China day> from <table> r where <scope> group by 2`. */
const byDay = (table: string, time: string, opts: { date?: boolean; ifDel?: boolean } = {}) => (scope: RawBuilder<boolean>) =>
  sql`select count(*) as n, ${opts.date ? sql.ref(`r.${time}`) : sql`(${sql.ref(`r.${time}`)} at time zone 'Asia/Shanghai')::date`} as day
    from ${sql.table(table)} r where ${scope} ${opts.ifDel ? sql`and r.if_del = 0` : sql``} group by 2`;

const PROJECTS = `select row_number() over (order by id) - 1 as i, id as project_id, company_id from projects`;
const devicesOf = (where: string) => `select row_number() over (order by d.id) - 1 as i, d.project_id, p.company_id, d.device_code
  from monitor_device d join projects p on p.id = d.project_id where d.if_del = 0 and ${where}`;
const OWNER: Values = [['project_id', 'pool.project_id'], ['company_id', 'pool.company_id']];
const kindOf = (kinds: readonly string[], spread = 7) => `(array[${kinds.map((k) => `'${k}'`).join(', ')}])[1 + (g / ${spread}) % ${kinds.length}]`;
const ALARM_KINDS = ['pm10', 'pm25', 'noise', 'tsp', 'craneLoad', 'craneMoment', 'wind', 'tilt', 'gas', 'aiEvent', 'offline', 'sampleFail'];
/** The rows still open: ~1 %. */
const OPEN = 'g % 100 = 0';
/** The handling columns of an alarm or AI event: ~1 % open, the rest handled by `who` `minutes` after it. */
const handled = (who: string, minutes: number): Values => [
  ['handle_status', `case when ${OPEN} then '0' else '2' end`],
  ['handler', `case when ${OPEN} then null else '${who}' end`],
  ['handled_at', `case when ${OPEN} then null else s.at + interval '${minutes} minutes' end`],
];
/** A batch's largest deviation from its set weights (as bench/plant.ts). */
const DEVIATION = `(case when g % 33 = 0 then 0.025 + (g % 7) / 200.0 else ((g::bigint * 7919) % 100 - 50) / 10000.0 end)`;

export const FILLS: readonly Fill[] = [
  simple(
    'attendance_record',
    `select row_number() over (order by w.id) - 1 as i, w.project_id, p.company_id, w.id as worker_id, w.worker_name, w.team_name, w.job_type
      from worker w join projects p on p.id = w.project_id where w.if_del = 0`,
    [
      ...OWNER,
      ['worker_id', 'pool.worker_id'],
      ['worker_name', 'pool.worker_name'],
      ['team_name', 'pool.team_name'],
      ['job_type', 'pool.job_type'],
      ['work_date', 's.d'],
      ['in_time', `least((s.d + time '07:00') at time zone 'Asia/Shanghai' + (g % 120) * interval '1 minute', now())`],
      ['out_time', `case when (s.d + time '16:00') at time zone 'Asia/Shanghai' + (g % 120) * interval '1 minute' <= now()
        then (s.d + time '16:00') at time zone 'Asia/Shanghai' + (g % 120) * interval '1 minute' end`],
      ['device_name', `'东门闸机'`],
      ['work_hours', '8 + (g % 3) * 0.5'],
    ],
    byDay('attendance_record', 'work_date', { date: true }),
  ),
  simple(
    'monitor_alarm',
    devicesOf(`d.device_kind not in ('video', 'gps')`),
    [
      ...OWNER,
      ['device_code', 'pool.device_code'],
      ['alarm_time', 's.at'],
      ['alarm_kind', kindOf(ALARM_KINDS)],
      ['alarm_level', `(1 + (g / 3) % 3)::text`],
      ['message', `'压测告警 ' || ${kindOf(ALARM_KINDS)}`],
      ['value', '100 + g % 50'],
      ['threshold', '100'],
      ['handled', `not (${OPEN})`],
      ...handled('值班员', 30),
    ],
    byDay('monitor_alarm', 'alarm_time'),
  ),
  simple(
    'hazard',
    PROJECTS,
    [
      ...OWNER,
      ['if_del', '0'],
      ['hazard_no', `'BN-YH-' || g`],
      ['hazard_type', `(1 + (g / 3) % 11)::text`],
      ['level', `(1 + (g / 7) % 3)::text`],
      ['check_kind', `(1 + (g / 5) % 6)::text`],
      ['description', `'压测隐患 ' || g`],
      ['location', `'施工现场'`],
      ['found_at', 's.at'],
      ['finder', `'安全员'`],
      ['rectify_deadline', 's.d + 7'],
      ['rectifier', `'整改负责人'`],
      // 2 % not yet closed (待整改, 整改中, 待复查), the rest closed within three days.
      ['status', `case when g % 50 = 0 then (1 + (g / 50) % 3)::text else '4' end`],
      ['closed_at', `case when g % 50 = 0 then null else least(s.at + interval '3 days', now()) end`],
    ],
    byDay('hazard', 'found_at', { ifDel: true }),
  ),
  simple(
    'vehicle_passage',
    PROJECTS,
    [
      ...OWNER,
      ['plate_no', `'川K' || lpad((g % 90000)::text, 5, '0')`],
      ['vehicle_type', kindOf(['1', '2', '3', '4', '9'], 5)],
      ['direction', `case when g % 2 = 0 then 'in' else 'out' end`],
      ['pass_time', 's.at'],
      ['gate_name', `'东门'`],
      ['washed', 'true'],
      ['upload_status', `case when g % 50 = 0 then '2' else '1' end`],
    ],
    byDay('vehicle_passage', 'pass_time'),
  ),
  simple(
    'env_reading',
    devicesOf(`d.device_kind in ('dust', 'noise')`),
    [
      ...OWNER,
      ['device_code', 'pool.device_code'],
      ['reading_time', 's.at'],
      ['pm25', '20 + g % 60'],
      ['pm10', '40 + g % 120'],
      ['tsp', '80 + g % 150'],
      ['noise', '45 + g % 30'],
      ['temperature', '5 + g % 30'],
      ['humidity', '40 + g % 50'],
      ['pressure', '1000 + g % 30'],
      ['wind_speed', '(g % 80) / 10.0'],
      ['wind_direction', 'g % 360'],
    ],
    byDay('env_reading', 'reading_time'),
  ),
  simple(
    'crane_reading',
    devicesOf(`d.device_kind in ('towerCrane', 'lift')`),
    [
      ...OWNER,
      ['device_code', 'pool.device_code'],
      ['reading_time', 's.at'],
      ['load_ratio', 'g % 95'],
      ['moment_ratio', '(g * 3) % 95'],
      ['height', '30 + g % 60'],
      ['radius', '10 + g % 50'],
      ['wind_speed', '(g % 100) / 10.0'],
      ['tilt', '(g % 20) / 10.0'],
      ['floor', '1 + g % 30'],
      ['load_kg', '500 + g % 5000'],
    ],
    byDay('crane_reading', 'reading_time'),
  ),
  simple(
    'tunnel_position',
    `select row_number() over (order by t.id, d.id) - 1 as i, t.project_id, p.company_id, t.tag_code, d.device_code
      from position_tag t join projects p on p.id = t.project_id
      join monitor_device d on d.project_id = t.project_id and d.device_kind = 'positioning' and d.if_del = 0
      where t.if_del = 0`,
    [
      ...OWNER,
      ['device_code', 'pool.device_code'],
      ['reading_time', 's.at'],
      ['tag_code', 'pool.tag_code'],
      ['direction', `case when g % 2 = 0 then 'in' else 'out' end`],
    ],
    byDay('tunnel_position', 'reading_time'),
  ),
  simple(
    'ai_event',
    // The AI cameras (…-VIDEO-AI-nn), else every camera.
    devicesOf(`d.device_kind = 'video' and (d.device_code like '%-AI-%'
      or not exists (select 1 from monitor_device x where x.if_del = 0 and x.device_kind = 'video' and x.device_code like '%-AI-%'))`),
    [
      ...OWNER,
      ['device_code', 'pool.device_code'],
      ['event_time', 's.at'],
      ['event_type', kindOf(['helmet', 'vest', 'smoking', 'fire', 'intrusion', 'climbing'], 3)],
      ['message', `'压测AI识别事件'`],
      ...handled('安全员', 20),
    ],
    byDay('ai_event', 'event_time'),
  ),
  simple(
    'witness_sample',
    PROJECTS,
    [
      ...OWNER,
      ['if_del', '0'],
      ['sample_no', `'BN-JZ-' || g`],
      ['material_kind', `(1 + (g / 3) % 10)::text`],
      ['specification', `'C30'`],
      ['location', `'压测部位'`],
      ['quantity', '3'],
      ['unit', `'组'`],
      ['sampler', `'取样员'`],
      ['witness', `'见证员'`],
      ['sampled_at', 's.at'],
      ['seal_no', `'BN-FY-' || g`],
      ['institution', kindOf(['NJJC', 'HXJC', 'ZCJC'])],
      // 5 % still in the lab (已取样, 已送检, 检测中); reported ones 2 % unqualified.
      ['status', `case when g % 20 = 0 then (1 + (g / 20) % 3)::text else '4' end`],
      ['sent_at', `s.at + interval '2 hours'`],
      ['report_no', `case when g % 20 = 0 then null else 'BN-BG-' || g end`],
      ['report_date', `case when g % 20 = 0 then null else least(s.d + 7, current_date) end`],
      ['conclusion', `case when g % 20 = 0 then null when g % 50 = 1 then '2' else '1' end`],
    ],
    byDay('witness_sample', 'sampled_at', { ifDel: true }),
  ),
  simple(
    'spoil_trip',
    `select row_number() over (order by k.id) - 1 as i, k.project_id, p.company_id, k.id as truck_id, k.plate_no, st.id as site_id, pm.id as permit_id
      from spoil_truck k join projects p on p.id = k.project_id
      left join lateral (select id from spoil_site where project_id = k.project_id and if_del = 0 order by id limit 1) st on true
      left join lateral (select id from spoil_permit where project_id = k.project_id and if_del = 0 order by id limit 1) pm on true
      where k.if_del = 0`,
    [
      ...OWNER,
      ['if_del', '0'],
      ['trip_no', `'BN-ZT-' || g`],
      ['truck_id', 'pool.truck_id::text'],
      ['plate_no', 'pool.plate_no'],
      ['permit_id', 'pool.permit_id::text'],
      ['exit_time', 's.at'],
      ['gate_name', `'东门'`],
      ['wash_result', `case when g % 30 = 0 then '2' else '1' end`],
      ['weight', '20 + g % 10'],
      ['site_id', 'pool.site_id::text'],
      ['arrived_at', `case when s.at + interval '40 minutes' <= now() then s.at + interval '40 minutes' end`],
      ['violation_count', '0'],
      ['status', `case when s.at + interval '40 minutes' <= now() then '2' else '1' end`],
    ],
    byDay('spoil_trip', 'exit_time', { ifDel: true }),
  ),
  siteChecks(),
  simple(
    'dispatch_trip',
    `select row_number() over (order by c.id, t.id) - 1 as i, c.company_id, c.id as car_id, c.driver_name, t.id as task_id, t.order_id
      from tanker_car c join production_task t on t.company_id = c.company_id and t.if_del = 0 where c.if_del = 0`,
    [
      ['company_id', 'pool.company_id'],
      ['if_del', '0'],
      ['trip_no', `'BN-FH-' || g`],
      ['task_id', 'pool.task_id::text'],
      ['order_id', 'pool.order_id'],
      ['car_id', 'pool.car_id::text'],
      ['driver_name', 'pool.driver_name'],
      ['volume', '12'],
      ['left_at', 's.at'],
      ['arrived_at', `s.at + interval '40 minutes'`],
      ['pour_start_at', `s.at + interval '50 minutes'`],
      ['pour_end_at', `s.at + interval '80 minutes'`],
      ['returned_at', `s.at + interval '2 hours'`],
      ['status', `case when g % 50 = 0 then '4' else '3' end`],
      ['received_volume', `case when g % 50 = 0 then 0 else 12 end`],
      ['signer', `'签收人'`],
      ['signed_at', `s.at + interval '85 minutes'`],
    ],
    byDay('dispatch_trip', 'left_at', { ifDel: true }),
    'company',
  ),
  // As bench/plant.ts: 50 batches a task, 3 tasks an order, 3 % past the tolerance (task and order ids are not the seeded ones).
  simple(
    'batch_record',
    `select row_number() over (order by id) - 1 as i, company_id from plant_setting`,
    [
      ['company_id', 'pool.company_id'],
      ['task_id', '(1000000 + g / 50)::text'],
      ['order_id', '(2000000 + g / 150)::text'],
      ['line_no', '(1 + g % 2)::text'],
      ['strength_grade', `(array['C25','C30','C35','C40','C50'])[1 + (g / 50) % 5]`],
      ['batch_no', '1 + g % 50'],
      ['batch_time', 's.at'],
      ['volume', '2'],
      ...([['cement', 720, 1], ['fly_ash', 140, 0], ['slag', 120, 0], ['sand', 1560, 3], ['stone', 2100, 0], ['water', 330, 0], ['admixture', 9.6, 0]] as const).flatMap(
        ([kind, set, spread]) =>
          [
            [`${kind}_set`, String(set)],
            [`${kind}_actual`, spread ? `${set} * (1 + ${DEVIATION} / ${spread})` : String(set)],
          ] as const,
      ),
      ['max_deviation', `round((abs(${DEVIATION}) * 100)::numeric, 2)`],
      ['alarm', `abs(${DEVIATION}) > 0.02`],
    ],
    byDay('batch_record', 'batch_time'),
    'company',
  ),
];

/** 现场检查: one check (numbered from `from` on) for every five items, 10 % of the items failed (result 2). */
function siteChecks(): Fill {
  const checks: Values = [
    ...OWNER,
    ['if_del', '0'],
    ['check_no', `'BN-JC-' || g`],
    ['category', `(1 + g % 2)::text`],
    ['check_kind', `(1 + (g / 3) % 6)::text`],
    ['check_method', `(1 + (g / 5) % 3)::text`],
    ['check_date', 's.d'],
    ['inspector', `'检查员'`],
    ['location', `'施工现场'`],
    ['summary', `'压测检查'`],
  ];
  const items: Values = [
    ['project_id', 'c.project_id'],
    ['company_id', 'c.company_id'],
    ['if_del', '0'],
    ['check_id', 'c.id::text'],
    ['item_name', `(array['钢筋保护层厚度','模板支撑体系','临边防护','施工用电','脚手架搭设'])[k]`],
    ['standard', `'GB 50204-2015'`],
    ['result', `case when (c.id + k) % 10 = 0 then '2' else '1' end`],
    ['problem', `case when (c.id + k) % 10 = 0 then '压测问题' else '' end`],
    ['seq', 'k'],
  ];
  return {
    table: 'site_check_item',
    scope: 'project',
    writes: [
      { table: 'site_check', values: checks },
      { table: 'site_check_item', values: items },
    ],
    pool: PROJECTS,
    insert: (from, to, n) => sql`with pool as (${sql.raw(PROJECTS)}),
      c as (${insertSelect('site_check', checks, sql`${series(from, from + Math.ceil((to - from + 1) / 5) - 1)} join pool on pool.i = s.g % ${n}::int`)}
        returning id, project_id, company_id)
      ${insertSelect('site_check_item', items, sql`c cross join generate_series(1, 5) k`)}`,
    raw: (scope) => sql`select count(*) as n, s.check_date as day
      from site_check_item r join site_check s on s.id::text = r.check_id and s.if_del = 0
      where ${scope} and r.if_del = 0 group by 2`,
  };
}

/** A screen endpoint and the main tables it reads history from (first the main one); none: small tables only. */
export type Endpoint = { name: string; method: 'GET' | 'POST'; path: string; tables: readonly string[] };

const A = 'attendance_record';
const M = 'monitor_alarm';
const H = 'hazard';
const V = 'vehicle_passage';
const E = 'env_reading';
const C = 'crane_reading';

/** Per SCREENS entry of server/screens/routes.ts (decided from server/screens/*.ts), plus the other screen routes. */
export const SCREEN_TABLES: Readonly<Record<string, readonly string[]>> = {
  ProjectManagements: [],
  BuildPersonnel: [A],
  VideoMonitor: [],
  Danger: [M, C],
  QualitySafety: [H],
  Environment: [E, M],
  Vehicle: [V],
  Tested: [M],
  Report: [A, M, H, V],
  Warning: [M, H],
  SupervisoryOverview: [M, A, H],
  SupervisoryPersonnel: [A],
  ConcretePlant: ['batch_record', 'dispatch_trip'],
  DeviceCount: [M, E, C],
  DangersTower: [M, C],
  ProjectOverview: [A, M, H, E],
  Testing: ['witness_sample', M],
  Slag: ['spoil_trip', V],
  ProjectCar: [V, 'spoil_trip'],
  SiteChecks: ['site_check_item', H],
  EnvironMonitoring: [E, M],
  GreenConstruction: [E],
  ScheduleManagement: [],
  ProjectPersonnel: [A],
  PlatformWarning: [M, H],
  Engineering: [],
  Tunnel: ['tunnel_position', M],
  AiRecognition: ['ai_event'],
};

/** The screen routes outside SCREENS, by the last part of their path (routes.ts SCREEN_PATHS). */
export const OTHER_ENDPOINTS: ReadonlyArray<{ key: 'enterpriseOverview' | 'devices' | 'online' | 'maintenance' | 'roster'; method: 'GET' | 'POST'; tables: readonly string[] }> = [
  { key: 'enterpriseOverview', method: 'GET', tables: [M, E] },
  { key: 'devices', method: 'GET', tables: [M] },
  { key: 'online', method: 'GET', tables: [M] },
  { key: 'maintenance', method: 'POST', tables: [] },
  // The roster page reads today's attendance rows.
  { key: 'roster', method: 'GET', tables: [A] },
];
