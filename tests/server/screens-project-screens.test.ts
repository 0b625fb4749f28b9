// The project screens 人员管理 (ProjectPersonnel), 平台预警 (PlatformWarning) and the enterprise 工程概况
// (Engineering), docs/screens-api.md: each is the existing screen's answer (BuildPersonnel, Warning,
// ProjectManagements) over the same projects plus its own figures — origin, certificates, blacklist hits
// and gate passes; warnings per source, unhandled alarms with their progress, offline devices; contract
// values and building areas — scoped to the caller, another scope's project refused.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStats } from '../../common/screens/devices';
import type { Engineering } from '../../server/screens/engineering';
import type { BuildPersonnel } from '../../server/screens/personnel';
import type { PlatformWarning } from '../../server/screens/platform-warning';
import type { ProjectManagements } from '../../server/screens/project-management';
import type { ProjectPersonnel } from '../../server/screens/project-personnel';
import { SCREEN_PATHS, screenPath } from '../../server/screens/routes';
import type { Warning } from '../../server/screens/warning';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, rosterSeed, screen, todayCst } from './screens-fixtures';
import { projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of ['qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01', 'sysadmin', 'wuquanxian']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const refused = async (name: 'ProjectPersonnel' | 'PlatformWarning' | 'Engineering', token: string, pid: string) => {
  const reply = await call(app, 'GET', screenPath(name), { token, query: { pjctid1: pid } });
  expect(reply.body).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
};

describe('ProjectPersonnel (项目人员管理)', () => {
  it('is BuildPersonnel of the one project, with origin, certificates and gate passes', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const [data, personnel] = await Promise.all([
      screen<ProjectPersonnel>(app, tokens.qiye01, 'ProjectPersonnel', { pjctid1: pid }),
      screen<BuildPersonnel>(app, tokens.qiye01, 'BuildPersonnel', { pjctid1: pid }),
    ]);
    expect(data.project?.id).toBe(pid);
    const { topProjects: _top, updatedAt: _a, ...same } = personnel;
    const { updatedAt: _b, ...mine } = data;
    expect(mine).toMatchObject(same);
    expect(data).not.toHaveProperty('topProjects');
    // 籍贯: every roster worker counted once, 内江市 first.
    expect(data.origin.reduce((n, o) => n + o.count, 0)).toBe(data.summary.roster);
    if (data.origin.some((o) => o.code === '5110')) expect(data.origin[0]).toMatchObject({ code: '5110', name: '内江市' });
    // The seeded crane operators of this project whose certificates run out within 30 days, soonest first.
    expect(data.certificateDays).toBe(30);
    expect(data.certificates.map((c) => c.daysLeft)).toEqual([20, 30]);
    expect(data.certificates[0]).toMatchObject({ holderName: '刘德华', kindName: '起重信号司索工', projectId: pid });
    // Gate passes: the attendance gates' in and out times and the 通行记录, newest first, none ahead of now.
    const times = data.passages.map((p) => Date.parse(p.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t <= Date.now())).toBe(true);
    expect(data.passages.every((p) => ['进场', '出场'].includes(p.directionName))).toBe(true);
    expect(data.passagesToday).toBeGreaterThanOrEqual(0);
    expect(data.blacklist).toEqual([]);
  });

  it('finds a roster worker on the group company’s blacklist, not one already removed', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const [worker, other] = rosterSeed('qiye01').filter((w) => w.projectNo === 'NJJG-2024-001');
    const listed = { subjectType: '2', reason: '恶意讨薪纠纷，经人社部门认定', listedDate: todayCst(), authority: '内江市人力资源和社会保障局' };
    await createRow(app, tokens.qiye01, 'Blacklist', { ...listed, subjectName: String(worker.workerName), certNo: String(worker.idCardNo), status: '1' });
    await createRow(app, tokens.qiye01, 'Blacklist', { ...listed, subjectName: String(other.workerName), certNo: String(other.idCardNo), status: '2' });
    const data = await screen<ProjectPersonnel>(app, tokens.qiye01, 'ProjectPersonnel', { pjctid1: pid });
    expect(data.blacklist).toHaveLength(1);
    expect(data.blacklist[0]).toMatchObject({ workerName: worker.workerName, subjectType: '2', subjectTypeName: '个人', authority: '内江市人力资源和社会保障局' });
  });

  it('without pjctid1 shows the first project in scope; another scope’s project is refused', async () => {
    for (const u of ['xiangmu01', 'xiangmu02', 'jianguan01'] as const) {
      const data = await screen<ProjectPersonnel>(app, tokens[u], 'ProjectPersonnel');
      expect(data.project).not.toBeNull();
    }
    await refused('ProjectPersonnel', tokens.xiangmu02, await projectId(app, tokens.sysadmin, 'NJJG-2024-001'));
    expect((await call(app, 'GET', screenPath('ProjectPersonnel'), { token: tokens.wuquanxian })).body).toMatchObject({ status: 0 });
  });
});

describe('PlatformWarning (平台预警)', () => {
  it('is Warning of the one project, with warnings per source, open alarms, offline devices and certificates', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const q = { pjctid1: pid };
    const [data, centre, devices] = await Promise.all([
      screen<PlatformWarning>(app, tokens.qiye01, 'PlatformWarning', q),
      screen<Warning>(app, tokens.qiye01, 'Warning', q),
      call<DeviceStats>(app, 'GET', SCREEN_PATHS.devices, { token: tokens.qiye01, query: q }),
    ]);
    expect(data.project?.id).toBe(pid);
    expect(data.summary).toEqual(centre.summary);
    expect(data.unhandledByLevel).toEqual(centre.unhandledByLevel);
    expect(data.unhandledByKind).toEqual(centre.unhandledByKind);
    expect(data.trend).toEqual(centre.trend);
    expect(data.overdueHazards).toEqual(centre.overdueHazards);
    // Every source, in order, zeros included.
    expect(data.bySource.map((s) => s.name)).toEqual(['设备报警', '环境超标', 'AI识别', '设备离线', '隐患超期', '证书到期', '其他']);
    const of = (code: string) => data.bySource.find((s) => s.code === code)!.count;
    const alarmSources = of('device') + of('environment') + of('ai') + of('other');
    const offlineAlarms = centre.unhandledByKind.find((k) => k.code === 'offline')?.count ?? 0;
    expect(alarmSources + offlineAlarms).toBe(centre.summary.unhandled);
    expect(of('hazard')).toBe(centre.summary.overdueHazards);
    expect(of('certificate')).toBe(data.certificates.length);
    expect(of('offline')).toBe(Math.max(offlineAlarms, data.offlineDevices.length));
    expect(data.offlineDevices).toHaveLength(devices.body.data!.offline);
    // The unhandled alarms only, newest first, each with its handling progress.
    expect(data.open.length).toBe(Math.min(50, centre.summary.unhandled));
    expect(data.open.every((a) => !a.handled && a.projectId === pid && ['未处理', '处理中'].includes(a.handleStatusName))).toBe(true);
    const times = data.open.map((a) => Date.parse(a.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('counts a new AI event under AI识别, and refuses another scope’s project', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const before = await screen<PlatformWarning>(app, tokens.qiye01, 'PlatformWarning', { pjctid1: pid });
    const ai = (w: PlatformWarning) => w.bySource.find((s) => s.code === 'ai')!.count;
    const cstMinuteAgo = new Date(Date.now() - 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const row = await createRow(app, tokens.sysadmin, 'Alarm', {
      projectId: pid, deviceCode: 'PW-TEST-AI-01', alarmTime: cstMinuteAgo, alarmKind: 'aiEvent', alarmLevel: '2',
      message: '塔吊作业区有人员未佩戴安全帽', handled: false,
    });
    const after = await screen<PlatformWarning>(app, tokens.qiye01, 'PlatformWarning', { pjctid1: pid });
    expect(ai(after)).toBe(ai(before) + 1);
    expect(after.open.find((a) => a.id === String(row.id))).toMatchObject({ kindName: 'AI识别告警', handleStatusName: '未处理' });
    await refused('PlatformWarning', tokens.xiangmu02, await projectId(app, tokens.sysadmin, 'NJJG-2024-001'));
  });
});

describe('Engineering (工程概况)', () => {
  const signed = (nos: Set<string>) => seedRows('contract').filter((c) => nos.has(c.projectNo) && ['1', '2'].includes(String(c.status)));

  it('is ProjectManagements with the signed contracts and the permits’ building area', async () => {
    const [data, pm] = await Promise.all([
      screen<Engineering>(app, tokens.qiye01, 'Engineering'),
      screen<ProjectManagements>(app, tokens.qiye01, 'ProjectManagements'),
    ]);
    expect(data.total).toBe(pm.total);
    expect(data.byStatus).toEqual(pm.byStatus);
    expect(data.byCompany).toEqual(pm.byCompany);
    expect(data.projects.map((p) => p.id)).toEqual(pm.projects.map((p) => p.id));
    const contracts = signed(projectNosOf('qiye01'));
    const sum = (rows: typeof contracts) => Math.round(rows.reduce((n, c) => n + Number(c.amount), 0) * 100) / 100;
    expect(data.summary.contracts).toBe(contracts.length);
    expect(data.summary.contractAmount).toBe(sum(contracts));
    expect(data.summary.mainContractAmount).toBe(sum(contracts.filter((c) => c.contractType === '1')));
    expect(data.byContractType.reduce((n, t) => n + t.count, 0)).toBe(contracts.length);
    expect(data.byContractType[0]).toMatchObject({ code: '1', name: '施工总承包' });
    const licences = seedRows('builder-licence');
    expect(data.summary.licences).toBe(licences.length);
    expect(data.summary.buildingArea).toBeCloseTo(licences.reduce((n, l) => n + Number(l.buildingArea ?? 0), 0), 1);
    expect(data.byArea.reduce((n, a) => n + a.contractAmount, 0)).toBeCloseTo(data.summary.contractAmount, 1);
    expect(data.signedByMonth).toHaveLength(12);
    expect(data.signedByMonth.at(-1)!.month).toBe(todayCst().slice(0, 7));
    const one = data.projects.find((p) => p.projectNo === 'NJJG-2024-001')!;
    expect(one.contractAmount).toBe(sum(contracts.filter((c) => c.projectNo === 'NJJG-2024-001')));
    if (data.summary.averageProgress !== null) expect(data.summary.averageProgress).toBeLessThanOrEqual(100);
  });

  it('follows the caller’s scope and pjctid1, and refuses another scope’s project', async () => {
    const area = await screen<Engineering>(app, tokens.jianguan01, 'Engineering');
    expect(new Set(area.projects.map((p) => p.projectNo))).toEqual(projectNosOf('jianguan01'));
    expect(area.summary.contracts).toBe(signed(projectNosOf('jianguan01')).length);
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const narrowed = await screen<Engineering>(app, tokens.qiye01, 'Engineering', { pjctid1: pid });
    expect(narrowed.projects.map((p) => p.id)).toEqual([pid]);
    await refused('Engineering', tokens.xiangmu02, pid);
  });
});
