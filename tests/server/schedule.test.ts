// 项目进度计划 and its 进度管理 screen (docs/schedule.md) through the API: the seeded schedules and their
// derived status, each refusal of the server (dates, progress, parent and predecessor of another project,
// a predecessor that is the task itself or closes a cycle, a parent below the task, actual dates in the
// future), scope by kind of user, a progress report, and the screen's one answer.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { ScheduleManagement } from '../../common/screens/schedule';
import { SCHEDULE_MESSAGES } from '../../server/hooks/schedule';
import { screenPath } from '../../server/screens/routes';
import { projectId } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (name: string) => `${API_BASE}/api/ProjectSchedule/${name}`;

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const pid: Record<string, string> = {};
/** Task ids by project number and WBS code. */
const ids: Record<string, Record<string, string>> = {};

const today = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);
const post = async (name: string, body: Row, token: string) => (await call<Row>(app, 'POST', api(name), { token, body })).body;
async function tasks(token: string, projectNo?: string): Promise<Row[]> {
  const filters = projectNo ? JSON.stringify([{ field: 'projectId', operator: 'eq', value: pid[projectNo] }]) : undefined;
  const reply = await call<Row[]>(app, 'GET', api('WhereTaskList'), { token, query: { index: 0, size: 1000, ...(filters ? { filters } : {}) } });
  expect(reply.body.status).toBe(1);
  return reply.body.data ?? [];
}
const detail = async (id: string, token = tokens.qiye01) => (await call<Row>(app, 'GET', api('GetTaskInfo'), { token, query: { rec_id: id } })).body;
const newTask = (projectNo: string, over: Row = {}): Row => ({
  projectId: pid[projectNo], wbsCode: `9.${Math.floor(Math.random() * 1e6)}`, taskName: '临时排水沟施工', plannedStart: today(5), plannedEnd: today(15), progress: 0, ...over,
});

beforeAll(async () => {
  app = await startApp();
  for (const user of ['qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01']) tokens[user] = (await session(app, user)).token;
  for (const no of ['NJJG-2024-001', 'NJJG-2024-002']) {
    pid[no] = await projectId(app, tokens.qiye01, no);
    ids[no] = Object.fromEntries((await tasks(tokens.qiye01, no)).map((t) => [String(t.wbsCode), String(t.id)]));
  }
});
afterAll(async () => {
  await app.close();
});

describe('seeded schedules', () => {
  it('hold a WBS tree per project with milestones, finished, running, late and future tasks', async () => {
    const rows = await tasks(tokens.qiye01, 'NJJG-2024-001');
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const byCode = new Map(rows.map((r) => [String(r.wbsCode), r]));
    expect(byCode.get('2.1')).toMatchObject({ parentId: Number(ids['NJJG-2024-001']['2']), status: '3', progress: 100 });
    expect(byCode.get('3.4')).toMatchObject({ status: '2', delayDays: 0 });
    // Not started 18 days after its planned start; the 样板间 is 6 days past its planned end.
    expect(byCode.get('4.3')).toMatchObject({ status: '4', delayDays: 18 });
    expect(byCode.get('5.2')).toMatchObject({ status: '4', delayDays: 6 });
    expect(byCode.get('5.4')).toMatchObject({ status: '1', delayDays: 0 });
    expect(rows.filter((r) => r.milestone === true).length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['1', '2', '3', '4']));
    const predecessors = ((await detail(ids['NJJG-2024-001']['6.2'])).data?.predecessors ?? []) as Row[];
    expect(predecessors.map((p) => String(p.predecessorId)).sort()).toEqual([ids['NJJG-2024-001']['6.1'], ids['NJJG-2024-001']['4.4']].sort());
  });

  it('are seen by project users for their own projects only', async () => {
    expect(new Set((await tasks(tokens.xiangmu01)).map((r) => String(r.projectId)))).toEqual(new Set([pid['NJJG-2024-001']]));
    expect(new Set((await tasks(tokens.xiangmu02)).map((r) => String(r.projectId)))).toEqual(new Set([pid['NJJG-2024-002']]));
    expect(await detail(ids['NJJG-2024-001']['2.1'], tokens.xiangmu02)).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
    // 项目成员 reports progress but adds nothing.
    expect(await post('AddTask', newTask('NJJG-2024-002'), tokens.xiangmu02)).toMatchObject({ status: 0, code: 402 });
  });
});

describe('refusals, with nothing written', () => {
  const refused = async (body: Row, detailText: string, token = tokens.xiangmu01) => {
    const before = (await tasks(tokens.qiye01)).length;
    const reply = await post('AddTask', body, token);
    expect(reply).toMatchObject({ status: 0 });
    expect(reply.detail).toContain(detailText);
    expect((await tasks(tokens.qiye01)).length).toBe(before);
  };

  it('an end before the start, a progress outside 0–100, actual dates out of order or in the future', async () => {
    await refused(newTask('NJJG-2024-001', { plannedStart: today(10), plannedEnd: today(9) }), '计划完成日期不能早于计划开始日期');
    await refused(newTask('NJJG-2024-001', { progress: 101 }), '完成进度须在0到100之间');
    await refused(newTask('NJJG-2024-001', { progress: -1 }), '完成进度须在0到100之间');
    await refused(newTask('NJJG-2024-001', { actualStart: today(-3), actualEnd: today(-5), progress: 100 }), '实际完成日期不能早于实际开始日期');
    await refused(newTask('NJJG-2024-001', { actualEnd: today(-1), progress: 100 }), SCHEDULE_MESSAGES.endWithoutStart);
    await refused(newTask('NJJG-2024-001', { actualStart: today(2) }), SCHEDULE_MESSAGES.startFuture);
    await refused(newTask('NJJG-2024-001', { actualStart: today(-4), actualEnd: today(-1), progress: 60 }), SCHEDULE_MESSAGES.endNotDone);
  });

  it('a parent or a predecessor of another project, a project out of scope', async () => {
    await refused(newTask('NJJG-2024-002', { parentId: ids['NJJG-2024-001']['3'] }), SCHEDULE_MESSAGES.parentProject, tokens.qiye01);
    await refused(newTask('NJJG-2024-002', { predecessors: [{ predecessorId: ids['NJJG-2024-001']['3.4'], lagDays: 0 }] }), '所选前置任务与所属项目不匹配', tokens.qiye01);
    // xiangmu01's projects do not include the road project.
    await refused(newTask('NJJG-2024-002'), '', tokens.xiangmu01);
  });

  it('a predecessor that is the task itself, repeated, or closing a cycle; a parent below the task', async () => {
    const p = ids['NJJG-2024-001'];
    const update = (id: string, body: Row) => post('UpdateTask', { rec_id: id, ...body }, tokens.xiangmu01);
    const links = async (id: string) => (((await detail(id)).data?.predecessors ?? []) as Row[]).map((r) => String(r.predecessorId));
    const before = await links(p['2.1']);
    expect((await update(p['2.1'], { predecessors: [{ predecessorId: p['2.1'], lagDays: 0 }] })).detail).toContain(SCHEDULE_MESSAGES.self);
    // 2.3 follows 2.2, which follows 2.1: 2.1 after 2.3 closes a cycle.
    expect((await update(p['2.1'], { predecessors: [{ predecessorId: p['2.3'], lagDays: 0 }] })).detail).toContain(SCHEDULE_MESSAGES.cycle);
    expect((await update(p['2.1'], { predecessors: [{ predecessorId: p['1.3'], lagDays: 0 }, { predecessorId: p['1.3'], lagDays: 2 }] })).detail).toContain(SCHEDULE_MESSAGES.repeated);
    expect(await links(p['2.1'])).toEqual(before);
    expect((await update(p['2'], { parentId: p['2.1'] })).detail).toBe('上级任务不能是本身或其下级');
    // A longer chain is fine as long as it has no loop.
    expect(await update(p['2.1'], { predecessors: [{ predecessorId: p['1.3'], lagDays: 0 }, { predecessorId: p['1.2'], lagDays: 3 }] })).toMatchObject({ status: 1 });
    expect((await links(p['2.1'])).sort()).toEqual([p['1.3'], p['1.2']].sort());
  });
});

describe('progress reports', () => {
  it('a project member reports progress on its project; the status follows', async () => {
    const id = ids['NJJG-2024-002']['4.1'];
    const before = (await detail(id, tokens.xiangmu02)).data!;
    expect(before).toMatchObject({ status: '2' });
    const reply = await post('UpdateTask', { rec_id: id, progress: 100, actualEnd: today(0), version: before.version }, tokens.xiangmu02);
    expect(reply).toMatchObject({ status: 1, data: { progress: 100, status: '3' } });
  });
});

describe('the 进度管理 screen', () => {
  const screen = async (token: string, pjctid1?: string) =>
    (await call<ScheduleManagement>(app, 'GET', screenPath('ScheduleManagement'), { token, query: pjctid1 ? { pjctid1 } : {} })).body;

  it('answers every panel of one project in one call', async () => {
    const reply = await screen(tokens.xiangmu01);
    expect(reply.status).toBe(1);
    const data = reply.data!;
    expect(data.project).toMatchObject({ id: pid['NJJG-2024-001'], name: '甜城湖片区棚户区改造项目' });
    expect(data.today).toBe(today(0));
    const s = data.summary;
    expect(s.tasks).toBe(s.done + s.inProgress + s.notStarted + s.delayed);
    expect(s.delayed).toBeGreaterThanOrEqual(2);
    expect(s.plannedPercent).toBeGreaterThan(0);
    expect(s.actualPercent).toBeGreaterThan(0);
    expect(s.actualPercent).toBeLessThan(100);
    expect(s.deviation).toBeCloseTo(s.actualPercent - s.plannedPercent, 1);
    expect(data.byStatus.map((b) => b.name)).toEqual(['未开始', '进行中', '已完成', '已延期']);
    // The S-curve rises, planned to 100 at the end; the actual line stops at today.
    const planned = data.curve.map((p) => p.planned);
    expect(planned).toEqual([...planned].sort((a, b) => a - b));
    expect(planned.at(-1)).toBe(100);
    expect(data.curve.find((p) => p.date === data.today)).toMatchObject({ planned: s.plannedPercent, actual: s.actualPercent });
    expect(data.curve.filter((p) => p.date > data.today).every((p) => p.actual === null)).toBe(true);
    expect(new Set(data.milestones.map((m) => m.state))).toEqual(new Set(['done', 'upcoming']));
    expect(data.milestones.find((m) => m.name === '主体结构封顶')).toMatchObject({ state: 'upcoming', days: 10 });
    const delays = data.delayed.map((t) => t.delayDays);
    expect(delays).toEqual([...delays].sort((a, b) => b - a));
    expect(data.delayed[0]).toMatchObject({ code: '4.3', delayDays: 18, statusName: '已延期' });
    expect(data.thisWeek.length).toBeGreaterThan(0);
    expect(data.thisWeek.some((t) => t.code === '3.4')).toBe(true);
    // 下周任务: what starts or finishes next week (Monday to Sunday).
    const monday = today(7 - ((new Date(`${today(0)}T00:00:00Z`).getUTCDay() + 6) % 7));
    const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86400_000).toISOString().slice(0, 10);
    const within = (d: string) => d >= monday && d <= sunday;
    expect(data.nextWeek.every((t) => within(t.plannedStart) || within(t.plannedEnd))).toBe(true);
  });

  it('follows pjctid1 inside the scope and refuses a project outside it', async () => {
    expect((await screen(tokens.qiye01, pid['NJJG-2024-002'])).data!.project).toMatchObject({ name: '汉渝大道（东兴段）道路改造工程' });
    expect(await screen(tokens.xiangmu01, pid['NJJG-2024-002'])).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
    const government = (await screen(tokens.jianguan01, pid['NJJG-2024-001'])).data!;
    expect(government.summary.tasks).toBeGreaterThan(0);
  });
});
