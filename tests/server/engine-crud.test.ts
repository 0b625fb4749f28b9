// The generic endpoints over the inspection template (docs/metadata.md, §3.3, §5.1, §7.6): create,
// detail and update with the §3.3 save payload, list filters, keyword, sort and paging over 35+ rows,
// refusal of filters that are not data, and soft delete through ModifyIfDel.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageInfo } from '../../common/envelope';
import { call, session, startApp } from './helpers';
import { endpoint, projectId, questionGroups, TEMPLATE, templatePayload } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let token: string;
let project: string;
beforeAll(async () => {
  app = await startApp();
  token = (await session(app, 'qiye01')).token;
  project = await projectId(app, token, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

const list = (query: Record<string, string | number>, who = token) =>
  call<Row[]>(app, 'GET', endpoint(TEMPLATE, 'list'), { token: who, query });
const create = (over: Record<string, unknown> = {}) =>
  call<Row>(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload({ project_id: project, ...over }) });
const filters = (...f: Array<{ field: string; operator: string; value: unknown }>) => JSON.stringify(f);

describe('create, detail and update with the §3.3 save payload', () => {
  it('creates a template, filling projectName and companyName on the server', async () => {
    const reply = await create({ content_name: '塔吊日常巡检表（创建）' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(1);
    const row = reply.body.data!;
    expect(row).toMatchObject({
      deviceType: '塔式起重机',
      projectId: project,
      projectName: '甜城湖片区棚户区改造项目',
      companyName: '内江建工集团有限公司',
      contentName: '塔吊日常巡检表（创建）',
      questionLimit: 0,
      questionType: 1,
    });
    expect(row.id).toMatch(/^\d+$/);
    // json fields are answered as JSON text (§3.3), nested answers intact.
    expect(typeof row.otherList).toBe('string');
    expect(JSON.parse(row.otherList as string)).toEqual(questionGroups('安全装置'));
    expect(JSON.parse(row.repairList as string)).toEqual([]);
  });

  it('answers the record by rec_id and updates it with the same payload shape', async () => {
    const created = (await create({ content_name: '待修改模板' })).body.data!;
    const detail = await call<Row>(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id: created.id } });
    expect(detail.body.data).toEqual(created);

    const other = await projectId(app, token, 'NJJG-2025-003');
    const updated = await call<Row>(app, 'POST', endpoint(TEMPLATE, 'update'), {
      token,
      body: templatePayload({
        rec_id: created.id,
        project_id: other,
        content_name: '已修改模板',
        maintain_list: JSON.stringify(questionGroups('润滑')),
        project_name: '客户端写的名称',
      }),
    });
    expect(updated.body).toMatchObject({ status: 1 });
    expect(updated.body.data).toMatchObject({ id: created.id, contentName: '已修改模板', projectId: other, projectName: '沱江二桥加固工程' });
    expect(JSON.parse(updated.body.data!.maintainList as string)).toEqual(questionGroups('润滑'));

    const partial = await call<Row>(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: { rec_id: created.id, description: '只改描述' } });
    expect(partial.body.data).toMatchObject({ description: '只改描述', contentName: '已修改模板', projectName: '沱江二桥加固工程' });
  });

  it('refuses in the §5.1 order with HTTP 200 and status 0', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ device_type: '', project_id: '', description: '', content_name: '' }, '请选择设备类型'],
      [{ project_id: '', description: '', content_name: '' }, '请选择项目名称'],
      [{ description: '', content_name: '' }, '请输入模板描述'],
      [{ content_name: '' }, '请输入模板名称'],
      [{ content_name: '模'.repeat(101) }, '模板名称不能超过100个字'],
      [{ project_id: '999999' }, '请选择项目名称'],
      [{ other_list: '[{"serNum":"1"}]' }, '巡检内容格式不正确'],
    ];
    for (const [over, detail] of cases) {
      const reply = await create(over);
      expect(reply.status, detail).toBe(200);
      expect(reply.body, detail).toEqual({ status: 0, detail });
    }
  });

  it('answers malformed bodies with 400 and a Chinese detail', async () => {
    const url = endpoint(TEMPLATE, 'create');
    const cases: Array<[unknown, string]> = [
      ['{"device_type":', '请求参数格式错误：请求体不是有效的 JSON'],
      ['[1,2]', '请求参数格式错误：请求体必须是 JSON 对象'],
      [templatePayload({ project_id: project, question_limit: 'many' }), '请求参数格式错误：字段 question_limit 类型错误'],
      [templatePayload({ project_id: project, strWhere: "company_id = 1 or 1=1" }), '请求参数格式错误：不支持的字段 strWhere'],
    ];
    for (const [body, detail] of cases) {
      const reply = await call(app, 'POST', url, { token, body });
      expect(reply.status, detail).toBe(400);
      expect(reply.body, detail).toEqual({ status: 0, detail });
    }
  });

  it('says 记录不存在或无权访问 for an unknown or malformed id', async () => {
    for (const rec_id of ['99999999', 'abc', '']) {
      const detail = await call(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id } });
      expect(detail.body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
    }
    const update = await call(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: templatePayload({ rec_id: '99999999', project_id: project }) });
    expect(update.body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
  });
});

describe('list: filters, keyword, sort and paging', () => {
  const MARK = '分页测试';
  const COUNT = 36;
  const byMark = filters({ field: 'contentName', operator: 'contains', value: MARK });
  beforeAll(async () => {
    for (let i = 0; i < COUNT; i += 1) {
      const reply = await create({
        content_name: `${MARK}${String(i).padStart(2, '0')}`,
        device_type: i % 3 === 0 ? '施工升降机' : '塔式起重机',
        question_order: i,
      });
      if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
    }
  });

  it('pages with a zero-based index and pageInfo, without overlap', async () => {
    const seen: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const reply = await list({ index, size: 10, filters: byMark, sort: 'contentName:asc' });
      expect(reply.body.status).toBe(1);
      const info = reply.body.pageInfo as PageInfo;
      // The keyset cursors of the page's ends (next / prev) ride along; an exact count has no `estimated`.
      const { next, prev, ...counted } = info;
      expect(counted).toEqual({ has_next: index < 3, has_prev: index > 0, p_index: index, p_size: 10, record_count: COUNT });
      expect([typeof next, typeof prev]).toEqual(['string', 'string']);
      expect(reply.body.data).toHaveLength(index < 3 ? 10 : 6);
      seen.push(...reply.body.data!.map((r) => r.contentName as string));
    }
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => `${MARK}${String(i).padStart(2, '0')}`));
  });

  it('sums numeric fields over every matching row, not only the page (list.sums)', async () => {
    const reply = await list({ index: 1, size: 5, filters: byMark, sums: 'questionOrder' });
    expect(reply.body.data).toHaveLength(5);
    // 0 + 1 + … + 35 over all 36 rows of the filter, whatever page is shown.
    expect(reply.body.pageInfo?.sums).toEqual({ questionOrder: (COUNT * (COUNT - 1)) / 2 });
    const narrowed = await list({ index: 0, size: 5, filters: filters(JSON.parse(byMark)[0], { field: 'questionOrder', operator: 'gte', value: 30 }), sums: 'questionOrder' });
    expect(narrowed.body.pageInfo?.sums).toEqual({ questionOrder: 30 + 31 + 32 + 33 + 34 + 35 });
    const none = await list({ index: 0, size: 5, filters: filters({ field: 'contentName', operator: 'eq', value: '不存在的模板' }), sums: 'questionOrder' });
    expect(none.body.pageInfo?.sums).toEqual({ questionOrder: null });
    const plain = await list({ index: 0, size: 5, filters: byMark });
    expect(plain.body.pageInfo?.sums).toBeUndefined();
  });

  it('sorts descending and by default newest first', async () => {
    const desc = await list({ index: 0, size: 3, filters: byMark, sort: 'contentName:desc' });
    expect(desc.body.data!.map((r) => r.contentName)).toEqual([`${MARK}35`, `${MARK}34`, `${MARK}33`]);
    const byDefault = await list({ index: 0, size: 50, filters: byMark });
    const ids = byDefault.body.data!.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters with eq, in and range operators and combines them', async () => {
    const eq = await list({ index: 0, size: 50, filters: filters({ field: 'contentName', operator: 'contains', value: MARK }, { field: 'deviceType', operator: 'eq', value: '施工升降机' }) });
    expect(eq.body.pageInfo?.record_count).toBe(12);
    expect(eq.body.data!.every((r) => r.deviceType === '施工升降机')).toBe(true);
    const inList = await list({ index: 0, size: 50, filters: filters({ field: 'contentName', operator: 'in', value: [`${MARK}01`, `${MARK}02`, '不存在'] }) });
    expect(inList.body.data!.map((r) => r.contentName).sort()).toEqual([`${MARK}01`, `${MARK}02`]);
    const range = await list({ index: 0, size: 50, filters: filters(JSON.parse(byMark)[0], { field: 'questionOrder', operator: 'between', value: [10, 14] }) });
    expect(range.body.pageInfo?.record_count).toBe(5);
    const gte = await list({ index: 0, size: 50, filters: filters(JSON.parse(byMark)[0], { field: 'questionOrder', operator: 'gte', value: 30 }) });
    expect(gte.body.pageInfo?.record_count).toBe(6);
  });

  it('searches the keyword over searchable fields, and treats LIKE wildcards and quotes as text', async () => {
    const keyword = await list({ index: 0, size: 50, keyword: MARK });
    expect(keyword.body.pageInfo?.record_count).toBe(COUNT);
    for (const value of ['%', '_', "' or '1'='1", '\\']) {
      const reply = await list({ index: 0, size: 50, filters: filters({ field: 'contentName', operator: 'contains', value }) });
      expect(reply.body.status, value).toBe(1);
      expect(reply.body.pageInfo?.record_count, value).toBe(0);
    }
  });

  it('refuses filters and sorts the schema does not allow with a Chinese 400, not SQL', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ filters: filters({ field: 'company_id', operator: 'eq', value: 1 }) }, '不支持按字段 company_id 筛选'],
      [{ filters: filters({ field: 'projectId', operator: 'contains', value: '1' }) }, '字段 项目名称 不支持 contains 筛选'],
      [{ filters: filters({ field: 'questionOrder', operator: 'gte', value: '1; drop table users' }) }, '字段 题目顺序 的筛选值无效'],
      [{ filters: 'company_id = 1' }, '筛选条件不是有效的 JSON 数组'],
      [{ sort: 'description:asc' }, '不支持按 description:asc 排序'],
      [{ sort: 'id desc, (select 1)' }, '不支持按 id desc, (select 1) 排序'],
      [{ sums: 'contentName' }, '不支持对 contentName 合计'],
      [{ sums: 'questionOrder,sum(1)' }, '不支持对 sum(1) 合计'],
    ];
    for (const [query, reason] of cases) {
      const reply = await list({ index: 0, size: 10, ...query });
      expect(reply.status, reason).toBe(400);
      expect(reply.body, reason).toEqual({ status: 0, detail: `请求参数格式错误：${reason}` });
    }
    const badPage = await list({ index: -1, size: 10 });
    expect(badPage.status).toBe(400);
  });
});

describe('soft delete (§7.6 ModifyIfDel)', () => {
  it('hides the row from list and detail, and a second delete finds nothing', async () => {
    const row = (await create({ content_name: '待删除模板' })).body.data!;
    const url = endpoint(TEMPLATE, 'delete');
    const bad = await call(app, 'GET', url, { token, query: { rec_id: row.id, if_del: 0 } });
    expect(bad.status).toBe(400);

    const del = await call(app, 'GET', url, { token, query: { rec_id: row.id, if_del: 1, user_id: '2', fromplat: 'pc', wid: 11 } });
    expect(del.body).toEqual({ status: 1, detail: '删除成功' });
    const detail = await call(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id: row.id } });
    expect(detail.body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
    const listed = await list({ index: 0, size: 10, filters: filters({ field: 'contentName', operator: 'eq', value: '待删除模板' }) });
    expect(listed.body.pageInfo?.record_count).toBe(0);
    const again = await call(app, 'GET', url, { token, query: { rec_id: row.id, if_del: 1 } });
    expect(again.body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
    const update = await call(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: { rec_id: row.id, description: '复活' } });
    expect(update.body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
  });
});
