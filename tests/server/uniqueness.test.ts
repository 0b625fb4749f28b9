// Uniqueness rules (docs/metadata.md "Uniqueness"): 证书编号 of 企业资质 is unique within the company,
// 合同编号 within the project, 施工许可证编号 in the whole table — each a unique index (partial on
// if_del = 0) whose violation answers a Chinese message and writes nothing; a soft-deleted row frees its number.
// Also the seed rows of the same pages, dated relative to today ($today-30d, docs/metadata.md "Seed rows").
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { syncTables } from '../../server/metadata/sync-tables';
import { uniqueIndexName } from '../../server/metadata/unique-indexes';
import { resolveRelativeDate } from '../../common/metadata/relative-dates';
import { call, session, startApp } from './helpers';
import { catalog, endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app.close();
});

const create = (entity: string, body: Record<string, unknown>, token = admin) => call<Row>(app, 'POST', endpoint(entity, 'create'), { token, body });
const count = async (entity: string, token = admin) =>
  (await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 1 } })).body.pageInfo!.record_count;
const seeded = (entity: string) => catalog.seeds.get(entity) ?? [];

const qualification = (certificateNo: string) => ({
  qual_name: '电力工程施工总承包叁级', category: '1', grade: '3', certificate_no: certificateNo, authority: '内江市住房和城乡建设局',
  issue_date: '2025-03-01', expiry_date: '2030-02-28', status: '1',
});
const contract = (contractNo: string, project: string) => ({
  contract_no: contractNo, contract_name: '防水工程专业分包合同', contract_type: '2', project_id: project,
  party_a: '内江建工建筑工程有限公司', party_b: '四川蜀羊防水工程有限公司', amount: 1000, sign_date: '2025-07-01', status: '1',
});

describe('证书编号 unique within the company', () => {
  it('refuses a number the company holds (create and update), allows one another company holds', async () => {
    const mine = seeded('Qualification').find((q) => q.companyKey === 'group')!;
    const theirs = seeded('Qualification').find((q) => q.companyKey === 'build')!;
    const before = await count('Qualification');
    const again = await create('Qualification', qualification(String(mine.certificateNo)));
    expect(again.body).toEqual({ status: 0, detail: '证书编号已存在' });
    expect(await count('Qualification')).toBe(before);

    // 内江建工建筑工程有限公司's number is no duplicate in the group company.
    const other = await create('Qualification', qualification(String(theirs.certificateNo)));
    expect(other.body.status, JSON.stringify(other.body)).toBe(1);
    const changed = await call(app, 'POST', endpoint('Qualification', 'update'), { token: admin, body: { rec_id: other.body.data!.id, certificate_no: mine.certificateNo } });
    expect(changed.body).toEqual({ status: 0, detail: '证书编号已存在' });

    // A deleted row frees its number.
    expect((await call(app, 'POST', endpoint('Qualification', 'delete'), { token: admin, body: { rec_id: other.body.data!.id } })).body.status).toBe(1);
    const reused = await create('Qualification', qualification(String(theirs.certificateNo)));
    expect(reused.body.status).toBe(1);
  });

  it('has the seed rows unique per company, and the index in the database', async () => {
    const keys = seeded('Qualification').map((q) => `${q.companyKey}:${q.certificateNo}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('合同编号 unique within the project', () => {
  it('refuses a number of the same project and allows it in another one', async () => {
    const first = seeded('Contract')[0];
    const same = await projectId(app, admin, String(first.projectNo));
    const otherNo = ['NJJG-2024-001', 'NJJG-2024-002'].find((no) => no !== first.projectNo)!;
    const other = await projectId(app, admin, otherNo);
    const taken = await create('Contract', contract(String(first.contractNo), same));
    expect(taken.body).toEqual({ status: 0, detail: '合同编号已存在' });
    const elsewhere = await create('Contract', contract(String(first.contractNo), other));
    expect(elsewhere.body.status, JSON.stringify(elsewhere.body)).toBe(1);
    // Moving it into the first contract's project takes the number there: refused.
    const moved = await call(app, 'POST', endpoint('Contract', 'update'), { token: admin, body: { rec_id: elsewhere.body.data!.id, project_id: same } });
    expect(moved.body).toEqual({ status: 0, detail: '合同编号已存在' });
  });
});

describe('施工许可证编号 unique in the whole table, with the rule’s own message', () => {
  it('refuses a number any project holds', async () => {
    const first = seeded('BuilderLicence')[0];
    const project = await projectId(app, admin, 'NJJG-2025-005');
    const body = {
      project_id: project, licence_no: first.licenceNo, builder_unit: '内江市教育局', construction_unit: '内江建工集团有限公司',
      scale: '教学楼', building_area: 12000, contract_price: 30000000, issue_date: '2025-07-15', authority: '内江市住房和城乡建设局',
    };
    const reply = await create('BuilderLicence', body);
    expect(reply.body).toEqual({ status: 0, detail: '该施工许可证编号已登记' });
  });
});

describe('the unique index itself (server/metadata/unique-indexes.ts)', () => {
  it('is partial on if_del = 0 and non-blank, scoped by company_id; a table with duplicates starts without it and says so', async () => {
    const url = process.env.DATABASE_URL;
    const handle = await openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
    try {
      const db = handle.db;
      await migrate(db, MIGRATIONS);
      const entity = catalog.entities.get('Qualification')!;
      expect((await syncTables(db, [entity])).uniqueSkipped).toBeUndefined();
      const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where schemaname = current_schema() and indexname = ${uniqueIndexName(entity, entity.unique![0])}`.execute(db);
      expect(index.rows[0]?.indexdef).toMatch(/UNIQUE INDEX .*\(company_id, certificate_no\) WHERE .*if_del = 0.*certificate_no <> ''/);

      // An old database holding duplicates: the rule is reported, the rest of the sync goes on.
      await sql`drop index ${sql.id(uniqueIndexName(entity, entity.unique![0]))}`.execute(db);
      for (let i = 0; i < 2; i += 1) {
        await sql`insert into qualification (company_id, qual_name, category, grade, certificate_no, status) values (1, '甲', '1', '1', 'D1', '1')`.execute(db);
      }
      const report = await syncTables(db, [entity]);
      expect(report.uniqueSkipped).toEqual([expect.stringContaining('表中已有重复数据，唯一约束未生效：certificateNo')]);
    } finally {
      await handle.close();
    }
  });
});

describe('seed rows dated relative to today', () => {
  it('stores 企业资质 and 合同 dates counted from the day of seeding, in China Standard Time', async () => {
    const rows = (await call<Row[]>(app, 'GET', endpoint('Qualification', 'list'), { token: admin, query: { index: 0, size: 100 } })).body.data ?? [];
    const seed = seeded('Qualification').find((q) => q.companyKey === 'group' && String(q.expiryDate).startsWith('$today+'))!;
    const row = rows.find((r) => r.certificateNo === seed.certificateNo)!;
    expect(row.expiryDate).toBe(resolveRelativeDate(seed.expiryDate, 'date'));
    expect(row.issueDate).toBe(resolveRelativeDate(seed.issueDate, 'date'));
    // A valid certificate of the demo is still valid today.
    const today = resolveRelativeDate('$today', 'date') as string;
    const valid = rows.filter((r) => r.status === '1');
    expect(valid.length).toBeGreaterThan(0);
    expect(valid.every((r) => String(r.expiryDate) >= today)).toBe(true);
  });
});
