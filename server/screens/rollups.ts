// Rollups of the history the screens aggregate (issue 15, "statistics stay fast as data grows"): per project
// and China-time day — attendance person-days and hours, alarms by kind, vehicle entries and exits, hazards
// found and closed, open hazards by deadline, checks, samples sampled and reported — and per project over all
// history (no day) — hazards by status, type, level and check kind, checks by kind and method, failing check
// items by name, samples by status, institution and material, AI events by camera; and per company and day
// for a company's own records (a ready-mix plant's batches: volume, alarms, materials). Maintained on write by statement-level
// triggers on the raw tables (one upsert per statement from its transition table, so a batch of readings
// costs one aggregate, and every writer — the engine's CRUD, device ingestion, the simulator, imports, the
// seed — is covered without knowing about them); a rollup over a child table may key on its parent row
// (a check item by its check's category), with triggers on both tables. A few counts are kept in a column of
// the parent row instead (COUNTERS: a check's failing items), so rollups of the parent can read them.
// Rebuilt from the raw rows when a rollup table is new or its definition changed (ROLLUP_VERSION), and on
// demand (`rebuildRollups`). The raw rows stay the truth: a rebuild gives the same figures
// (tests/server/rollups.test.ts).
// Identifiers come only from the definitions below and the checked entity schemas, quoted with sql.id.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Catalog } from '../platform/catalog';
import { HAZARD_CLOSED } from './quality-safety';
import { AI_HANDLED } from './ai-recognition';
import { CHECK_ITEM_FAILED } from './site-checks';
import { MATERIAL_COLUMNS } from './plant-aggregates';
import { ENV_LIMITS } from '../devices/limits';
import { SAMPLE_REPORTED, SAMPLE_UNQUALIFIED } from './testing';

/** Bump when a definition changes (ENV_LIMITS included): the rollups are rebuilt at the next start. */
export const ROLLUP_VERSION = 7;

type Measure = { column: string; value: string };
type RollupDef = {
  /** The rollup table. */
  table: string;
  /** The entity whose table is the source (schemas/entities); its row is `r` in the expressions. */
  entity: string;
  /**
   * The column the rollup is kept per, of the source (or its parent): the project (default), or the company
   * for records that belong to a company rather than a project (a ready-mix plant's batches).
   */
  scope?: 'project_id' | 'company_id';
  /**
   * The parent each source row belongs to (a master–detail child's parent): its entity, row `p` in the
   * expressions (qualify every column then), the source column holding the parent's id as text, and the
   * parent's columns the rollup reads (an update of the parent moves its children only when one changed).
   * The child's key column needs an index (a parent's write reads its children along it).
   * The rollup's project (scope) is the parent's.
   */
  parent?: { entity: string; key: string; columns: string[] };
  /** Key columns besides the scope and day: name → expression over the source row. */
  keys: Record<string, string>;
  /** The China-time day of a row; none: the rollup is over all history, per project and keys. */
  day?: string;
  /** Additive measures: column → per-row value (count = 1). */
  measures: Measure[];
  /** Rows that count. */
  where: string;
};

/** A checked entity table name, quoted (the sync creates them from pattern-validated schemas). */
const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const CST_DAY = (column: string) => `(${column} at time zone 'Asia/Shanghai')::date`;
/** A row count where `condition` holds. */
const countIf = (condition: string) => `case when ${condition} then 1 else 0 end`;
/** A parent id held as text (a child's parentField), as the parent's bigint id; null when it is none. */
const idOf = (text: string) => `(case when ${text} ~ '^[1-9][0-9]{0,17}$' then (${text})::bigint end)`;
const CST_HOUR = (column: string) => `extract(hour from ${column} at time zone 'Asia/Shanghai')`;
/** 1 when the reading's value is over the limit, else 0 (a missing value is not over). */
const over = (value: string, limit: string) => `case when ${value} > ${limit} then 1 else 0 end`;
/** The env_reading metrics whose daily averages rollup_env_day holds. */
export const ENV_METRICS = ['pm25', 'pm10', 'tsp', 'noise'] as const;
/** The noise limit of a reading's China-time hour: day (06–22) or night (environ-monitoring.ts). */
const NOISE_LIMIT_SQL = `case when ${CST_HOUR('reading_time')} >= 6 and ${CST_HOUR('reading_time')} < 22 then ${ENV_LIMITS.noiseDay} else ${ENV_LIMITS.noiseNight} end`;

export const ROLLUPS: readonly RollupDef[] = [
  {
    table: 'rollup_attendance_day',
    entity: 'AttendanceRecord',
    keys: {},
    day: 'work_date',
    measures: [
      { column: 'person_days', value: '1' },
      { column: 'hours', value: 'coalesce(work_hours, 0)' },
    ],
    where: 'project_id is not null and work_date is not null',
  },
  {
    table: 'rollup_alarm_day',
    entity: 'Alarm',
    keys: { kind: "coalesce(alarm_kind, '')" },
    day: CST_DAY('alarm_time'),
    // All, unhandled and handled (alarms.ts alarmTallies: the warning screens' counts).
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_open', value: 'case when handled = false then 1 else 0 end' },
      { column: 'n_handled', value: 'case when handled then 1 else 0 end' },
    ],
    where: 'project_id is not null and alarm_time is not null',
  },
  {
    // The unhandled alarms of all history per project, kind and level: a counter, not per day (the day is a
    // constant), so reading it costs the same after years of alarms (alarms.ts openAlarms).
    table: 'rollup_alarm_open',
    entity: 'Alarm',
    keys: { kind: "coalesce(alarm_kind, '')", level: "coalesce(alarm_level, '')" },
    day: "date '2000-01-01'",
    measures: [{ column: 'n', value: '1' }],
    where: 'handled = false and project_id is not null and alarm_time is not null',
  },
  {
    table: 'rollup_vehicle_day',
    entity: 'VehiclePassage',
    keys: {},
    day: CST_DAY('pass_time'),
    measures: [
      { column: 'n_in', value: "case when direction = 'in' then 1 else 0 end" },
      { column: 'n_out', value: "case when direction = 'out' then 1 else 0 end" },
    ],
    where: 'project_id is not null and pass_time is not null',
  },
  {
    table: 'rollup_hazard_found_day',
    entity: 'Hazard',
    keys: {},
    day: CST_DAY('found_at'),
    measures: [{ column: 'n', value: '1' }],
    where: 'if_del = 0 and project_id is not null and found_at is not null',
  },
  {
    table: 'rollup_hazard_closed_day',
    entity: 'Hazard',
    keys: {},
    day: CST_DAY('closed_at'),
    measures: [{ column: 'n', value: '1' }],
    where: `if_del = 0 and status = '${HAZARD_CLOSED}' and project_id is not null and closed_at is not null`,
  },
  // Open hazards by rectification deadline (none: infinity): the overdue ones are those due before today.
  {
    table: 'rollup_hazard_open_day',
    entity: 'Hazard',
    keys: {},
    day: "coalesce(rectify_deadline, 'infinity'::date)",
    measures: [{ column: 'n', value: '1' }],
    where: `if_del = 0 and project_id is not null and status <> '${HAZARD_CLOSED}'`,
  },
  {
    table: 'rollup_hazard_by_type',
    entity: 'Hazard',
    keys: { status: "coalesce(status, '')", hazard_type: "coalesce(hazard_type, '')" },
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_open', value: countIf(`status <> '${HAZARD_CLOSED}'`) },
      { column: 'n_closed', value: countIf(`status = '${HAZARD_CLOSED}'`) },
      { column: 'n_on_time', value: countIf(`status = '${HAZARD_CLOSED}' and closed_at is not null and ${CST_DAY('closed_at')} <= rectify_deadline`) },
    ],
    where: 'if_del = 0 and project_id is not null',
  },
  {
    table: 'rollup_hazard_by_level',
    entity: 'Hazard',
    keys: { level: "coalesce(level, '')", check_kind: "coalesce(check_kind, '')" },
    measures: [{ column: 'n', value: '1' }],
    where: 'if_del = 0 and project_id is not null',
  },
  // Checks with their failing items (the check's failed_count, COUNTERS).
  {
    table: 'rollup_site_check',
    entity: 'SiteCheck',
    keys: { category: "coalesce(category, '')", check_kind: "coalesce(check_kind, '')", check_method: "coalesce(check_method, '')" },
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_failed', value: countIf('failed_count > 0') },
      { column: 'failed_items', value: 'coalesce(failed_count, 0)' },
    ],
    where: 'if_del = 0 and project_id is not null',
  },
  {
    table: 'rollup_site_check_day',
    entity: 'SiteCheck',
    keys: { category: "coalesce(category, '')" },
    day: 'check_date',
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_failed', value: countIf('failed_count > 0') },
    ],
    where: 'if_del = 0 and project_id is not null and check_date is not null',
  },
  {
    table: 'rollup_check_item_failed',
    entity: 'SiteCheckItem',
    parent: { entity: 'SiteCheck', key: 'check_id', columns: ['project_id', 'category', 'if_del'] },
    keys: { category: "coalesce(p.category, '')", item_name: "coalesce(r.item_name, '')" },
    measures: [{ column: 'n', value: '1' }],
    where: `r.if_del = 0 and r.result = '${CHECK_ITEM_FAILED}' and p.if_del = 0 and p.project_id is not null`,
  },
  {
    table: 'rollup_sample',
    entity: 'WitnessSample',
    keys: { status: "coalesce(status, '')", institution: "coalesce(institution, '')", material_kind: "coalesce(material_kind, '')" },
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_reported', value: countIf(`status = '${SAMPLE_REPORTED}'`) },
      { column: 'n_unqualified', value: countIf(`status = '${SAMPLE_REPORTED}' and conclusion = '${SAMPLE_UNQUALIFIED}'`) },
    ],
    where: 'if_del = 0 and project_id is not null',
  },
  {
    table: 'rollup_sample_day',
    entity: 'WitnessSample',
    keys: {},
    day: CST_DAY('sampled_at'),
    measures: [{ column: 'n', value: '1' }],
    where: 'if_del = 0 and project_id is not null and sampled_at is not null',
  },
  {
    table: 'rollup_sample_report_day',
    entity: 'WitnessSample',
    keys: {},
    day: 'report_date',
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_unqualified', value: countIf(`conclusion = '${SAMPLE_UNQUALIFIED}'`) },
    ],
    where: `if_del = 0 and project_id is not null and status = '${SAMPLE_REPORTED}' and report_date is not null`,
  },
  {
    // Dust and noise readings and those over the fixed limits (ENV_LIMITS; noise by the China-time hour):
    // the 项目数据大屏 › 环境监测 exceedance days (environ-monitoring.ts); the daily averages of the
    // environment screens (environment.ts). The limits are part of the definition: change them and
    // ROLLUP_VERSION together.
    table: 'rollup_env_day',
    entity: 'EnvReading',
    keys: {},
    day: CST_DAY('reading_time'),
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_pm25_over', value: over('pm25', String(ENV_LIMITS.pm25)) },
      { column: 'n_pm10_over', value: over('pm10', String(ENV_LIMITS.pm10)) },
      { column: 'n_noise_over', value: over('noise', NOISE_LIMIT_SQL) },
      // Per metric the readings with a value and their exact sum (numeric), for the daily averages (environment.ts).
      ...ENV_METRICS.flatMap((m) => [
        { column: `n_${m}`, value: `case when ${m} is null then 0 else 1 end` },
        { column: `sum_${m}`, value: `coalesce(${m}::numeric, 0)` },
      ]),
    ],
    where: 'project_id is not null and reading_time is not null',
  },
  // AI events per camera over all history: which cameras have ever recognised (ai-recognition.ts), without a
  // probe into the events whose plan PostgreSQL misjudges (a full scan per camera that has none).
  {
    table: 'rollup_ai_device',
    entity: 'AiEvent',
    keys: { device_code: "coalesce(device_code, '')" },
    measures: [{ column: 'n', value: '1' }],
    where: 'project_id is not null',
  },
  // AI events per camera and China-time day, with the handled ones: the AI screen's week (ai-recognition.ts)
  // reads the days before today from here.
  {
    table: 'rollup_ai_day',
    entity: 'AiEvent',
    keys: { device_code: "coalesce(device_code, '')" },
    day: CST_DAY('event_time'),
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_handled', value: countIf(`handle_status = '${AI_HANDLED}'`) },
    ],
    where: 'project_id is not null and event_time is not null',
  },
  // A ready-mix plant's batches per company and China-time day: the plant screens' volumes, daily trend and
  // material consumption (plant-aggregates.ts batchDays) read the days before today from here. Weights in kg,
  // summed as numeric (exact, as the raw rows' numeric sums).
  {
    table: 'rollup_batch_day',
    entity: 'BatchRecord',
    scope: 'company_id',
    keys: {},
    day: CST_DAY('batch_time'),
    measures: [
      { column: 'n', value: '1' },
      { column: 'n_alarm', value: countIf('alarm') },
      { column: 'volume', value: 'coalesce(volume::numeric, 0)' },
      ...MATERIAL_COLUMNS.flatMap(({ column }) =>
        ['set', 'actual'].map((side) => ({ column: `${column}_${side}`, value: `coalesce(${column}_${side}::numeric, 0)` })),
      ),
    ],
    where: 'company_id is not null and batch_time is not null',
  },
];

type CounterDef = {
  /** The parent entity and its integer column kept. */
  entity: string;
  column: string;
  /** The child entity (row `r`), its column holding the parent's id as text, and the child rows counted. */
  child: string;
  key: string;
  where: string;
};

/** Counts of child rows kept in a column of their parent (read by the parent's rollups). */
export const COUNTERS: readonly CounterDef[] = [
  { entity: 'SiteCheck', column: 'failed_count', child: 'SiteCheckItem', key: 'check_id', where: `r.if_del = 0 and r.result = '${CHECK_ITEM_FAILED}'` },
];

const STATE = 'rollup_state';
const EVENTS = [
  { event: 'insert', suffix: 'ins', transition: 'new table as new_rows', deltas: [['new_rows', 1]] },
  { event: 'delete', suffix: 'del', transition: 'old table as old_rows', deltas: [['old_rows', -1]] },
  { event: 'update', suffix: 'upd', transition: 'old table as old_rows new table as new_rows', deltas: [['old_rows', -1], ['new_rows', 1]] },
] as const;

type Resolved = { def: RollupDef; source: string; parent?: string };
type ResolvedCounter = { def: CounterDef; table: string; child: string };

const scopeOf = (def: RollupDef) => def.scope ?? 'project_id';
const keyNames = (def: RollupDef) => [scopeOf(def), ...(def.day ? ['day'] : []), ...Object.keys(def.keys)];
const keyExprs = (def: RollupDef) => [`${def.parent ? 'p' : 'r'}.${scopeOf(def)}`, ...(def.day ? [def.day] : []), ...Object.values(def.keys)];

/** The rows of a rollup's source (`rows`: a table or transition table, alias r) with their parent (p). */
const fromSource = (r: Resolved, rows: string): string =>
  r.def.parent ? `${rows} r join ${quoted(r.parent!)} p on p.id = ${idOf(`r.${r.def.parent.key}`)}` : `${rows} r`;
/**
 * The changed rows of a parent (`rows`, alias p) with their children (r); of an update (`other`: the rows'
 * other side) only those whose columns the rollup reads changed, so a parent's counter moving costs nothing.
 * The children are read per parent row (lateral, kept a subquery by `offset 0`, along the child's index on its
 * key): the planner sees neither
 * the transition table's size nor the children a bulk write just added, and joined the other way round it
 * scanned the parents once per failing child (35 s for a statement of 20,000 checks).
 */
function fromParent(r: Resolved, rows: string, other?: string): string {
  const { key, columns } = r.def.parent!;
  const changed = other
    ? `(select c.* from ${rows} c join ${other} o on o.id = c.id where (${columns.map((k) => `c.${k}`).join(', ')}) is distinct from (${columns.map((k) => `o.${k}`).join(', ')}))`
    : rows;
  return `${changed} p cross join lateral (select * from ${quoted(r.source)} x where x.${key} = p.id::text offset 0) r`;
}

/** Adds (sign 1) or removes (sign -1) the rows of `from` (a FROM clause) to the rollup: one grouped upsert. */
function deltaSql(def: RollupDef, from: string, sign: 1 | -1): string {
  const names = keyNames(def);
  const measures = def.measures.map((m) => `${sign} * sum(${m.value})`);
  const updates = def.measures.map((m) => `${m.column} = ${def.table}.${m.column} + excluded.${m.column}`);
  return `insert into ${def.table} (${[...names, ...def.measures.map((m) => m.column)].join(', ')})
    select ${[...keyExprs(def), ...measures].join(', ')} from ${from} where ${def.where} group by ${keyExprs(def).map((_, i) => i + 1).join(', ')}
    on conflict (${names.join(', ')}) do update set ${updates.join(', ')}`;
}

/** The rollups whose source entity (and parent) is in the catalog, with their tables. */
export function rollupSources(catalog: Catalog): Resolved[] {
  return ROLLUPS.flatMap((def) => {
    const entity = catalog.entities.get(def.entity);
    const parent = def.parent ? catalog.entities.get(def.parent.entity) : undefined;
    if (!entity || (def.parent && !parent)) return [];
    return [{ def, source: entity.table, ...(parent ? { parent: parent.table } : {}) }];
  });
}

function counterSources(catalog: Catalog): ResolvedCounter[] {
  return COUNTERS.flatMap((def) => {
    const parent = catalog.entities.get(def.entity);
    const child = catalog.entities.get(def.child);
    return parent && child ? [{ def, table: parent.table, child: child.table }] : [];
  });
}

async function createTable(db: Kysely<Database>, r: Resolved): Promise<void> {
  const { def } = r;
  // The scope column as the (parent's) source's own type, so `project_id in (…)` compares alike.
  const scope = scopeOf(def);
  const type = await sql<{ t: string }>`select format_type(a.atttypid, a.atttypmod) as t from pg_attribute a
    where a.attrelid = to_regclass(${r.parent ?? r.source}) and a.attname = ${scope} and not a.attisdropped`.execute(db);
  const scopeType = type.rows[0]?.t ?? 'bigint';
  if (!/^[a-z ]+(\(\d+\))?$/.test(scopeType)) throw new Error(`rollups: unexpected ${scope} type ${scopeType}`);
  const keys = [...(def.day ? ['day date not null'] : []), ...Object.keys(def.keys).map((k) => `${k} text not null`)];
  const measures = def.measures.map((m) => `${m.column} numeric not null default 0`);
  await sql
    .raw(`create table if not exists ${def.table} (${scope} ${scopeType} not null, ${[...keys, ...measures].join(', ')}, primary key (${keyNames(def).join(', ')}))`)
    .execute(db);
}

/** An update's other transition table. */
const otherSide = (rows: string) => (rows === 'old_rows' ? 'new_rows' : 'old_rows');

/** A statement-level trigger per event on `table`, running `body(transition rows, sign, other side of an update)` for each delta. */
async function createEventTriggers(
  db: Kysely<Database>,
  name: string,
  table: string,
  body: (rows: string, sign: 1 | -1, other?: string) => string,
): Promise<void> {
  for (const e of EVENTS) {
    const fn = `${name}_${e.suffix}`;
    const text = e.deltas.map(([rows, sign]) => `${body(rows, sign, e.event === 'update' ? otherSide(rows) : undefined)};`).join('\n');
    await sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $fn$ begin\n${text}\nreturn null; end $fn$`).execute(db);
    await sql
      .raw(`create or replace trigger ${fn} after ${e.event} on ${quoted(table)} referencing ${e.transition} for each statement execute function ${fn}()`)
      .execute(db);
  }
}

async function createTriggers(db: Kysely<Database>, r: Resolved): Promise<void> {
  await createEventTriggers(db, r.def.table, r.source, (rows, sign) => deltaSql(r.def, fromSource(r, rows), sign));
  // A parent's change moves its children's rows between keys.
  if (r.parent) await createEventTriggers(db, `${r.def.table}_parent`, r.parent, (rows, sign, other) => deltaSql(r.def, fromParent(r, rows, other), sign));
}

/** The child rows' change to the counter (old rows −1, new rows +1), applied to their parents in one update. */
function counterDelta(c: ResolvedCounter, event: (typeof EVENTS)[number]): string {
  const { def } = c;
  const parts = event.deltas.map(([rows, sign]) => `select r.${def.key} as k, ${sign} as n from ${rows} r where ${def.where}`);
  return `update ${quoted(c.table)} p set ${def.column} = coalesce(p.${def.column}, 0) + d.n
    from (select k, sum(n) as n from (${parts.join(' union all ')}) x group by k having sum(n) <> 0) d
    where p.id = ${idOf('d.k')}`;
}

async function createCounterTriggers(db: Kysely<Database>, c: ResolvedCounter): Promise<void> {
  const { def } = c;
  const name = `counter_${c.table}_${def.column}`;
  for (const e of EVENTS) {
    const fn = `${name}_${e.suffix}`;
    await sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $fn$ begin\n${counterDelta(c, e)};\nreturn null; end $fn$`).execute(db);
    await sql
      .raw(`create or replace trigger ${fn} after ${e.event} on ${quoted(c.child)} referencing ${e.transition} for each statement execute function ${fn}()`)
      .execute(db);
  }
  // A parent written after its children (an import) starts from their count, not from what it was given. Its
  // children found by the key alone (the counted ones by a FILTER): with the child's rows in WHERE the planner,
  // whose statistics lag a bulk write, walked an index of the counted rows instead, 5 ms a parent.
  await sql
    .raw(`create or replace function ${name}_new() returns trigger language plpgsql as $fn$ begin
      new.${def.column} := (select count(*) filter (where ${def.where}) from ${quoted(c.child)} r where r.${def.key} = new.id::text);
      return new; end $fn$`)
    .execute(db);
  await sql.raw(`create or replace trigger ${name}_new before insert on ${quoted(c.table)} for each row execute function ${name}_new()`).execute(db);
}

/** Empties a rollup and fills it from the raw rows. */
async function rebuild(db: Kysely<Database>, r: Resolved): Promise<void> {
  await sql.raw(`delete from ${r.def.table}`).execute(db);
  await sql.raw(deltaSql(r.def, fromSource(r, quoted(r.source)), 1)).execute(db);
}

/** Sets each parent's counter from its children (rows already right are not written). */
async function recount(db: Kysely<Database>, c: ResolvedCounter): Promise<void> {
  const { def } = c;
  await sql
    .raw(
      `update ${quoted(c.table)} p set ${def.column} = coalesce(x.n, 0)
      from ${quoted(c.table)} q left join (select ${idOf(`r.${def.key}`)} as id, count(*) as n from ${quoted(c.child)} r where ${def.where} group by 1) x on x.id = q.id
      where q.id = p.id and p.${def.column} is distinct from coalesce(x.n, 0)`,
    )
    .execute(db);
}

const counterName = (c: ResolvedCounter) => `${c.table}.${c.def.column}`;

/**
 * At start, after the table sync: each counter's and rollup's triggers (and table) exist, and one that is new
 * or of an older definition is rebuilt from the raw rows, counters first. Returns the rollups rebuilt.
 */
export async function ensureRollups(db: Kysely<Database>, catalog: Catalog): Promise<string[]> {
  const sources = rollupSources(catalog);
  const counters = counterSources(catalog);
  if (sources.length === 0 && counters.length === 0) return [];
  await sql.raw(`create table if not exists ${STATE} (name text primary key, version integer not null, built_at timestamptz not null default now())`).execute(db);
  const state = await sql<{ name: string; version: number }>`select name, version from ${sql.id(STATE)}`.execute(db);
  const versions = new Map(state.rows.map((r) => [r.name, Number(r.version)]));
  const built = async (name: string) => {
    await sql`insert into ${sql.id(STATE)} (name, version) values (${name}, ${ROLLUP_VERSION})
      on conflict (name) do update set version = excluded.version, built_at = now()`.execute(db);
  };
  for (const c of counters) {
    await createCounterTriggers(db, c);
    if (versions.get(counterName(c)) === ROLLUP_VERSION) continue;
    await recount(db, c);
    await built(counterName(c));
  }
  const rebuilt: string[] = [];
  for (const r of sources) {
    // A rollup of an older definition may have other keys or measures: made anew, then rebuilt below.
    const current = versions.get(r.def.table) === ROLLUP_VERSION;
    if (!current) await sql`drop table if exists ${sql.id(r.def.table)}`.execute(db);
    await createTable(db, r);
    await createTriggers(db, r);
    if (current) continue;
    await rebuild(db, r);
    await built(r.def.table);
    rebuilt.push(r.def.table);
  }
  return rebuilt;
}

/** Rebuilds every counter and rollup from the raw rows, in one transaction (the benchmarks). Returns the rollups. */
export async function rebuildRollups(db: Kysely<Database>, catalog: Catalog): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Kysely<Database>;
    for (const c of counterSources(catalog)) await recount(tx, c);
    const sources = rollupSources(catalog);
    for (const r of sources) await rebuild(tx, r);
    return sources.map((s) => s.def.table);
  });
}
