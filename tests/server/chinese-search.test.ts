// Chinese contains-search over the n-gram index (server/db/search-grams.ts, issue 26): the keyword and the
// contains-filter answer exactly what a plain ILIKE scan answers, for one-, two- and three-character terms,
// longer ones, digit fragments, Latin letters in either case and LIKE's own wildcards typed as text; and a
// rare two-character term is answered from the index, not by reading every row.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { call, session, startApp } from './helpers';
import { endpoint, projectId } from './engine-support';

const ENTITY = 'AttendanceRecord';
const ROWS = 3000;

let app: FastifyInstance;
let ctx: AppContext | undefined;
let token: string;
let project: number;

const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, options) => {
  ctx = options.ctx;
};

const SURNAMES = ['王', '李', '张', '刘', '陈', '史', '姚', '欧阳', '司马', '郝'];
const GIVEN = ['伟', '军', '志勇', '芳', '娜', '鑫', '建国', '秀英', 'Li', 'ANNA'];
const TEAMS = ['钢筋班', '木工班', '混凝土班', '架子工班', '焊工班', '50%班', 'a_b班', '项目管理部'];

beforeAll(async () => {
  app = await startApp({ routes: [capture] });
  token = (await session(app, 'qiye01')).token;
  project = Number(await projectId(app, token, 'NJJG-2024-001'));
  // Names of one to four characters (surname and given name), Latin given names in both cases, team names
  // with % and _, device names with eight-digit serials; every tenth row without a team.
  await sql`insert into attendance_record (project_id, company_id, worker_id, worker_name, team_name, job_type, work_date, device_name)
    select ${project}, 1, g, (${SURNAMES}::text[])[1 + (g * 7) % 10] || (${GIVEN}::text[])[1 + (g * 13) % 10],
      case when g % 10 = 0 then null else (${TEAMS}::text[])[1 + g % 8] end, '01', date '2031-01-01' + (g % 50),
      '闸机' || lpad(((g::bigint * 2654435761) % 100000000)::text, 8, '0')
    from generate_series(1, ${ROWS}) g`.execute(ctx!.db);
  await sql`analyze attendance_record`.execute(ctx!.db);
});
afterAll(async () => {
  await app.close();
});

type Row = { id: string };

/** Every id the list answers for the query, read page by page. */
async function listed(query: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; ; index += 1) {
    const res = await call<Row[]>(app, 'GET', endpoint(ENTITY, 'list'), { token, query: { index, size: 500, ...query } });
    expect(res.body.status, JSON.stringify(res.body).slice(0, 200)).toBe(1);
    const data = res.body.data ?? [];
    ids.push(...data.map((r) => r.id));
    if (data.length < 500) return ids.sort();
  }
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The same question as a plain scan: ILIKE over the searchable columns, this project's rows. */
async function scanned(columns: string[], term: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id::text as id from attendance_record where project_id = ${project}
    and (${sql.join(columns.map((c) => sql`${sql.ref(c)} ilike ${like(term)}`), sql` or `)})`.execute(ctx!.db);
  return rows.rows.map((r) => r.id).sort();
}

const TERMS = ['王', '史军', '姚志勇', '欧阳建国', '司马秀英', '班', '钢筋', '木工班', '1234', '闸机0', 'li', 'ANNA', 'anna', 'l', '50%', '%', '_', 'a_b', '不存在的词', '勇芳'];

describe('keyword search over the n-gram index', () => {
  it.each(TERMS)('keyword %s answers what ILIKE over the searchable fields answers', async (term) => {
    const byScan = await scanned(['worker_name', 'team_name', 'device_name'], term);
    const byList = await listed({ keyword: term, filters: JSON.stringify([{ field: 'projectId', operator: 'eq', value: String(project) }]) });
    expect(byList).toEqual(byScan);
  });

  it.each(['史', '志勇', '欧阳', 'A'])('a contains-filter on a searchable field answers what ILIKE answers (%s)', async (term) => {
    const byScan = await scanned(['worker_name'], term);
    const byList = await listed({
      filters: JSON.stringify([
        { field: 'projectId', operator: 'eq', value: String(project) },
        { field: 'workerName', operator: 'contains', value: term },
      ]),
    });
    expect(byList).toEqual(byScan);
    expect(byList.length).toBeGreaterThan(0);
  });

  it('finds a common term by scan count too: 王 is in a tenth of the names', async () => {
    const ids = await listed({ keyword: '王', filters: JSON.stringify([{ field: 'projectId', operator: 'eq', value: String(project) }]) });
    expect(ids.length).toBe(ROWS / 10);
  });

  it('builds one n-gram index over the searchable text fields, and the old trigram ones are gone', async () => {
    const found = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'attendance_record'`.execute(ctx!.db);
    const search = found.rows.filter((r) => /^attendance_record_search_[0-9a-f]{8}_idx$/.test(r.indexname));
    expect(search.map((r) => r.indexdef)).toEqual([
      expect.stringMatching(/USING gin \(+search_grams_v1\(worker_name\) \|\| search_grams_v1\(team_name\)\) \|\| search_grams_v1\(device_name\)\)+$/),
    ]);
    expect(found.rows.filter((r) => /_(trgm|grams)_idx$/.test(r.indexname))).toEqual([]);
  });

  it('answers a rare two-character term from the index', async () => {
    // In one transaction: on PostgreSQL the pool may hand each statement another connection.
    const plan = await ctx!.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<Record<string, string>>`explain select id from attendance_record
        where (search_grams_v1(worker_name) || search_grams_v1(team_name) || search_grams_v1(device_name)) @> search_query_grams_v1('史军')`.execute(trx);
    });
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toMatch(/Bitmap Index Scan on attendance_record_search_[0-9a-f]{8}_idx/);
  });
});
