// 见证取样 and 检测报告 (docs/witness-sampling.md) through the API: the seeded samples in every state; scope per kind of
// user (project, government area 511000, enterprise, no data authority); the sample story — record with its
// test items and a photo, 送检, 收样检测, 出具报告 — where an unqualified report raises a 检测不合格 alarm in the
// same transaction (the project's alarm list and the warning screen show it) and a qualified one none; and
// the refusals: bad input, illegal moves, a report without items or contradicting them, edits after the
// report, other projects and missing buttons — each leaving the row as it was.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { Testing } from '../../common/screens/testing';
import type { Warning } from '../../common/screens/warning';
import { TESTING_MESSAGES } from '../../server/hooks/witness-sample';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { multipart, postMultipart, projectId } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const SAMPLE = 'WitnessSample';
const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let serial = 0;

beforeAll(async () => {
  app = await startApp();
  for (const user of ['jianguan01', 'xiangmu01', 'xiangmu02', 'qiye01', 'wuquanxian']) tokens[user] = (await session(app, user)).token;
});
afterAll(async () => {
  await app.close();
});

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number>, token: string) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token: string) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const list = async (base: string, token: string, filters: Row[] = []) =>
  get<Row[]>(base, 'WherePageList', { index: 0, size: 200, filters: JSON.stringify(filters) }, token);
const detail = async (id: unknown, token: string) => (await get(SAMPLE, 'GetDetail', { rec_id: String(id) }, token)).data as Row;
const sampleNos = async (token: string) => new Set(((await list(SAMPLE, token)).data ?? []).map((r) => String(r.sampleNo)));

/** A CST wall time `minutes` from now, as the dialogs send it. */
const cst = (minutes: number) => new Date(Date.now() + 8 * 3600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const today = () => cst(0).slice(0, 10);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 7)]);
async function photo(token: string): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, token, multipart({ upload_type: 'image', file_name: '取样照片.png' }, { name: '取样照片.png', type: 'image/png', data: PNG }));
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as string;
}

const ITEMS = [
  { itemName: '抗压强度（28d）', standard: '≥30.0MPa', measured: '', seq: 1 },
  { itemName: '抗渗等级', standard: '≥P6', measured: '', seq: 2 },
];

async function record(over: Row = {}, token = tokens.xiangmu01) {
  serial += 1;
  return post(SAMPLE, 'CreateModel', {
    sampleNo: `NJJG-JZ-T${Date.now()}-${serial}`, projectId: await projectId(app, tokens.xiangmu01, 'NJJG-2024-001'), materialKind: '1',
    specification: 'C30 P6', location: '3#楼15层顶板', quantity: 3, unit: '组', sampler: '王小川', witness: '何建平',
    sampledAt: cst(-60), sealNo: `FY-T-${serial}`, institution: 'NJJC', items: ITEMS, ...over,
  }, token);
}

/** A recorded sample moved to 检测中, with its test values filled in as the institution measured them. */
async function underTest(measured: [string, string][]): Promise<Row> {
  const made = await record();
  const id = made.data!.id;
  expect(await post(SAMPLE, 'Send', { rec_id: id, sentAt: cst(-30) }, tokens.xiangmu01)).toMatchObject({ status: 1, data: { status: '2' } });
  expect(await post(SAMPLE, 'Receive', { rec_id: id }, tokens.xiangmu01)).toMatchObject({ status: 1, data: { status: '3' } });
  const items = ITEMS.map((it, i) => ({ ...it, measured: measured[i][0], itemConclusion: measured[i][1] }));
  const edited = await post(SAMPLE, 'ModifyModel', { rec_id: id, items }, tokens.xiangmu01);
  expect(edited).toMatchObject({ status: 1 });
  return (await detail(id, tokens.xiangmu01));
}

const alarmsOf = async (sampleNo: unknown, token = tokens.xiangmu01) =>
  ((await list('Alarm', token, [{ field: 'alarmKind', operator: 'eq', value: 'sampleFail' }])).data ?? []).filter((a) => a.deviceCode === sampleNo);

describe('seeded samples', () => {
  it('samples in every state, reported ones with their test items and conclusions', async () => {
    const rows = (await list(SAMPLE, tokens.qiye01)).data ?? [];
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['1', '2', '3', '4']));
    expect(new Set(rows.filter((r) => r.status === '4').map((r) => r.conclusion))).toEqual(new Set(['1', '2']));
    const steel = rows.find((r) => r.sampleNo === 'NJJG-JZ-2026-0091')!;
    expect(((await detail(steel.id, tokens.qiye01)).items as Row[]).map((i) => i.itemName)).toContain('屈服强度');
  });
});

describe('scope per kind of user', () => {
  it('a project user sees its own projects’ samples only', async () => {
    const own = new Set(await Promise.all(['NJJG-2024-001', 'NJJG-2023-007', 'NJJG-2022-011'].map((no) => projectId(app, tokens.xiangmu01, no))));
    const rows = (await list(SAMPLE, tokens.xiangmu01)).data ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => own.has(String(r.projectId)))).toBe(true);
    const other = await sampleNos(tokens.xiangmu02);
    expect([...other].every((no) => no.startsWith('HYDL-'))).toBe(true);
  });
  it('the supervisor sees its area (511000), not the 自贡 project; the enterprise sees both', async () => {
    const government = await sampleNos(tokens.jianguan01);
    expect(government.has('NJJG-JZ-2026-0079')).toBe(true);
    expect(government.has('NZDA-JZ-2026-0058')).toBe(false);
    const enterprise = await sampleNos(tokens.qiye01);
    expect(enterprise.has('NZDA-JZ-2026-0058')).toBe(true);
  });
  it('a user without data authority is refused; another project user cannot read a sample by id', async () => {
    const refused = await get(SAMPLE, 'WherePageList', { index: 0, size: 10 }, tokens.wuquanxian);
    expect(refused.status).toBe(0);
    const made = await record();
    expect(await get(SAMPLE, 'GetDetail', { rec_id: String(made.data!.id) }, tokens.xiangmu02)).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
    expect(await post(SAMPLE, 'DeleteModel', { rec_id: made.data!.id }, tokens.xiangmu02)).toMatchObject({ status: 0 });
    expect(await post(SAMPLE, 'DeleteModel', { rec_id: made.data!.id }, tokens.xiangmu01)).toMatchObject({ status: 1 });
  });
});

describe('the sample story', () => {
  it('record with a photo → 送检 → 收样检测 → 不合格 report raises an alarm in the same move', async () => {
    const address = await photo(tokens.xiangmu01);
    const made = await record({ photos: address });
    expect(made).toMatchObject({ status: 1, data: { status: '1', photos: address } });
    const sample = await underTest([['31.6MPa', '2'], ['P8', '1']]);
    const reported = await post(SAMPLE, 'Report', { rec_id: sample.id, reportNo: `NJJC-HNT-T${serial}`, reportDate: today(), conclusion: '2', reportRemark: '强度不足' }, tokens.xiangmu01);
    expect(reported).toMatchObject({ status: 1, data: { status: '4', conclusion: '2' } });

    const alarms = await alarmsOf(sample.sampleNo);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ alarmLevel: '1', handled: false, projectId: sample.projectId });
    expect(String(alarms[0].message)).toContain('检测不合格');
    expect(String(alarms[0].message)).toContain('抗压强度（28d）');
    // The warning screen of the project's users and of the area's supervisor lists it.
    for (const token of [tokens.xiangmu01, tokens.jianguan01]) {
      const warning = (await call<Warning>(app, 'GET', `${API_BASE}/api/TyScreen/Warning`, { token })).body.data!;
      expect(warning.alarms.some((a) => a.deviceCode === sample.sampleNo && a.kindName === '检测不合格')).toBe(true);
    }
    expect((await alarmsOf(sample.sampleNo, tokens.xiangmu02))).toHaveLength(0);

    const history = await get<Row[]>(SAMPLE, 'GetHistory', { rec_id: String(sample.id) }, tokens.xiangmu01);
    expect(history.data!.map((h) => `${h.fromLabel}→${h.toLabel}`)).toEqual(['已取样→已送检', '已送检→检测中', '检测中→已出报告']);
    // A reported sample changes no more: neither the row nor its test items.
    expect((await post(SAMPLE, 'ModifyModel', { rec_id: sample.id, location: '改' }, tokens.xiangmu01)).detail).toBe('当前状态“已出报告”不能修改');
    const item = (sample.items as Row[])[0];
    expect((await post('SampleTestItem', 'ModifyModel', { rec_id: item.id, measured: '40MPa' }, tokens.xiangmu01)).detail).toBe(TESTING_MESSAGES.reported);
  });

  it('a qualified report raises no alarm', async () => {
    const sample = await underTest([['36.2MPa', '1'], ['P8', '1']]);
    expect(await post(SAMPLE, 'Report', { rec_id: sample.id, reportNo: `NJJC-HNT-Q${serial}`, reportDate: today(), conclusion: '1' }, tokens.xiangmu01)).toMatchObject({ status: 1, data: { status: '4' } });
    expect(await alarmsOf(sample.sampleNo)).toHaveLength(0);
  });
});

describe('refusals change nothing', () => {
  it('bad input when recording', async () => {
    const before = (await list(SAMPLE, tokens.xiangmu01)).data!.length;
    expect((await record({ witness: '' })).detail).toBe('请输入见证人');
    expect((await record({ sealNo: undefined })).detail).toBe('请输入封样编号');
    expect((await record({ materialKind: '99' })).detail).toBe('请选择正确的材料类别');
    expect((await record({ institution: 'XX' })).detail).toBe('请选择正确的检测机构');
    expect((await record({ quantity: 0 })).detail).toBe('样品数量至少为1');
    expect((await record({ sampledAt: cst(120) })).detail).toBe(TESTING_MESSAGES.sampledFuture);
    expect((await record({ sampleNo: 'NJJG-JZ-2026-0087' })).detail).toBe('样品编号已存在');
    // Another project's user cannot record into this project, a supervisor has no 登记 button.
    expect((await record({}, tokens.xiangmu02)).status).toBe(0);
    expect(await record({}, tokens.jianguan01)).toMatchObject(NO_PERMISSION);
    expect((await list(SAMPLE, tokens.xiangmu01)).data!.length).toBe(before);
  });

  it('illegal moves and bad reports leave the state and raise no alarm', async () => {
    const made = await record();
    const id = made.data!.id;
    expect((await post(SAMPLE, 'Report', { rec_id: id, reportNo: 'X-1', reportDate: today(), conclusion: '2' }, tokens.xiangmu01)).detail).toBe('当前状态“已取样”不能执行“出具报告”');
    expect((await post(SAMPLE, 'Send', { rec_id: id }, tokens.xiangmu01)).detail).toBe('请选择送检时间');
    expect((await post(SAMPLE, 'Send', { rec_id: id, sentAt: cst(-120) }, tokens.xiangmu01)).detail).toBe(TESTING_MESSAGES.sentBeforeSampled);
    // 收样检测 and 出具报告 need the 审核 button, which 项目成员 (xiangmu02) does not hold.
    expect((await detail(id, tokens.xiangmu01)).status).toBe('1');

    const noItems = await record({ items: [] });
    const nid = noItems.data!.id;
    await post(SAMPLE, 'Send', { rec_id: nid, sentAt: cst(-10) }, tokens.xiangmu01);
    await post(SAMPLE, 'Receive', { rec_id: nid }, tokens.xiangmu01);
    expect((await post(SAMPLE, 'Report', { rec_id: nid, reportNo: 'X-2', reportDate: today(), conclusion: '2' }, tokens.xiangmu01)).detail).toBe(TESTING_MESSAGES.noItems);
    expect((await detail(nid, tokens.xiangmu01)).status).toBe('3');
    expect(await alarmsOf(noItems.data!.sampleNo)).toHaveLength(0);

    const failed = await underTest([['28.0MPa', '2'], ['P8', '1']]);
    expect((await post(SAMPLE, 'Report', { rec_id: failed.id, reportNo: 'X-3', reportDate: today(), conclusion: '1' }, tokens.xiangmu01)).detail).toBe(TESTING_MESSAGES.itemFailed('抗压强度（28d）'));
    expect((await post(SAMPLE, 'Report', { rec_id: failed.id, reportNo: 'X-3', reportDate: today(), conclusion: '3' }, tokens.xiangmu01)).detail).toBe('请选择正确的检测结论');
    expect((await post(SAMPLE, 'Report', { rec_id: failed.id, reportNo: 'X-3', conclusion: '2' }, tokens.xiangmu01)).detail).toBe('请选择报告日期');
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86400_000).toISOString().slice(0, 10);
    expect((await post(SAMPLE, 'Report', { rec_id: failed.id, reportNo: 'X-3', reportDate: tomorrow, conclusion: '2' }, tokens.xiangmu01)).detail).toBe(TESTING_MESSAGES.reportFuture);
    expect((await detail(failed.id, tokens.xiangmu01)).status).toBe('3');
    expect(await alarmsOf(failed.sampleNo)).toHaveLength(0);
  });

  it('a project member without the 审核 button cannot receive or report', async () => {
    const made = await record({ projectId: await projectId(app, tokens.xiangmu02, 'NJJG-2024-002') }, tokens.xiangmu02);
    expect(made.status).toBe(1);
    const id = made.data!.id;
    expect(await post(SAMPLE, 'Send', { rec_id: id, sentAt: cst(-5) }, tokens.xiangmu02)).toMatchObject({ status: 1 });
    expect(await post(SAMPLE, 'Receive', { rec_id: id }, tokens.xiangmu02)).toMatchObject(NO_PERMISSION);
  });
});

describe('the 检测机构 screens (TyScreen/Testing)', () => {
  const screen = async (token: string, pjctid1?: string) =>
    (await call<Testing>(app, 'GET', `${API_BASE}/api/TyScreen/Testing`, { token, query: pjctid1 ? { pjctid1 } : {} })).body;

  it('answers each user kind over its own samples, as the list does', async () => {
    for (const user of ['xiangmu01', 'xiangmu02', 'jianguan01', 'qiye01']) {
      const data = (await screen(tokens[user])).data!;
      const rows = (await list(SAMPLE, tokens[user])).data ?? [];
      expect(data.summary.total, user).toBe(rows.length);
      expect(data.summary.reported, user).toBe(rows.filter((r) => r.status === '4').length);
      expect(data.summary.unqualified, user).toBe(rows.filter((r) => r.status === '4' && r.conclusion === '2').length);
      expect(data.byStatus.reduce((n, b) => n + b.count, 0)).toBe(rows.length);
      expect(data.byInstitution.reduce((n, b) => n + b.total, 0)).toBe(rows.length);
      expect(data.trend).toHaveLength(14);
      expect(data.latest.every((r) => rows.some((x) => x.sampleNo === r.sampleNo))).toBe(true);
      expect(data.unqualified.every((r) => r.conclusion === '2')).toBe(true);
    }
    const government = (await screen(tokens.jianguan01)).data!;
    expect(government.latest.some((r) => r.sampleNo === 'NZDA-JZ-2026-0058')).toBe(false);
    expect(government.byInstitution.map((g) => g.name)).toContain('内江市建设工程质量检测中心');
  });

  it('pjctid1 narrows to one project of the scope and refuses another', async () => {
    const own = await projectId(app, tokens.xiangmu02, 'NJJG-2024-002');
    const one = (await screen(tokens.qiye01, own)).data!;
    expect(one.byProject.map((p) => p.projectId)).toEqual([own]);
    expect((await screen(tokens.xiangmu01, own)).status).toBe(0);
    expect((await screen(tokens.wuquanxian)).status).toBe(0);
  });
});
