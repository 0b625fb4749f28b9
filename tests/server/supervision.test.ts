// 监督管理 (docs/supervision.md) through the API: the seeded plans, inspections and notices in every state;
// scope per kind of user (government area 511000, project user, enterprise); the notice story — the
// supervisor issues, the project replies with a photo (visible to the supervisor), the supervisor sends it
// back, the project replies again, the supervisor verifies and closes it — with its history; and the
// refusals: who may do which move whatever buttons its role holds, illegal moves naming both states, no
// edits after issue, bad input — each leaving the row as it was.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { SUPERVISION_MESSAGES } from '../../server/hooks/supervision';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { multipart, postMultipart, projectId } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const NOTICE = 'SupervisionNotice';
const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let serial = 0;

beforeAll(async () => {
  app = await startApp();
  for (const user of ['jianguan01', 'xiangmu01', 'xiangmu02', 'qiye01', 'qiye02']) tokens[user] = (await session(app, user)).token;
});
afterAll(async () => {
  await app.close();
});

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number>, token: string) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token: string) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const list = async (base: string, token: string, filters: Row[] = []) =>
  get<Row[]>(base, 'WherePageList', { index: 0, size: 100, filters: JSON.stringify(filters) }, token);
const detail = async (base: string, id: unknown, token: string) => get(base, 'GetDetail', { rec_id: String(id) }, token);
const move = (body: Row, token: string) => post(NOTICE, 'ModifyStatus', body, token);
const projectNos = (rows: Row[]) => new Set(rows.map((r) => String(r.projectIdLabel ?? r.projectId)));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 7)]);
async function photo(token: string): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, token, multipart({ upload_type: 'image', file_name: '整改照片.png' }, { name: '整改照片.png', type: 'image/png', data: PNG }));
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as string;
}

const inDays = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

async function issue(over: Row = {}, token = tokens.jianguan01) {
  serial += 1;
  return post(NOTICE, 'CreateModel', {
    noticeNo: `NJJD-ZG-T${Date.now()}-${serial}`, noticeKind: '1', projectId: await projectId(app, tokens.jianguan01, 'NJJG-2024-001'),
    problems: '5#楼外脚手架连墙件缺失，剪刀撑不连续。', requirement: '3日内按方案补设连墙件和剪刀撑，经监理验收后回复。', deadline: inDays(3), ...over,
  }, token);
}

describe('seeded data', () => {
  it('plans, inspections with their items, and notices in every state', async () => {
    const plans = (await list('SupervisionPlan', tokens.jianguan01)).data ?? [];
    expect(plans.length).toBeGreaterThanOrEqual(4);
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set(['1', '2', '3']));
    const inspections = (await list('SupervisionInspection', tokens.jianguan01)).data ?? [];
    expect(inspections.length).toBeGreaterThanOrEqual(8);
    const first = await detail('SupervisionInspection', inspections.find((r) => r.inspectionNo === 'NJJD-JC-2026-0418')!.id, tokens.jianguan01);
    expect((first.data as Row).items).toHaveLength(4);
    const notices = (await list(NOTICE, tokens.jianguan01)).data ?? [];
    expect(new Set(notices.map((n) => n.status))).toEqual(new Set(['1', '2', '3', '4']));
    expect(notices.some((n) => n.noticeKind === '2')).toBe(true);
  });
});

describe('scope per kind of user', () => {
  it('the supervisor sees its area (511000) only, not the 自贡 project', async () => {
    const notices = (await list(NOTICE, tokens.jianguan01)).data ?? [];
    expect(notices.some((n) => n.noticeNo === 'ZGJD-ZG-2026-017')).toBe(false);
    expect(notices.some((n) => n.noticeNo === 'NJJD-ZG-2026-029')).toBe(true);
  });
  it('a project user sees its own projects’ notices and inspections', async () => {
    const own = new Set(await Promise.all(['NJJG-2024-001', 'NJJG-2023-007', 'NJJG-2022-011'].map((no) => projectId(app, tokens.xiangmu01, no))));
    const notices = (await list(NOTICE, tokens.xiangmu01)).data ?? [];
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => own.has(String(n.projectId)))).toBe(true);
    expect(notices.some((n) => n.noticeNo === 'NJJD-ZG-2026-029')).toBe(false);
    const inspections = (await list('SupervisionInspection', tokens.xiangmu01)).data ?? [];
    expect(inspections.every((n) => own.has(String(n.projectId)))).toBe(true);
    // Plans are the supervisor's own work: no page for a project user.
    expect(await get('SupervisionPlan', 'WherePageList', { index: 0, size: 10 }, tokens.xiangmu01)).toMatchObject(NO_PERMISSION);
  });
  it('an enterprise user sees its companies’ projects, the 自贡 one included', async () => {
    const notices = (await list(NOTICE, tokens.qiye01)).data ?? [];
    const nos = new Set(notices.map((n) => n.noticeNo));
    expect(nos.has('ZGJD-ZG-2026-017')).toBe(true);
    expect(nos.has('NJJD-ZG-2026-029')).toBe(true);
    expect(projectNos(notices).size).toBeGreaterThan(3);
  });
  it('another project user does not see the notice, not even by id', async () => {
    const made = await issue();
    expect(made.status).toBe(1);
    expect(await detail(NOTICE, made.data!.id, tokens.xiangmu02)).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
    expect(await post(NOTICE, 'DeleteModel', { rec_id: made.data!.id }, tokens.jianguan01)).toMatchObject({ status: 1 });
  });
});

describe('the notice story', () => {
  it('issue → reply with a photo → send back → reply → verify and close, with its history', async () => {
    const made = await issue();
    expect(made).toMatchObject({ status: 1, data: { status: '1', issuedBy: '赵磊' } });
    const id = made.data!.id;
    expect(made.data!.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);

    const address = await photo(tokens.xiangmu01);
    const replied = await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已补设连墙件12处，剪刀撑已连续设置。', replyPhotos: address }, tokens.xiangmu01);
    expect(replied).toMatchObject({ status: 1, data: { status: '2', repliedBy: '刘洋', replyPhotos: address } });
    // The supervisor (another company) sees the project's photo.
    const served = await app.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${tokens.jianguan01}` } });
    expect(served.statusCode).toBe(200);

    const back = await post(NOTICE, 'SendBack', { rec_id: id, verifyOpinion: '剪刀撑搭接长度不足1米，重新整改。' }, tokens.jianguan01);
    expect(back).toMatchObject({ status: 1, data: { status: '4', verifiedBy: '赵磊' } });
    const again = await post(NOTICE, 'Reply', { rec_id: id, replyContent: '剪刀撑搭接长度已改为1.2米，三个扣件固定。', replyPhotos: address }, tokens.xiangmu01);
    expect(again).toMatchObject({ status: 1, data: { status: '2' } });
    const closed = await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '复查合格，同意关闭。' }, tokens.jianguan01);
    expect(closed).toMatchObject({ status: 1, data: { status: '3', verifyOpinion: '复查合格，同意关闭。' } });

    const history = await get<Row[]>(NOTICE, 'GetHistory', { rec_id: String(id) }, tokens.xiangmu01);
    expect(history.data!.map((h) => `${h.fromLabel}→${h.toLabel}`)).toEqual(['待回复→已回复', '已回复→退回整改', '退回整改→已回复', '已回复→已验证关闭']);

    // A closed notice moves no more and cannot be deleted.
    expect((await post(NOTICE, 'SendBack', { rec_id: id, verifyOpinion: '再看看' }, tokens.jianguan01)).detail).toBe('当前状态“已验证关闭”不能执行“退回整改”');
    expect((await post(NOTICE, 'DeleteModel', { rec_id: id }, tokens.jianguan01)).detail).toBe('当前状态“已验证关闭”不能删除');
  });
});

describe('who may do which move', () => {
  it('only a government user issues, whatever buttons the role holds', async () => {
    const before = (await list(NOTICE, tokens.qiye01)).pageInfo?.record_count;
    // qiye01 holds every button (企业管理员) but is no supervisor.
    expect(await issue({}, tokens.qiye01)).toMatchObject({ status: 0, detail: SUPERVISION_MESSAGES.issueOnly });
    // xiangmu01's role has no 下发 (add) button.
    expect(await issue({}, tokens.xiangmu01)).toMatchObject(NO_PERMISSION);
    expect((await list(NOTICE, tokens.qiye01)).pageInfo?.record_count).toBe(before);
  });
  it('the project replies, the supervisor verifies; nobody changes a notice after issue', async () => {
    const made = await issue();
    const id = made.data!.id;
    expect(await post(NOTICE, 'Reply', { rec_id: id, replyContent: '代为回复', replyPhotos: await photo(tokens.jianguan01) }, tokens.jianguan01)).toMatchObject(NO_PERMISSION);
    // The enterprise administrator holds 编辑 and may reply for its project, but not verify.
    const address = await photo(tokens.qiye01);
    expect(await move({ rec_id: id, transition: 'reply', replyContent: '已整改完毕。', replyPhotos: address }, tokens.qiye01)).toMatchObject({ status: 1, data: { status: '2' } });
    expect(await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '自己验证' }, tokens.qiye01)).toMatchObject({ status: 0, detail: SUPERVISION_MESSAGES.verifyOnly });
    expect(await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '自己验证' }, tokens.xiangmu01)).toMatchObject(NO_PERMISSION);
    expect((await post(NOTICE, 'Reply', { rec_id: id, replyContent: '再回复', replyPhotos: address }, tokens.xiangmu01)).detail).toBe('当前状态“已回复”不能执行“回复”');
    expect((await post(NOTICE, 'ModifyModel', { rec_id: id, problems: '改掉问题' }, tokens.qiye01)).detail).toBe('当前状态“已回复”不能修改');
    const fresh = await issue();
    expect((await post(NOTICE, 'ModifyModel', { rec_id: fresh.data!.id, problems: '改掉问题' }, tokens.qiye01)).detail).toBe(SUPERVISION_MESSAGES.fixed);
    expect((await post(NOTICE, 'DeleteModel', { rec_id: fresh.data!.id }, tokens.qiye01)).detail).toBe(SUPERVISION_MESSAGES.deleteOnly);
    expect((await detail(NOTICE, fresh.data!.id, tokens.jianguan01)).data).toMatchObject({ problems: '5#楼外脚手架连墙件缺失，剪刀撑不连续。', status: '1' });
  });
  it('plans and inspections are written by government users only', async () => {
    const plan = { planNo: `NJJD-JH-T${Date.now()}`, planName: '节前安全检查', checkKind: '2', areaCode: '511000', startDate: inDays(1), endDate: inDays(10), leader: '赵磊', content: '节前安全大检查' };
    expect(await post('SupervisionPlan', 'CreateModel', plan, tokens.jianguan01)).toMatchObject({ status: 1, data: { status: '1' } });
    expect(await post('SupervisionPlan', 'CreateModel', { ...plan, planNo: `${plan.planNo}-2` }, tokens.qiye01)).toMatchObject({ status: 0, detail: SUPERVISION_MESSAGES.governmentOnly });
    expect(await post('SupervisionPlan', 'CreateModel', { ...plan, planNo: `${plan.planNo}-3`, areaCode: '510304' }, tokens.jianguan01)).toMatchObject({ status: 0, detail: SUPERVISION_MESSAGES.area });
    const projectIdOf = await projectId(app, tokens.jianguan01, 'NJJG-2024-002');
    const inspection = {
      inspectionNo: `NJJD-JC-T${Date.now()}`, projectId: projectIdOf, checkKind: '2', inspectDate: inDays(0), inspectors: '赵磊', result: '1',
      items: [{ itemName: '临边防护', conclusion: '1' }, { itemName: '施工用电', conclusion: '1', remark: '符合' }],
    };
    const made = await post('SupervisionInspection', 'CreateModel', inspection, tokens.jianguan01);
    expect(made).toMatchObject({ status: 1 });
    expect((made.data as Row).items).toHaveLength(2);
    expect(await post('SupervisionInspection', 'CreateModel', { ...inspection, inspectionNo: `${inspection.inspectionNo}-2` }, tokens.qiye01)).toMatchObject({ status: 0, detail: SUPERVISION_MESSAGES.governmentOnly });
    // A project outside the area (自贡) cannot be inspected by 内江.
    const outside = await projectId(app, tokens.qiye01, 'NJJG-2024-012');
    expect((await post('SupervisionInspection', 'CreateModel', { ...inspection, inspectionNo: `${inspection.inspectionNo}-3`, projectId: outside }, tokens.jianguan01)).detail).toBe('请选择所属项目');
  });
});

describe('bad input', () => {
  it('refuses missing and wrong fields in Chinese and writes nothing', async () => {
    const before = (await list(NOTICE, tokens.jianguan01)).pageInfo?.record_count;
    expect((await issue({ problems: '' })).detail).toBe('请输入存在问题');
    expect((await issue({ noticeKind: '9' })).detail).toBe('请选择正确的通知类型');
    expect((await issue({ deadline: inDays(-1) })).detail).toBe(SUPERVISION_MESSAGES.deadline);
    expect((await issue({ noticeNo: 'NJJD-ZG-2026-031' })).detail).toBe('通知编号已存在');
    expect((await issue({ projectId: await projectId(app, tokens.qiye01, 'NJJG-2024-012') })).detail).toBe('请选择所属项目');
    expect((await list(NOTICE, tokens.jianguan01)).pageInfo?.record_count).toBe(before);

    const made = await issue();
    const id = made.data!.id;
    expect((await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已整改' }, tokens.xiangmu01)).detail).toBe('请上传整改照片');
    expect((await post(NOTICE, 'Reply', { rec_id: id, replyPhotos: await photo(tokens.xiangmu01) }, tokens.xiangmu01)).detail).toBe('请填写整改情况');
    expect((await post(NOTICE, 'Reply', { rec_id: id, replyContent: '已整改', replyPhotos: 'http://evil.example/a.png' }, tokens.xiangmu01)).detail).toBe('整改照片格式不正确');
    expect((await post(NOTICE, 'Verify', { rec_id: id, verifyOpinion: '提前验证' }, tokens.jianguan01)).detail).toBe('当前状态“待回复”不能执行“验证关闭”');
    expect((await detail(NOTICE, id, tokens.jianguan01)).data).toMatchObject({ status: '1', replyContent: null });
  });
});
