// Chinese text sorts by pinyin (issue 29, server/engine/sort-keys.ts): a stored key beside each sortable
// free-text field, set by every engine write and backfilled by the table sync, so PostgreSQL and PGlite
// give the same order — digits, Latin, then Chinese by pinyin; person names read their surname (曾 zēng,
// 单 shàn); ties by id, in both directions and across keyset pages; a renamed row moves.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { pinyinKey, sortKeyColumn, sortKeyFields } from '../../server/engine/sort-keys';
import { syncTables } from '../../server/metadata/sync-tables';
import { call, session, startApp } from './helpers';
import { catalog, endpoint, projectId } from './engine-support';

type Row = { id: string; customerName?: string; workerName?: string };
type Page = { pageInfo?: { next?: string } };

let app: FastifyInstance;
let ctx: AppContext | undefined;
let plant: string;
let admin: string;

const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, options) => {
  ctx = options.ctx;
};

beforeAll(async () => {
  app = await startApp({ routes: [capture] });
  plant = (await session(app, 'jiaobanzhan01')).token;
  admin = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app.close();
});

async function create(entity: string, token: string, body: Record<string, unknown>): Promise<Row> {
  const reply = await call<Row>(app, 'POST', endpoint(entity, 'create'), { token, body });
  if (reply.body.status !== 1) throw new Error(`${entity} create: ${JSON.stringify(reply.body)}`);
  return reply.body.data!;
}

/** Every row of the filter in the list's order, read by keyset pages of `size`. */
async function ordered(entity: string, token: string, filters: unknown[], sort: string, size = 3): Promise<Row[]> {
  const rows: Row[] = [];
  let after: string | undefined;
  for (;;) {
    const query: Record<string, string | number> = { index: 0, size, sort, filters: JSON.stringify(filters), ...(after ? { after } : {}) };
    const res = await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query });
    expect(res.body.status, JSON.stringify(res.body).slice(0, 300)).toBe(1);
    rows.push(...(res.body.data ?? []));
    after = (res.body as Page).pageInfo?.next;
    if ((res.body.data ?? []).length < size || !after) return rows;
  }
}

/** A valid GB 11643 ID number (checksum) for a serial. */
function idNumber(serial: number): string {
  const body = `51100219900307${String(100 + serial).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

describe('pinyin order of Chinese text', () => {
  it('keys digits, then Latin, then Chinese by pinyin; a surname reads as a surname', () => {
    const sorted = (names: string[], surname: boolean) => [...names].sort((a, b) => (pinyinKey(a, surname) < pinyinKey(b, surname) ? -1 : 1));
    expect(sorted(['张伟', '安娜', '白雪', '陈晨', 'Zoe', '123', 'abc'], false)).toEqual(['123', 'abc', 'Zoe', '安娜', '白雪', '陈晨', '张伟']);
    expect(sorted(['曾强', '单雄', '陈晨', '张伟'], true)).toEqual(['陈晨', '单雄', '曾强', '张伟']);
    expect(sorted(['曾强', '单雄', '陈晨', '张伟'], false)).toEqual(['曾强', '陈晨', '单雄', '张伟']);
    // A syllable before its longer neighbour (an before ang), full-width Latin as Latin.
    expect(sorted(['昂', '安'], false)).toEqual(['安', '昂']);
    expect(pinyinKey('ＡＢ１')).toBe(pinyinKey('ab1'));
  });

  it('a free-text column lists in pinyin order both ways, across keyset pages; a renamed row moves', async () => {
    const names = ['张伟', '安娜', '白雪', '陈晨', '曾强', '单雄', 'Zoe', '123'];
    const made: Row[] = [];
    for (const [i, name] of names.entries()) made.push(await create('PlantCustomer', plant, { customer_name: name, contact_name: '王工', contact_phone: `1390000${String(4100 + i)}` }));
    const mine = new Set(made.map((r) => r.id));
    const filters = [{ field: 'customerName', operator: 'in', value: [...new Set(names)] }];
    const asc = (await ordered('PlantCustomer', plant, filters, 'customerName:asc')).filter((r) => mine.has(r.id));
    expect(asc.map((r) => r.customerName)).toEqual(['123', 'Zoe', '安娜', '白雪', '曾强', '陈晨', '单雄', '张伟']);
    const desc = (await ordered('PlantCustomer', plant, filters, 'customerName:desc')).filter((r) => mine.has(r.id));
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());

    // A renamed row moves: 张伟 → 艾伟 (ài) comes right after 123 and Zoe.
    const zhang = made[0];
    const renamed = await call<Row>(app, 'POST', endpoint('PlantCustomer', 'update'), {
      token: plant,
      body: { rec_id: zhang.id, customer_name: '艾伟', contact_name: '王工', contact_phone: '13900004100' },
    });
    expect(renamed.body.status, JSON.stringify(renamed.body)).toBe(1);
    const after = (await ordered('PlantCustomer', plant, [{ field: 'customerName', operator: 'in', value: [...new Set(names), '艾伟'] }], 'customerName:asc')).filter((r) => mine.has(r.id));
    expect(after.map((r) => r.customerName)).toEqual(['123', 'Zoe', '艾伟', '安娜', '白雪', '曾强', '陈晨', '单雄']);
  });

  it('花名册 姓名 reads surnames as surnames (单 shàn, 曾 zēng); namesakes tie by id both ways', async () => {
    const project = await projectId(app, admin, 'NJJG-2024-001');
    const team = '拼音排序测试班';
    const names = ['张伟', '陈晨', '安娜', '白雪', '陈晨', '曾强', '单雄'];
    const made: Row[] = [];
    for (const [i, name] of names.entries()) made.push(await create('Worker', admin, { project_id: project, worker_name: name, id_card_no: idNumber(i), gender: '1', team_name: team }));
    const filters = [{ field: 'teamName', operator: 'eq', value: team }];
    const asc = await ordered('Worker', admin, filters, 'workerName:asc', 4);
    expect(asc.map((r) => r.workerName)).toEqual(['安娜', '白雪', '陈晨', '陈晨', '单雄', '曾强', '张伟']);
    const twins = made.filter((r) => r.workerName === '陈晨').map((r) => r.id);
    expect(asc.filter((r) => r.workerName === '陈晨').map((r) => r.id)).toEqual(twins);
    const desc = await ordered('Worker', admin, filters, 'workerName:desc', 2);
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
  });

  it('after the start (sync, seed, demo statements) every keyed value has its key', async () => {
    for (const entity of catalog.entities.values()) {
      for (const f of sortKeyFields(entity)) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(entity.table)}
          where ${sql.id(f.column)} is not null and ${sql.id(sortKeyColumn(f))} is null`.execute(ctx!.db);
        expect(rows[0].n, `${entity.table}.${f.column}`).toBe(0);
      }
    }
  });

  it('the table sync fills the key of rows written without one', async () => {
    const { rows } = await sql<{ id: string }>`insert into plant_customer (company_id, customer_name, contact_name, contact_phone)
      select company_id, '阿宝', '王工', '13900004199' from plant_customer where id = (select min(id) from plant_customer) returning id::text as id`.execute(ctx!.db);
    const id = rows[0].id;
    await syncTables(ctx!.db, catalog.entities.values());
    const { rows: keyed } = await sql<{ k: string | null }>`select customer_name__py1 as k from plant_customer where id = ${id}`.execute(ctx!.db);
    expect(keyed[0].k).toBe(pinyinKey('阿宝'));
  });
});
