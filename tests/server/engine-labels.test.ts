// Row labels (docs/metadata.md "Labels"): fields of type project and company are answered as ids and,
// in the row's `labels` map, the project's or company's name — in list, detail and written rows — so
// list cells show names; a client that sends `labels` back with an edited row is not refused.
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntitySchema } from '../../common/metadata';
import { SCHEMAS_DIR } from '../../server/platform/catalog';
import { PROJECTS } from '../../server/seed/demo-data';
import { productWithFixture } from '../unit/codegen/fixture';
import { call, session, startApp } from './helpers';
import { DEVICE, endpoint, projectId, TEMPLATE, templatePayload } from './engine-support';

type Row = Record<string, unknown> & { id: string; labels?: Record<string, string> };

let app: FastifyInstance;
let token: string;
let ids: Map<string, string>;
beforeAll(async () => {
  app = await startApp();
  token = (await session(app, 'qiye01')).token;
  ids = new Map();
  for (const p of PROJECTS.filter((x) => ['NJJG-2024-001', 'NJJG-2024-002'].includes(x.no))) ids.set(await projectId(app, token, p.no), p.name);
});
afterAll(async () => {
  await app.close();
});

describe('labels of project fields', () => {
  it('every listed row names its project in labels.projectId, the id staying in projectId', async () => {
    const list = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token, query: { index: 0, size: 50 } });
    const rows = list.body.data!;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.projectId).toMatch(/^\d+$/);
      expect(row.labels).toEqual({ projectId: PROJECTS.find((p) => p.name === row.labels?.projectId)?.name });
    }
    const known = rows.filter((r) => ids.has(String(r.projectId)));
    expect(known.length).toBeGreaterThan(0);
    for (const row of known) expect(row.labels!.projectId).toBe(ids.get(String(row.projectId)));
  });

  it('detail and the written row carry labels too; labels sent back are ignored, not refused', async () => {
    const [first, second] = [...ids.keys()];
    const created = await call<Row>(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload({ project_id: first, content_name: '标签测试' }) });
    expect(created.body.status).toBe(1);
    expect(created.body.data!.labels).toEqual({ projectId: ids.get(first) });
    const detail = await call<Row>(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id: created.body.data!.id } });
    expect(detail.body.data!.labels).toEqual({ projectId: ids.get(first) });

    const edited = { ...detail.body.data!, projectId: second };
    const updated = await call<Row>(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: edited });
    expect(updated.body).toMatchObject({ status: 1, data: { projectId: second, labels: { projectId: ids.get(second) } } });
  });
});

describe('labels of company fields', () => {
  it('a configurator\'s company field is answered with the company name', async () => {
    // The fixture's work order gains a company field, as a configurator would add one.
    const schemasDir = productWithFixture(SCHEMAS_DIR, (f) => {
      (f['entities/work-order.json'] as EntitySchema).fields.push({ name: 'contractorId', type: 'company', title: '施工单位' });
    });
    const fixtureApp = await startApp({ schemasDir });
    try {
      const { token: admin, result } = await session(fixtureApp, 'sysadmin');
      const project = await projectId(fixtureApp, admin, 'NJJG-2024-001');
      const created = await call<Row>(fixtureApp, 'POST', '/prod-api/api/WorkOrder/Create', {
        token: admin,
        body: { title: '带单位的工单', projectId: project, contractorId: result.CompanyId },
      });
      expect(created.body).toMatchObject({ status: 1, data: { contractorId: result.CompanyId, labels: { projectId: '甜城湖片区棚户区改造项目', contractorId: result.CompanyName } } });
      const list = await call<Row[]>(fixtureApp, 'GET', '/prod-api/api/WorkOrder/WherePageList', { token: admin, query: { index: 0, size: 50 } });
      const seeded = list.body.data!.find((r) => r.title === '塔吊月度保养');
      // No company given: no label for it, and the project's label as always.
      expect(seeded?.labels).toEqual({ projectId: '甜城湖片区棚户区改造项目' });
    } finally {
      await fixtureApp.close();
      rmSync(schemasDir, { recursive: true, force: true });
    }
  });
});
