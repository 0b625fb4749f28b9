// Start-up under one database lock (server/db/startup-lock.ts): two processes starting together on an
// empty PostgreSQL schema migrate, seed and backfill the demo data once between them.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import type { AppContext } from '../../server/app-context';
import { dropSchema } from '../../server/db/connect';
import { loadCatalog, SCHEMAS_DIR } from '../../server/platform/catalog';
import { screenTables } from '../../server/screens/tables';

const url = process.env.DATABASE_URL;
const t = screenTables(loadCatalog(SCHEMAS_DIR));
const schemas: string[] = [];
afterAll(async () => {
  if (url) for (const s of schemas) await dropSchema(url, s);
});

async function startOn(schema: string): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  let ctx!: AppContext;
  const options: BuildOptions = {
    databaseUrl: url,
    sharedSchema: schema,
    demoData: true,
    routes: [
      async (_api, o) => {
        ctx = o.ctx;
      },
    ],
  };
  const app = await buildApp(options);
  return { app, ctx };
}

const newSchema = () => {
  const s = `t_${randomBytes(8).toString('hex')}`;
  schemas.push(s);
  return s;
};

async function counts(ctx: AppContext) {
  const one = async (q: ReturnType<typeof sql<{ n: string | number }>>) => Number((await q.execute(ctx.db)).rows[0].n);
  return {
    migrations: await one(sql`select count(*) as n from schema_migrations`),
    users: await one(sql`select count(*) as n from users`),
    workers: await one(sql`select count(*) as n from ${sql.id(t.worker)}`),
    attendance: await one(sql`select count(*) as n from ${sql.id(t.attendance)}`),
    passages: await one(sql`select count(*) as n from ${sql.id(t.vehicle)}`),
    readings: await one(sql`select count(*) as n from ${sql.id(t.env)}`),
    duplicateWorkerDays: await one(sql`select count(*) as n from (select worker_id, work_date from ${sql.id(t.attendance)}
      group by worker_id, work_date having count(*) > 1) d`),
    duplicatePassages: await one(sql`select count(*) as n from (select project_id, plate_no, direction, pass_time from ${sql.id(t.vehicle)}
      group by project_id, plate_no, direction, pass_time having count(*) > 1) d`),
  };
}

describe.skipIf(!url)('two starts at once on one empty PostgreSQL schema', () => {
  it('prepare the database once: the row counts equal a single start', async () => {
    const shared = newSchema();
    const [a, b] = await Promise.all([startOn(shared), startOn(shared)]);
    const together = await counts(a.ctx);
    await Promise.all([a.app.close(), b.app.close()]);
    const single = await startOn(newSchema());
    const alone = await counts(single.ctx);
    await single.app.close();
    expect(together.duplicateWorkerDays).toBe(0);
    expect(together.duplicatePassages).toBe(0);
    expect(together.attendance).toBeGreaterThan(0);
    expect({ ...together, passages: 0, attendance: 0 }).toEqual({ ...alone, passages: 0, attendance: 0 });
    // The single start ran a little later: it may have one more scheduled passage or check-in, never fewer.
    expect(alone.attendance - together.attendance).toBeGreaterThanOrEqual(0);
    expect(alone.attendance - together.attendance).toBeLessThanOrEqual(5);
    expect(alone.passages - together.passages).toBeGreaterThanOrEqual(0);
    expect(alone.passages - together.passages).toBeLessThanOrEqual(5);
  }, 480_000); // three whole demo starts: about 30 s alone, 90 s beside the other suites, more on a slower machine
});
