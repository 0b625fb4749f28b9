// The equipment management body (§2.4 /LargeScreen/EnterpriseScreen/tested) over a stubbed server: one
// request fills every panel — devices by state and kind, each project's online devices and rate, the
// maintenance statistics; pjctid1 narrows it.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Tested } from '../../../common/screens/tested';
import { typesWithoutTemplate } from '../../../src/features/large-screen/screens/enterprise/tested/model';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { TestedScreen } = await import('../../../src/features/large-screen/screens/enterprise/tested/TestedScreen');

const URL_PATH = '/prod-api/api/TyScreen/Tested';

const data = (): Tested => ({
  updatedAt: '2025-07-15T04:00:00.000Z',
  devices: {
    total: 10,
    online: 8,
    offline: 2,
    alarm: 3,
    byKind: [
      { kind: 'dust', name: '扬尘', total: 6, online: 5, offline: 1, alarm: 2 },
      { kind: 'towerCrane', name: '塔吊', total: 4, online: 3, offline: 1, alarm: 1 },
      { kind: 'gas', name: '气体', total: 0, online: 0, offline: 0, alarm: 0 },
    ],
  },
  online: [
    { projectId: '1', projectName: '甜城湖片区棚户区改造项目', total: 7, online: 5, offline: 2, alarm: 3, onlineRate: 71.4 },
    { projectId: '2', projectName: '沱江二桥加固工程', total: 3, online: 3, offline: 0, alarm: 0, onlineRate: 100 },
    { projectId: '3', projectName: '城西污水处理厂扩建工程', total: 0, online: 0, offline: 0, alarm: 0, onlineRate: 0 },
  ],
  maintenance: {
    deviceTotal: 12,
    templateTotal: 5,
    byType: [
      { deviceType: '塔式起重机', devices: 4, templates: 2 },
      { deviceType: '推土机', devices: 1, templates: 0 },
      { deviceType: '配电箱', devices: 7, templates: 3 },
    ],
  },
});

const PANELS = ['设备运行状态', '设备分类统计', '设备类型占比', '各项目设备在线情况', '项目设备明细', '维保概况', '维保设备类型统计'];

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<TestedScreen path="/LargeScreen/EnterpriseScreen/tested" query={screenQuery(pjctid1)} />);

describe('equipment management screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, data(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '设备在线率')).toBe('80');
    expect(tileValue(strip, '维保设备')).toBe('12');
    expect(tileValue(strip, '巡检模板')).toBe('5');
    expect(tileValue(panel('设备运行状态'), '报警设备')).toBe('3');
    expect(tileValue(panel('维保概况'), '设备类型')).toBe('3');
    expect(tileValue(panel('维保概况'), '缺少模板')).toBe('1');
    expect(panel('各项目设备在线情况').textContent).toContain('3 个项目');

    const rows = within(panel('项目设备明细')).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('甜城湖片区棚户区改造项目');
    expect(rows[0].textContent).toContain('71.4%');
    expect(rows[0].querySelector('.ts-rate-bar.is-fair')).not.toBeNull();
    expect(rows[1].querySelector('.ts-rate-bar.is-good')).not.toBeNull();
    expect(rows[2].textContent).toContain('--'); // no devices: no rate
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('no devices: the panels say 暂无数据', async () => {
    const none: Tested = {
      updatedAt: data().updatedAt,
      devices: { total: 0, online: 0, offline: 0, alarm: 0, byKind: data().devices.byKind.map((k) => ({ ...k, total: 0, online: 0, offline: 0, alarm: 0 })) },
      online: [],
      maintenance: { deviceTotal: 0, templateTotal: 0, byType: [] },
    };
    answerWith(URL_PATH, none);
    await renderScreen();
    expectPanelsSay(['设备运行状态', '设备类型占比', '各项目设备在线情况', '项目设备明细', '维保概况', '维保设备类型统计'], '暂无数据');
  });

  it('counts the device types without an inspection template', () => {
    expect(typesWithoutTemplate(data().maintenance)).toBe(1);
    expect(typesWithoutTemplate({ deviceTotal: 0, templateTotal: 1, byType: [{ deviceType: '挖掘机', devices: 0, templates: 1 }] })).toBe(0);
  });
});
