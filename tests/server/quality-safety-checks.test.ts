// 质量安全检查 and 检查整改 (docs/quality-safety-checks.md) through the API: the seeded checks, items and
// notices; scope per kind of user (government area 511000, project users, enterprise); the story — a safety
// check with a failing item opens a 隐患, the checking side sends the failing items to the project, the
// project replies with a photo, is sent back, replies again and is verified, the hazard following each move;
// who may do which move whatever its role's buttons; and bad input, each leaving the rows as they were.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { SiteChecks } from '../../common/screens/site-checks';
import { CHECK_NOTICE_MESSAGES } from '../../server/hooks/check-notice';
import { SITE_CHECK_MESSAGES } from '../../server/hooks/site-check';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { screenPath } from '../../server/screens/routes';
import { multipart, postMultipart, projectId } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const CHECK = 'SiteCheck';
const NOTICE = 'CheckNotice';
const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let serial = 0;

beforeAll(async () => {
  app = await startApp();
  for (const user of ['jianguan01', 'xiangmu01', 'xiangmu02', 'qiye01']) tokens[user] = (await session(app, user)).token;
});
afterAll(async () => {
  await app.close();
});

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number>, token: string) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token: string) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const list = async (base: string, token: string) => get<Row[]>(base, 'WherePageList', { index: 0, size: 100 }, token);
const detail = async (base: string, id: unknown, token: string) => (await get(base, 'GetDetail', { rec_id: String(id) }, token)).data as Row;
const count = async (base: string, token: string) => (await list(base, token)).pageInfo?.record_count;
const field = (rows: Row[] | undefined, name: string) => new Set((rows ?? []).map((r) => r[name]));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 7)]);
async function photo(token: string): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, token, multipart({ upload_type: 'image', file_name: '整改照片.png' }, { name: '整改照片.png', type: 'image/png', data: PNG }));
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as string;
}

const inDays = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

async function record(over: Row = {}, token = tokens.jianguan01, projectNo = 'NJJG-2024-001') {
  serial += 1;
  return post(CHECK, 'CreateModel', {
    checkNo: `AQ-T${Date.now()}-${serial}`, category: '2', projectId: await projectId(app, token, projectNo), checkKind: '6', checkMethod: '2',
    checkDate: inDays(0), inspector: '赵磊', location: '5#楼外脚手架',
    items: [
      { itemName: '连墙件', standard: '两步三跨设置', result: '2', problem: '5#楼北侧连墙件缺失4处', hazardType: '3' },
      { itemName: '施工用电', standard: '三级配电两级保护', result: '1' },
    ],
    ...over,
  }, token);
}

async function issue(checkId: unknown, over: Row = {}, token = tokens.jianguan01, projectNo = 'NJJG-2024-001') {
  serial += 1;
  return post(NOTICE, 'CreateModel', {
    noticeNo: `ZG-T${Date.now()}-${serial}`, projectId: await projectId(app, tokens.qiye01, projectNo), checkId,
    requirement: '3日内补设连墙件，经监理验收后回复。', deadline: inDays(3), ...over,
  }, token);
}

describe('seeded data', () => {
  it('quality and safety checks with results, items linked to hazards, notices in every state', async () => {
    const checks = (await list(CHECK, tokens.qiye01)).data ?? [];
    expect(checks.length).toBeGreaterThanOrEqual(10);
    expect(field(checks, 'category')).toEqual(new Set(['1', '2']));
    expect(field(checks, 'result')).toEqual(new Set(['1', '2']));
    const special = checks.find((c) => c.checkNo === 'AQ-NJJG2024001-2601')!;
    expect(special).toMatchObject({ result: '2', failedCount: 2, noticeStatus: '2' });
    const items = (await detail(CHECK, special.id, tokens.jianguan01)).items as Row[];
    expect(items.map((i) => i.hazardId)).toEqual(['58', '45', null]);
    expect(await detail('Hazard', '58', tokens.jianguan01)).toMatchObject({ hazardNo: 'YH-NJJG2024001-019', status: '3' });
    const notices = (await list(NOTICE, tokens.qiye01)).data ?? [];
    expect(field(notices, 'status')).toEqual(new Set(['1', '2', '3', '4']));
  });
});

describe('scope per kind of user', () => {
  it('the supervisor sees its area (511000), not the 自贡 project', async () => {
    const checks = field((await list(CHECK, tokens.jianguan01)).data, 'checkNo');
    expect(checks.has('AQ-NJJG2024001-2601')).toBe(true);
    expect(checks.has('AQ-NJJG2024012-2601')).toBe(false);
    const notices = field((await list(NOTICE, tokens.jianguan01)).data, 'noticeNo');
    expect(notices.has('ZG-NJJG2024002-2601')).toBe(true);
    expect(notices.has('ZG-NJJG2024012-2601')).toBe(false);
  });
  it('a project user sees its own projects only, not even another’s by id', async () => {
    const own = new Set(await Promise.all(['NJJG-2024-001', 'NJJG-2023-007', 'NJJG-2022-011'].map((no) => projectId(app, tokens.xiangmu01, no))));
    const checks = (await list(CHECK, tokens.xiangmu01)).data ?? [];
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((c) => own.has(String(c.projectId)))).toBe(true);
    const road = (await list(NOTICE, tokens.xiangmu02)).data ?? [];
    expect(field(road, 'noticeNo')).toEqual(new Set(['ZG-NJJG2024002-2601', 'ZG-NJJG2024002-2602']));
    const other = ((await list(CHECK, tokens.qiye01)).data ?? []).find((c) => c.checkNo === 'AQ-NJJG2024001-2601')!;
    expect(await get(CHECK, 'GetDetail', { rec_id: String(other.id) }, tokens.xiangmu02)).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
  });
  it('an enterprise user sees its companies’ projects, the 自贡 one included', async () => {
    const notices = field((await list(NOTICE, tokens.qiye01)).data, 'noticeNo');
    expect(notices.has('ZG-NJJG2024012-2601')).toBe(true);
    expect(notices.has('ZG-NJJG2024001-2602')).toBe(true);
  });
});

describe('the rectification story', () => {
  it('failing safety item → 隐患 → notice → reply with a photo → send back → reply → verified, the hazard following', async () => {
    const made = await record();
    expect(made).toMatchObject({ status: 1, data: { result: '2', failedCount: 1, noticeStatus: null } });
    const check = made.data!;
    const items = (await detail(CHECK, check.id, tokens.jianguan01)).items as Row[];
    const hazardId = items[0].hazardId;
    expect(hazardId).toMatch(/^\d+$/);
    expect(items[1].hazardId).toBeNull();
    const hazard = async () => detail('Hazard', hazardId, tokens.xiangmu01);
    expect(await hazard()).toMatchObject({ hazardNo: expect.stringMatching(/^YH-NJJG2024001-\d{3}$/), status: '1', hazardType: '3', checkKind: '6', description: '连墙件：5#楼北侧连墙件缺失4处', location: '5#楼外脚手架', finder: '赵磊' });

    const notice = await issue(check.id);
    expect(notice).toMatchObject({ status: 1, data: { status: '1', category: '2', issuedBy: '赵磊', problems: '1. 连墙件：5#楼北侧连墙件缺失4处（标准：两步三跨设置）' } });
    const id = notice.data!.id;
    expect((await detail(CHECK, check.id, tokens.xiangmu01)).noticeStatus).toBe('1');

    const address = await photo(tokens.xiangmu01);
    expect(await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已补设连墙件4处。', replyPhotos: address }, tokens.xiangmu01))
      .toMatchObject({ status: 1, data: { status: '2', repliedBy: '刘洋', replyPhotos: address } });
    expect((await hazard()).status).toBe('3');
    // The checking side (another company) sees the project's photo.
    expect((await app.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${tokens.jianguan01}` } })).statusCode).toBe(200);

    expect(await post(NOTICE, 'SendBack', { rec_id: id, verifyOpinion: '连墙件未与结构可靠连接，重新整改。' }, tokens.jianguan01)).toMatchObject({ status: 1, data: { status: '4', verifiedBy: '赵磊' } });
    expect((await hazard()).status).toBe('2');
    expect(await post(NOTICE, 'Reply', { rec_id: id, replyContent: '连墙件改为刚性预埋连接。', replyPhotos: address }, tokens.xiangmu01)).toMatchObject({ status: 1, data: { status: '2' } });
    expect(await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '复查合格，同意关闭。' }, tokens.jianguan01)).toMatchObject({ status: 1, data: { status: '3' } });
    expect(await hazard()).toMatchObject({ status: '4', closedAt: expect.stringMatching(/^\d{4}-/) });
    expect((await detail(CHECK, check.id, tokens.jianguan01)).noticeStatus).toBe('3');

    const history = await get<Row[]>(NOTICE, 'GetHistory', { rec_id: String(id) }, tokens.xiangmu01);
    expect(history.data!.map((h) => `${h.fromLabel}→${h.toLabel}`)).toEqual(['待回复→已回复', '已回复→退回整改', '退回整改→已回复', '已回复→已验证关闭']);
    expect((await post(NOTICE, 'DeleteModel', { rec_id: id }, tokens.jianguan01)).detail).toBe('当前状态“已验证关闭”不能删除');
  });

  it('an enterprise quality check opens no hazard; a check without failing items passes', async () => {
    const quality = await record({ category: '1', checkKind: '2', checkMethod: '1', items: [{ itemName: '混凝土强度', standard: '回弹推定值不低于C30', result: '2', problem: '3#楼五层柱回弹推定值C27' }] }, tokens.qiye01);
    expect(quality).toMatchObject({ status: 1, data: { result: '2', category: '1' } });
    expect(((await detail(CHECK, quality.data!.id, tokens.qiye01)).items as Row[])[0].hazardId).toBeNull();
    const passed = await record({ items: [{ itemName: '安全帽佩戴', result: '1' }] }, tokens.qiye01);
    expect(passed).toMatchObject({ status: 1, data: { result: '1', failedCount: 0 } });
  });
});

describe('who may do which move', () => {
  it('the project records its daily checks only and never issues', async () => {
    const before = await count(CHECK, tokens.xiangmu01);
    expect(await record({ checkKind: '6' }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: SITE_CHECK_MESSAGES.projectKinds });
    expect(await count(CHECK, tokens.xiangmu01)).toBe(before);
    const own = await record({ checkKind: '1', inspector: '刘洋' }, tokens.xiangmu01);
    expect(own).toMatchObject({ status: 1 });
    // xiangmu01's role holds every 质量安全 button (add included): the server still refuses.
    expect(await issue(own.data!.id, {}, tokens.xiangmu01)).toMatchObject({ status: 0, detail: CHECK_NOTICE_MESSAGES.issueOnly });
    // xiangmu02's role has no 下发 (add) button.
    const road = await record({}, tokens.qiye01, 'NJJG-2024-002');
    expect(await issue(road.data!.id, {}, tokens.xiangmu02, 'NJJG-2024-002')).toMatchObject(NO_PERMISSION);
  });
  it('the project replies, the checking side verifies; a notice and its check are fixed once issued', async () => {
    const check = (await record()).data!;
    const id = (await issue(check.id, {}, tokens.qiye01)).data!.id;
    const address = await photo(tokens.qiye01);
    expect(await post(NOTICE, 'Reply', { rec_id: id, replyContent: '代为回复', replyPhotos: address }, tokens.qiye01)).toMatchObject({ status: 0, detail: CHECK_NOTICE_MESSAGES.replyOnly });
    expect(await post(NOTICE, 'Reply', { rec_id: id, replyContent: '代为回复', replyPhotos: address }, tokens.jianguan01)).toMatchObject(NO_PERMISSION);
    expect((await post(NOTICE, 'DeleteModel', { rec_id: id }, tokens.xiangmu01)).detail).toBe(CHECK_NOTICE_MESSAGES.deleteOnly);
    expect((await post(NOTICE, 'ModifyModel', { rec_id: id, requirement: '改掉要求' }, tokens.qiye01)).detail).toBe(CHECK_NOTICE_MESSAGES.fixed);
    expect((await post(CHECK, 'ModifyModel', { rec_id: check.id, location: '改部位' }, tokens.jianguan01)).detail).toBe(SITE_CHECK_MESSAGES.noticed);
    expect((await post(CHECK, 'DeleteModel', { rec_id: check.id }, tokens.jianguan01)).detail).toBe(SITE_CHECK_MESSAGES.noticed);
    expect(await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已整改', replyPhotos: await photo(tokens.xiangmu01) }, tokens.xiangmu01)).toMatchObject({ status: 1 });
    expect(await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '自己验证' }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: CHECK_NOTICE_MESSAGES.verifyOnly });
    expect(await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '复查合格' }, tokens.qiye01)).toMatchObject({ status: 1, data: { status: '3', verifiedBy: '李明' } });
  });
});

describe('bad input', () => {
  it('refuses wrong checks in Chinese and writes nothing', async () => {
    const before = await count(CHECK, tokens.jianguan01);
    expect((await record({ items: [] })).detail).toBe('检查项至少1条');
    expect((await record({ checkMethod: '4' })).detail).toBe('请选择正确的检查方式');
    expect((await record({ checkKind: '' })).detail).toBe('请选择检查类型');
    expect((await record({ items: [{ itemName: '临边防护', result: '9' }] })).detail).toBe('第1行：请选择正确的检查结果');
    expect((await record({ items: [{ result: '1' }] })).detail).toBe('第1行：请输入检查项目');
    expect((await record({ checkNo: 'AQ-NJJG2024001-2601' })).detail).toBe('检查编号已存在');
    expect((await record({ projectId: await projectId(app, tokens.qiye01, 'NJJG-2024-012') })).detail).toBe('请选择所属项目');
    expect(await count(CHECK, tokens.jianguan01)).toBe(before);
  });
  it('refuses wrong notices in Chinese and writes nothing', async () => {
    const before = await count(NOTICE, tokens.qiye01);
    const passed = (await record({ items: [{ itemName: '安全帽佩戴', result: '1' }] })).data!;
    expect((await issue(passed.id)).detail).toBe(CHECK_NOTICE_MESSAGES.noFailed);
    const failed = (await record()).data!;
    expect((await issue(failed.id, { deadline: inDays(-1) })).detail).toBe(CHECK_NOTICE_MESSAGES.deadline);
    expect((await issue(failed.id, { requirement: '' })).detail).toBe('请输入整改要求');
    expect((await issue(failed.id, { noticeNo: 'ZG-NJJG2024001-2601' })).detail).toBe('通知编号已存在');
    // A check of another project is no check of this one.
    expect((await issue(failed.id, {}, tokens.qiye01, 'NJJG-2024-002')).status).toBe(0);
    expect(await count(NOTICE, tokens.qiye01)).toBe(before);
    const made = await issue(failed.id);
    expect(made.status).toBe(1);
    expect((await issue(failed.id)).detail).toBe(CHECK_NOTICE_MESSAGES.open);
    const id = made.data!.id;
    expect((await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已整改' }, tokens.xiangmu01)).detail).toBe('请上传整改照片');
    expect((await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已整改', replyPhotos: 'http://evil.example/a.png' }, tokens.xiangmu01)).detail).toBe('整改照片格式不正确');
    expect((await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '提前验证' }, tokens.jianguan01)).detail).toBe('当前状态“待回复”不能执行“验证通过”');
    expect(await detail(NOTICE, id, tokens.jianguan01)).toMatchObject({ status: '1', replyContent: null });
  });
});

describe('the SiteChecks screen answer', () => {
  const screen = async (token: string, pjctid1?: string) =>
    (await call<SiteChecks>(app, 'GET', screenPath('SiteChecks'), { token, query: pjctid1 ? { pjctid1 } : {} })).body;
  const checkNos = (s: SiteChecks) => new Set([...s.quality.checks, ...s.safety.checks].map((c) => c.checkNo));
  const noticeNos = (s: SiteChecks) => new Set([...s.quality.notices.list, ...s.safety.notices.list].map((n) => n.noticeNo));

  it('counts the checks, notices and hazards of the caller’s projects', async () => {
    const all = (await screen(tokens.qiye01)).data!;
    expect(all.quality.total).toBeGreaterThanOrEqual(5);
    expect(all.safety.total).toBeGreaterThanOrEqual(5);
    expect(all.safety.passed + all.safety.failed).toBe(all.safety.total);
    expect(all.quality.byKind.map((k) => k.name)).toEqual(['日常检查', '季度检查', '年度检查', '项目部检查', '监理质量检查', '专项检查']);
    expect(all.quality.byMethod.map((k) => k.name)).toEqual(['仪器测量', '人工检查', '仪器与人工结合']);
    expect(all.quality.trend).toHaveLength(30);
    expect(all.quality.topFailed.map((t) => t.name)).toContain('沥青面层压实度');
    expect(all.safety.notices.byStatus.map((s) => s.name)).toEqual(['待回复', '已回复', '已验证关闭', '退回整改']);
    expect(all.safety.notices.list.every((n) => n.status !== '3')).toBe(true);
    expect(noticeNos(all).has('ZG-NJJG2024012-2601')).toBe(true);
    expect(all.hazards.total).toBeGreaterThan(0);
  });
  it('is scoped: government its area, a project user its projects, pjctid1 inside the scope only', async () => {
    const area = (await screen(tokens.jianguan01)).data!;
    expect(checkNos(area).has('AQ-NJJG2024012-2601')).toBe(false);
    expect(noticeNos(area).has('ZG-NJJG2024012-2601')).toBe(false);
    expect(checkNos(area).has('AQ-NJJG2024001-2601')).toBe(true);
    const road = (await screen(tokens.xiangmu02)).data!;
    expect([...road.quality.checks, ...road.safety.checks].every((c) => c.projectName === '汉渝大道（东兴段）道路改造工程')).toBe(true);
    expect(road.quality.total + road.safety.total).toBeGreaterThanOrEqual(2);
    const build = await projectId(app, tokens.xiangmu01, 'NJJG-2024-001');
    const one = (await screen(tokens.xiangmu01, build)).data!;
    expect([...one.quality.checks, ...one.safety.checks].every((c) => c.projectId === build)).toBe(true);
    expect(one.safety.checks.some((c) => c.checkNo === 'AQ-NJJG2024001-2601' && c.failed === 2)).toBe(true);
    const refused = await screen(tokens.xiangmu02, build);
    expect(refused).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
    expect(JSON.stringify(refused)).not.toContain('AQ-NJJG2024001');
  });
});
