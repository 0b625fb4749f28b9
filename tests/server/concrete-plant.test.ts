// 搅拌站管理 (docs/concrete-plant.md) through the API: the seeded plant, then the order-to-signature story
// (order → 审核通过 → two production tasks by multi-create → 开始生产 moves the order to 生产中 → trips →
// 签收 until the signed volume completes the order, each step in the histories, the statement and 操作日志),
// and the refusals: illegal transitions naming both states, roles without the action (没有权限), another
// company's order (not found), stale versions, bad input — each leaving nothing written.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { resolveRelativeDate } from '../../common/metadata/relative-dates';
import { buildModel } from '../../server/engine/model';
import { compileValidator } from '../../server/engine/validator';
import { readWriteInput } from '../../server/engine/write-input';
import { catalog, enterMonitoring } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };
const STALE = '数据已被他人修改，请刷新后重试';
const NOT_FOUND = '记录不存在或无权访问';

let app: FastifyInstance;
let manager: string;
let dispatcher: string;
let group: string;
let serial = 0;

beforeAll(async () => {
  app = await startApp();
  manager = (await session(app, 'jiaobanzhan01')).token;
  dispatcher = (await session(app, 'diaodu01')).token;
  group = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app.close();
});

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number>, token = manager) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token = manager) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const list = async (base: string, listName: string, filters: Row[] = [], token = manager, size = 100) =>
  get<Row[]>(base, listName, { index: 0, size, filters: JSON.stringify(filters) }, token);
const detail = async (base: string, id: unknown, token = manager) => get(base, 'GetDetail', { rec_id: String(id) }, token);
const eq = (field: string, value: unknown) => ({ field, operator: 'eq', value });
const move = (base: string, body: Row, token = manager) => post(base, 'ModifyStatus', body, token);
const count = async (base: string, listName = 'WherePageList', filters: Row[] = []) => (await list(base, listName, filters)).pageInfo?.record_count ?? -1;

async function formulaId(no: string): Promise<string> {
  const rows = (await list('MixFormula', 'WherePageList', [eq('formulaNo', no)])).data ?? [];
  if (rows.length !== 1) throw new Error(`formula ${no} not seeded`);
  return String(rows[0].id);
}

async function newOrder(over: Row = {}): Promise<Row> {
  serial += 1;
  const body = {
    orderNo: `T-${Date.now()}-${serial}`, customerId: '1', siteId: '1', pourPart: '5#楼6层顶板', strengthGrade: 'C30', slump: 180,
    slumpTolerance: 20, volume: 20, plannedPourTime: '2026-12-01 08:00:00', pumpNeeded: true, pourMethod: '1', siteContact: '刘洋', sitePhone: '13890510005',
    ...over,
  };
  const reply = await post('ConcreteOrder', 'CreateModel', body);
  if (reply.status !== 1) throw new Error(JSON.stringify(reply));
  return reply.data!;
}

async function approvedOrder(over: Row = {}): Promise<Row> {
  const order = await newOrder(over);
  const moved = await move('ConcreteOrder', { rec_id: order.id, transition: 'approve', version: order.version });
  if (moved.status !== 1) throw new Error(JSON.stringify(moved));
  return moved.data!;
}

async function startedTask(order: Row, line = '1', volume = 12): Promise<Row> {
  serial += 1;
  const created = await post('ProductionTask', 'CreateModel', {
    taskNo: `RW-${Date.now()}-${serial}`, orderId: order.id, lineNo: line, formulaId: await formulaId(`PB-${line}-C30`), plannedVolume: volume,
  });
  if (created.status !== 1) throw new Error(JSON.stringify(created));
  const started = await move('ProductionTask', { rec_id: created.data!.id, transition: 'start' });
  if (started.status !== 1) throw new Error(JSON.stringify(started));
  return started.data!;
}

async function newTrip(task: Row, volume: number, token = manager): Promise<Row> {
  serial += 1;
  const reply = await post('ConcreteTransport', 'CreateModel', {
    tripNo: `FH-${Date.now()}-${serial}`, taskId: task.id, carId: '1', driverName: '刘德贵', volume, leftAt: '2026-11-25 08:00:00',
  }, token);
  if (reply.status !== 1) throw new Error(JSON.stringify(reply));
  return reply.data!;
}

const sign = (trip: Row, receivedVolume: number, token = manager, over: Row = {}) =>
  move('ConcreteTransport', { rec_id: trip.id, transition: 'sign', receivedVolume, signer: '刘洋', signedAt: '2026-11-25 09:30:00', ...over }, token);

async function statementOf(customerId: string, month: string): Promise<Row | undefined> {
  return (await list('ConcreteStatement', 'AccountPage', [eq('customerId', customerId), eq('month', month)])).data?.[0];
}

const PLANT_SEEDS = {
  PlantCustomer: 'plant-customer', PlantSite: 'plant-site', PlantMaterial: 'plant-material', PlantBin: 'plant-bin', MixFormula: 'mix-formula',
  FormulaMaterial: 'formula-material', TankerCar: 'tanker-car', ConcretePrice: 'concrete-price', PlantSetting: 'plant-setting',
  MaterialDelivery: 'material-delivery', ConcreteOrder: 'concrete-order', ProductionTask: 'production-task', DispatchTrip: 'dispatch-trip',
  BatchRecord: 'batch-record',
} as const;

describe('the seeded plant', () => {
  it.each(Object.entries(PLANT_SEEDS))('%s seed rows pass the entity’s own rules', (entity, file) => {
    const { rows } = JSON.parse(readFileSync(`schemas/seed/${file}.json`, 'utf8')) as { rows: Row[] };
    expect(rows.length).toBeGreaterThan(0);
    const model = buildModel(catalog.entities.get(entity)!);
    const validate = compileValidator(model, 'create', (name) => catalog.dictionaries.get(name)?.map((o) => o.xuHao));
    for (const { companyKey, ...values } of rows) {
      expect(companyKey).toBe('concrete');
      const dated = Object.fromEntries(Object.entries(values).map(([k, v]) => {
        const type = model.byName.get(k)?.type;
        return [k, type === 'date' || type === 'datetime' ? resolveRelativeDate(v, type) : v];
      }));
      expect(() => validate(readWriteInput(model, dated)), JSON.stringify(values)).not.toThrow();
    }
  });

  it('has months of orders, tasks, trips, batch records and statements, all in the plant’s company', async () => {
    const orders = await list('ConcreteOrder', 'WherePageList');
    expect(orders.status).toBe(1);
    expect(orders.pageInfo!.record_count).toBeGreaterThanOrEqual(50);
    const states = new Set((orders.data ?? []).map((o) => o.status));
    for (const s of ['1', '2', '4', '5']) expect(states).toContain(s);
    expect(await count('ProductionTask')).toBeGreaterThanOrEqual(50);
    expect(await count('ConcreteTransport')).toBeGreaterThanOrEqual(300);
    const batches = await list('CycleRecord', 'WhereListByCondition', [eq('alarm', true)]);
    expect(batches.status).toBe(1);
    expect(batches.pageInfo!.record_count).toBeGreaterThan(0);
    const statements = await list('ConcreteStatement', 'AccountPage');
    expect(statements.pageInfo!.record_count).toBeGreaterThanOrEqual(5);
    expect(Number(statements.data![0].amount)).toBeGreaterThan(0);
    // The statements go out through the generic export (对账单.xlsx).
    const exported = await call(app, 'GET', api('ConcreteStatement', 'Export'), { token: manager, query: { filters: '[]' } });
    expect(exported.status).toBe(200);
    expect(String(exported.raw.headers['content-type'])).toContain('spreadsheetml');
    expect(String(exported.raw.headers['content-disposition'])).toContain(encodeURIComponent('对账单'));
    const bins = (await list('PlantBin', 'WherePageList')).data ?? [];
    expect(bins.filter((b) => b.lowStock === true).length).toBe(2);
    const task = (await list('ProductionTask', 'WherePageList', [eq('status', '4')])).data![0];
    expect(Number(task.dispatchedVolume)).toBe(Number(task.plannedVolume));
  });

  it('is out of the group company’s reach (company scope)', async () => {
    const orders = await list('ConcreteOrder', 'WherePageList', [], group);
    expect(orders).toMatchObject({ status: 1, data: [] });
    expect((await detail('ConcreteOrder', 1, group)).detail).toBe(NOT_FOUND);
  });
});

describe('batch-record statistics (§7.5 cycle records: statistics, docs/metadata.md "Statistics")', () => {
  type Figures = Row & { batches: number; volume: number; alarms: number };
  const stats = (query: Record<string, string>, token = manager) => get<Figures[]>('CycleRecord', 'GetStatistics', query, token);

  it('totals the rows the list shows, and groups them by line, grade or day', async () => {
    const all = await list('CycleRecord', 'WhereListByCondition', [], manager, 1000);
    const rows = all.data ?? [];
    const total = (await stats({})).data!;
    expect(total).toHaveLength(1);
    expect(total[0].batches).toBe(all.pageInfo!.record_count);
    expect(total[0].volume).toBeCloseTo(rows.reduce((s, r) => s + Number(r.volume), 0), 4);
    expect(total[0].alarms).toBe(rows.filter((r) => r.alarm === true).length);

    const byLine = (await stats({ groupBy: 'lineNo' })).data!;
    expect(byLine.map((g) => [g.key, g.label])).toEqual([['1', '1号线'], ['2', '2号线']]);
    expect(byLine.reduce((s, g) => s + g.batches, 0)).toBe(total[0].batches);

    const byDay = (await stats({ groupBy: 'batchTime', filters: JSON.stringify([eq('lineNo', '1')]) })).data!;
    expect(byDay.length).toBeGreaterThan(1);
    expect(String(byDay[0].key)).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(byDay.reduce((s, g) => s + g.batches, 0)).toBe(byLine[0].batches);
  });

  it('answers nothing outside the caller’s company and refuses an undeclared group', async () => {
    expect((await stats({}, group)).data).toEqual([{ batches: 0, volume: null, alarms: 0, maxDeviation: null, cement: null, flyAsh: null, slag: null, sand: null, stone: null, water: null, admixture: null }]);
    const bad = await call(app, 'GET', api('CycleRecord', 'GetStatistics'), { token: manager, query: { groupBy: 'cementSet' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('请求参数格式错误：不支持按 cementSet 统计');
  });
});

describe('from the order to the signed delivery', () => {
  it('approves, produces by two tasks, signs until the order completes, and keeps every step', async () => {
    const order = await newOrder({ volume: 20, pumpNeeded: true });
    expect(order).toMatchObject({ status: '1', signedVolume: 0, version: 1 });
    const approved = await move('ConcreteOrder', { rec_id: order.id, transition: 'approve', version: 1, comment: '资料齐全' });
    expect(approved).toMatchObject({ status: 1, data: { status: '2', version: 2 } });

    // Two tasks at once (§7.5 multi-create): the order as the shared values.
    const batch = await post<{ results: Row[]; succeeded: number; failed: number }>('ProductionTask', 'BatchCreate', {
      values: { orderId: order.id, plannedStart: '2026-11-25 07:30:00' },
      rows: [
        { taskNo: `RW-A-${order.id}`, lineNo: '1', formulaId: await formulaId('PB-1-C30'), plannedVolume: 12 },
        { taskNo: `RW-B-${order.id}`, lineNo: '2', formulaId: await formulaId('PB-2-C30'), plannedVolume: 8 },
      ],
    });
    expect(batch.data).toMatchObject({ succeeded: 2, failed: 0 });
    const tasks = (await get<Row[]>('ConcreteOrder', 'Children', { rec_id: String(order.id), child: 'tasks', index: 0, size: 10 })).data!;
    expect(tasks.map((t) => [t.status, t.strengthGrade])).toEqual([['1', 'C30'], ['1', 'C30']]);

    // The first task's start moves the order to 生产中.
    const first = await move('ProductionTask', { rec_id: tasks[0].id, transition: 'start' });
    expect(first.data).toMatchObject({ status: '2' });
    expect(first.data!.startedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '4', version: 3 });

    const statementBefore = await statementOf('1', '2026-11');
    const trip1 = await newTrip(tasks[0], 12);
    expect(trip1).toMatchObject({ status: '1', orderId: String(order.id) });
    expect((await move('ConcreteTransport', { rec_id: trip1.id, transition: 'arrive', arrivedAt: '2026-11-25 08:40:00' })).data).toMatchObject({ status: '2' });
    const signed1 = await sign(trip1, 12);
    expect(signed1.data).toMatchObject({ status: '3', receivedVolume: 12, signer: '刘洋' });
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '4', signedVolume: 12 });

    await move('ProductionTask', { rec_id: tasks[1].id, transition: 'start' });
    const trip2 = await newTrip(tasks[1], 8);
    // 19.6 of 20 方: within the plant's tolerance of 0.5 方, so the order completes. Signed through the
    // transition's own endpoint (§7.5 sign-in), which takes no other transition.
    expect(await post('ConcreteTransport', 'SignIn', { rec_id: trip2.id, transition: 'reject', returnReason: '坍落度不合格' })).toMatchObject({ status: 0 });
    const signIn = await post('ConcreteTransport', 'SignIn', { rec_id: trip2.id, version: trip2.version, receivedVolume: 7.6, signer: '刘洋', signedAt: '2026-11-25 10:10:00' });
    expect(signIn).toMatchObject({ status: 1, detail: '操作成功', data: { status: '3', receivedVolume: 7.6 } });
    const done = (await detail('ConcreteOrder', order.id)).data!;
    expect(done).toMatchObject({ status: '5', signedVolume: 19.6 });
    expect(done.completedAt).toMatch(/^\d{4}-\d\d-\d\d/);

    const history = (await get<Row[]>('ConcreteOrder', 'GetHistory', { rec_id: String(order.id) })).data!;
    expect(history.map((h) => [h.transition, h.fromLabel, h.toLabel])).toEqual([
      ['approve', '待审核', '已审核'],
      ['produce', '已审核', '生产中'],
      ['complete', '生产中', '已完成'],
    ]);
    expect(history[0]).toMatchObject({ comment: '资料齐全', userName: '郑海波' });
    const trips = (await get<Row[]>('ConcreteOrder', 'Children', { rec_id: String(order.id), child: 'trips', index: 0, size: 10 })).data!;
    expect(trips.map((t) => t.receivedVolume).sort()).toEqual([12, 7.6]);
    const tripHistory = (await get<Row[]>('ConcreteTransport', 'GetHistory', { rec_id: String(trip1.id) })).data!;
    expect(tripHistory.map((h) => h.transition)).toEqual(['arrive', 'sign']);
    expect(tripHistory[1].fields).toMatchObject({ receivedVolume: 12, signer: '刘洋' });

    // The statement of the customer's month: 19.6 方 × (C30 380 + pump 25).
    const statement = await statementOf('1', '2026-11');
    expect(Number(statement!.volume) - Number(statementBefore?.volume ?? 0)).toBeCloseTo(19.6, 5);
    expect(Number(statement!.amount) - Number(statementBefore?.amount ?? 0)).toBeCloseTo(19.6 * 405, 2);
    expect(Number(statement!.tripCount) - Number(statementBefore?.tripCount ?? 0)).toBe(2);

    // 操作日志: the approval, the automatic moves and the signatures.
    const audit = await list('AuditLog', 'WherePageList', [eq('entity', 'ConcreteOrder'), eq('recordId', String(order.id))], manager);
    expect(audit.status).toBe(1);
    expect((audit.data ?? []).map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'transition']));
    expect((audit.data ?? []).filter((a) => a.action === 'transition')).toHaveLength(3);
  });

  it('binds a tanker car to its GPS terminal, a monitor device in scope (§7.5 bind), and refuses a wrong plate', async () => {
    // Seeded: each car bound to its 车载定位 terminal, a 监测设备 of the plant's project (monitor-device seed 32–43).
    expect((await detail('TankerCar', 2)).data).toMatchObject({ deviceId: '33' });
    const car = async () => (await detail('TankerCar', 2)).data!;
    const before = await car();
    // Refused, changing nothing: another car's terminal; a device of the plant that is not a GPS terminal (21:
    // 扬尘); another company's device (8, 汉渝大道) and one that does not exist — both as not found.
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: '32' })).toMatchObject({ status: 0, detail: '该定位设备已绑定其他罐车' });
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: '21' })).toMatchObject({ status: 0, detail: '所选设备不是车载定位设备，请选择设备类型为“车载定位”的监测设备' });
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: '8' })).toMatchObject({ status: 0, detail: '所选定位设备不存在或无权访问' });
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: '999999' })).toMatchObject({ status: 0, detail: '所选定位设备不存在或无权访问' });
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: 'GPS-990001' })).toMatchObject({ status: 0, detail: '请选择正确的定位设备' });
    // The group's user does not see the plant's car; the dispatcher may bind (button edit).
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: '33' }, group)).toMatchObject({ status: 0, detail: NOT_FOUND });
    expect((await car()).version).toBe(before.version);
    // Unbound, then bound again by the dispatcher.
    expect(await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: null })).toMatchObject({ status: 1, data: { deviceId: null } });
    const bound = await post('TankerCar', 'BindDevice', { rec_id: '2', deviceId: '33' }, dispatcher);
    expect(bound).toMatchObject({ status: 1, data: { deviceId: '33' } });
    const bad = await post('TankerCar', 'CreateModel', { plateNo: '川K1234', capacity: 12, driverName: '张国华', driverPhone: '13890530001', ownership: '1' });
    expect(bad).toMatchObject({ status: 0, detail: '请输入正确的车牌号' });
  });
});

describe('materials into the bins', () => {
  const ticket = (over: Row = {}) => ({
    deliveryNo: `JC-${Date.now()}-${(serial += 1)}`, binId: '1', supplierName: '四川峨胜水泥集团股份有限公司', plateNo: '川L20517',
    grossWeight: 49.5, tareWeight: 15.5, weighedAt: '2026-11-25 07:10:00', inspector: '邓国庆', ...over,
  });

  it('adds a weighbridge ticket’s net weight to its bin, and refuses what does not fit', async () => {
    const bin = (await detail('PlantBin', 1)).data!;
    const saved = await post('MaterialDelivery', 'CreateModel', ticket({ grossWeight: 30, tareWeight: 15 }));
    expect(saved).toMatchObject({ status: 1, data: { netWeight: 15, materialId: String(bin.materialId) } });
    const after = (await detail('PlantBin', 1)).data!;
    expect(Number(after.stock)).toBeCloseTo(Number(bin.stock) + 15, 3);

    const deliveries = await count('MaterialDelivery');
    expect(await post('MaterialDelivery', 'CreateModel', ticket({ grossWeight: 15, tareWeight: 15 }))).toMatchObject({ status: 0, detail: '皮重必须小于毛重' });
    const room = Number(after.capacity) - Number(after.stock);
    const tooMuch = await post('MaterialDelivery', 'CreateModel', ticket({ grossWeight: 15 + room + 1, tareWeight: 15 }));
    expect(tooMuch.status).toBe(0);
    expect(tooMuch.detail).toMatch(/^1号线水泥仓剩余容量[\d.]+吨，放不下本车材料$/);
    // No edit button on the page: 402 first (the hook refuses any edit or delete as well).
    expect(await post('MaterialDelivery', 'ModifyModel', { rec_id: saved.data!.id, inspector: '曾丽华' })).toMatchObject(NO_PERMISSION);
    expect(await count('MaterialDelivery')).toBe(deliveries);
    expect((await detail('PlantBin', 1)).data).toMatchObject({ stock: after.stock });
  });

  it('keeps a formula’s materials in bins of its own line', async () => {
    const formula = {
      formulaNo: `PB-T-${(serial += 1)}`, formulaName: 'C30 试配', lineNo: '1', strengthGrade: 'C30', slump: 180, enabled: true,
      materials: [{ materialId: '1', binId: '1', dosage: 280 }, { materialId: '6', binId: '13', dosage: 168 }],
    };
    const refused = await post('MixFormula', 'CreateModel', formula);
    expect(refused).toMatchObject({ status: 0, data: { child: 'materials', row: 1 } });
    expect(refused.detail).toBe('第2行：所选料仓与生产线不匹配');
    const saved = await post('MixFormula', 'CreateModel', { ...formula, materials: [formula.materials[0], { materialId: '6', binId: '6', dosage: 168 }] });
    expect(saved).toMatchObject({ status: 1 });
    expect((saved.data!.materials as Row[]).map((m) => [m.seq, m.lineNo, m.dosage])).toEqual([[1, '1', 280], [2, '1', 168]]);
  });
});

describe('refusals change nothing', () => {
  it('names both states of an illegal transition', async () => {
    const order = await newOrder();
    const early = await move('ConcreteOrder', { rec_id: order.id, transition: 'complete' });
    expect(early).toMatchObject({ status: 0, detail: '当前状态“待审核”不能执行“完成订单”' });
    const task = await startedTask(await approvedOrder());
    const trip = await newTrip(task, 10);
    expect((await sign(trip, 10)).status).toBe(1);
    const again = await sign(trip, 10);
    expect(again).toMatchObject({ status: 0, detail: '当前状态“已签收”不能执行“签收”' });
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '1', version: 1 });
  });

  it('creates no task for an order not yet approved, and no trip for a task not producing', async () => {
    const order = await newOrder();
    const before = await count('ProductionTask');
    const refused = await post('ProductionTask', 'CreateModel', { taskNo: `RW-X-${order.id}`, orderId: order.id, lineNo: '1', formulaId: await formulaId('PB-1-C30'), plannedVolume: 5 });
    expect(refused).toMatchObject({ status: 0, detail: '订单当前状态“待审核”不能创建生产任务' });
    const wrongGrade = await post('ProductionTask', 'CreateModel', {
      taskNo: `RW-Y-${order.id}`, orderId: (await approvedOrder()).id, lineNo: '1', formulaId: await formulaId('PB-1-C40'), plannedVolume: 5,
    });
    expect(wrongGrade).toMatchObject({ status: 0, detail: '配合比强度等级（C40）与订单强度等级（C30）不一致' });
    expect(await count('ProductionTask')).toBe(before);
    const waiting = (await post('ProductionTask', 'CreateModel', { taskNo: `RW-Z-${order.id}`, orderId: (await approvedOrder()).id, lineNo: '2', formulaId: await formulaId('PB-2-C30'), plannedVolume: 5 })).data!;
    const trips = await count('ConcreteTransport');
    const noTrip = await post('ConcreteTransport', 'CreateModel', { tripNo: `FH-Z-${order.id}`, taskId: waiting.id, carId: '1', driverName: '刘德贵', volume: 5, leftAt: '2026-11-25 08:00:00' });
    expect(noTrip).toMatchObject({ status: 0, detail: '生产任务当前状态“待生产”不能发车' });
    expect(await count('ConcreteTransport')).toBe(trips);
  });

  it('refuses the review and the signature to a role without the action (没有权限)', async () => {
    const order = await newOrder();
    expect(await move('ConcreteOrder', { rec_id: order.id, transition: 'approve' }, dispatcher)).toMatchObject(NO_PERMISSION);
    expect(await post('ConcreteOrder', 'MultiModifyStatus', { ids: [order.id], transition: 'approve' }, dispatcher)).toMatchObject(NO_PERMISSION);
    const task = await startedTask(await approvedOrder());
    // The dispatcher enters the trip (add) but may not sign it (delivery).
    const trip = await newTrip(task, 9, dispatcher);
    expect(await sign(trip, 9, dispatcher)).toMatchObject(NO_PERMISSION);
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '1', version: 1 });
    expect((await detail('ConcreteTransport', trip.id)).data).toMatchObject({ status: '1' });
    expect((await get<Row[]>('ConcreteTransport', 'GetHistory', { rec_id: String(trip.id) })).data).toEqual([]);
  });

  it('shows the plant read-only to a user monitoring it', async () => {
    const watcher = await session(app, 'duogongsi');
    await enterMonitoring(app, watcher.token, watcher.result, '内江华鼎商品混凝土有限公司');
    const order = await newOrder();
    const seen = await detail('ConcreteOrder', order.id, watcher.token);
    expect(seen).toMatchObject({ status: 1, data: { orderNo: order.orderNo } });
    expect(await move('ConcreteOrder', { rec_id: order.id, transition: 'approve' }, watcher.token)).toMatchObject({ status: 0, code: 402 });
    expect(await post('ConcreteOrder', 'ModifyModel', { rec_id: order.id, volume: 99 }, watcher.token)).toMatchObject({ status: 0, code: 402 });
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '1', volume: 20, version: 1 });
  });

  it('does not find another company’s order', async () => {
    const order = await newOrder();
    expect((await detail('ConcreteOrder', order.id, group)).detail).toBe(NOT_FOUND);
    expect(await move('ConcreteOrder', { rec_id: order.id, transition: 'approve' }, group)).toMatchObject({ status: 0, detail: NOT_FOUND });
    expect(await post('ConcreteOrder', 'ModifyModel', { rec_id: order.id, volume: 99 }, group)).toMatchObject({ status: 0, detail: NOT_FOUND });
    expect(await post('ConcreteOrder', 'DeleteModel', { rec_id: order.id }, group)).toMatchObject({ status: 0, detail: NOT_FOUND });
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '1', volume: 20, version: 1 });
  });

  it('refuses a stale version of an update or a transition', async () => {
    const order = await newOrder();
    const edited = await post('ConcreteOrder', 'ModifyModel', { rec_id: order.id, version: 1, volume: 30 });
    expect(edited).toMatchObject({ status: 1, data: { volume: 30, version: 2 } });
    expect(await post('ConcreteOrder', 'ModifyModel', { rec_id: order.id, version: 1, volume: 40 })).toMatchObject({ status: 0, detail: STALE });
    expect(await move('ConcreteOrder', { rec_id: order.id, transition: 'approve', version: 1 })).toMatchObject({ status: 0, detail: STALE });
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '1', volume: 30, version: 2 });
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const orders = await count('ConcreteOrder');
    expect(await post('ConcreteOrder', 'CreateModel', { orderNo: 'T-BAD-1', customerId: '1', siteId: '1', pourPart: '顶板', slump: 180, volume: 20, plannedPourTime: '2026-12-01 08:00:00', pourMethod: '1', siteContact: '刘洋', sitePhone: '13890510005' }))
      .toMatchObject({ status: 0, detail: '请选择强度等级' });
    expect(await post('ConcreteOrder', 'CreateModel', { orderNo: 'T-BAD-2', customerId: '1', siteId: '1', pourPart: '顶板', strengthGrade: 'C70', slump: 180, volume: 20, plannedPourTime: '2026-12-01 08:00:00', pourMethod: '1', siteContact: '刘洋', sitePhone: '13890510005' }))
      .toMatchObject({ status: 0, detail: '请选择正确的强度等级' });
    const negative = await post('ConcreteOrder', 'CreateModel', { orderNo: 'T-BAD-3', customerId: '1', siteId: '1', pourPart: '顶板', strengthGrade: 'C30', slump: 180, volume: -1, plannedPourTime: '2026-12-01 08:00:00', pourMethod: '1', siteContact: '刘洋', sitePhone: '13890510005' });
    expect(negative).toMatchObject({ status: 0, detail: '方量不能小于0.5方' });
    // A site of another customer.
    const mismatch = await post('ConcreteOrder', 'CreateModel', { orderNo: 'T-BAD-4', customerId: '1', siteId: '3', pourPart: '顶板', strengthGrade: 'C30', slump: 180, volume: 20, plannedPourTime: '2026-12-01 08:00:00', pourMethod: '1', siteContact: '刘洋', sitePhone: '13890510005' });
    expect(mismatch.status).toBe(0);
    expect(mismatch.detail).toMatch(/工地/);
    expect(await count('ConcreteOrder')).toBe(orders);

    const order = await newOrder();
    expect(await move('ConcreteOrder', { rec_id: order.id, transition: 'reject' })).toMatchObject({ status: 0, detail: '请输入驳回原因' });
    expect(await move('ConcreteOrder', { rec_id: order.id, transition: 'cancel', cancelReason: ' ' })).toMatchObject({ status: 0, detail: '请输入取消原因' });
    expect((await detail('ConcreteOrder', order.id)).data).toMatchObject({ status: '1', version: 1 });

    // Signing more than the load: nothing changes on the trip, the order or the statement.
    const approved = await approvedOrder({ customerId: '5', siteId: '8' });
    const task = await startedTask(approved);
    const trip = await newTrip(task, 10);
    const statement = await statementOf('5', '2026-11');
    expect(await sign(trip, 10.5)).toMatchObject({ status: 0, detail: '签收方量不能大于发车方量' });
    expect(await sign(trip, 5, manager, { signer: '' })).toMatchObject({ status: 0, detail: '请输入签收人' });
    expect((await detail('ConcreteTransport', trip.id)).data).toMatchObject({ status: '1', receivedVolume: null });
    expect((await detail('ConcreteOrder', approved.id)).data).toMatchObject({ status: '4', signedVolume: 0 });
    expect(await statementOf('5', '2026-11')).toEqual(statement);
  });

  it('edits an order only while it waits for review, and deletes it only before production', async () => {
    const order = await approvedOrder();
    expect(await post('ConcreteOrder', 'ModifyModel', { rec_id: order.id, volume: 50 })).toMatchObject({ status: 0, detail: '当前状态“已审核”不能修改' });
    await startedTask(order);
    expect(await post('ConcreteOrder', 'DeleteModel', { rec_id: order.id })).toMatchObject({ status: 0, detail: '当前状态“生产中”不能删除' });
    const fresh = await newOrder();
    expect(await post('ConcreteOrder', 'DeleteModel', { rec_id: fresh.id })).toMatchObject({ status: 1 });
  });

  it('keeps tasks and trips by their states (the workflows’ editableIn / deletableIn)', async () => {
    const task = await startedTask(await approvedOrder());
    expect(await post('ProductionTask', 'DeleteModel', { rec_id: task.id })).toMatchObject({ status: 0, detail: '当前状态“生产中”不能删除' });
    const trip = await newTrip(task, 6);
    expect((await sign(trip, 6)).status).toBe(1);
    expect(await post('ConcreteTransport', 'ModifyModel', { rec_id: trip.id, volume: 5 })).toMatchObject({ status: 0, detail: '当前状态“已签收”不能修改' });
    expect(await post('ConcreteTransport', 'DeleteModel', { rec_id: trip.id })).toMatchObject({ status: 0, detail: '当前状态“已签收”不能删除' });
    const batch = await post<{ results: Row[] }>('ProductionTask', 'BatchUpdate', { ids: [task.id], values: { plannedVolume: 20 } });
    expect(batch.data).toMatchObject({ results: [{ ok: true }] });
    expect(await move('ProductionTask', { rec_id: task.id, transition: 'finish' })).toMatchObject({ status: 1 });
    const late = await post<{ results: Row[] }>('ProductionTask', 'BatchUpdate', { ids: [task.id], values: { plannedVolume: 25 } });
    expect(late.data).toMatchObject({ results: [{ ok: false, message: '当前状态“已完成”不能修改' }] });
    expect((await detail('ProductionTask', task.id)).data).toMatchObject({ plannedVolume: 20, status: '4' });
  });

  it('keeps one 搅拌站参数 row per company', async () => {
    expect(await post('PlantSetting', 'CreateModel', { completionTolerance: 1, deviationLimit: 2 })).toMatchObject({ status: 0, detail: '本单位已设置搅拌站参数，请直接编辑' });
  });

  it('refuses an empty create instead of filling it from the defaults', async () => {
    // 保存成功 with every default was a settings row nobody entered; the required fields are named as missing.
    expect(await post('PlantSetting', 'CreateModel', {})).toMatchObject({ status: 0, detail: '请输入完成方量容差' });
    expect(await post('TankerCar', 'CreateModel', {})).toMatchObject({ status: 0 });
  });
});
