// docs/workbench.md: the 工作台's pending tasks (scope, buttons, monitoring, a move takes a task away, the
// row link finds the record), /DevelopmentConfig's running configuration (administrators only, 403 for
// everyone else, no secret), the POST forms of GetSupplys and queryDataByWhere (answer like the GET), and
// the project plugin endpoints (list, add, update, detail; by user without a token only with a ticket).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKFLOW_API } from '../../common/metadata';
import type { PendingTasks, RunningConfig } from '../../common/workbench';
import type { AppContext } from '../../server/app-context';
import { DEV_CONFIG_MESSAGES, DEV_CONFIG_PATHS } from '../../server/routes/dev-config';
import { PROJECT_PLUGIN_MESSAGES, PROJECT_PLUGIN_PATHS } from '../../server/routes/project-plugin';
import { WORKBENCH_PATHS } from '../../server/routes/workbench';
import { endpoint, entityModel, enterMonitoring, projectId } from './engine-support';
import { call, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };
let app: FastifyInstance;
let ctx: AppContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, options) => {
        ctx = options.ctx;
      },
    ],
  });
  for (const u of ['sysadmin', 'qiye01', 'qiye02', 'xiangmu01', 'xiangmu02', 'diaodu01', 'jiaobanzhan01']) tokens[u] = (await session(app, u)).token;
});
afterAll(async () => {
  await app?.close();
});

const tasksOf = async (token: string) => {
  const reply = await call<PendingTasks>(app, 'GET', WORKBENCH_PATHS.tasks, { token });
  expect(reply.status).toBe(200);
  expect(reply.body.status).toBe(1);
  return reply.body.data!;
};
const projectIdsOf = async (token: string) =>
  new Set(((await call<Array<{ projectPosInfo: { id: string } }>>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 500 } })).body.data ?? []).map((p) => p.projectPosInfo.id));

describe('工作台: my pending tasks', () => {
  it('a project user sees only tasks of its own projects, each found by its link on the page it names', async () => {
    const mine = await projectIdsOf(tokens.xiangmu02);
    const tasks = await tasksOf(tokens.xiangmu02);
    expect(tasks.total).toBeGreaterThan(0);
    for (const group of tasks.groups) {
      const model = entityModel(group.entity);
      expect(group.count).toBe(group.states.reduce((n, s) => n + s.count, 0));
      for (const row of group.rows) {
        expect(row.link.startsWith(`${group.path}?filters=`)).toBe(true);
        // The link's filters, sent to the entity's own list as this user, list exactly that record.
        const filters = new URLSearchParams(row.link.split('?')[1]).get('filters')!;
        const listed = await call<Row[]>(app, 'GET', endpoint(group.entity, 'list'), { token: tokens.xiangmu02, query: { filters, index: 0, size: 10 } });
        expect(listed.body.data!.map((r) => String(r[model.idField.name])), group.title).toEqual([row.id]);
        const project = model.projectColumn ? String(listed.body.data![0][model.projectField?.name ?? 'projectId']) : null;
        if (project) expect(mine.has(project), `${group.title} ${row.id}`).toBe(true);
      }
    }
    // Someone with more projects has more tasks, and none of xiangmu02's is missing from an enterprise view.
    const wider = await tasksOf(tokens.xiangmu01);
    const theirs = new Set(tasks.groups.flatMap((g) => g.rows.map((r) => `${g.entity}:${r.id}`)));
    const others = new Set(wider.groups.flatMap((g) => g.rows.map((r) => `${g.entity}:${r.id}`)));
    expect([...others].some((k) => !theirs.has(k))).toBe(true);
  });

  it('counts only states whose move the user may make: the dispatcher may not approve orders', async () => {
    const dispatcher = (await tasksOf(tokens.diaodu01)).groups.find((g) => g.entity === 'ConcreteOrder')!;
    const manager = (await tasksOf(tokens.jiaobanzhan01)).groups.find((g) => g.entity === 'ConcreteOrder')!;
    const approve = manager.states.find((s) => s.actions.includes('审核通过'))!;
    expect(approve).toBeDefined();
    expect(dispatcher.states.flatMap((s) => s.actions)).not.toContain('审核通过');
    // A user without any of the moves' buttons has no tasks at all.
    expect((await tasksOf(tokens.qiye02)).total).toBe(0);
  });

  it('a move takes the task away: a rejected payroll batch leaves 未审核', async () => {
    const before = (await tasksOf(tokens.xiangmu01)).groups.find((g) => g.entity === 'PayrollBatch')!;
    const waiting = before.states.find((s) => s.label === '未审核')!;
    const row = before.rows.find((r) => r.stateLabel === '未审核')!;
    const model = entityModel('PayrollBatch');
    const moved = await call(app, 'POST', `/prod-api/api/${model.api.base}/${DEFAULT_WORKFLOW_API.transition}`, {
      token: tokens.xiangmu01,
      body: { rec_id: row.id, transition: 'reject', rejectReason: '工资月份与考勤不符' },
    });
    expect(moved.body.status, moved.body.detail).toBe(1);
    const after = (await tasksOf(tokens.xiangmu01)).groups.find((g) => g.entity === 'PayrollBatch');
    expect(after?.states.find((s) => s.label === '未审核')?.count ?? 0).toBe(waiting.count - 1);
    expect(after?.rows.find((r) => r.id === row.id)?.stateLabel).not.toBe('未审核');
  });

  it('monitoring is read-only: no tasks', async () => {
    const duogongsi = await session(app, 'duogongsi');
    await enterMonitoring(app, duogongsi.token, duogongsi.result, '内江建工路桥工程有限公司');
    expect(await tasksOf(duogongsi.token)).toEqual({ total: 0, groups: [] });
  });

  it('needs a session', async () => {
    expect((await call(app, 'GET', WORKBENCH_PATHS.tasks)).status).toBe(401);
  });
});

describe('/DevelopmentConfig: the running configuration', () => {
  it('is refused with 403 and a Chinese message to everyone but a system administrator', async () => {
    for (const user of ['qiye01', 'xiangmu02', 'jiaobanzhan01']) {
      const reply = await call(app, 'GET', DEV_CONFIG_PATHS.config, { token: tokens[user] });
      expect(reply.status, user).toBe(403);
      expect(reply.body).toMatchObject({ status: 0, detail: DEV_CONFIG_MESSAGES.adminOnly });
      expect(reply.body.data).toBeUndefined();
    }
    expect((await call(app, 'GET', DEV_CONFIG_PATHS.config)).status).toBe(401);
  });

  it('answers an administrator what runs, from the loaded catalog, and no secret', async () => {
    const key = 'abcdef0123456789abcdef0123456789';
    const saved = process.env.TIANDITU_KEY;
    process.env.TIANDITU_KEY = key;
    try {
      const reply = await call<RunningConfig>(app, 'GET', DEV_CONFIG_PATHS.config, { token: tokens.sysadmin });
      expect(reply.status).toBe(200);
      const c = reply.body.data!;
      expect(c.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(['PGlite', 'PGlite（内存）', 'PostgreSQL']).toContain(c.database.kind);
      expect(c.database.kind.startsWith('PostgreSQL')).toBe(Boolean(process.env.DATABASE_URL));
      expect(c.schemas.entities).toBe(ctx.catalog.entities.size);
      expect(c.schemas.pages).toBe(ctx.catalog.pages.size);
      expect(c.schemas.dictionaries).toBe(ctx.catalog.dictionaries.size);
      expect(c.schemas.menus.pages + c.schemas.menus.buttons).toBe(ctx.catalog.menuIds.size);
      expect(c.limits.uploads.map((u) => u.maxMB)).toEqual([1, 10]);
      expect(c.clientConfig.tiandituKey).toBe('已配置');
      const text = reply.raw.body;
      expect(text).not.toContain(key);
      const secrets = await sql<{ value: string }>`select value from server_secrets`.execute(ctx.db);
      expect(secrets.rows.length).toBeGreaterThan(0);
      for (const s of secrets.rows) expect(text).not.toContain(s.value);
      expect(text).not.toMatch(/postgres(ql)?:\/\/|password|127\.0\.0\.1:5432/i);
      if (process.env.DATABASE_URL) expect(text).not.toContain(new URL(process.env.DATABASE_URL).hostname + ':');
    } finally {
      if (saved === undefined) delete process.env.TIANDITU_KEY;
      else process.env.TIANDITU_KEY = saved;
    }
  });
});

describe('POST forms of §7.4 GetSupplys and queryDataByWhere answer like their GET', () => {
  const lists = [
    ['Supplier', 'OrgSupply', 'GetSupplys'],
    ['Qualification', 'Qualification', 'queryDataByWhere'],
    ['CompletionCheck', 'CompletionCheck', 'queryDataByWhere'],
    ['BuilderLicence', 'BuilderLicence', 'queryDataByWhere'],
  ] as const;
  it.each(lists)('%s: same rows, same paging, same refusals, same scope', async (_entity, base, name) => {
    const url = `/prod-api/api/${base}/${name}`;
    for (const user of ['sysadmin', 'qiye01', 'xiangmu02']) {
      const params = { index: 0, size: 5 };
      const get = await call<Row[]>(app, 'GET', url, { token: tokens[user], query: params });
      const post = await call<Row[]>(app, 'POST', url, { token: tokens[user], body: params });
      expect(post.status, user).toBe(get.status);
      expect(post.body, user).toEqual(get.body);
      const keyword = await call<Row[]>(app, 'POST', url, { token: tokens[user], body: { ...params, keyword: '内江' } });
      expect(keyword.body).toEqual((await call<Row[]>(app, 'GET', url, { token: tokens[user], query: { ...params, keyword: '内江' } })).body);
    }
    const badGet = await call(app, 'GET', url, { token: tokens.qiye01, query: { filters: '[{"field":"nope","operator":"eq","value":1}]' } });
    const badPost = await call(app, 'POST', url, { token: tokens.qiye01, body: { filters: '[{"field":"nope","operator":"eq","value":1}]' } });
    expect(badPost.status).toBe(badGet.status);
    expect(badPost.body.detail).toBe(badGet.body.detail);
    expect(badPost.body.status).toBe(0);
    const wuquanxian = (await session(app, 'wuquanxian')).token;
    expect((await call(app, 'POST', url, { token: wuquanxian, body: {} })).body).toEqual((await call(app, 'GET', url, { token: wuquanxian })).body);
    expect((await call(app, 'POST', url, { body: {} })).status).toBe(401);
  });
});

describe('project plugins (§7.4): list, add, update, detail, by user without a token', () => {
  const plugin = (action: 'list' | 'detail' | 'create' | 'update') => endpoint('ProjectPlugin', action);

  it('lists a project user only the plugins of its projects; adds, updates and details', async () => {
    const mine = await projectIdsOf(tokens.xiangmu02);
    const all = (await call<Row[]>(app, 'GET', plugin('list'), { token: tokens.qiye01, query: { index: 0, size: 100 } })).body.data!;
    const own = (await call<Row[]>(app, 'GET', plugin('list'), { token: tokens.xiangmu02, query: { index: 0, size: 100 } })).body;
    expect(own.status, own.detail).toBe(1);
    expect(own.data!.length).toBeGreaterThan(0);
    expect(own.data!.every((r) => mine.has(String(r.projectId)))).toBe(true);
    expect(all.length).toBeGreaterThan(own.data!.length);

    const project = await projectId(app, tokens.qiye01, 'NJJG-2024-001');
    const added = await call<Row>(app, 'POST', plugin('create'), { token: tokens.qiye01, body: { projectId: project, pluginCode: '7', remark: '隧道段施工' } });
    expect(added.body.status, added.body.detail).toBe(1);
    const again = await call(app, 'POST', plugin('create'), { token: tokens.qiye01, body: { projectId: project, pluginCode: '7' } });
    expect(again.body).toMatchObject({ status: 0, detail: '该项目已添加此插件' });
    const wrong = await call(app, 'POST', plugin('create'), { token: tokens.qiye01, body: { projectId: project, pluginCode: '99' } });
    expect(wrong.body).toMatchObject({ status: 0, detail: '请选择正确的插件' });
    const id = added.body.data!.id ?? added.body.data!.rec_id;
    const updated = await call<Row>(app, 'POST', plugin('update'), { token: tokens.qiye01, body: { rec_id: id, enabled: false } });
    expect(updated.body.status, updated.body.detail).toBe(1);
    const detail = await call<Row>(app, 'GET', plugin('detail'), { token: tokens.qiye01, query: { rec_id: String(id) } });
    expect(detail.body.data).toMatchObject({ pluginCode: '7', enabled: false, remark: '隧道段施工' });
    // Another company's project user does not see it.
    expect((await call(app, 'GET', plugin('detail'), { token: tokens.xiangmu02, query: { rec_id: String(id) } })).body.status).toBe(0);
  });

  it('by user without a token: only with the ticket the server signed for that user, only enabled plugins', async () => {
    const ticket = (await call<Record<string, string>>(app, 'GET', PROJECT_PLUGIN_PATHS.ticket, { token: tokens.xiangmu02 })).body.data!;
    expect(Object.keys(ticket).sort()).toEqual(['company_id', 'expires', 'sign', 'user_id']);
    const byUser = (query: Record<string, string>) => call<Array<{ projectId: string; projectName: string; plugins: Array<{ code: string; name: string }> }>>(app, 'GET', PROJECT_PLUGIN_PATHS.byUser, { query });
    const answer = await byUser(ticket);
    expect(answer.body.status, answer.body.detail).toBe(1);
    const mine = await projectIdsOf(tokens.xiangmu02);
    expect(new Set(answer.body.data!.map((p) => p.projectId))).toEqual(mine);
    const plugins = answer.body.data!.flatMap((p) => p.plugins);
    expect(plugins.length).toBeGreaterThan(0);
    expect(plugins.every((p) => p.name && p.name !== p.code)).toBe(true);
    expect(Object.keys(answer.body.data![0]).sort()).toEqual(['plugins', 'projectId', 'projectName']);

    const refused = { status: 0, detail: PROJECT_PLUGIN_MESSAGES.badTicket };
    const other = (await call<Record<string, string>>(app, 'GET', PROJECT_PLUGIN_PATHS.ticket, { token: tokens.qiye01 })).body.data!;
    const bads: Record<string, string>[] = [
      {},
      { user_id: ticket.user_id },
      { ...ticket, sign: `${ticket.sign.slice(0, -1)}${ticket.sign.endsWith('A') ? 'B' : 'A'}` },
      { ...ticket, user_id: other.user_id },
      { ...ticket, company_id: other.company_id },
      { ...ticket, expires: String(Number(ticket.expires) + 1000) },
      { ...ticket, expires: String(Date.now() - 1000) },
      { ...ticket, expires: String(Date.now() + 10 * 24 * 3600 * 1000) },
    ];
    for (const bad of bads) {
      const reply = await byUser(bad);
      expect(reply.body, JSON.stringify(bad)).toMatchObject(refused);
      expect(reply.body.data).toBeUndefined();
    }
    expect((await call(app, 'GET', PROJECT_PLUGIN_PATHS.ticket)).status).toBe(401);
  });
});
