// Versions of the screens' data sources, kept on write (docs/screens-api.md "Stream"): one row per source
// table and project in `screen_versions`, bumped once per statement by statement-level triggers (one grouped
// upsert from the statement's transition tables: inserts, updates — soft deletes (if_del) included — and
// deletes; a truncate bumps every row of its table). So the Stream's change feed and hub read a few small
// rows instead of count(*) and max(updated_at) over tables of a million rows, and every writer (the engine's
// CRUD, device ingestion, the simulator, imports, psql) is covered without knowing about it. Tables read
// over every company (the plant's, inspection templates) keep one row, project 0, as do rows without a
// project: in no scope, any change of them counts for every screen that reads them, as before.
// The triggers are (re)installed at start after the table sync (prepareDatabase); a version only grows,
// survives a restart, and is never sent to a browser: a change is a different version, nothing more.
// Identifiers come only from the checked entity schemas (screenTables) and the names below, quoted.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { Catalog } from '../platform/catalog';
import { screenTables, type ScreenTables } from './tables';

export type Source = 'env' | 'crane' | 'alarm' | 'device' | 'maintenance' | 'worker' | 'attendance' | 'hazard' | 'vehicle' | 'plant' | 'upkeep' | 'sample' | 'spoil' | 'checks' | 'waste' | 'schedule' | 'tunnel' | 'position' | 'tunnelGas' | 'aiEvent';
export type Versions = Partial<Record<Source, string>>;

/** How a table's versions are read: by the projects of a scope, or over every row (no project column). */
type Reach = 'project' | 'all';
const p = (...keys: Array<keyof ScreenTables>) => keys.map((key) => [key, 'project'] as const);
const all = (...keys: Array<keyof ScreenTables>) => keys.map((key) => [key, 'all'] as const);

/** The tables each source reads. */
export const SOURCE_TABLES: Readonly<Record<Source, ReadonlyArray<readonly [keyof ScreenTables, Reach]>>> = {
  env: p('env'),
  crane: p('crane'),
  alarm: p('alarm'),
  device: p('device'),
  // Inspection templates belong to a company, not a project: any change counts.
  maintenance: [...p('routInsp'), ...all('template')],
  worker: p('worker'),
  attendance: p('attendance'),
  hazard: p('hazard'),
  vehicle: p('vehicle'),
  // Maintenance plans and tasks, inspection records and their 整改单 (the 设备管理 and 特种设备 screens).
  upkeep: p('plan', 'task', 'inspRecord', 'rectify'),
  // 见证取样 and their 检测项目 (docs/witness-sampling.md).
  sample: p('sample', 'sampleItem'),
  // 渣土监管: trucks, permits, trips and violations.
  spoil: p('spoilTruck', 'spoilPermit', 'spoilTrip', 'spoilViolation'),
  // 质量安全检查, their items and 检查整改 notices.
  checks: p('siteCheck', 'checkItem', 'checkNotice'),
  // 固废台账 (docs/environment.md): generation, manifests, disposals and storage points.
  waste: p('wasteGeneration', 'wasteManifest', 'wasteDisposal', 'wasteStorage'),
  // 项目进度计划 (docs/schedule.md): tasks and their predecessors.
  schedule: p('scheduleTask', 'scheduleDependency'),
  // 隧道管理 (docs/tunnel.md): the faces, their daily advance and the tags; positioning and gas readings.
  tunnel: p('tunnelSection', 'tunnelAdvance', 'positionTag'),
  position: p('tunnelPosition'),
  tunnelGas: p('tunnelGas'),
  // AI识别 events, handled or not (docs/ai-recognition.md).
  aiEvent: p('aiEvent'),
  // The plant's tables are company-scoped (no project column): any change counts; the refetch is scoped.
  plant: all('plantBatch', 'plantOrder', 'plantTask', 'plantTrip', 'plantBin', 'plantCar', 'plantDelivery'),
};

export const ALL_SOURCES = Object.keys(SOURCE_TABLES) as Source[];

/** The source each table feeds (a table feeds one source). */
export function sourcesByTable(t: ScreenTables): Map<string, Source> {
  return new Map(ALL_SOURCES.flatMap((s) => SOURCE_TABLES[s].map(([key]) => [t[key], s] as [string, Source])));
}

/** Every source table with how it is read. */
const versionedTables = (t: ScreenTables): Map<string, Reach> => new Map(ALL_SOURCES.flatMap((s) => SOURCE_TABLES[s].map(([key, reach]) => [t[key], reach] as [string, Reach])));

const VERSIONS = 'screen_versions';
const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

type Event = { name: 'ins' | 'upd' | 'del'; on: string; transition: string; from: readonly string[] };
const EVENTS: readonly Event[] = [
  { name: 'ins', on: 'insert', transition: 'new table as new_rows', from: ['new_rows'] },
  { name: 'upd', on: 'update', transition: 'old table as old_rows new table as new_rows', from: ['old_rows', 'new_rows'] },
  { name: 'del', on: 'delete', transition: 'old table as old_rows', from: ['old_rows'] },
];

const fnName = (event: Event['name'] | 'trunc', reach?: Reach): string => `screen_version_${event}${reach ? `_${reach}` : ''}`;

/**
 * One bump per project the statement's rows belong to (before and after an update: a row moved between
 * projects changes both), as one grouped upsert; nothing when the statement touched no row. In project
 * order, so two writers of several projects lock the version rows in the same order.
 */
function bumpSql(table: string, event: Event, reach: Reach): string {
  const project = reach === 'project' ? 'coalesce(project_id, 0)' : '0';
  const projects = event.from.map((from) => `select ${project} as project_id from ${from}`).join(' union ');
  return `insert into ${table} (source_table, project_id, version, changed_at)
      select tg_table_name, project_id, 1, now() from (${projects}) changed group by project_id order by project_id
      on conflict (source_table, project_id) do update set version = ${table}.version + 1, changed_at = excluded.changed_at`;
}

/**
 * At start, after the table sync: the version table, the trigger functions (replaced every start, so a
 * changed definition applies) and the triggers of every source table, created where missing or pointing
 * at another function. Existing versions are kept. Returns the tables whose triggers were (re)created.
 */
export async function ensureScreenVersions(db: Kysely<Database>, catalog: Catalog): Promise<string[]> {
  const tables = versionedTables(screenTables(catalog));
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s;
  const table = `${quoted(schema)}.${quoted(VERSIONS)}`;
  await sql
    .raw(
      `create table if not exists ${table} (source_table text not null, project_id bigint not null, version bigint not null,
        changed_at timestamptz not null default now(), primary key (source_table, project_id))`,
    )
    .execute(db);
  // A table read by project needs its project column: better a refused start than refused writes.
  const scoped = [...tables].filter(([, reach]) => reach === 'project').map(([name]) => name);
  const withProject = await sql<{ name: string }>`select c.relname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relname = any(${scoped}::text[]) and a.attname = 'project_id' and not a.attisdropped`.execute(db);
  const lacking = scoped.filter((name) => !withProject.rows.some((r) => r.name === name));
  if (lacking.length > 0) throw new Error(`screen versions: no project_id column in ${lacking.join(', ')}`);

  const body = (statement: string) => `returns trigger language plpgsql as $fn$ begin\n${statement};\nreturn null; end $fn$`;
  for (const reach of ['project', 'all'] as const) {
    for (const e of EVENTS) await sql.raw(`create or replace function ${fnName(e.name, reach)}() ${body(bumpSql(table, e, reach))}`).execute(db);
  }
  // A truncate has no transition table: every project of the table, and project 0 for the global poll.
  const truncate = `update ${table} set version = version + 1, changed_at = now() where source_table = tg_table_name;
    insert into ${table} (source_table, project_id, version) values (tg_table_name, 0, 1)
      on conflict (source_table, project_id) do update set version = ${table}.version + 1, changed_at = now()`;
  await sql.raw(`create or replace function ${fnName('trunc')}() ${body(truncate)}`).execute(db);

  const present = await sql<{ tbl: string; trigger: string; fn: string }>`select c.relname as tbl, t.tgname as trigger, f.proname as fn
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc f on f.oid = t.tgfoid
    where c.relnamespace = current_schema()::regnamespace and t.tgname like 'screen_version_%'`.execute(db);
  const installed = new Set(present.rows.map((r) => `${r.tbl}|${r.trigger}|${r.fn}`));
  const created: string[] = [];
  for (const [name, reach] of tables) {
    const wanted = [
      ...EVENTS.map((e) => ({ trigger: `screen_version_${e.name}`, fn: fnName(e.name, reach), ddl: `after ${e.on} on ${quoted(name)} referencing ${e.transition}` })),
      { trigger: 'screen_version_trunc', fn: fnName('trunc'), ddl: `after truncate on ${quoted(name)}` },
    ].filter((w) => !installed.has(`${name}|${w.trigger}|${w.fn}`));
    for (const w of wanted) await sql.raw(`create or replace trigger ${w.trigger} ${w.ddl} for each statement execute function ${w.fn}()`).execute(db);
    if (wanted.length > 0) created.push(name);
  }
  return created;
}

/** Rows of the projects in scope (a subquery of project ids, server/screens/scope.ts), or every row. */
export type Scope = RawBuilder<unknown> | null;

/**
 * The versions of the given sources in one small read: per table the sum of its projects' versions (it
 * only grows with every write) and how many projects have one (a project entering or leaving the scope),
 * over the scope's projects — over every row for tables read 'all', and for every table without a scope.
 */
export async function readSourceVersions(db: Kysely<Database>, t: ScreenTables, sources: readonly Source[], scope: Scope): Promise<Versions> {
  if (sources.length === 0) return {};
  const byScope: string[] = [];
  const whole: string[] = [];
  for (const s of sources) for (const [key, reach] of SOURCE_TABLES[s]) (scope && reach === 'project' ? byScope : whole).push(t[key]);
  const part = (tables: string[], where: RawBuilder<unknown>) =>
    sql`select source_table, sum(version)::text as v, count(*)::int as n from ${sql.id(VERSIONS)} where source_table = any(${tables}::text[]) ${where} group by source_table`;
  const parts = [...(byScope.length ? [part(byScope, sql`and project_id in (${scope})`)] : []), ...(whole.length ? [part(whole, sql``)] : [])];
  const r = await sql<{ source_table: string; v: string; n: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const found = new Map(r.rows.map((row) => [row.source_table, `${row.v}/${row.n}`]));
  return Object.fromEntries(sources.map((s) => [s, SOURCE_TABLES[s].map(([key]) => found.get(t[key]) ?? '0/0').join('|')]));
}
