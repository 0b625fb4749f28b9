// The vehicle body (§2.4 /LargeScreen/EnterpriseScreen/vehicle) over a stubbed server: one request
// fills every panel — today's figures, types, the wash rate of the exits, plate uploads, the newest
// passages and the project rankings; pjctid1 narrows it.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PassageItem, Vehicle } from '../../../common/screens/vehicle';
import { washRate } from '../../../src/features/large-screen/screens/enterprise/vehicle/model';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { VehicleScreen } = await import('../../../src/features/large-screen/screens/enterprise/vehicle/VehicleScreen');

const URL_PATH = '/prod-api/api/TyScreen/Vehicle';

const passage = (id: string, over: Partial<PassageItem> = {}): PassageItem => ({
  id,
  time: '2025-07-15T03:40:00.000Z',
  projectId: '2',
  projectName: '汉渝大道（东兴段）道路改造工程',
  plateNo: '川KZ3E081',
  vehicleType: '1',
  typeName: '渣土车',
  direction: 'out',
  directionName: '出场',
  gateName: '1号门',
  washed: true,
  uploadStatus: '1',
  uploadStatusName: '上传成功',
  photo: '',
  ...over,
});

const data = (): Vehicle => ({
  updatedAt: '2025-07-15T04:00:00.000Z',
  summary: { inToday: 131, outToday: 126, onSite: 5, unwashedToday: 7, uploadFailedToday: 8 },
  byType: [
    { code: '1', name: '渣土车', in: 49, out: 47 },
    { code: '2', name: '混凝土罐车', in: 82, out: 79 },
  ],
  byProject: [
    { projectId: '1', projectName: '甜城湖片区棚户区改造项目', in: 40, out: 38, onSite: 2 },
    { projectId: '2', projectName: '汉渝大道（东兴段）道路改造工程', in: 91, out: 88, onSite: 3 },
  ],
  hourly: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2025, 6, 14, 5 + i)).toISOString(), in: i % 4, out: i % 3 })),
  uploadStatus: [
    { code: '0', name: '未上传', count: 3 },
    { code: '1', name: '上传成功', count: 246 },
    { code: '2', name: '上传失败', count: 8 },
  ],
  latest: [passage('1005'), passage('1004', { plateNo: '川K88127', direction: 'in', directionName: '进场', washed: false, uploadStatus: '2', uploadStatusName: '上传失败' })],
});

const PANELS = ['车辆类型统计', '今日进场车型占比', '冲洗与上传', '24小时进出场统计', '最新出入记录', '项目进场排行', '在场车辆分布'];

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<VehicleScreen path="/LargeScreen/EnterpriseScreen/vehicle" query={screenQuery(pjctid1)} />);

describe('vehicle screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, data(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '今日进场')).toBe('131');
    expect(tileValue(strip, '当前在场')).toBe('5');
    expect(tileValue(strip, '冲洗不合格')).toBe('7');

    expect(panel('今日进场车型占比').textContent).toContain('共 131 车次');
    expect(panel('24小时进出场统计').textContent).toContain('近24小时 60 车次');
    const wash = panel('冲洗与上传');
    expect(within(wash).getByRole('img', { name: '今日出场车辆冲洗合格率' })).toBeTruthy();
    expect(wash.textContent).toContain('冲洗不合格 7 车次');
    expect(within(wash).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['未上传3', '上传成功246', '上传失败8']);

    const rows = within(panel('最新出入记录')).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('川KZ3E081');
    expect(rows[0].textContent).toContain('出场');
    expect(rows[1].textContent).toContain('不合格');
    expect(rows[1].textContent).toContain('上传失败');
    expect(rows[1].className).toContain('vh-row-unwashed');

    expect(within(panel('项目进场排行')).getAllByRole('listitem')[0].textContent).toContain('汉渝大道（东兴段）道路改造工程');
    expect(panel('项目进场排行').textContent).toContain('合计 131 车次');
    expect(panel('在场车辆分布').textContent).toContain('合计 5 辆');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('no projects or passages: lists say 暂无数据, no entries today says so', async () => {
    const none: Vehicle = {
      ...data(),
      summary: { inToday: 0, outToday: 0, onSite: 0, unwashedToday: 0, uploadFailedToday: 0 },
      byType: data().byType.map((t) => ({ ...t, in: 0, out: 0 })),
      byProject: [],
      hourly: [],
      uploadStatus: data().uploadStatus.map((u) => ({ ...u, count: 0 })),
      latest: [],
    };
    answerWith(URL_PATH, none);
    await renderScreen();
    expectPanelsSay(['24小时进出场统计', '最新出入记录', '项目进场排行', '在场车辆分布'], '暂无数据');
    expect(panel('今日进场车型占比').textContent).toContain('今日暂无车辆进场');
  });

  it('the wash rate counts unwashed passages against the exits', () => {
    expect(washRate({ outToday: 126, unwashedToday: 7 })).toBe(94.4);
    expect(washRate({ outToday: 0, unwashedToday: 0 })).toBe(100);
    expect(washRate({ outToday: 3, unwashedToday: 5 })).toBe(0);
  });
});
