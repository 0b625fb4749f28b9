// 渣土监管 (docs/spoil.md) through the API: the seeded permits (valid, expired, not yet valid, revoked),
// trips and violations; scope per kind of user; violations derived from a gate exit (车辆出入记录) and from
// a trip entered by the project, in the write's transaction (无证运输, 未冲洗, 超载); a permit issued or
// revoked changing what the next exit says; the violation workflow (受理 → 处理完结, 核实撤销) with who may
// do which move; manual registration kind checks; bad input writing nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { SPOIL_MESSAGES } from '../../server/hooks/spoil/hooks';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { multipart, postMultipart, projectId } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };
const P1 = 'NJJG-2024-001';
const P2 = 'NJJG-2024-002';
const ZIGONG = 'NJJG-2024-012';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const projects: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp();
  for (const user of ['jianguan01', 'xiangmu01', 'xiangmu02', 'qiye01']) tokens[user] = (await session(app, user)).token;
  for (const no of [P1, P2, ZIGONG]) projects[no] = await projectId(app, tokens.qiye01, no);
});
afterAll(async () => {
  await app.close();
});

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number>, token: string) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: unknown, token: string) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const list = async (base: string, token: string, filters: Row[] = []) =>
  (await get<Row[]>(base, 'WherePageList', { index: 0, size: 200, filters: JSON.stringify(filters) }, token)).data ?? [];
const byNo = async (base: string, field: string, value: string, token = tokens.qiye01) => (await list(base, token)).find((r) => r[field] === value);
const truckId = async (plate: string) => String((await byNo('SpoilTruck', 'plateNo', plate))!.id);
const violationsOfTrip = async (tripId: unknown, token = tokens.jianguan01) => list('SpoilViolation', token, [{ field: 'tripId', operator: 'eq', value: String(tripId) }]);
const kinds = (rows: Row[]) => rows.map((r) => r.kind).sort();
const count = async (base: string) => (await list(base, tokens.qiye01)).length;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

/** A gate exit through the engine (车辆管理 › 车辆出入 补录), as the gate's LPR camera or the guard enters it. */
async function exit(plateNo: string, over: Row = {}, token = tokens.xiangmu01) {
  const reply = await post('VehiclePassage', 'Create', { projectId: projects[P1], plateNo, vehicleType: '1', direction: 'out', passTime: minutesAgo(1), gateName: '东门', washed: true, ...over }, token);
  expect(reply.status, JSON.stringify(reply)).toBe(1);
  const passage = reply.data as Row;
  return (await list('SpoilTrip', tokens.qiye01, [{ field: 'passageId', operator: 'eq', value: String(passage.id) }]))[0];
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 3)]);
async function evidence(token: string): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, token, multipart({ upload_type: 'image', file_name: '违规证据.png' }, { name: '违规证据.png', type: 'image/png', data: PNG }));
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as string;
}

describe('seeded data', () => {
  it('permits read as valid, expired, not yet valid and revoked from today’s date', async () => {
    const permits = await list('SpoilPermit', tokens.qiye01);
    const validity = Object.fromEntries(permits.map((p) => [p.permitNo, p.validity]));
    expect(validity).toMatchObject({ 'NJZY-2026-0101': '1', 'NJZY-2026-0077': '3', 'NJZY-2026-0120': '2', 'NJZY-2025-0388': '4' });
    const detail = await get('SpoilPermit', 'GetDetail', { rec_id: String(permits.find((p) => p.permitNo === 'NJZY-2026-0101')!.id) }, tokens.jianguan01);
    expect(((detail.data as Row).trucks as Row[]).length).toBe(3);
  });
  it('trips in both states and violations in every state, derived and registered', async () => {
    const trips = await list('SpoilTrip', tokens.qiye01);
    expect(new Set(trips.map((t) => t.status))).toEqual(new Set(['1', '2']));
    const violations = await list('SpoilViolation', tokens.qiye01);
    expect(new Set(violations.map((v) => v.status))).toEqual(new Set(['1', '2', '3', '4']));
    expect(new Set(violations.map((v) => v.source))).toEqual(new Set(['1', '2']));
  });
});

describe('scope per kind of user', () => {
  it('the supervisor sees 内江 (511000) only: not the 自贡 project’s permit or violation', async () => {
    const permits = (await list('SpoilPermit', tokens.jianguan01)).map((p) => p.permitNo);
    expect(permits).toContain('NJZY-2026-0112');
    expect(permits).not.toContain('ZGZY-2026-0045');
    const violations = (await list('SpoilViolation', tokens.jianguan01)).map((v) => v.projectId);
    expect(violations).not.toContain(projects[ZIGONG]);
    expect((await list('SpoilTruck', tokens.jianguan01)).some((t) => t.plateNo === '川C52871')).toBe(false);
  });
  it('a project user sees its own projects only; the enterprise its companies’ projects, 自贡 included', async () => {
    for (const base of ['SpoilTruck', 'SpoilPermit', 'SpoilTrip', 'SpoilViolation', 'SpoilSite', 'SpoilHauler']) {
      const two = await list(base, tokens.xiangmu02);
      expect(two.length, base).toBeGreaterThan(0);
      expect(new Set(two.map((r) => r.projectId)), base).toEqual(new Set([projects[P2]]));
      expect((await list(base, tokens.xiangmu01)).some((r) => r.projectId === projects[P2]), base).toBe(false);
    }
    expect((await list('SpoilViolation', tokens.qiye01)).some((v) => v.projectId === projects[ZIGONG])).toBe(true);
  });
  it('a project user cannot enter a trip or an exit for another project', async () => {
    const reply = await post('SpoilTrip', 'CreateModel', { projectId: projects[P2], truckId: await truckId('川KA6613'), exitTime: minutesAgo(5), washResult: '1' }, tokens.xiangmu01);
    expect(reply.status).toBe(0);
  });
});

describe('violations derived from a gate exit', () => {
  it('a truck whose permit expired leaves unwashed: 无证运输 and 未冲洗, in the exit’s transaction', async () => {
    const trip = await exit('川KE0917', { washed: false });
    expect(trip).toMatchObject({ plateNo: '川KE0917', washResult: '2', status: '1', violationCount: 2 });
    expect(trip.permitId ?? null).toBe(null);
    expect(String(trip.tripNo)).toMatch(/^ZT\d{8}\d{6}$/);
    const found = await violationsOfTrip(trip.id);
    expect(kinds(found)).toEqual(['1', '2']);
    expect(found.every((v) => v.status === '1' && v.source === '1' && /^WG\d{14}$/.test(String(v.violationNo)))).toBe(true);
    // The project sees them as well.
    expect(await violationsOfTrip(trip.id, tokens.xiangmu01)).toHaveLength(2);
  });

  it('a permitted truck over its approved load on the weighbridge: 超载 only', async () => {
    const bridge = await post('Weighbridge', 'CreateModel', { projectId: projects[P1], deviceNo: `TCH-DB-${Date.now()}`, deviceName: '东门地磅', model: 'SCS-100', maxCapacity: 100 }, tokens.qiye01);
    expect(bridge.status, JSON.stringify(bridge)).toBe(1);
    const w = await post('WeighRecord', 'CreateModel', {
      weighbridgeId: String((bridge.data as Row).id),
      projectId: projects[P1], plateNo: '川KD2871', cargo: '渣土', grossWeight: 52.4, tareWeight: 17.9, weighTime: minutesAgo(20),
    }, tokens.qiye01);
    expect(w.status, JSON.stringify(w)).toBe(1);
    const trip = await exit('川KD2871');
    expect(trip).toMatchObject({ weight: 34.5, washResult: '1', violationCount: 1 });
    expect(trip.permitId).toBeTruthy();
    const [v] = await violationsOfTrip(trip.id);
    expect(v).toMatchObject({ kind: '3', description: '川KD2871载重34.5吨，超过核定载质量31吨' });
  });

  it('an unregistered 渣土车 leaving is 无证运输; an entry or another vehicle type opens no trip', async () => {
    const trip = await exit('川KH1234');
    expect(trip).toMatchObject({ plateNo: '川KH1234', violationCount: 1 });
    expect(trip.truckId ?? null).toBe(null);
    expect(kinds(await violationsOfTrip(trip.id))).toEqual(['1']);
    const before = await count('SpoilTrip');
    expect(await exit('川KD3365', { direction: 'in' })).toBeUndefined();
    expect(await exit('川K88888', { vehicleType: '4' })).toBeUndefined();
    expect(await count('SpoilTrip')).toBe(before);
  });

  it('issuing a permit for the truck clears the next exit; revoking it brings 无证运输 back', async () => {
    const hauler = (await list('SpoilHauler', tokens.jianguan01)).find((h) => h.haulerName === '内江鑫路通运输有限公司')!;
    const site = (await list('SpoilSite', tokens.jianguan01)).find((s) => s.siteName === '内江市城东建筑垃圾消纳场')!;
    const issued = await post('SpoilPermit', 'CreateModel', {
      permitNo: `NJZY-T-${Date.now()}`, projectId: projects[P1], haulerId: String(hauler.id), siteId: String(site.id), route: '项目南门→甜城大道→汉渝大道→椑木镇',
      validFrom: inDays(0), validTo: inDays(30), trucks: [{ truckId: await truckId('川KE0917') }],
    }, tokens.jianguan01);
    expect(issued.status, JSON.stringify(issued)).toBe(1);
    const permit = issued.data as Row;
    expect(permit).toMatchObject({ validity: '1', status: '1', issuedBy: '赵磊' });
    const clean = await exit('川KE0917');
    expect(clean).toMatchObject({ permitId: String(permit.id), violationCount: 0 });

    expect((await post('SpoilPermit', 'Revoke', { rec_id: String(permit.id), revokeReason: '' }, tokens.jianguan01)).detail).toBe('请填写注销原因');
    expect((await post('SpoilPermit', 'Revoke', { rec_id: String(permit.id), revokeReason: '运输单位申请注销' }, tokens.xiangmu01))).toMatchObject(NO_PERMISSION);
    const revoked = await post('SpoilPermit', 'Revoke', { rec_id: String(permit.id), revokeReason: '运输单位申请注销' }, tokens.jianguan01);
    expect(revoked.status, JSON.stringify(revoked)).toBe(1);
    expect(revoked.data).toMatchObject({ status: '2', validity: '4' });
    expect(kinds(await violationsOfTrip((await exit('川KE0917')).id))).toEqual(['1']);
  });
});

describe('a trip entered by the project', () => {
  it('takes plate, permit and site from the records and derives its violations; the project confirms arrival', async () => {
    const reply = await post('SpoilTrip', 'CreateModel', { projectId: projects[P1], truckId: await truckId('川KD3365'), exitTime: minutesAgo(30), gateName: '东门', weight: 26 }, tokens.xiangmu01);
    expect(reply.status, JSON.stringify(reply)).toBe(1);
    const trip = (await byNo('SpoilTrip', 'id', String((reply.data as Row).id)))!;
    expect(trip).toMatchObject({ plateNo: '川KD3365', washResult: '0', violationCount: 1 });
    expect(trip.permitId).toBeTruthy();
    expect(trip.siteId).toBeTruthy();
    expect(kinds(await violationsOfTrip(trip.id))).toEqual(['2']);

    const early = await post('SpoilTrip', 'Arrive', { rec_id: String(trip.id), siteId: String(trip.siteId), arrivedAt: minutesAgo(40) }, tokens.xiangmu01);
    expect(early.detail).toBe(SPOIL_MESSAGES.arrival);
    expect((await post('SpoilTrip', 'Arrive', { rec_id: String(trip.id), siteId: String(trip.siteId), arrivedAt: minutesAgo(2) }, tokens.jianguan01))).toMatchObject(NO_PERMISSION);
    const arrived = await post('SpoilTrip', 'Arrive', { rec_id: String(trip.id), siteId: String(trip.siteId), arrivedAt: minutesAgo(2) }, tokens.xiangmu01);
    expect(arrived.status, JSON.stringify(arrived)).toBe(1);
    expect(arrived.data).toMatchObject({ status: '2' });
  });

  it('refuses bad input and writes nothing', async () => {
    const trips = await count('SpoilTrip');
    const violations = await count('SpoilViolation');
    const base = { projectId: projects[P1], truckId: await truckId('川KD3365'), exitTime: minutesAgo(3), washResult: '1' };
    expect((await post('SpoilTrip', 'CreateModel', { ...base, truckId: await truckId('川KA6613') }, tokens.xiangmu01)).detail).toBe(SPOIL_MESSAGES.truck);
    expect((await post('SpoilTrip', 'CreateModel', { ...base, exitTime: new Date(Date.now() + 3_600_000).toISOString() }, tokens.xiangmu01)).detail).toBe('出场时间不能晚于当前时间');
    expect((await post('SpoilTrip', 'CreateModel', { ...base, washResult: '7' }, tokens.xiangmu01)).status).toBe(0);
    expect((await post('SpoilTrip', 'CreateModel', { ...base, weight: -1 }, tokens.xiangmu01)).detail).toBe('载重不能小于0');
    expect(await post('SpoilTrip', 'CreateModel', base, tokens.jianguan01)).toMatchObject(NO_PERMISSION);
    expect(await count('SpoilTrip')).toBe(trips);
    expect(await count('SpoilViolation')).toBe(violations);
  });
});

describe('the violation workflow', () => {
  it('the supervisor accepts, then closes with the result; history and handler stamped', async () => {
    const trip = await exit('川KE2240', { washed: false });
    const [v] = await violationsOfTrip(trip.id);
    const id = String(v.id);
    expect((await post('SpoilViolation', 'Close', { rec_id: id, handleResult: '1', handleNote: '罚款' }, tokens.jianguan01)).detail).toBe('当前状态“待处理”不能执行“处理完结”');
    expect(await post('SpoilViolation', 'Accept', { rec_id: id, acceptOpinion: '调取视频核查' }, tokens.xiangmu01)).toMatchObject(NO_PERMISSION);
    expect((await post('SpoilViolation', 'Accept', { rec_id: id, acceptOpinion: '调取视频核查' }, tokens.qiye01)).detail).toBe(SPOIL_MESSAGES.handleGovernment);
    expect((await post('SpoilViolation', 'Accept', { rec_id: id, acceptOpinion: '' }, tokens.jianguan01)).detail).toBe('请填写受理意见');
    const accepted = await post('SpoilViolation', 'Accept', { rec_id: id, acceptOpinion: '已调取冲洗平台视频，情况属实。' }, tokens.jianguan01);
    expect(accepted.data).toMatchObject({ status: '2', handledBy: '赵磊' });
    expect((await post('SpoilViolation', 'Close', { rec_id: id, handleResult: '3' }, tokens.jianguan01)).detail).toBe('请填写处理说明');
    expect((await post('SpoilViolation', 'Close', { rec_id: id, handleResult: '9', handleNote: 'x' }, tokens.jianguan01)).status).toBe(0);
    const closed = await post('SpoilViolation', 'Close', { rec_id: id, handleResult: '3', handleNote: '责令项目部修复冲洗平台，整改前渣土车不得出场。' }, tokens.jianguan01);
    expect(closed.data).toMatchObject({ status: '3', handleResult: '3' });
    const history = (await get<Row[]>('SpoilViolation', 'GetHistory', { rec_id: id }, tokens.xiangmu01)).data ?? [];
    expect(history.map((h) => h.transition)).toEqual(['accept', 'close']);
    expect((await post('SpoilViolation', 'Cancel', { rec_id: id, handleNote: '误判' }, tokens.jianguan01)).detail).toBe('当前状态“已处理”不能执行“核实撤销”');
    expect((await post('SpoilViolation', 'DeleteModel', { rec_id: id }, tokens.jianguan01)).status).toBe(0);
  });

  it('a derived violation is cancelled, never deleted; registration takes only 偏离路线 and 乱倒乱卸 with evidence', async () => {
    const [v] = await violationsOfTrip((await exit('川KH5678')).id);
    expect((await post('SpoilViolation', 'DeleteModel', { rec_id: String(v.id) }, tokens.jianguan01)).detail).toBe(SPOIL_MESSAGES.deleteDerived);
    expect((await post('SpoilViolation', 'Cancel', { rec_id: String(v.id), handleNote: '该车为市政应急抢险车辆，经核实不构成违规。' }, tokens.jianguan01)).data).toMatchObject({ status: '4' });

    const before = await count('SpoilViolation');
    const body = { kind: '5', projectId: projects[P1], truckId: await truckId('川KD5102'), plateNo: '川KD5102', occurredAt: minutesAgo(60), location: '市中区史家镇沱江河滩', description: '巡查发现该车在河滩倾倒渣土约15立方米。' };
    expect((await post('SpoilViolation', 'CreateModel', { ...body, kind: '1' }, tokens.jianguan01)).detail).toBe(SPOIL_MESSAGES.derivedKind);
    expect((await post('SpoilViolation', 'CreateModel', body, tokens.jianguan01)).detail).toBe(SPOIL_MESSAGES.evidence);
    expect((await post('SpoilViolation', 'CreateModel', { ...body, kind: '8' }, tokens.jianguan01)).status).toBe(0);
    expect(await post('SpoilViolation', 'CreateModel', { ...body, evidence: 'x' }, tokens.xiangmu01)).toMatchObject(NO_PERMISSION);
    expect(await count('SpoilViolation')).toBe(before);
    const photo = await evidence(tokens.jianguan01);
    const made = await post('SpoilViolation', 'CreateModel', { ...body, plateNo: '川KD0000', evidence: photo }, tokens.jianguan01);
    expect(made.status, JSON.stringify(made)).toBe(1);
    const row = (await byNo('SpoilViolation', 'id', String((made.data as Row).id)))!;
    expect(row).toMatchObject({ source: '2', status: '1', plateNo: '川KD5102' });
    expect(String(row.violationNo)).toMatch(/^WG\d{14}$/);
    expect((await post('SpoilViolation', 'DeleteModel', { rec_id: String(row.id) }, tokens.jianguan01)).status).toBe(1);
  });
});

describe('permits: who issues and what a permit may hold', () => {
  it('refuses a project or enterprise user, a blacklisted company, a closed site, a truck of another company, reversed dates', async () => {
    const hauler = async (name: string) => String((await list('SpoilHauler', tokens.jianguan01)).find((h) => h.haulerName === name && h.projectId === projects[P1])!.id);
    const site = async (name: string) => String((await list('SpoilSite', tokens.jianguan01)).find((s) => s.siteName === name)!.id);
    const body = {
      permitNo: `NJZY-B-${Date.now()}`, projectId: projects[P1], haulerId: await hauler('内江市顺达渣土运输有限公司'), siteId: await site('内江市城东建筑垃圾消纳场'),
      route: '项目东门→甜城大道', validFrom: inDays(0), validTo: inDays(10), trucks: [{ truckId: await truckId('川KD2871') }],
    };
    const before = await count('SpoilPermit');
    expect(await post('SpoilPermit', 'CreateModel', body, tokens.xiangmu01)).toMatchObject(NO_PERMISSION);
    expect((await post('SpoilPermit', 'CreateModel', body, tokens.qiye01)).detail).toBe(SPOIL_MESSAGES.permitGovernment);
    expect((await post('SpoilPermit', 'CreateModel', { ...body, haulerId: await hauler('内江市宏运土方工程有限公司') }, tokens.jianguan01)).detail).toBe(SPOIL_MESSAGES.haulerBlacklisted);
    expect((await post('SpoilPermit', 'CreateModel', { ...body, siteId: await site('史家镇临时消纳点') }, tokens.jianguan01)).detail).toBe(SPOIL_MESSAGES.siteClosed);
    expect((await post('SpoilPermit', 'CreateModel', { ...body, trucks: [{ truckId: await truckId('川KE0917') }] }, tokens.jianguan01)).detail).toBe(`第1行：${SPOIL_MESSAGES.truckHauler}`);
    expect((await post('SpoilPermit', 'CreateModel', { ...body, trucks: [] }, tokens.jianguan01)).detail).toBe('准运车辆至少1条');
    expect((await post('SpoilPermit', 'CreateModel', { ...body, validTo: inDays(-1) }, tokens.jianguan01)).detail).toBe('有效期至不能早于有效期起');
    expect(await count('SpoilPermit')).toBe(before);
  });
});
