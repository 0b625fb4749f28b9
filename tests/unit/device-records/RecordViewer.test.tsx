// §2.8 equipment record viewer: four read-only panels, 暂未设置模板 when empty, the device type's layout
// (gantry crane: left and right lists and an answer; distribution cabinet: merged checklist cells), the
// §7.3 detail by rec_id with fromplat=minapp, and the device's filled records (GetRecordByDeviceID per kind,
// one opened as a checklist). The fetch double throws on any call not stubbed here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuOf, sessionStore } from '../../../src/lib/session/store';
import { RecordViewer } from '../../../src/features/device-records/RecordViewer';
import { ok, stubFetch, type StubCall } from '../features/fetchStub';
import { renderFeature } from '../features/renderFeature';
import { loginResult } from '../support/session';

const DEVICES = '/prod-api/api/RoutInspManage/WherePageList';
const DEVICE = '/prod-api/api/RoutInspManage/GetDeviceDetail';
const BY_TYPE = '/prod-api/api/RoutInspContent/GetContentDetailByType';
const BY_REC = '/prod-api/api/RoutInspContent/GetContentDetail';
const TYPES = '/prod-api/api/DeviceType/WhereDeviceTypeList';
const CARD = '/prod-api/api/DeviceManagementCard/QueryByDeviceSerils';

const answers = (...names: string[]) => names.map((name, i) => ({ id: String(i + 1), name, value: String(i + 1), childList: [] }));
const group = (typeName: string, serNum: string, questions: string[], names = ['合格', '不合格', '不适用']) => ({
  typeName,
  serNum,
  content: questions.map((question) => ({ question, answer: answers(...names) })),
});

const devices = [
  { id: '7', deviceNo: 'TC-TCH-01', deviceName: '1#塔式起重机', deviceType: '塔式起重机', specModel: 'QTZ80', manufacturer: '中联重科股份有限公司', factoryNo: 'ZL-01', entryDate: '2024-03-20', principal: '张伟' },
  { id: '8', deviceNo: 'MG-TJ2-01', deviceName: '预制梁场1#龙门吊', deviceType: '门式起重机', specModel: 'MG10t-24m', manufacturer: '河南省矿山起重机有限公司' },
  { id: '9', deviceNo: 'TY-HYD-01', deviceName: '山推SD16推土机', deviceType: '推土机', specModel: 'SD16', manufacturer: '山推工程机械股份有限公司' },
];

const craneTemplate = {
  id: '31',
  deviceType: '塔式起重机',
  contentName: '塔式起重机日常检查表（甜城湖·2025版）',
  description: '塔机巡检、运行、保养标准',
  projectName: '甜城湖片区棚户区改造项目',
  otherList: JSON.stringify([group('安全装置', '1', ['起重量限制器灵敏可靠', '力矩限制器动作正常']), group('结构件', '2', ['标准节螺栓紧固'])]),
  machineryList: JSON.stringify([group('运行检查', '1', ['制动器动作灵敏'], ['正常', '异常'])]),
  repairList: '[]',
  maintainList: JSON.stringify([group('润滑保养', '1', ['回转支承加注润滑脂'], ['已完成', '未完成'])]),
};

const gantryTemplate = {
  id: '40',
  deviceType: '门式起重机',
  contentName: '门式起重机日常检查表',
  otherList: JSON.stringify([
    group('主梁及支腿', '1', ['主梁无明显下挠', '支腿连接螺栓紧固']),
    group('大车行走机构', '2', ['夹轨器完好有效', '大车车轮无啃轨'], ['正常', '需调整']),
  ]),
  machineryList: '',
  repairList: null,
  maintainList: '[]',
};

const cabinetTemplate = {
  id: '50',
  deviceType: '配电箱',
  contentName: '配电箱日常检查表',
  otherList: JSON.stringify([
    group('配电箱', '1', ['箱体：箱体完好无破损', '箱体：门锁有效', '电器元件：漏电保护器试跳正常']),
    group('线路', '2', ['电缆：无沿地拖拉']),
  ]),
  machineryList: '[]',
  repairList: '[]',
  maintainList: '[]',
};

const layouts: Record<string, string> = { 塔式起重机: 'crane', 门式起重机: 'gantryCrane', 配电箱: 'distributionCabinet', 推土机: 'walkingEquipment' };
const templatesByType: Record<string, unknown> = { 塔式起重机: craneTemplate, 门式起重机: gantryTemplate };

function server(extra: Record<string, (c: StubCall) => unknown> = {}) {
  return stubFetch({
    [`GET ${DEVICES}`]: (c) => {
      const k = c.query.get('keyword') ?? '';
      const rows = devices.filter((d) => !k || d.deviceNo.includes(k) || d.deviceName.includes(k) || d.deviceType.includes(k));
      return ok(rows, { has_next: false, has_prev: false, p_index: 0, p_size: 50, record_count: rows.length });
    },
    [`GET ${DEVICE}`]: (c) => ok(devices.find((d) => d.id === c.query.get('rec_id')) ?? null),
    [`GET ${BY_TYPE}`]: (c) => ok(templatesByType[c.query.get('device_type') ?? ''] ?? null),
    [`GET ${TYPES}`]: (c) => {
      const [f] = JSON.parse(c.query.get('filters') ?? '[]') as Array<{ field: string; operator: string; value: string }>;
      const layout = f && f.field === 'typeName' && f.operator === 'eq' ? layouts[f.value] : undefined;
      return ok(layout ? [{ id: '1', typeName: f.value, templateLayout: layout }] : []);
    },
    ...extra,
  });
}

const panel = (title: string) => screen.getByRole('region', { name: title });
const PANEL_TITLES = ['巡检模板', '运行模板', '维修模板', '保养模板'];

beforeEach(() => {
  localStorage.clear();
  sessionStore.set({ userInfo: loginResult({ UserID: 'u42' }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('RecordViewer', () => {
  it('asks for a device first and offers the devices, searchable', async () => {
    const { callsTo } = server();
    const user = userEvent.setup();
    renderFeature(<RecordViewer />, { path: '/deviceManagement/maintenance' });
    expect(screen.getByText('请选择设备，查看其巡检、运行、维修、保养模板')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '巡检模板' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: '选择设备' }));
    expect(await screen.findByTitle('TC-TCH-01 1#塔式起重机（塔式起重机）')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: '选择设备' }), '龙门');
    await waitFor(() => expect(callsTo('GET', DEVICES).some((c) => c.query.get('keyword') === '龙门')).toBe(true));
    await waitFor(() => expect(screen.queryByTitle('TC-TCH-01 1#塔式起重机（塔式起重机）')).toBeNull());
    await user.click(screen.getByTitle('MG-TJ2-01 预制梁场1#龙门吊（门式起重机）'));

    // The chosen device's type template, in the gantry-crane layout.
    expect(await screen.findByText('门式起重机日常检查表')).toBeTruthy();
    expect(callsTo('GET', BY_TYPE)[0].query.get('device_type')).toBe('门式起重机');
    for (const title of PANEL_TITLES) expect(panel(title)).toBeTruthy();
  });

  it('shows the four panels of a device, each 暂未设置模板 when its list is empty', async () => {
    const { callsTo } = server();
    renderFeature(<RecordViewer />, { path: '/m', url: '/m?device_id=7' });
    expect(await screen.findByText('塔式起重机日常检查表（甜城湖·2025版）')).toBeTruthy();
    await waitFor(() => expect(within(panel('巡检模板')).getByText('1. 安全装置')).toBeTruthy());

    expect(callsTo('GET', DEVICE)[0].query.get('rec_id')).toBe('7');
    const typeCall = callsTo('GET', TYPES)[0];
    expect(JSON.parse(typeCall.query.get('filters') ?? '')).toEqual([{ field: 'typeName', operator: 'eq', value: '塔式起重机' }]);

    const inspection = panel('巡检模板');
    expect(within(inspection).getByText('起重量限制器灵敏可靠')).toBeTruthy();
    expect(within(inspection).getByText('2 类 · 3 项')).toBeTruthy();
    expect(within(panel('运行模板')).getByText('制动器动作灵敏')).toBeTruthy();
    expect(within(panel('保养模板')).getByText('回转支承加注润滑脂')).toBeTruthy();
    expect(within(panel('维修模板')).getByText('暂未设置模板')).toBeTruthy();
    expect(screen.getAllByText('暂未设置模板')).toHaveLength(1);

    // Read-only: every answer radio is disabled and none is chosen.
    const radios = within(inspection).getAllByRole('radio');
    expect(radios.length).toBe(9);
    expect(radios.every((r) => (r as HTMLInputElement).disabled && !(r as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('起重机')).toBeTruthy();
    expect(screen.getByText('中联重科股份有限公司')).toBeTruthy();
  });

  it('lists the device’s filled records per kind, newest first, and opens one as a checklist', async () => {
    const record = (id: string, recordTime: string, failed: boolean) => ({
      id, deviceId: '7', deviceNo: 'TC-TCH-01', deviceName: '1#塔式起重机', deviceType: '塔式起重机', templateName: '塔式起重机日常检查表', inspector: '李强', recordTime,
      result: failed ? '2' : '1', failedCount: failed ? 1 : 0, rectifyStatus: failed ? '1' : '0', remark: failed ? '已通知维保单位' : '',
      answers: JSON.stringify([
        { serNum: '1', typeName: '安全装置', question: '起重量限制器灵敏可靠', answer: '合格' },
        { serNum: '1', typeName: '安全装置', question: '力矩限制器动作正常', answer: failed ? '不合格' : '合格', remark: failed ? '报警延迟' : undefined },
      ]),
    });
    const empty = () => ok([], { has_next: false, has_prev: false, p_index: 0, p_size: 10, record_count: 0 });
    const { callsTo } = server({
      [`GET ${CARD}`]: () => ok({ rectifications: [{ id: '3' }], plans: [] }),
      [`GET /prod-api/api/RoutInspRecord/GetRecordByDeviceID`]: () =>
        ok([record('12', '2026-11-27 09:30:00', true), record('11', '2026-11-26 09:10:00', false)], { has_next: false, has_prev: false, p_index: 0, p_size: 10, record_count: 2 }),
      [`GET /prod-api/api/RoutInspMachinery/GetRecordByDeviceID`]: empty,
      [`GET /prod-api/api/RoutInspSwitchBox/GetRecordByDeviceID`]: empty,
      [`GET /prod-api/api/RoutInspRepair/GetRecordByDeviceID`]: empty,
      [`GET /prod-api/api/RoutInspMaintain/GetRecordByDeviceID`]: empty,
    });
    // The session's tree (the record pages' nodes decide which kinds are asked for).
    sessionStore.set((st) => ({ menu: menuOf(st.userInfo) }));
    renderFeature(<RecordViewer />, { path: '/m', url: '/m?device_id=7' });
    expect(await screen.findByRole('tab', { name: '巡检记录（2）' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /运行记录/ })).toBeNull();
    expect(screen.getByText('待整改 1 项')).toBeTruthy();
    const call = callsTo('GET', '/prod-api/api/RoutInspRecord/GetRecordByDeviceID')[0];
    expect(call.query.get('deviceID')).toBe('7');
    expect(call.query.get('sort')).toBe('recordTime:desc');

    await userEvent.click(screen.getAllByRole('button', { name: /查\s*看/ })[0]);
    expect(await screen.findByText('巡检记录详情')).toBeTruthy();
    const drawer = document.querySelector('.record-drawer') as HTMLElement;
    expect(within(drawer).getByText('2026-11-27 09:30:00')).toBeTruthy();
    expect(within(drawer).getByText('力矩限制器动作正常')).toBeTruthy();
    expect(within(drawer).getByText('报警延迟')).toBeTruthy();
    expect(within(drawer).getAllByText('不合格').length).toBeGreaterThanOrEqual(2); // 检查结果 and the answer
    expect(within(drawer).getByText('已通知维保单位')).toBeTruthy();
  });

  it('says 暂未设置模板 in all four panels when the device type has no template', async () => {
    server();
    renderFeature(<RecordViewer />, { path: '/m', url: '/m?device_id=9' });
    expect(await screen.findByText('设备类型「推土机」暂未设置模板')).toBeTruthy();
    for (const title of PANEL_TITLES) expect(within(panel(title)).getByText('暂未设置模板')).toBeTruthy();
  });

  it('opens a template by rec_id with user_id, wid=11 and fromplat=minapp (§7.3), in the gantry-crane layout', async () => {
    const { callsTo } = server({ [`GET ${BY_REC}`]: () => ok(gantryTemplate) });
    const user = userEvent.setup();
    renderFeature(<RecordViewer />, { path: '/m', url: '/m?rec_id=40' });
    expect(await screen.findByText('门式起重机日常检查表')).toBeTruthy();

    const [detail] = callsTo('GET', BY_REC);
    expect(detail.query.get('rec_id')).toBe('40');
    expect(detail.query.get('user_id')).toBe('u42');
    expect(detail.query.get('wid')).toBe('11');
    expect(detail.query.get('fromplat')).toBe('minapp');
    expect(callsTo('GET', DEVICE)).toHaveLength(0);
    expect(callsTo('GET', BY_TYPE)).toHaveLength(0);

    // Left: the parts; right: the items of the chosen part; below: the chosen item's answer.
    const inspection = panel('巡检模板');
    const left = await within(inspection).findByRole('navigation', { name: '检查部位' });
    const right = within(inspection).getByRole('group', { name: '检查项目' });
    expect(within(left).getAllByRole('button').map((b) => b.textContent)).toEqual(['主梁及支腿2', '大车行走机构2']);
    expect(within(right).getAllByRole('button').map((b) => b.textContent)).toEqual(['1. 主梁无明显下挠', '2. 支腿连接螺栓紧固']);
    const answer = within(inspection).getByLabelText('主梁无明显下挠');
    expect(within(answer).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['合格', '不合格', '不适用']);

    await user.click(within(left).getByRole('button', { name: /大车行走机构/ }));
    expect(within(left).getByRole('button', { name: /大车行走机构/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(right).getAllByRole('button').map((b) => b.textContent)).toEqual(['1. 夹轨器完好有效', '2. 大车车轮无啃轨']);
    await user.click(within(right).getByRole('button', { name: /大车车轮无啃轨/ }));
    const second = within(inspection).getByLabelText('大车车轮无啃轨');
    expect(within(second).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['正常', '需调整']);
    expect(within(second).getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);

    for (const title of ['运行模板', '维修模板', '保养模板']) expect(within(panel(title)).getByText('暂未设置模板')).toBeTruthy();
  });

  it('draws the distribution-cabinet checklist with 类别 and 部位 cells merged', async () => {
    server({ [`GET ${BY_REC}`]: () => ok(cabinetTemplate) });
    renderFeature(<RecordViewer />, { path: '/m', url: '/m?rec_id=50' });
    const inspection = await waitFor(() => {
      const p = panel('巡检模板');
      expect(within(p).getByText('漏电保护器试跳正常')).toBeTruthy();
      return p;
    });
    const table = within(inspection).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['类别', '部位', '检查项目', '检查结果']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const cells = (r: HTMLElement) => within(r).getAllByRole('cell');
    // Row 1 opens 类别 配电箱 over three rows and 部位 箱体 over two.
    expect(cells(rows[0]).map((c) => c.textContent?.replace(/合格不合格不适用$/, ''))).toEqual(['配电箱', '箱体', '箱体完好无破损', '']);
    expect(cells(rows[0])[0].getAttribute('rowspan')).toBe('3');
    expect(cells(rows[0])[1].getAttribute('rowspan')).toBe('2');
    // Row 2 carries only 检查项目 and 检查结果; row 3 a new 部位 under the same 类别.
    expect(cells(rows[1]).map((c) => c.textContent?.replace(/合格不合格不适用$/, ''))).toEqual(['门锁有效', '']);
    expect(cells(rows[2])[0].textContent).toBe('电器元件');
    expect(cells(rows[3])[0].textContent).toBe('线路');
    expect(cells(rows[3])[1].textContent).toBe('电缆');
    expect(within(rows[0]).getAllByRole('radio')).toHaveLength(3);
  });

  it('reports a missing template by rec_id and keeps the panels empty', async () => {
    server({ [`GET ${BY_REC}`]: () => ok(null) });
    renderFeature(<RecordViewer />, { path: '/m', url: '/m?rec_id=999' });
    expect(await screen.findByText('模板不存在或已删除')).toBeTruthy();
    expect(screen.getAllByText('暂未设置模板')).toHaveLength(4);
  });
});
