// 设备台账, 记录与计划 (docs/devices.md) through the API: every §7.7 call this area answers (ledgers,
// plugin paths, records, plans, the one-device card), bad input refused in Chinese with nothing written,
// another company's device not found, the 不合格 → 整改单 → 整改关闭 story, and plans' due / overdue tasks.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { addDays, todayCst } from '../../server/hooks/devices/shared';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => (name.startsWith('/') ? `${API_BASE}${name}` : `${API_BASE}/api/${base}/${name}`);
const NOT_FOUND = '记录不存在或无权访问';

let app: FastifyInstance;
let admin: string;
let plant: string;
let projectId: string;
let serial = 0;

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number> = {}, token = admin) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token = admin) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const eq = (field: string, value: unknown) => ({ field, operator: 'eq', value });
const total = async (base: string, list = 'WherePageList', token = admin) => (await get<Row[]>(base, list, { index: 0, size: 1 }, token)).pageInfo?.record_count ?? -1;
const next = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  plant = (await session(app, 'jiaobanzhan01')).token;
  const projects = await get<Row[]>('RoutInspManage', 'WherePageList', { index: 0, size: 1 });
  projectId = String(projects.data![0].projectId);
});
afterAll(async () => {
  await app?.close();
});

function craneBody(over: Row = {}): Row {
  return {
    deviceNo: next('TC'), deviceName: '5#塔吊', projectId, recordNo: '川BC-T2026-0051', model: 'QTZ80(TC6010)', manufacturer: '四川建设机械（集团）股份有限公司',
    ratedLoad: 6, ratedMoment: 800, jibLength: 60, height: 45.5, installDate: addDays(todayCst(), -30), blackBoxNo: 'BB2026051',
    operators: [{ operatorName: '张建国', licenceType: '1', licenceNo: 'T510100201900123', licenceExpiry: addDays(todayCst(), 400), phone: '13890510001' }],
    ...over,
  };
}

describe('tower cranes', () => {
  it('registers a crane with its operators through PCCreateDevice and reads it back through every crane call', async () => {
    const created = await post('TadiaoDevice', 'PCCreateDevice', craneBody());
    expect(created.detail).toBe('保存成功');
    expect(created.status).toBe(1);
    const id = String(created.data!.id);
    const detail = await get('TadiaoDevice', 'GetDeviceDetailByID', { rec_id: id });
    expect(detail.data).toMatchObject({ recordNo: '川BC-T2026-0051', online: false });
    expect((detail.data!.operators as Row[])[0]).toMatchObject({ operatorName: '张建国', licenceNo: 'T510100201900123' });
    const list = await get<Row[]>('TadiaoDevice', 'PCWhereDeviceList', { index: 0, size: 10, filters: JSON.stringify([eq('deviceNo', created.data!.deviceNo)]) });
    expect(list.data).toHaveLength(1);
  });
});

type Template = { id: string; otherList: string };

/** The answers of the newest 塔式起重机 template with inspection questions: every question 合格 but the ones named. */
async function craneAnswers(failing: number[] = []): Promise<Row[]> {
  const list = await get<Row[]>('RoutInspContent', 'WherePageList', { index: 0, size: 50, filters: JSON.stringify([eq('deviceType', '塔式起重机')]), sort: 'id:desc' });
  const template = (list.data as unknown as Template[]).find((t) => t.otherList && t.otherList !== '[]')!;
  const groups = JSON.parse(template.otherList) as Array<{ typeName: string; content: Array<{ question: string }> }>;
  const questions = groups.flatMap((g) => g.content.map((c) => ({ typeName: g.typeName, question: c.question })));
  return questions.map((q, i) => ({ ...q, answer: failing.includes(i) ? '不合格' : '合格', ...(failing.includes(i) ? { remark: '螺栓松动' } : {}) }));
}

describe('every §7.7 call of the area answers', () => {
  it('answers the reads of every ledger, record and plan call', async () => {
    const reads: Array<[string, string, Record<string, string | number>]> = [
      ['TadiaoDevice', 'PCWhereDeviceList', {}], ['TadiaoDevice', 'GetDeviceDetailByID', { rec_id: '1' }],
      ['DustDevice', 'PCWhereDeviceList', {}], ['DustDevice', 'GetDeviceDetailByID', { rec_id: '1' }],
      ['VideoMonitorDevice', 'PCWhereDeviceList', {}], ['VideoMonitorDevice', 'GetDeviceDetailByID', { rec_id: '1' }],
      ['GasDevice', 'WherePageList', {}], ['Weighbridge', 'WherePageList', {}], ['WeighRecord', 'WherePageList', {}],
      ['LprCar', 'WhereLprCarList', {}], ['LprCar', 'GetLprCarDetail', { rec_id: '1' }],
      ['RoutInspManage', 'GetDeviceNumberDetail', { deviceNo: 'TC-TCH-01' }], ['RoutInspManage', 'GetDeviceDetailByReID', { rec_id: '1' }],
      ['RoutInspManage', 'GetDeviceDetail', { rec_id: '1' }], ['RoutInspManage', 'WhereDeviceList', { deviceType: '塔式起重机' }], ['RoutInspManage', 'GetPageList', {}],
      ['RoutInspMachinery', 'AccountWhole', { groupBy: 'deviceId' }],
      ...['RoutInspRecord', 'RoutInspMachinery', 'RoutInspSwitchBox', 'RoutInspRepair', 'RoutInspMaintain'].flatMap((b): Array<[string, string, Record<string, string>]> => [
        [b, 'WherePageList', {}], [b, 'GetModelByTime', { startTime: addDays(todayCst(), -60), endTime: todayCst() }], [b, 'GetRecordByDeviceID', { deviceID: '1' }],
      ]),
      ['DeviceMaintainTask', 'WherePageList', {}], ['DeviceMaintainTask', 'GetSummary', {}],
      ['DeviceManagementCard', 'QueryByDeviceSerils', { deviceSerils: '2024001-TOWERCRANE-01' }],
    ];
    for (const [base, name, query] of reads) {
      const reply = await get(base, name, query);
      expect(reply.status, `${base}/${name} ${reply.detail}`).toBe(1);
    }
    const posts: Array<[string, string, Row]> = [
      ['', '/Tuoye.Plugs.TowerCrane/TyTaDiaoStatistics/GetTadiaoDevice', { index: 0, size: 10 }],
      ['', '/Tuoye.Plugs.InterLiftDevice/InterLiftDevice/GetList', { index: 0, size: 10 }],
      ['DeviceMaintainPlan', 'MultipleConditionQuery', { index: 0, size: 10 }],
      ['MaintenanceRec', 'MultipleConditionQuery', { index: 0, size: 10 }],
      ['MaintenanceTemplate', 'MultipleConditionQuery', { deviceType: '塔式起重机' }],
    ];
    for (const [base, name, body] of posts) {
      const reply = await post<Row[]>(base, name, body);
      expect(reply.status, `${name} ${reply.detail}`).toBe(1);
      expect((reply.data as unknown as Row[]).length, name).toBeGreaterThan(0);
    }
    for (const [base, name] of [['PCConcDevice', 'WhereDeviceList'], ['PCConcDevice', 'QueryDeviceInfoPageByMonitor']] as const) {
      const reply = await get<Row[]>(base, name, {}, plant);
      expect(reply.status, `${name} ${reply.detail}`).toBe(1);
      expect((reply.data as unknown as Row[]).length).toBeGreaterThan(0);
    }
    const machines = await post<Row[]>('DeviceMachine', 'MultipleConditionQuery', { machineType: '1' }, plant);
    expect((machines.data as unknown as Row[]).length).toBe(4);
  });

  it('writes through every create, modify and delete call', async () => {
    const crane = await post('', '/Tuoye.Plugs.TowerCrane/TyTaDiaoStatistics/AddTadiaoDevice', craneBody({ operators: [] }));
    expect(crane.status, crane.detail).toBe(1);
    const updated = await post('', '/Tuoye.Plugs.TowerCrane/TyTaDiaoStatistics/UpdateTadiaoDevice', { rec_id: crane.data!.id, height: 60 });
    expect(updated.data).toMatchObject({ height: 60 });
    expect((await post('TadiaoDevice', 'PCModifyDevice', { rec_id: crane.data!.id, removalDate: todayCst() })).status).toBe(1);
    expect((await post('TadiaoDevice', 'PCDeleteDevice', { rec_id: crane.data!.id })).status).toBe(1);
    expect((await get('TadiaoDevice', 'GetDeviceDetailByID', { rec_id: String(crane.data!.id) })).detail).toBe(NOT_FOUND);

    const lift = await post('', '/Tuoye.Plugs.InterLiftDevice/InterLiftDevice/AddDevice', {
      deviceNo: next('SC'), deviceName: '3#升降机', projectId, recordNo: '川BG-S2026-0007', model: 'SC200/200', ratedLoad: 2000, maxHeight: 120, cageCount: 2, installDate: todayCst(),
    });
    expect(lift.status, lift.detail).toBe(1);
    expect((await post('', '/Tuoye.Plugs.InterLiftDevice/InterLiftDevice/EditDevice', { rec_id: lift.data!.id, maxHeight: 130 })).data).toMatchObject({ maxHeight: 130 });

    for (const [base, body] of [
      ['DustDevice', { deviceNo: next('DUST'), deviceName: '2#扬尘监测仪', projectId, model: 'YC-PM2000' }],
      ['VideoMonitorDevice', { deviceNo: next('CAM'), deviceName: '塔吊吊钩可视化', projectId, model: 'DS-2DE', streamUrl: 'rtsp://192.168.1.64:554/ch1', channelNo: 2, ptz: true }],
    ] as const) {
      const made = await post(base, 'PCCreateDevice', body);
      expect(made.status, made.detail).toBe(1);
      expect((await post(base, 'PCModifyDevice', { rec_id: made.data!.id, deviceName: '已改名' })).status).toBe(1);
      expect((await post(base, 'PCDeleteDevice', { rec_id: made.data!.id })).status).toBe(1);
    }

    const car = await post('LprCar', 'CreateLprCar', { plateNo: '川K5X321', projectId, carType: '1', transportCompany: '内江顺通运输有限公司' });
    expect(car.status, car.detail).toBe(1);
    expect((await post('LprCar', 'ModifyLprCar', { rec_id: car.data!.id, whitelist: false })).data).toMatchObject({ whitelist: false });

    const conc = await post('PCConcDevice', 'CreateConcDevice', { deviceNo: next('HD-T'), deviceName: '3号线搅拌主机', category: '1', model: 'JS4000' }, plant);
    expect(conc.status, conc.detail).toBe(1);
    expect((await post('PCConcDevice', 'ModifyConcDeviceManage', { rec_id: conc.data!.id, model: 'JS4500' }, plant)).status).toBe(1);
    const rejected = await post('PCConcDevice', 'AuditDevice', { rec_id: conc.data!.id, transition: 'reject' }, plant);
    expect(rejected.detail).toBe('请输入驳回原因');
    const approved = await post('PCConcDevice', 'AuditDevice', { rec_id: conc.data!.id, transition: 'approve' }, plant);
    expect(approved.data).toMatchObject({ auditStatus: '2' });
    expect((await post('PCConcDevice', 'ModifyConcDeviceManage', { rec_id: conc.data!.id, model: 'X' }, plant)).detail).toBe('当前状态“审核通过”不能修改');
    expect((await post('PCConcDevice', 'delete', { rec_id: conc.data!.id }, plant)).status).toBe(1);

    const machine = await post('DeviceMachine', 'Create', { deviceSerial: next('JBJ'), machineName: '3号线搅拌主机', machineType: '1', model: 'JS3000' }, plant);
    expect(machine.status, machine.detail).toBe(1);
    expect((await post('DeviceMachine', 'Update', { rec_id: machine.data!.id, runState: '3' }, plant)).data).toMatchObject({ runState: '3' });
    expect((await get('DeviceMachine', 'Delete', { rec_id: String(machine.data!.id) }, plant)).status).toBe(1);

    const template = await post('MaintenanceTemplate', 'Create', { templateName: '塔吊季度保养', deviceType: '塔式起重机', cycleDays: 90, items: '1. 全面润滑' });
    expect(template.status, template.detail).toBe(1);
    expect((await post('MaintenanceTemplate', 'Update', { rec_id: template.data!.id, cycleDays: 91 })).data).toMatchObject({ cycleDays: 91 });
    const plan = await post('DeviceMaintainPlan', 'Create', { planName: '测试计划', deviceId: '1', projectId: '1', cycleDays: 10, firstDueDate: todayCst() });
    expect(plan.status, plan.detail).toBe(1);
    const planUpdate = await post('DeviceMaintainPlan', 'Update', { rec_id: plan.data!.id, cycleDays: 12 });
    expect(planUpdate.status, planUpdate.detail).toBe(1);
    expect((await get('DeviceMaintainPlan', 'Delete', { rec_id: String(plan.data!.id) })).status).toBe(1);

    const switchBox = await post('RoutInspSwitchBox', 'CreateModel', await switchBoxBody());
    expect(switchBox.status, switchBox.detail).toBe(1);
  });
});

async function switchBoxBody(): Promise<Row> {
  const device = (await get<Row[]>('RoutInspManage', 'WherePageList', { index: 0, size: 1, filters: JSON.stringify([eq('deviceNo', 'PD-TCH-Z01')]) })).data![0];
  const list = await get<Row[]>('RoutInspContent', 'WherePageList', { index: 0, size: 50, filters: JSON.stringify([eq('deviceType', '配电箱')]), sort: 'id:desc' });
  const template = (list.data as unknown as Template[]).find((t) => t.otherList && t.otherList !== '[]')!;
  const groups = JSON.parse(template.otherList) as Array<{ typeName: string; content: Array<{ question: string }> }>;
  const answers = groups.flatMap((g) => g.content.map((c) => ({ question: c.question, answer: '合格' })));
  return { deviceId: device.id, projectId: device.projectId, answers, inspector: '王芳', recordTime: `${todayCst()} 09:00:00` };
}

describe('bad input is refused in Chinese and nothing is written', () => {
  it('refuses a crane without its registration number, removed before installed, or with an operator without a licence', async () => {
    const before = await total('TadiaoDevice', 'PCWhereDeviceList');
    const cases: Array<[Row, string]> = [
      [{ recordNo: '' }, '请输入备案编号'],
      [{ removalDate: addDays(todayCst(), -60) }, '拆除日期不能早于安装日期'],
      [{ deviceNo: '塔吊一号' }, '设备编号只能包含字母、数字、下划线或短横线'],
      [{ ratedLoad: -1 }, '额定起重量不能小于0'],
      [{ operators: [{ operatorName: '张建国', licenceType: '1', licenceExpiry: todayCst() }] }, '第1行：请输入操作证号'],
    ];
    for (const [over, detail] of cases) {
      const reply = await post('TadiaoDevice', 'PCCreateDevice', craneBody(over));
      expect(reply.status).toBe(0);
      expect(reply.detail).toBe(detail);
    }
    expect(await total('TadiaoDevice', 'PCWhereDeviceList')).toBe(before);
  });

  it('refuses a weighing with tare above gross, a video without a stream address and a record with a missing or wrong answer', async () => {
    const weighs = await total('WeighRecord');
    const bad = await post('WeighRecord', 'CreateModel', { weighbridgeId: '1', projectId: '9', plateNo: '川K8A231', grossWeight: 10, tareWeight: 12, weighTime: `${todayCst()} 08:00:00` }, admin);
    expect(bad.detail).toBe('皮重必须小于毛重');
    expect(await total('WeighRecord')).toBe(weighs);
    const video = await post('VideoMonitorDevice', 'PCCreateDevice', { deviceNo: next('CAM'), deviceName: 'x', projectId, model: 'm', streamUrl: 'ftp://x', channelNo: 1 });
    expect(video.detail).toBe('视频流地址须以rtsp://、rtmp://、http://或https://开头');
    const records = await total('RoutInspRecord');
    const answers = await craneAnswers();
    const missing = await post('RoutInspRecord', 'CreateModel', { deviceId: '1', projectId: '1', answers: answers.slice(1), inspector: '张伟', recordTime: `${todayCst()} 08:00:00` });
    expect(missing.detail).toMatch(/^请回答第1项：/);
    const wrong = await post('RoutInspRecord', 'CreateModel', { deviceId: '1', projectId: '1', answers: [{ ...answers[0], answer: '还行' }, ...answers.slice(1)], inspector: '张伟', recordTime: `${todayCst()} 08:00:00` });
    expect(wrong.detail).toBe('第1项的答案“还行”不是可选项');
    const noDevice = await post('RoutInspRecord', 'CreateModel', { deviceId: '99999', projectId: '1', answers, inspector: '张伟', recordTime: `${todayCst()} 08:00:00` });
    expect(noDevice.status).toBe(0);
    expect(await total('RoutInspRecord')).toBe(records);
  });
});

describe('scope', () => {
  it('does not show another company’s device', async () => {
    const road = (await session(app, 'xiangmu02')).token;
    const own = await get<Row[]>('TadiaoDevice', 'PCWhereDeviceList', { index: 0, size: 50 }, road);
    expect(own.data!.length).toBeGreaterThan(0);
    expect(new Set(own.data!.map((r) => r.deviceNo))).toEqual(new Set(['2024002-TOWERCRANE-01']));
    expect((await get('TadiaoDevice', 'GetDeviceDetailByID', { rec_id: '1' }, road)).detail).toBe(NOT_FOUND);
    expect((await post('TadiaoDevice', 'PCModifyDevice', { rec_id: '1', height: 1 }, road)).code).toBe(402);
    expect((await get('PCConcDevice', 'GetConcDeviceDetail', { rec_id: '1' })).detail).toBe(NOT_FOUND);
    expect((await post('DeviceMachine', 'Update', { rec_id: '1', runState: '2' })).detail).toBe(NOT_FOUND);
    const card = await get('DeviceManagementCard', 'QueryByDeviceSerils', { deviceSerils: '2024001-TOWERCRANE-01' }, plant);
    expect(card.status).toBe(0);
  });
});

describe('不合格 → 整改单 → 整改关闭', () => {
  it('opens a rectification for a record with a 不合格 answer and closes it', async () => {
    const crane = await post('TadiaoDevice', 'PCCreateDevice', craneBody({ recordNo: '川BC-T2026-0099' }));
    expect(crane.status, crane.detail).toBe(1);
    const deviceNo = String(crane.data!.deviceNo);
    const device = (await get<Row[]>('RoutInspManage', 'GetDeviceNumberDetail', { deviceNo })).data![0];
    expect(device).toMatchObject({ deviceType: '塔式起重机', recordNo: '川BC-T2026-0099' });
    const monitor = (await get<Row[]>('MonitorDevice', 'WherePageList', { index: 0, size: 1, filters: JSON.stringify([eq('deviceCode', deviceNo)]) })).data![0];
    expect(monitor).toMatchObject({ deviceKind: 'towerCrane' });

    const template = await get<Row>('DeviceRecord', 'GetRecordTemplate', { deviceId: String(device.id), entity: 'InspRecord' });
    expect((template.data!.questions as Row[]).map((q) => q.question)).toEqual((await craneAnswers()).map((a) => a.question));
    const record = await post('RoutInspRecord', 'CreateModel', {
      deviceId: device.id, projectId, answers: await craneAnswers([1]), inspector: '张伟', recordTime: `${todayCst()} 08:30:00`,
    });
    expect(record.status, record.detail).toBe(1);
    expect(record.data).toMatchObject({ result: '2', failedCount: 1, rectifyStatus: '1', deviceNo });
    const byDevice = await get<Row[]>('RoutInspRecord', 'GetRecordByDeviceID', { deviceID: String(device.id) });
    expect(byDevice.data!.map((r) => r.id)).toEqual([record.data!.id]);
    const byTime = await get<Row[]>('RoutInspRecord', 'GetModelByTime', { startTime: todayCst(), endTime: todayCst(), deviceID: String(device.id) });
    expect(byTime.data).toHaveLength(1);

    const open = (await get<Row[]>('RoutInspRectify', 'WherePageList', { index: 0, size: 5, filters: JSON.stringify([eq('deviceId', device.id)]) })).data!;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: '1', recordKind: 'inspection', recordId: String(record.data!.id) });
    expect(String(open[0].problems)).toContain('螺栓松动');
    expect((await post('RoutInspRecord', 'DeleteModel', { rec_id: record.data!.id })).detail).toBe('该记录有未关闭的整改单，不能删除');
    expect((await post('RoutInspRectify', 'ModifyModel', { rec_id: open[0].id, problems: 'x' })).status).toBe(0);
    expect((await post('RoutInspRectify', 'CloseRectify', { rec_id: open[0].id })).detail).toBe('请输入整改措施');
    const closed = await post('RoutInspRectify', 'CloseRectify', { rec_id: open[0].id, measure: '已紧固标准节螺栓并复查合格' });
    expect(closed.status, closed.detail).toBe(1);
    expect(closed.data).toMatchObject({ status: '2', closedBy: '李明' });
    expect((await get('RoutInspRecord', 'GetDetail', { rec_id: String(record.data!.id) })).data).toMatchObject({ rectifyStatus: '2' });
    expect((await post('RoutInspRectify', 'CloseRectify', { rec_id: open[0].id, measure: 'again' })).detail).toBe('当前状态“已关闭”不能执行“整改关闭”');

    const card = await get<Row>('DeviceManagementCard', 'QueryByDeviceSerils', { deviceSerils: deviceNo });
    const records = card.data!.records as Array<{ entity: string; rows: Row[] }>;
    expect(records.find((r) => r.entity === 'InspRecord')!.rows).toHaveLength(1);
  });

  it('answers a seeded crane’s card with readings, alarms, records and plans', async () => {
    const card = (await get<Row>('DeviceManagementCard', 'QueryByDeviceSerils', { deviceSerils: '2024001-TOWERCRANE-01' })).data!;
    expect((card.ledgers as Row[]).map((l) => l.entity)).toEqual(expect.arrayContaining(['TowerCrane', 'RoutInspManage', 'MonitorDevice']));
    expect((card.readings as Row[]).length).toBeGreaterThan(0);
    expect((card.records as Array<{ rows: Row[] }>).some((r) => r.rows.length > 0)).toBe(true);
    expect((card.plans as Row[]).length).toBeGreaterThan(0);
  });
});

describe('maintenance plans', () => {
  it('counts due, overdue and done tasks; a maintenance record completes the task and opens the next', async () => {
    const summary = (await get<Row>('DeviceMaintainTask', 'GetSummary')).data!;
    expect(Number(summary.overdue)).toBeGreaterThan(0);
    expect(Number(summary.done)).toBeGreaterThan(0);
    expect(Number(summary.due)).toBeGreaterThan(0);
    const plan = await post('DeviceMaintainPlan', 'Create', { planName: '1#塔吊周检', deviceId: '1', projectId: '1', cycleDays: 7, firstDueDate: addDays(todayCst(), -2), remindDays: 2 });
    expect(plan.status, plan.detail).toBe(1);
    expect((await get('DeviceMaintainPlan', 'GetDetail', { rec_id: String(plan.data!.id) })).data).toMatchObject({ dueState: 'overdue', nextDueDate: addDays(todayCst(), -2) });
    const tasks = async () => (await get<Row[]>('DeviceMaintainTask', 'WherePageList', { index: 0, size: 10, filters: JSON.stringify([eq('planId', plan.data!.id)]), sort: 'id:asc' })).data!;
    expect(await tasks()).toMatchObject([{ status: '1', dueState: 'overdue' }]);
    const after = Number((await get<Row>('DeviceMaintainTask', 'GetSummary')).data!.overdue);
    expect(after).toBe(Number(summary.overdue) + 1);

    expect((await post('MaintenanceRec', 'Create', { planId: plan.data!.id, projectId: '1', doneDate: addDays(todayCst(), 1), maintainer: '刘师傅', content: '润滑', result: '1' })).detail).toBe('保养日期不能晚于今天');
    const rec = await post('MaintenanceRec', 'Create', { planId: plan.data!.id, projectId: '1', doneDate: todayCst(), maintainer: '刘师傅', content: '润滑、紧固', result: '1' });
    expect(rec.status, rec.detail).toBe(1);
    const [done, open] = await tasks();
    expect(done).toMatchObject({ status: '2', dueState: 'done', doneDate: todayCst(), recId: String(rec.data!.id) });
    expect(open).toMatchObject({ status: '1', dueDate: addDays(todayCst(), 7), dueState: 'notDue' });
    expect((await get('DeviceMaintainPlan', 'GetDetail', { rec_id: String(plan.data!.id) })).data).toMatchObject({ lastDoneDate: todayCst(), nextDueDate: addDays(todayCst(), 7), dueState: 'notDue' });
    expect((await post('MaintenanceRec', 'Update', { rec_id: rec.data!.id, content: 'x' })).status).toBe(0);
    const sys = (await session(app, 'sysadmin')).token;
    expect((await post('MaintenanceRec', 'Update', { rec_id: rec.data!.id, content: 'x' }, sys)).detail).toBe('维保记录已计入保养计划，不能修改或删除');
  });
});
