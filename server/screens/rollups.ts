// Per-day rollups of the history the screens aggregate (issue 15, "statistics stay fast as data grows"):
// attendance person-days and hours, alarms by kind, vehicle entries and exits, hazards found and closed, per
// project and China-time day. Maintained on write by statement-level triggers on the raw tables (one upsert
// per statement from its transition table, so a batch of readings costs one aggregate, and every writer — the
// engine's CRUD, device ingestion, the simulator, imports, the seed — is covered without knowing about them);
// rebuilt from the raw rows when a rollup table is new or its definition changed (ROLLUP_VERSION), and on
// demand (`rebuildRollups`, `npm run rollups:rebuild`). The raw rows stay the truth: a rebuild gives the same
// figures (tests/server/rollups.test.ts).
// Identifiers come only from the definitions below and the checked entity schemas, quoted with sql.id.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Catalog } from '../domain/catalog';
import { HAZARD_CLOSED } from './quality-safety';

/** Bump when a definition changes: the rollups are rebuilt at the next start. */
export const ROLLUP_VERSION = 2;

type Measure = { column: string; value: string };
type RollupDef = {
  /** The rollup table. */
  table: string;
  /** The entity whose table is the source (schemas/entities). */
  entity: string;
  /** Key columns besides project_id and day: name → expression over the source row. */
  keys: Record<string, string>;
  /** The China-time day of a row. */
  day: string;
  /** Additive measures: column → per-row value (count = 1). */
  measures: Measure[];
  /** Rows that count. */
  where: string;
};

/** A checked entity table name, quoted (the sync creates them from pattern-validated schemas). */
const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const CST_DAY = (column: string) => `(${column} at time zone 'Asia/Shanghai')::date`;

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
];

const STATE = 'rollup_state';
const EVENTS = [
  { event: 'insert', suffix: 'ins', transition: 'new table as new_rows', deltas: [['new_rows', 1]] },
  { event: 'delete', suffix: 'del', transition: 'old table as old_rows', deltas: [['old_rows', -1]] },
  { event: 'update', suffix: 'upd', transition: 'old table as old_rows new table as new_rows', deltas: [['old_rows', -1], ['new_rows', 1]] },
] as const;

const keyNames = (def: RollupDef) => ['project_id', 'day', ...Object.keys(def.keys)];
const keyExprs = (def: RollupDef) => ['project_id', def.day, ...Object.values(def.keys)];

/** Adds (sign 1) or removes (sign -1) the rows of `from` to the rollup: one grouped upsert. */
function deltaSql(def: RollupDef, from: string, sign: 1 | -1): string {
  const names = keyNames(def);
  const measures = def.measures.map((m) => `${sign} * sum(${m.value})`);
  const updates = def.measures.map((m) => `${m.column} = ${def.table}.${m.column} + excluded.${m.column}`);
  return `insert into ${def.table} (${[...names, ...def.measures.map((m) => m.column)].join(', ')})
    select ${[...keyExprs(def), ...measures].join(', ')} from ${from} where ${def.where} group by ${keyExprs(def).map((_, i) => i + 1).join(', ')}
    on conflict (${names.join(', ')}) do update set ${updates.join(', ')}`;
}

/** The rollups whose source entity is in the catalog, with its table. */
export function rollupSources(catalog: Catalog): Array<{ def: RollupDef; source: string }> {
  return ROLLUPS.flatMap((def) => {
    const entity = catalog.entities.get(def.entity);
    return entity ? [{ def, source: entity.table }] : [];
  });
}

async function createTable(db: Kysely<Database>, def: RollupDef, source: string): Promise<void> {
  // project_id as the source's own type, so `project_id in (…)` compares alike.
  const type = await sql<{ t: string }>`select format_type(a.atttypid, a.atttypmod) as t from pg_attribute a
    where a.attrelid = to_regclass(${source}) and a.attname = 'project_id' and not a.attisdropped`.execute(db);
  const projectType = type.rows[0]?.t ?? 'bigint';
  if (!/^[a-z ]+(\(\d+\))?$/.test(projectType)) throw new Error(`rollups: unexpected project_id type ${projectType}`);
  const keys = Object.keys(def.keys).map((k) => `${k} text not null`);
  const measures = def.measures.map((m) => `${m.column} numeric not null default 0`);
  await sql
    .raw(
      `create table if not exists ${def.table} (project_id ${projectType} not null, day date not null, ${[...keys, ...measures].join(', ')},
        primary key (${keyNames(def).join(', ')}))`,
    )
    .execute(db);
}

async function createTriggers(db: Kysely<Database>, def: RollupDef, source: string): Promise<void> {
  for (const e of EVENTS) {
    const fn = `${def.table}_${e.suffix}`;
    const body = e.deltas.map(([from, sign]) => `${deltaSql(def, from, sign)};`).join('\n');
    await sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $fn$ begin\n${body}\nreturn null; end $fn$`).execute(db);
    await sql
      .raw(`create or replace trigger ${fn} after ${e.event} on ${quoted(source)} referencing ${e.transition} for each statement execute function ${fn}()`)
      .execute(db);
  }
}

/** Empties a rollup and fills it from the raw rows. */
async function rebuild(db: Kysely<Database>, def: RollupDef, source: string): Promise<void> {
  await sql.raw(`delete from ${def.table}`).execute(db);
  await sql.raw(deltaSql(def, quoted(source), 1)).execute(db);
}

/**
 * At start, after the table sync: each rollup's table and triggers exist, and a rollup that is new or of an
 * older definition is rebuilt from the raw rows. Returns the rollups rebuilt.
 */
export async function ensureRollups(db: Kysely<Database>, catalog: Catalog): Promise<string[]> {
  const sources = rollupSources(catalog);
  if (sources.length === 0) return [];
  await sql.raw(`create table if not exists ${STATE} (name text primary key, version integer not null, built_at timestamptz not null default now())`).execute(db);
  const state = await sql<{ name: string; version: number }>`select name, version from ${sql.id(STATE)}`.execute(db);
  const versions = new Map(state.rows.map((r) => [r.name, Number(r.version)]));
  const rebuilt: string[] = [];
  for (const { def, source } of sources) {
    // A rollup of an older definition may have other keys or measures: made anew, then rebuilt below.
    const current = versions.get(def.table) === ROLLUP_VERSION;
    if (!current) await sql.raw(`drop table if exists ${def.table}`).execute(db);
    await createTable(db, def, source);
    await createTriggers(db, def, source);
    if (current) continue;
    await rebuild(db, def, source);
    await sql`insert into ${sql.id(STATE)} (name, version) values (${def.table}, ${ROLLUP_VERSION})
      on conflict (name) do update set version = excluded.version, built_at = now()`.execute(db);
    rebuilt.push(def.table);
  }
  return rebuilt;
}

/** Rebuilds every rollup from the raw rows, in one transaction (`npm run rollups:rebuild`, the benchmark). */
export async function rebuildRollups(db: Kysely<Database>, catalog: Catalog): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const sources = rollupSources(catalog);
    for (const { def, source } of sources) await rebuild(trx as unknown as Kysely<Database>, def, source);
    return sources.map((s) => s.def.table);
  });
}
