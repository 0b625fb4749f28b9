// Deletes never orphan data (issue 9, docs/security.md): a row other rows refer to is refused with
// 该记录已被其他数据使用 and what uses it, counted per referring entity, and nothing changes; a row
// nothing refers to goes; references declared `onDelete: "cascade"` go along; soft-deleted referrers
// do not count; a relation's own links go with the row, a linked row stays while it is linked.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { call, session, startApp } from './helpers';
import { endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let admin: string;
let companyId: string;

const url = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const IN_USE = '该记录已被其他数据使用：';

async function count(entity: string, filters: unknown[] = []): Promise<number> {
  const reply = await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token: admin, query: { index: 0, size: 1, filters: JSON.stringify(filters) } });
  if (reply.body.status !== 1) throw new Error(`${entity}: ${JSON.stringify(reply.body)}`);
  return reply.body.pageInfo!.record_count;
}
const ofProject = (id: string) => [{ field: 'projectId', operator: 'eq', value: id }];

async function create(entity: string, body: Record<string, unknown>): Promise<Row> {
  const reply = await call<Row>(app, 'POST', endpoint(entity, 'create'), { token: admin, body });
  if (reply.body.status !== 1) throw new Error(`${entity} create: ${JSON.stringify(reply.body)}`);
  return reply.body.data!;
}
const remove = (entity: string, id: string) => call(app, 'POST', endpoint(entity, 'delete'), { token: admin, body: { rec_id: id, if_del: 1 } });

let serial = 0;
async function newProject(): Promise<string> {
  serial += 1;
  const row = await create('Project', {
    project_no: `DEL-${serial}`, projectName: `删除测试项目${serial}`, status: 1, company_id: companyId, area_code: '511025', lng: 104.85, lat: 29.76,
  });
  return row.id;
}
const worker = (project: string) => ({ project_id: project, worker_name: '杨志明', id_card_no: '51100219900315123X', gender: '1' });

beforeAll(async () => {
  app = await startApp();
  const s = await session(app, 'qiye01');
  admin = s.token;
  const project = await call<Row>(app, 'GET', url('Project', 'GetProjectInfo'), { token: admin, query: { rec_id: await projectId(app, admin, 'NJJG-2024-001') } });
  companyId = String(project.body.data!.companyId);
});
afterAll(async () => {
  await app.close();
});

describe('deleting a row other rows refer to', () => {
  it('refuses a demo project with workers and attendance, counting what uses it, and changes nothing', async () => {
    const id = await projectId(app, admin, 'NJJG-2024-001');
    const workers = await count('Worker', ofProject(id));
    const attendance = await count('AttendanceRecord', ofProject(id));
    const projects = await count('Project');
    expect(workers).toBeGreaterThan(0);
    expect(attendance).toBeGreaterThan(0);
    const reply = await remove('Project', id);
    expect(reply.body.status).toBe(0);
    expect(reply.body.detail).toMatch(new RegExp(`^${IN_USE}`));
    expect(reply.body.detail).toContain(`${workers} 名人员`);
    expect(reply.body.detail).toContain(`${attendance} 条考勤记录`);
    expect(await count('Worker', ofProject(id))).toBe(workers);
    expect(await count('AttendanceRecord', ofProject(id))).toBe(attendance);
    expect(await count('Project')).toBe(projects);
  });

  it('deletes a project nothing refers to, with its own user links', async () => {
    const id = await newProject();
    // An ordinary member the administrator may put on its projects (not a system administrator, not of other companies).
    const users = await call<Row[]>(app, 'GET', endpoint('User', 'list'), { token: admin, query: { index: 0, size: 1, keyword: 'qiye02' } });
    const joined = await call(app, 'POST', url('Project', 'UpdateJoinUser'), { token: admin, body: { rec_id: id, add: [users.body.data![0].id] } });
    expect(joined.body.status).toBe(1);
    expect((await remove('Project', id)).body).toMatchObject({ status: 1, detail: '删除成功' });
    const gone = await call(app, 'GET', url('Project', 'GetProjectInfo'), { token: admin, query: { rec_id: id } });
    expect(gone.body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
  });

  it('refuses while one live worker is left, and a soft-deleted worker does not block', async () => {
    const id = await newProject();
    const w = await create('Worker', worker(id));
    expect((await remove('Project', id)).body).toEqual({ status: 0, detail: `${IN_USE}1 名人员` });
    expect((await remove('Worker', w.id)).body.status).toBe(1);
    expect((await remove('Project', id)).body.status).toBe(1);
  });

  it('takes a cascade-declared reference along: a training session with its attendees', async () => {
    const id = await newProject();
    const training = await create('TrainingSession', {
      title: '脚手架搭设专项技术交底', training_type: '3', project_id: id, trainer: '何建', training_date: '2025-07-16', hours: 2, attendee_count: 18, content: '连墙件设置',
    });
    await create('TrainingAttendee', { session_id: training.id, project_id: id, worker_name: '王小军', id_card_no: '511002199001013212', hours: 24 });
    await create('TrainingAttendee', { session_id: training.id, project_id: id, worker_name: '李小红', id_card_no: '511002199001013212', hours: 24 });
    expect((await remove('Project', id)).body).toEqual({ status: 0, detail: `${IN_USE}2 名参训人员、1 条培训记录` });
    expect((await remove('TrainingSession', training.id)).body.status).toBe(1);
    expect(await count('TrainingAttendee', ofProject(id))).toBe(0);
    expect((await remove('Project', id)).body.status).toBe(1);
  });

  it('keeps a unit joined to a project as a participant until it leaves', async () => {
    const project = await newProject();
    const made = await call<Row>(app, 'POST', url('Org', 'CreateOrg'), { token: admin, body: { companyname: '删除测试监理单位', pId: companyId, companyType: 9 } });
    const org = made.body.data!.id;
    expect((await call(app, 'POST', url('Project', 'UpdateJoinOrgList'), { token: admin, body: { rec_id: project, add: [org] } })).body.status).toBe(1);
    expect((await call(app, 'POST', url('Org', 'DeleteOrg'), { token: admin, body: { rec_id: org } })).body).toEqual({ status: 0, detail: `${IN_USE}1 个项目` });
    await call(app, 'POST', url('Project', 'UpdateJoinOrgList'), { token: admin, body: { rec_id: project, remove: [org] } });
    expect((await call(app, 'POST', url('Org', 'DeleteOrg'), { token: admin, body: { rec_id: org } })).body.status).toBe(1);
  });

  it('names the platform rows that use a unit: its projects, users and subsidiaries', async () => {
    const reply = await call(app, 'POST', url('Org', 'DeleteOrg'), { token: admin, body: { rec_id: companyId } });
    expect(reply.body.status).toBe(0);
    expect(reply.body.detail).toMatch(new RegExp(`^${IN_USE}.*个项目`));
    expect(reply.body.detail).toContain('名用户');
  });

  it('refuses a worker a new row would point at once it is deleted (the write locks what it points at)', async () => {
    const id = await newProject();
    const w = await create('Worker', worker(id));
    await remove('Worker', w.id);
    const card = await call(app, 'POST', endpoint('BankCard', 'create'), {
      token: admin,
      body: { project_id: id, worker_id: w.id, worker_name: '杨志明', id_card_no: '51100219900315123X', bank_code: '01', card_no: '6222020200001234567' },
    });
    expect(card.body.status).toBe(0);
    expect((await remove('Project', id)).body.status).toBe(1);
  });

  it('never lets a delete and a concurrent write both succeed (check and delete in one transaction)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const id = await newProject();
      const writes = Array.from({ length: 4 }, () => call(app, 'POST', endpoint('Worker', 'create'), { token: admin, body: worker(id) }));
      const [deleted, ...created] = await Promise.all([remove('Project', id), ...writes]);
      const kept = created.filter((r) => r.body.status === 1).length;
      expect(deleted.body.status === 1 && kept > 0, `round ${round}: deleted and ${kept} workers kept`).toBe(false);
      // Refused: the message counts the referrers the check saw; writes committed after it may add more.
      if (deleted.body.status === 0) {
        const seen = Number(/(\d+) 名人员$/.exec(deleted.body.detail ?? '')?.[1]);
        expect(deleted.body.detail).toBe(`${IN_USE}${seen} 名人员`);
        expect(seen).toBeGreaterThanOrEqual(1);
        expect(seen).toBeLessThanOrEqual(kept);
      }
    }
  });
});

describe('ids are matched exactly', () => {
  it('does not let " 1" or "1 " or "01" address row 1', async () => {
    const id = await newProject();
    for (const bad of [` ${id}`, `${id} `, `0${id}`, `${id}\n`, `+${id}`]) {
      const detail = await call(app, 'GET', url('Project', 'GetProjectInfo'), { token: admin, query: { rec_id: bad } });
      expect(detail.body, JSON.stringify(bad)).toEqual({ status: 0, detail: '记录不存在或无权访问' });
      expect((await remove('Project', bad)).body, JSON.stringify(bad)).toEqual({ status: 0, detail: '记录不存在或无权访问' });
      const update = await call(app, 'POST', endpoint('Project', 'update'), { token: admin, body: { rec_id: bad, managerName: '改名' } });
      expect(update.body.status, JSON.stringify(bad)).toBe(0);
    }
    const detail = await call<Row>(app, 'GET', url('Project', 'GetProjectInfo'), { token: admin, query: { rec_id: id } });
    expect(detail.body.data?.managerName).not.toBe('改名');
    expect((await remove('Project', id)).body.status).toBe(1);
  });
});
