// The personnel screens (docs/screens-api.md): BuildPersonnel, Roster and SupervisoryPersonnel — the
// roster equals the seeded workers of each user's scope, and attendance written today moves the counts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildPersonnel } from '../../server/screens/personnel';
import type { RosterRow } from '../../server/screens/roster';
import { SCREEN_PATHS } from '../../server/screens/routes';
import type { SupervisoryPersonnel } from '../../server/screens/supervisory';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { PROJECTS } from '../../server/seed/demo-data';
import { multipart, postMultipart, projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, rosterSeed, screen, todayCst, updateRow, workerId } from './screens-fixtures';
import { projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const USERS = ['qiye01', 'xiangmu02', 'jianguan01'] as const;

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of [...USERS, 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

/** Distinct seeded workers with attendance on `day` in a user's scope (the seeds are dated; usually none today). */
const seededAttendance = (userName: string, day: string) =>
  new Set(seedRows('attendance-record').filter((a) => projectNosOf(userName).has(a.projectNo) && a.workDate === day).map((a) => String(a.workerId))).size;

/** Age in whole years on `today` from an 18-digit id card, independently of the server's SQL. */
function ageOf(id: string, today: string): number | null {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/.exec(id);
  if (!m) return null;
  const [y, mo, d] = today.split('-').map(Number);
  const age = y - Number(m[1]);
  return mo < Number(m[2]) || (mo === Number(m[2]) && d < Number(m[3])) ? age - 1 : age;
}

describe('BuildPersonnel', () => {
  it('counts the roster of each scope by job type, unit, gender and age', async () => {
    const today = todayCst();
    for (const u of USERS) {
      const data = await screen<BuildPersonnel>(app, tokens[u], 'BuildPersonnel');
      const roster = rosterSeed(u, today);
      expect(data.summary.roster).toBe(roster.length);
      expect(data.summary.attended).toBe(seededAttendance(u, today));
      expect(data.byJobType.reduce((n, j) => n + j.roster, 0)).toBe(roster.length);
      expect(data.byUnit.reduce((n, j) => n + j.roster, 0)).toBe(roster.length);
      expect(data.byPersonType.reduce((n, j) => n + j.count, 0)).toBe(roster.filter((w) => w.personType).length);
      expect(data.summary.units).toBe(new Set(roster.map((w) => w.unitName).filter(Boolean)).size);
      for (const j of data.byJobType.filter((x) => x.code)) expect(j.roster).toBe(roster.filter((w) => w.jobType === j.code).length);
      expect(data.byJobType.find((j) => j.code === '01')?.name ?? '钢筋工').toBe('钢筋工');

      const men = roster.filter((w) => (w.gender ?? (Number(String(w.idCardNo)[16]) % 2 === 1 ? '1' : '2')) === '1').length;
      expect(data.gender.find((g) => g.code === '1')).toMatchObject({ name: '男', count: men });
      expect(data.gender.reduce((n, g) => n + g.count, 0)).toBe(roster.length);
      const ages = roster.map((w) => ageOf(String(w.idCardNo), today));
      const band = (lo: number, hi: number) => ages.filter((a) => a !== null && a >= lo && a <= hi).length;
      expect(data.age.map((a) => a.count).slice(0, 5)).toEqual([band(0, 25), band(26, 35), band(36, 45), band(46, 55), band(56, 200)]);
      expect(data.age[0].name).toBe('25岁及以下');
      expect(data.trend).toHaveLength(7);
      expect(data.trend.at(-1)!.date).toBe(today);
      expect(data.topProjects.length).toBeLessThanOrEqual(10);
    }
  });

  it('moves attended, on site and the trend when attendance is written today', async () => {
    const today = todayCst();
    const no = 'NJJG-2024-002';
    const before = await screen<BuildPersonnel>(app, tokens.xiangmu02, 'BuildPersonnel');
    const beforeAll = await screen<BuildPersonnel>(app, tokens.qiye01, 'BuildPersonnel');
    const pid = await projectId(app, tokens.sysadmin, no);
    const workers = rosterSeed('xiangmu02', today).filter((w) => w.projectNo === no && w.jobType).slice(0, 3);
    const now = Date.now();
    for (const [i, w] of workers.entries()) {
      await createRow(app, tokens.sysadmin, 'AttendanceRecord', {
        projectId: pid,
        workerId: Number(await workerId(app, tokens.sysadmin, String(w.idCardNo))),
        workerName: w.workerName,
        teamName: w.teamName,
        jobType: w.jobType,
        workDate: today,
        inTime: new Date(now - 60_000).toISOString(),
        // The third has already left.
        ...(i === 2 ? { outTime: new Date(now - 30_000).toISOString(), workHours: 0.1 } : {}),
      });
    }
    const after = await screen<BuildPersonnel>(app, tokens.xiangmu02, 'BuildPersonnel');
    expect(after.summary.attended).toBe(before.summary.attended + 3);
    expect(after.summary.onSite).toBe(before.summary.onSite + 2);
    expect(after.summary.attendanceRate).toBe(Math.round(((before.summary.attended + 3) / after.summary.roster) * 1000) / 10);
    expect(after.trend.at(-1)!.attended).toBe(before.trend.at(-1)!.attended + 3);
    const job = workers[0].jobType as string;
    const attendedOfJob = (d: BuildPersonnel) => d.byJobType.find((j) => j.code === job)?.attended ?? 0;
    expect(attendedOfJob(after)).toBe(attendedOfJob(before) + workers.filter((w) => w.jobType === job).length);
    expect(after.topProjects[0]).toMatchObject({ projectId: pid, attended: before.summary.attended + 3 });
    // The enterprise sees the same rows; the others' projects are unchanged.
    const afterAll = await screen<BuildPersonnel>(app, tokens.qiye01, 'BuildPersonnel');
    expect(afterAll.summary.attended).toBe(beforeAll.summary.attended + 3);

    // Roster: the two on site come first; onSite=true lists just them; id cards are masked.
    const page = await call<RosterRow[]>(app, 'GET', SCREEN_PATHS.roster, { token: tokens.xiangmu02, query: { index: 0, size: 5 } });
    expect(page.body.status).toBe(1);
    expect(page.body.pageInfo).toMatchObject({ p_index: 0, p_size: 5, record_count: after.summary.roster, has_next: true });
    expect(page.body.data!.slice(0, 2).every((r) => r.onSite && r.attendedToday)).toBe(true);
    expect(page.body.data![2].onSite).toBe(false);
    const onSite = await call<RosterRow[]>(app, 'GET', SCREEN_PATHS.roster, { token: tokens.xiangmu02, query: { onSite: 'true' } });
    expect(onSite.body.pageInfo!.record_count).toBe(after.summary.onSite);
    const ids = new Set(seedRows('worker').map((w) => String(w.idCardNo)));
    for (const r of page.body.data!) {
      expect(r.idCardNo).toMatch(/^.{4}\*+.{4}$/);
      expect(ids.has(r.idCardNo)).toBe(false);
      expect(r.projectName).toBe(PROJECTS.find((p) => p.no === no)!.name);
    }
  });
});

describe('Roster', () => {
  it('pages, searches by name and refuses bad paging with a Chinese 400', async () => {
    const roster = rosterSeed('qiye01');
    const all = await call<RosterRow[]>(app, 'GET', SCREEN_PATHS.roster, { token: tokens.qiye01, query: { index: 1, size: 50 } });
    expect(all.body.pageInfo).toMatchObject({ p_index: 1, record_count: roster.length, has_prev: true });
    expect(all.body.data).toHaveLength(Math.min(50, roster.length - 50));
    const name = String(roster[10].workerName);
    const found = await call<RosterRow[]>(app, 'GET', SCREEN_PATHS.roster, { token: tokens.qiye01, query: { keyword: name } });
    expect(found.body.data!.map((r) => r.workerName)).toContain(name);
    expect(found.body.pageInfo!.record_count).toBe(roster.filter((w) => String(w.workerName).includes(name) || String(w.teamName ?? '').includes(name)).length);
    const percent = await call<RosterRow[]>(app, 'GET', SCREEN_PATHS.roster, { token: tokens.qiye01, query: { keyword: '%' } });
    expect(percent.body.pageInfo!.record_count).toBe(0);
    const tooBig = await call(app, 'GET', SCREEN_PATHS.roster, { token: tokens.qiye01, query: { size: 101 } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.detail).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('narrows to pjctid1 and refuses a project outside the scope', async () => {
    const id = await projectId(app, tokens.qiye01, 'NJJG-2024-001');
    const one = await call<RosterRow[]>(app, 'GET', SCREEN_PATHS.roster, { token: tokens.qiye01, query: { pjctid1: id } });
    expect(one.body.pageInfo!.record_count).toBe(rosterSeed('qiye01').filter((w) => w.projectNo === 'NJJG-2024-001').length);
    const refused = await call(app, 'GET', SCREEN_PATHS.roster, { token: tokens.xiangmu02, query: { pjctid1: id } });
    expect(refused.body).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
    const personnel = await call(app, 'GET', '/prod-api/api/TyScreen/BuildPersonnel', { token: tokens.xiangmu02, query: { pjctid1: id } });
    expect(personnel.body).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
  });
});

describe('SupervisoryPersonnel', () => {
  it('lists the projects of the area with registration, and a photo registers a worker', async () => {
    const nos = projectNosOf('jianguan01');
    const data = await screen<SupervisoryPersonnel>(app, tokens.jianguan01, 'SupervisoryPersonnel');
    expect(data.projects.map((p) => p.projectName).sort()).toEqual(PROJECTS.filter((p) => nos.has(p.no)).map((p) => p.name).sort());
    expect(data.projects.some((p) => p.areaCode.startsWith('5103'))).toBe(false);
    expect(data.summary.roster).toBe(rosterSeed('jianguan01').length);
    expect(data.byDistrict.reduce((n, d) => n + d.roster, 0)).toBe(data.summary.roster);
    expect(data.byDistrict.find((d) => d.areaCode === '511002')?.areaName).toBe('市中区');

    const w = rosterSeed('jianguan01').find((x) => x.projectNo === 'NJJG-2024-001')!;
    // A photo field holds an address of an upload of the caller's scope (docs/security.md "File addresses").
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const uploaded = await postMultipart(app, UPLOAD_PATH, tokens.sysadmin, multipart({ upload_type: 'image', file_name: 'p.png' }, { name: 'p.png', type: 'image/png', data: png }));
    await updateRow(app, tokens.sysadmin, 'Worker', { rec_id: await workerId(app, tokens.sysadmin, String(w.idCardNo)), photo: uploaded.body.data });
    const after = await screen<SupervisoryPersonnel>(app, tokens.jianguan01, 'SupervisoryPersonnel');
    expect(after.summary.registered).toBe(data.summary.registered + 1);
    const project = after.projects.find((p) => p.projectName === PROJECTS[0].name)!;
    expect(project.registered).toBe(data.projects.find((p) => p.projectName === PROJECTS[0].name)!.registered + 1);
    expect(project.registrationRate).toBe(Math.round((project.registered / project.roster) * 1000) / 10);
  });
});
