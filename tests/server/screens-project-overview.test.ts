// The project screen's landing view (ProjectOverview, §2.4 ProjectScreen/projectOverview; docs/screens-api.md):
// one project — pjctid1's or the first in scope — with its profile, workforce, devices, environment, hazards
// and alarms equal to the screens that aggregate them; another scope's project is refused.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildPersonnel } from '../../server/screens/personnel';
import type { DeviceCount } from '../../server/screens/device-count';
import type { Environment } from '../../server/screens/environment';
import type { ProjectOverview } from '../../server/screens/project-overview';
import { screenPath } from '../../server/screens/routes';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen, todayCst } from './screens-fixtures';
import { projectNosOf, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of ['qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01', 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

describe('ProjectOverview (项目概况)', () => {
  it('answers one project with the figures the other screens give for it', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const q = { pjctid1: pid };
    const [data, personnel, devices, env] = await Promise.all([
      screen<ProjectOverview>(app, tokens.qiye01, 'ProjectOverview', q),
      screen<BuildPersonnel>(app, tokens.qiye01, 'BuildPersonnel', q),
      screen<DeviceCount>(app, tokens.qiye01, 'DeviceCount', q),
      screen<Environment>(app, tokens.qiye01, 'Environment', q),
    ]);
    expect(data.project).toMatchObject({ id: pid, no: 'NJJG-2024-001' });
    expect(data.project!.name).not.toBe('');
    expect(data.project!.statusName).not.toMatch(/^\d$/);
    if (data.project!.daysTotal !== null) expect(data.project!.timeProgress).toBeGreaterThanOrEqual(0);
    expect(data.workforce).toMatchObject({ roster: personnel.summary.roster, attended: personnel.summary.attended, onSite: personnel.summary.onSite });
    expect(data.devices).toEqual(devices.devices);
    expect(data.environment.latest?.projectId).toBe(pid);
    expect(data.environment.trend).toEqual(env.trend);
    expect(data.attendanceTrend).toHaveLength(7);
    expect(data.attendanceTrend.at(-1)).toEqual({ date: todayCst(), attended: data.workforce.attended });
    expect(data.byJobType.reduce((n, j) => n + j.roster, 0)).toBe(data.workforce.roster);
    expect(data.byJobType.reduce((n, j) => n + j.attended, 0)).toBe(data.workforce.attended);
    expect(data.byJobType.every((j) => !/^\d+$/.test(j.name))).toBe(true);
    expect(data.alarms.every((a) => a.projectId === pid)).toBe(true);
    expect(data.hazards.byStatus.every((s) => s.code !== '4')).toBe(true);
  });

  it('without pjctid1 shows the first project in the caller’s scope', async () => {
    for (const u of ['xiangmu01', 'xiangmu02', 'jianguan01'] as const) {
      const data = await screen<ProjectOverview>(app, tokens[u], 'ProjectOverview');
      expect(projectNosOf(u).has(data.project!.no)).toBe(true);
    }
  });

  it('counts a new open hazard, and refuses another company’s project', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const before = await screen<ProjectOverview>(app, tokens.qiye01, 'ProjectOverview', { pjctid1: pid });
    await createRow(app, tokens.qiye01, 'Hazard', {
      projectId: pid, hazardNo: 'PO-TEST-001', hazardType: '1', level: '1', checkKind: '1', description: '临边防护缺失',
      foundAt: `${todayCst()} 09:00:00`, rectifyDeadline: '2020-01-01', status: '1',
    });
    const after = await screen<ProjectOverview>(app, tokens.qiye01, 'ProjectOverview', { pjctid1: pid });
    expect(after.hazards.open).toBe(before.hazards.open + 1);
    expect(after.hazards.overdue).toBe(before.hazards.overdue + 1);

    const refused = await call(app, 'GET', screenPath('ProjectOverview'), { token: tokens.xiangmu02, query: { pjctid1: pid } });
    expect(refused.body).toMatchObject({ status: 0 });
    expect(JSON.stringify(refused.body)).not.toContain('NJJG-2024-001');
  });
});
