// The hazard screens (docs/screens-api.md): QualitySafety and the hazard part of Warning — equal to the
// seeded hazards of each scope, moved by hazards written and closed through the generic Hazard API.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cstDate } from '../../server/screens/format';
import type { QualitySafety } from '../../server/screens/quality-safety';
import type { Warning } from '../../server/screens/warning';
import { endpoint, projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen, todayCst, updateRow } from './screens-fixtures';
import { projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const USERS = ['qiye01', 'xiangmu02', 'jianguan01'] as const;

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of [...USERS, 'sysadmin', 'xiangmu01']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const hazards = seedRows('hazard');

function expected(userName: string, today: string) {
  const mine = hazards.filter((h) => projectNosOf(userName).has(h.projectNo));
  const closed = mine.filter((h) => h.status === '4');
  const open = mine.filter((h) => h.status !== '4');
  const onTime = closed.filter((h) => cstDate(new Date(String(h.closedAt))) <= String(h.rectifyDeadline));
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 0);
  return {
    mine,
    summary: {
      total: mine.length,
      open: open.length,
      closed: closed.length,
      overdue: open.filter((h) => String(h.rectifyDeadline) < today).length,
      foundToday: mine.filter((h) => cstDate(new Date(String(h.foundAt))) === today).length,
      rectifyRate: pct(closed.length, mine.length),
      onTimeRate: pct(onTime.length, closed.length),
    },
  };
}

describe('QualitySafety', () => {
  it('answers the seeded hazards of each scope by status, type, level and project', async () => {
    const today = todayCst();
    for (const u of USERS) {
      const data = await screen<QualitySafety>(app, tokens[u], 'QualitySafety');
      const { mine, summary } = expected(u, today);
      expect(mine.length).toBeGreaterThan(0);
      expect(data.summary).toEqual(summary);
      expect(data.byStatus.map((s) => [s.code, s.name])).toEqual([['1', '待整改'], ['2', '整改中'], ['3', '待复查'], ['4', '已销项']]);
      for (const s of data.byStatus) expect(s.count).toBe(mine.filter((h) => h.status === s.code).length);
      expect(data.byType).toHaveLength(11);
      expect(data.byType[10]).toMatchObject({ code: '11', name: '三宝四口五临边' });
      for (const t of data.byType) {
        expect(t.count).toBe(mine.filter((h) => h.hazardType === t.code).length);
        expect(t.open).toBe(mine.filter((h) => h.hazardType === t.code && h.status !== '4').length);
      }
      expect(data.byLevel.map((l) => l.name)).toEqual(['一般', '较大', '重大']);
      expect(data.byCheckKind.map((k) => k.name)).toEqual(['日常检查', '季度检查', '年度检查', '项目部检查', '监理质量检查', '专项检查']);
      expect(data.byProject.reduce((n, p) => n + p.total, 0)).toBe(mine.length);
      expect(data.byProject).toHaveLength(projectNosOf(u).size);
      expect(data.trend).toHaveLength(30);
      expect(data.trend.at(-1)!.date).toBe(today);
      expect(data.openList.length).toBe(Math.min(20, summary.open));
      expect(data.openList.every((h) => h.status !== '4' && h.overdue === (String(h.rectifyDeadline) < today))).toBe(true);
    }
  });

  it('counts hazards found and closed today, overdue ones, and shows them in Warning', async () => {
    const today = todayCst();
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const before = await screen<QualitySafety>(app, tokens.xiangmu02, 'QualitySafety');
    const warningBefore = await screen<Warning>(app, tokens.xiangmu02, 'Warning');
    const otherBefore = await screen<QualitySafety>(app, tokens.xiangmu01, 'QualitySafety');
    const base = { projectId: pid, hazardType: '5', level: '2', checkKind: '6', location: '1#塔吊', finder: '黄丽', rectifier: '孙大勇' };
    const onTime = await createRow(app, tokens.sysadmin, 'Hazard', {
      ...base, hazardNo: 'YH-TEST-001', description: '吊钩防脱装置损坏', foundAt: new Date(Date.now() - 120_000).toISOString(), rectifyDeadline: addDays(today, 1), status: '1',
    });
    const late = await createRow(app, tokens.sysadmin, 'Hazard', {
      ...base, hazardNo: 'YH-TEST-002', description: '塔吊附着装置螺栓松动', foundAt: new Date(Date.now() - 60_000).toISOString(), rectifyDeadline: addDays(today, -1), status: '2',
    });

    const after = await screen<QualitySafety>(app, tokens.xiangmu02, 'QualitySafety');
    expect(after.summary).toMatchObject({
      total: before.summary.total + 2,
      open: before.summary.open + 2,
      overdue: before.summary.overdue + 1,
      foundToday: before.summary.foundToday + 2,
    });
    expect(after.trend.at(-1)!.found).toBe(before.trend.at(-1)!.found + 2);
    expect(after.byType.find((t) => t.code === '5')).toMatchObject({ name: '塔式起重机', open: before.byType.find((t) => t.code === '5')!.open + 2 });
    expect(after.openList.slice(0, 2).map((h) => h.hazardNo)).toEqual(['YH-TEST-002', 'YH-TEST-001']);
    expect(after.openList[0]).toMatchObject({ overdue: true, overdueDays: 1, statusName: '整改中', levelName: '较大', checkKindName: '专项检查', typeName: '塔式起重机' });
    // Another project user does not see them.
    expect((await screen<QualitySafety>(app, tokens.xiangmu01, 'QualitySafety')).summary.total).toBe(otherBefore.summary.total);

    const warning = await screen<Warning>(app, tokens.xiangmu02, 'Warning');
    expect(warning.summary.overdueHazards).toBe(warningBefore.summary.overdueHazards + 1);
    expect(warning.overdueHazards.map((h) => h.hazardNo)).toContain('YH-TEST-002');
    expect(warning.overdueHazards.map((h) => h.hazardNo)).not.toContain('YH-TEST-001');

    // Closed today, before its deadline: rectified and on time.
    await updateRow(app, tokens.sysadmin, 'Hazard', { rec_id: onTime.id, status: '4', closedAt: new Date().toISOString() });
    const closed = await screen<QualitySafety>(app, tokens.xiangmu02, 'QualitySafety');
    expect(closed.summary.closed).toBe(before.summary.closed + 1);
    expect(closed.summary.rectifyRate).toBe(Math.round(((before.summary.closed + 1) / (before.summary.total + 2)) * 1000) / 10);
    expect(closed.trend.at(-1)!.closed).toBe(before.trend.at(-1)!.closed + 1);
    expect(closed.openList.map((h) => h.id)).not.toContain(onTime.id);
    expect(closed.openList.map((h) => h.id)).toContain(late.id);

    // Deleted (soft) hazards leave every count.
    const removed = await call(app, 'POST', endpoint('Hazard', 'delete'), { token: tokens.sysadmin, body: { rec_id: late.id, if_del: 1 } });
    expect(removed.body.status).toBe(1);
    expect((await screen<QualitySafety>(app, tokens.xiangmu02, 'QualitySafety')).summary.total).toBe(before.summary.total + 1);
  });

  it('refuses a bad hazard with a Chinese message and writes nothing', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const before = (await screen<QualitySafety>(app, tokens.qiye01, 'QualitySafety')).summary.total;
    const good = { projectId: pid, hazardNo: 'YH-TEST-100', hazardType: '3', level: '1', checkKind: '1', description: '脚手板未满铺', foundAt: new Date().toISOString(), rectifyDeadline: todayCst(), status: '1' };
    const badType = await call(app, 'POST', endpoint('Hazard', 'create'), { token: tokens.sysadmin, body: { ...good, hazardType: '12' } });
    expect(badType.body.status).toBe(0);
    expect(badType.body.detail).toMatch(/[\u4e00-\u9fa5]/);
    const noDescription = await call(app, 'POST', endpoint('Hazard', 'create'), { token: tokens.sysadmin, body: { ...good, description: '' } });
    expect(noDescription.body).toMatchObject({ status: 0, detail: '请输入隐患描述' });
    const badNo = await call(app, 'POST', endpoint('Hazard', 'create'), { token: tokens.sysadmin, body: { ...good, hazardNo: '隐患1' } });
    expect(badNo.body).toMatchObject({ status: 0, detail: '隐患编号只能包含字母、数字、下划线或短横线' });
    expect((await screen<QualitySafety>(app, tokens.qiye01, 'QualitySafety')).summary.total).toBe(before);
    // Writing is for the permission node's add button: an enterprise viewer may not.
    const viewer = (await session(app, 'qiye02')).token;
    expect((await call(app, 'POST', endpoint('Hazard', 'create'), { token: viewer, body: good })).body.status).not.toBe(1);
  });

  it('refuses pjctid1 outside the scope', async () => {
    const id = await projectId(app, tokens.qiye01, 'NJJG-2024-012');
    expect((await call(app, 'GET', '/prod-api/api/TyScreen/QualitySafety', { token: tokens.jianguan01, query: { pjctid1: id } })).body).toMatchObject({
      status: 0,
      detail: '项目不存在或不在您的权限范围内',
    });
    const one = await screen<QualitySafety>(app, tokens.qiye01, 'QualitySafety', { pjctid1: id });
    expect(one.summary.total).toBe(hazards.filter((h) => h.projectNo === 'NJJG-2024-012').length);
  });
});
