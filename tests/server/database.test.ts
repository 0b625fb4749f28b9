// The database layer: migrations apply once and are recorded, the demo seed runs only on an empty
// database, and the PGlite dialect serialises transactions on its single connection.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { loadCatalog } from '../../server/platform/catalog';
import { seedDemoData } from '../../server/seed/seed';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts';

let handle: DatabaseHandle;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  handle = await openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
});
afterAll(async () => {
  await handle.close();
});

describe('migrations and seed', () => {
  it('applies every migration once and records it', async () => {
    expect(await migrate(handle.db, MIGRATIONS)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await migrate(handle.db, MIGRATIONS)).toEqual([]);
    const recorded = await handle.db.selectFrom('schema_migrations').select('name').execute();
    expect(recorded.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('seeds the demo data only into an empty database', async () => {
    const catalog = loadCatalog();
    expect(await seedDemoData(handle.db, catalog)).toBe(true);
    expect(await seedDemoData(handle.db, catalog)).toBe(false);
    const users = await handle.db.selectFrom('users').select(['user_name', 'password_hash']).orderBy('id').execute();
    expect(users.map((u) => u.user_name)).toEqual(DEMO_ACCOUNTS.map((a) => a.userName));
    // Hashes only, each with its own salt.
    expect(users.every((u) => u.password_hash.startsWith('scrypt$') && !u.password_hash.includes('Demo@1234'))).toBe(true);
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(users.length);
  });
});

describe('transactions', () => {
  it('rolls back everything on error and keeps concurrent work consistent', async () => {
    const before = await handle.db.selectFrom('companies').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('companies').values({ name: '临时公司', company_type: 12, area_code: '511000' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await handle.db.selectFrom('companies').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Ten concurrent read-modify-write transactions under a row lock: none is lost.
    await handle.db.insertInto('system_notices').values({ title: 'counter', content: '0' }).execute();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        handle.db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('system_notices').select(['id', 'content']).where('title', '=', 'counter').forUpdate().executeTakeFirstOrThrow();
          await trx.updateTable('system_notices').set({ content: String(Number(row.content) + 1) }).where('id', '=', row.id).execute();
        }),
      ),
    );
    const counter = await handle.db.selectFrom('system_notices').select('content').where('title', '=', 'counter').executeTakeFirstOrThrow();
    expect(counter.content).toBe('10');
  });

  it('passes values as parameters, never as SQL text', async () => {
    const hostile = "x'); drop table users; --";
    const result = await sql<{ v: string }>`select ${hostile}::text as v`.execute(handle.db);
    expect(result.rows[0].v).toBe(hostile);
    expect(await handle.db.selectFrom('users').select('id').where('user_name', '=', hostile).execute()).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections', () => {
  it('start with JIT off and in their own schema, keeping the options the URL names', async () => {
    const settings = await sql<{ jit: string; path: string }>`select current_setting('jit') as jit, current_schema() as path`.execute(handle.db);
    expect(settings.rows[0].jit).toBe('off');
    expect(settings.rows[0].path).toMatch(/^t_/);
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const other = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const r = await sql<{ jit: string; timeout: string }>`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout`.execute(other.db);
      expect(r.rows[0]).toEqual({ jit: 'off', timeout: '4321ms' });
    } finally {
      await other.close();
    }
  });
});
