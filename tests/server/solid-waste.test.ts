// 固废台账 (docs/environment.md) through the API: the seeded storage points, generation records, manifests in
// every state and disposals; scope per kind of user (government area 511000, project user, enterprise); a
// manifest's whole way — 待转移 → 运输中 → 已接收 (received quantity signed, the difference flagged) → 已处置
// — and the way back (退回); and the refusals: more than is stored, kind or unit not of the storage point,
// disposals before receipt or above the received quantity, a government user writing, illegal moves —
// each leaving the rows as they were.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { WASTE_MESSAGES } from '../../server/hooks/solid-waste';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
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
  (await get<Row[]>(base, 'WherePageList', { index: 0, size: 100, filters: JSON.stringify(filters) }, token)).data ?? [];
const detail = async (base: string, id: unknown, token = tokens.xiangmu01) => (await get(base, 'GetDetail', { rec_id: String(id) }, token)).data as Row;
const labelsOf = (rows: Row[]) => new Set(rows.map((r) => (r.labels as Record<string, string>).projectId));

const inDays = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

async function storageOf(name: string, token = tokens.xiangmu01): Promise<Row> {
  const row = (await list('WasteStorage', token)).find((r) => r.storageName === name);
  if (!row) throw new Error(`no storage ${name}`);
  return row;
}

async function newManifest(over: Row = {}, token = tokens.xiangmu01) {
  serial += 1;
  const storage = await storageOf('1#建筑垃圾临时堆放区');
  return post('WasteManifest', 'CreateModel', {
    manifestNo: `NJGF-T${Date.now()}-${serial}`, projectId: storage.projectId, storageId: storage.id, wasteKind: '1', quantity: 5, unit: 't',
    generator: '内江建工建筑工程有限公司', carrier: '内江顺通环卫运输有限公司', plateNo: '川KD2871', driver: '何志刚',
    receiver: '内江市城投建筑垃圾资源化利用有限公司', plannedOn: inDays(1), ...over,
  }, token);
}

describe('seeded ledger', () => {
  it('storage points with their stock, manifests in every state, disposals of received ones', async () => {
    const storages = await list('WasteStorage', tokens.qiye01);
    const heap = storages.find((s) => s.storageName === '1#建筑垃圾临时堆放区')!;
    // 156.1 t generated, 93 t on live manifests (the returned one of 汉渝大道 does not count there either).
    expect(heap.stock).toBe(63.1);
    expect(storages.find((s) => s.storageName === '铣刨料及废混凝土堆放区')!.stock).toBe(154.5);
    const manifests = await list('WasteManifest', tokens.qiye01);
    expect(new Set(manifests.map((m) => m.status))).toEqual(new Set(['1', '2', '3', '4', '5']));
    const flagged = manifests.find((m) => m.manifestNo === 'NJGF-2026-0102')!;
    expect(flagged).toMatchObject({ status: '3', diffFlagged: true, quantityDiff: -1.8 });
    const disposed = manifests.find((m) => m.manifestNo === 'NJGF-2026-0101')!;
    const withChildren = await detail('WasteManifest', disposed.id, tokens.qiye01);
    expect((withChildren.disposals as Row[]).map((d) => d.quantity)).toEqual([22, 7.6]);
  });
});

describe('scope per kind of user', () => {
  it('the government sees its area, not 自贡; the project user its projects; the enterprise all of its companies', async () => {
    const gov = labelsOf(await list('WasteManifest', tokens.jianguan01));
    expect(gov.has('甜城湖片区棚户区改造项目')).toBe(true);
    expect(gov.has('内自同城快速通道（大安段）')).toBe(false);
    expect(labelsOf(await list('WasteManifest', tokens.xiangmu02))).toEqual(new Set(['汉渝大道（东兴段）道路改造工程']));
    const mine = labelsOf(await list('WasteStorage', tokens.xiangmu01));
    expect(mine.has('汉渝大道（东兴段）道路改造工程')).toBe(false);
    expect(mine.has('甜城湖片区棚户区改造项目')).toBe(true);
    expect(labelsOf(await list('WasteManifest', tokens.qiye01)).has('内自同城快速通道（大安段）')).toBe(true);
    const other = (await list('WasteManifest', tokens.xiangmu02))[0];
    expect((await get('WasteManifest', 'GetDetail', { rec_id: String(other.id) }, tokens.xiangmu01)).status).toBe(0);
  });

  it('a user without the page gets 402; the government reads but never writes', async () => {
    expect(await get('WasteManifest', 'WherePageList', { index: 0, size: 10 }, tokens.wuquanxian)).toMatchObject({ status: 0 });
    expect(await newManifest({}, tokens.jianguan01)).toMatchObject(NO_PERMISSION);
    const storage = await storageOf('1#建筑垃圾临时堆放区', tokens.jianguan01);
    expect(await post('WasteGeneration', 'CreateModel', { projectId: storage.projectId, storageId: storage.id, wasteKind: '1', quantity: 1, unit: 't', generatedOn: inDays(0), location: '监管代录' }, tokens.jianguan01))
      .toMatchObject(NO_PERMISSION);
  });
});

describe('a manifest from the site to its disposal', () => {
  it('goes 待转移 → 运输中 → 已接收 → 已处置, stamping who and when, flagging the difference', async () => {
    const storage = await storageOf('1#建筑垃圾临时堆放区');
    const created = await newManifest({ quantity: 10 });
    expect(created).toMatchObject({ status: 1, data: { status: '1' } });
    const id = (created.data as Row).id;
    expect((await storageOf('1#建筑垃圾临时堆放区')).stock).toBe(Number(storage.stock) - 10);

    expect(await post('WasteManifest', 'Receive', { rec_id: id, receivedQuantity: 9, receiverSigner: '罗文斌' }, tokens.xiangmu01))
      .toMatchObject({ status: 0, detail: '当前状态“待转移”不能执行“接收签收”' });
    const departed = await post('WasteManifest', 'Depart', { rec_id: id }, tokens.xiangmu01);
    expect(departed).toMatchObject({ status: 1, data: { status: '2', departedBy: '刘洋' } });
    expect((departed.data as Row).departedAt).toBeTruthy();
    expect(await post('WasteManifest', 'ModifyModel', { rec_id: id, quantity: 8 }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: '当前状态“运输中”不能修改' });

    expect(await post('WasteManifest', 'Receive', { rec_id: id, receiverSigner: '罗文斌' }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: '请输入接收数量' });
    const received = await post('WasteManifest', 'Receive', { rec_id: id, receivedQuantity: 9.2, receiverSigner: '罗文斌' }, tokens.xiangmu01);
    expect(received).toMatchObject({ status: 1, data: { status: '3', receivedQuantity: 9.2, quantityDiff: -0.8, diffFlagged: true, receivedBy: '刘洋' } });

    expect(await post('WasteManifest', 'Dispose', { rec_id: id }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: WASTE_MESSAGES.noDisposal });
    const disposal = { projectId: storage.projectId, manifestId: id, method: '1', quantity: 6, disposedOn: inDays(0), facility: '内江市城投建筑垃圾资源化利用中心' };
    expect(await post('WasteDisposal', 'CreateModel', disposal, tokens.xiangmu01)).toMatchObject({ status: 1 });
    expect(await post('WasteDisposal', 'CreateModel', { ...disposal, quantity: 3.5 }, tokens.xiangmu01))
      .toMatchObject({ status: 0, detail: WASTE_MESSAGES.overReceived(9.2, '吨') });
    expect(await post('WasteDisposal', 'CreateModel', { ...disposal, method: '2', quantity: 3.2 }, tokens.xiangmu01)).toMatchObject({ status: 1 });
    expect(await post('WasteManifest', 'SendBack', { rec_id: id, returnReason: '拒收' }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: WASTE_MESSAGES.disposedNoReturn });

    const done = await post('WasteManifest', 'Dispose', { rec_id: id, disposalNote: '破碎制再生骨料，细料回填' }, tokens.xiangmu01);
    expect(done).toMatchObject({ status: 1, data: { status: '4', disposedBy: '刘洋' } });
    expect(await post('WasteDisposal', 'CreateModel', { ...disposal, quantity: 0.1 }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: WASTE_MESSAGES.notReceived });

    const history = (await get<Row[]>('WasteManifest', 'GetHistory', { rec_id: String(id) }, tokens.jianguan01)).data ?? [];
    expect(history.map((h) => h.toLabel)).toEqual(['运输中', '已接收', '已处置']);
  });

  it('a returned load goes back into the storage point', async () => {
    const before = Number((await storageOf('1#建筑垃圾临时堆放区')).stock);
    const id = ((await newManifest({ quantity: 4 })).data as Row).id;
    await post('WasteManifest', 'Depart', { rec_id: id }, tokens.xiangmu01);
    expect(await post('WasteManifest', 'SendBack', { rec_id: id }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: '请填写退回原因' });
    expect(await post('WasteManifest', 'SendBack', { rec_id: id, returnReason: '消纳场容量已满，拒收' }, tokens.xiangmu01))
      .toMatchObject({ status: 1, data: { status: '5', returnedBy: '刘洋' } });
    expect((await storageOf('1#建筑垃圾临时堆放区')).stock).toBe(before);
    expect(await post('WasteManifest', 'Depart', { rec_id: id }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: '当前状态“已退回”不能执行“发运”' });
  });
});

describe('bad input changes nothing', () => {
  it('more than is stored, another kind or unit, a bad plate, a missing quantity', async () => {
    const count = (await list('WasteManifest', tokens.xiangmu01)).length;
    const stock = Number((await storageOf('1#建筑垃圾临时堆放区')).stock);
    expect(await newManifest({ quantity: stock + 1 })).toMatchObject({ status: 0, detail: WASTE_MESSAGES.overStock(stock, '吨') });
    expect(await newManifest({ wasteKind: '3' })).toMatchObject({ status: 0, detail: WASTE_MESSAGES.kindMismatch });
    expect(await newManifest({ unit: 'm3' })).toMatchObject({ status: 0, detail: WASTE_MESSAGES.unitMismatch });
    expect(await newManifest({ plateNo: 'ABC' })).toMatchObject({ status: 0, detail: '请输入正确的车牌号' });
    expect(await newManifest({ quantity: 0 })).toMatchObject({ status: 0, detail: '转移数量必须大于0' });
    expect(await newManifest({ quantity: '' })).toMatchObject({ status: 0, detail: '请输入转移数量' });
    expect(await newManifest({ manifestNo: 'NJGF-2026-0101' })).toMatchObject({ status: 0, detail: '联单编号已存在' });
    const other = (await list('WasteStorage', tokens.xiangmu02))[0];
    expect(await newManifest({ storageId: other.id })).toMatchObject({ status: 0 });
    expect((await list('WasteManifest', tokens.xiangmu01)).length).toBe(count);
    // The state is the workflow's: a sent one is ignored like every read-only field.
    expect(await newManifest({ status: '4' })).toMatchObject({ status: 1, data: { status: '1' } });
  });

  it('a generation record cannot be cut below what has left the storage point', async () => {
    const storage = await storageOf('废钢筋回收点');
    // 11.1 t generated, 8.5 t transferred: the 6.3 t record cannot go.
    const record = (await list('WasteGeneration', tokens.xiangmu01)).find((g) => g.storageId === storage.id && g.quantity === 6.3)!;
    expect(await post('WasteGeneration', 'DeleteModel', { rec_id: record.id }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: WASTE_MESSAGES.stockBelowZero('吨', -3.7) });
    expect(await post('WasteGeneration', 'ModifyModel', { rec_id: record.id, quantity: 1 }, tokens.xiangmu01)).toMatchObject({ status: 0 });
    expect(await post('WasteGeneration', 'ModifyModel', { rec_id: record.id, quantity: 4 }, tokens.xiangmu01)).toMatchObject({ status: 1, data: { quantity: 4 } });
    expect((await storageOf('废钢筋回收点')).stock).toBe(0.3);
    expect(await post('WasteStorage', 'ModifyModel', { rec_id: storage.id, unit: 'kg' }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: WASTE_MESSAGES.storageInUse });
  });

  it('records the recorder of a generation from the session', async () => {
    const storage = await storageOf('危废暂存间');
    const created = await post('WasteGeneration', 'CreateModel', {
      projectId: storage.projectId, storageId: storage.id, wasteKind: '8', quantity: 15, unit: 'kg', generatedOn: inDays(0), location: '发电机保养', recorder: '冒名',
    }, tokens.xiangmu01);
    expect(created).toMatchObject({ status: 1, data: { recorder: '刘洋' } });
  });
});
