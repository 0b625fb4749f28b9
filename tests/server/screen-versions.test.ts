// The Stream's versions kept on write (server/screens/versions.ts): a write bumps the version of the source
// it feeds for the projects its rows belong to — insert, update, soft delete, delete, truncate, through the
// engine or plain SQL — and no other project's; tables without a project count everywhere; a start again
// (what a restart runs) keeps the versions and the triggers.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import type { Database } from '../../server/db/schema';
import { readVersions, type Source, type Versions } from '../../server/screens/stream';
import { screenTables, type ScreenTables } from '../../server/screens/tables';
import { ALL_SOURCES, ensureScreenVersions, sourcesByTable } from '../../server/screens/versions';
import { endpoint, projectId } from './engine-support';
import { call, session, startApp } from './helpers';
import { createRow } from './screens-fixtures';

let context: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, { ctx }) => {
  context = ctx;
};

let app: FastifyInstance;
let db: Kysely<Database>;
let t: ScreenTables;
let admin: string;
let a: number;
let b: number;

beforeAll(async () => {
  app = await startApp({ routes: [capture] });
  db = context!.db;
  t = screenTables(context!.catalog);
  admin = (await session(app, 'sysadmin')).token;
  [a, b] = await Promise.all(['NJJG-2024-001', 'NJJG-2024-002'].map(async (no) => Number(await projectId(app, admin, no))));
});
afterAll(() => app.close());

/** One source's version over project `p`, over every project when not given. */
const versionOf = async (source: Source, p?: number): Promise<string | undefined> =>
  (await readVersions(db, t, [source], p === undefined ? undefined : sql`select ${p}::int`))[source];
/** The source's version of project a, of project b and over every project, before and after `write`. */
async function around(source: Source, write: () => Promise<unknown>): Promise<{ a: boolean; b: boolean; all: boolean }> {
  const before = await Promise.all([versionOf(source, a), versionOf(source, b), versionOf(source)]);
  await write();
  const after = await Promise.all([versionOf(source, a), versionOf(source, b), versionOf(source)]);
  return { a: before[0] !== after[0], b: before[1] !== after[1], all: before[2] !== after[2] };
}
const alarms = (p: number, n: number, mark: string) => sql`insert into monitor_alarm (project_id, company_id, device_code, alarm_time, alarm_kind, alarm_level, message)
  select ${p}, 1, 'VERSION-T', now(), 'pm25', '2', ${mark} from generate_series(1, ${n}::int)`;

describe('screen versions', () => {
  it('bump the written project only: insert of many rows, update, delete', async () => {
    expect(await around('alarm', () => alarms(a, 3, 'v-ins').execute(db))).toEqual({ a: true, b: false, all: true });
    expect(await around('alarm', () => sql`update monitor_alarm set handled = true where message = 'v-ins'`.execute(db))).toEqual({ a: true, b: false, all: true });
    // A row moved to another project changes both.
    expect(await around('alarm', () => sql`update monitor_alarm set project_id = ${b} where message = 'v-ins'`.execute(db))).toEqual({ a: true, b: true, all: true });
    expect(await around('alarm', () => sql`delete from monitor_alarm where message = 'v-ins'`.execute(db))).toEqual({ a: false, b: true, all: true });
    // A statement that touches no row changes nothing; nor does a write of another source.
    expect(await around('alarm', () => sql`update monitor_alarm set handled = true where message = 'none'`.execute(db))).toEqual({ a: false, b: false, all: false });
    expect(await around('alarm', () => sql`insert into vehicle_passage (project_id, company_id, plate_no, direction, pass_time) values (${a}, 1, '川K00001', 'in', now())`.execute(db))).toEqual({
      a: false, b: false, all: false,
    });
  });

  it('counts writes through the engine, a soft delete included', async () => {
    const pid = String(a);
    let id = '';
    const write = async () => {
      const row = await createRow(app, admin, 'Hazard', {
        projectId: pid, hazardNo: 'YH-VERSION-1', hazardType: '4', level: '1', checkKind: '1', description: '临边防护缺失',
        foundAt: new Date(Date.now() - 1000).toISOString(), rectifyDeadline: '2099-01-01', status: '1',
      });
      id = row.id;
    };
    expect(await around('hazard', write)).toEqual({ a: true, b: false, all: true });
    const remove = async () => expect((await call(app, 'POST', endpoint('Hazard', 'delete'), { token: admin, body: { rec_id: id } })).body.status).toBe(1);
    expect(await around('hazard', remove)).toEqual({ a: true, b: false, all: true });
    expect((await sql<{ d: number }>`select if_del as d from hazard where id = ${id}`.execute(db)).rows[0]).toEqual({ d: 1 }); // soft, not gone
  });

  it('counts a write of a table without projects for every scope (the plant, inspection templates)', async () => {
    const plant = () => sql`update tanker_car set updated_at = now() where id = (select min(id) from tanker_car)`.execute(db);
    expect(await around('plant', plant)).toEqual({ a: true, b: true, all: true });
  });

  it('covers every source table with its four triggers', async () => {
    const tables = [...sourcesByTable(t).keys()];
    expect(new Set(sourcesByTable(t).values())).toEqual(new Set(ALL_SOURCES));
    const r = await sql<{ tbl: string; n: number }>`select c.relname as tbl, count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where c.relnamespace = current_schema()::regnamespace and g.tgname like 'screen_version_%' group by c.relname`.execute(db);
    expect(Object.fromEntries(r.rows.map((x) => [x.tbl, x.n]))).toEqual(Object.fromEntries(tables.map((x) => [x, 4])));
  });

  it('keeps versions and triggers when the start runs again (a restart)', async () => {
    await alarms(a, 1, 'v-restart').execute(db);
    const before: Versions = await readVersions(db, t, ALL_SOURCES);
    expect(await ensureScreenVersions(db, context!.catalog)).toEqual([]);
    expect(await readVersions(db, t, ALL_SOURCES)).toEqual(before);
    expect(await around('alarm', () => sql`delete from monitor_alarm where message = 'v-restart'`.execute(db))).toEqual({ a: true, b: false, all: true });
  });

  it('counts a truncate for every project that had a version', async () => {
    await alarms(b, 1, 'v-trunc').execute(db);
    expect(await around('alarm', () => sql`truncate monitor_alarm`.execute(db))).toEqual({ a: true, b: true, all: true });
  });
});
