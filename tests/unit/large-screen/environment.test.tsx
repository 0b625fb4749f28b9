// The environment body (§2.4 /LargeScreen/EnterpriseScreen/environment) over a stubbed server: one
// request fills every panel — monitors, today's exceedances and alarms, each project's wind in turn, the
// current hourly averages, every project's latest reading with values over their limits marked.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { EnvHour, EnvProjectReading, Environment } from '../../../common/screens/environment';
import { currentValue, windDirectionName, windLevel } from '../../../src/features/large-screen/screens/enterprise/environment/model';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { EnvironmentScreen } = await import('../../../src/features/large-screen/screens/enterprise/environment/EnvironmentScreen');

const URL_PATH = '/prod-api/api/TyScreen/Environment';

const latest = (projectId: string, projectName: string, over: Partial<EnvProjectReading> = {}): EnvProjectReading => ({
  projectId,
  projectName,
  deviceCode: `${projectId}-DUST-01`,
  deviceName: '1#扬尘监测仪',
  time: '2025-07-15T03:50:00.000Z', // 11:50 CST: day noise limit
  pm25: 38.2,
  pm10: 69.5,
  tsp: 111.2,
  noise: 58.3,
  temperature: 27.1,
  humidity: 66,
  windSpeed: 2.1,
  windDirection: 135,
  ...over,
});

const hour = (i: number, over: Partial<EnvHour> = {}): EnvHour => ({
  hour: new Date(Date.UTC(2025, 6, 14, 5 + i)).toISOString(),
  pm25: 30 + i,
  pm10: 60 + i,
  tsp: 100 + i,
  noise: 50 + (i % 10),
  temperature: 25,
  humidity: 60,
  windSpeed: 2,
  ...over,
});

const data = (): Environment => ({
  updatedAt: '2025-07-15T04:00:00.000Z',
  thresholds: { pm25: 75, pm10: 150, noiseDay: 70, noiseNight: 55, windSpeed: 13.8 },
  devices: { total: 12, online: 9, offline: 3, alarm: 2 },
  latest: [
    latest('1', '甜城湖片区棚户区改造项目'),
    latest('2', '沱江二桥加固工程', { pm25: 90.1, pm10: 168.4, noise: 61, time: '2025-07-14T15:00:00.000Z', windSpeed: 15.2, windDirection: 350 }),
  ],
  // The newest hour has no PM readings yet: "now" is the hour before.
  trend: [...Array.from({ length: 23 }, (_, i) => hour(i)), hour(23, { pm25: null, pm10: null, tsp: null })],
  exceedToday: { readings: 540, pm25: 3, pm10: 12, noise: 0 },
  alarmsToday: [{ code: 'pm10', name: 'PM10超标', count: 2 }],
  daily: Array.from({ length: 7 }, (_, i) => ({ date: `2025-07-${String(9 + i).padStart(2, '0')}`, pm25: i < 2 ? null : 35, pm10: i < 2 ? null : 66, tsp: i < 2 ? null : 110, noise: i < 2 ? null : 52.3 })),
});

const PANELS = ['监测设备状态', '今日超标统计', '风向风速', '24小时颗粒物趋势', '各项目实时监测', '24小时噪声趋势', '近7日颗粒物日均值', '24小时温湿度'];

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<EnvironmentScreen path="/LargeScreen/EnterpriseScreen/environment" query={screenQuery(pjctid1)} />);

describe('environment screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, data(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '监测项目')).toBe('2');
    expect(tileValue(strip, 'PM2.5 小时均值')).toBe('52'); // hour 22: the newest with readings
    expect(tileValue(strip, '今日超标')).toBe('15');
    expect(tileValue(panel('监测设备状态'), '离线')).toBe('3');

    const exceed = panel('今日超标统计');
    expect(exceed.textContent).toContain('今日监测 540 次');
    expect(tileValue(exceed, 'PM10超标')).toBe('12');
    expect(within(exceed).getByRole('listitem').textContent).toBe('PM10超标2条');

    const wind = panel('风向风速');
    expect(wind.textContent).toContain('甜城湖片区棚户区改造项目');
    expect(wind.textContent).toContain('东南风 135°');
    expect(wind.textContent).toContain('2.1 m/s 2级');
    fireEvent.click(within(wind).getByRole('button', { name: '下一个项目' }));
    expect(wind.textContent).toContain('沱江二桥加固工程');
    expect(wind.textContent).toContain('北风 350°');
    expect(wind.querySelector('.env-over')?.textContent).toContain('15.2 m/s 7级'); // over the 13.8 limit

    // Latest readings: PM over the limits, noise 61 dB over the night limit (23:00 CST) only.
    const rows = within(panel('各项目实时监测')).getAllByRole('row').slice(1);
    expect(rows[0].querySelectorAll('.env-over')).toHaveLength(0);
    expect([...rows[1].querySelectorAll('.env-over')].map((e) => e.textContent)).toEqual(['90.1', '168.4', '61', '15.2']);
    expect(panel('24小时噪声趋势').textContent).toContain('今日均值 52.3 dB');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS, '没有权限');

  it('no monitors or readings: the panels say 暂无数据; no alarms today says so', async () => {
    const empty = (h: EnvHour): EnvHour => ({ ...h, pm25: null, pm10: null, tsp: null, noise: null, temperature: null, humidity: null, windSpeed: null });
    const none: Environment = {
      ...data(),
      devices: { total: 0, online: 0, offline: 0, alarm: 0 },
      latest: [],
      trend: data().trend.map(empty),
      exceedToday: { readings: 0, pm25: 0, pm10: 0, noise: 0 },
      alarmsToday: [],
      daily: data().daily.map((d) => ({ ...d, pm25: null, pm10: null, tsp: null, noise: null })),
    };
    answerWith(URL_PATH, none);
    await renderScreen();
    expectPanelsSay(['监测设备状态', '风向风速', '24小时颗粒物趋势', '各项目实时监测', '24小时噪声趋势', '近7日颗粒物日均值', '24小时温湿度'], '暂无数据');
    expect(panel('今日超标统计').textContent).toContain('今日无环境报警');
    expect(tileValue(screen.getByRole('group', { name: '关键指标' }), 'PM10 小时均值')).toBe('');
  });
});

describe('environment helpers', () => {
  it('names the wind direction by eight sectors and its level by Beaufort', () => {
    expect(windDirectionName(0)).toBe('北风');
    expect(windDirectionName(22)).toBe('北风');
    expect(windDirectionName(23)).toBe('东北风');
    expect(windDirectionName(200)).toBe('南风');
    expect(windDirectionName(338)).toBe('北风');
    expect(windDirectionName(-90)).toBe('西风');
    expect([0, 0.2, 1.5, 3.3, 5.5, 13.8, 13.9, 40].map(windLevel)).toEqual([0, 0, 1, 2, 4, 6, 7, 12]);
  });

  it('the current value is the newest hour with a reading', () => {
    expect(currentValue([hour(0), hour(1, { noise: null })], 'noise')).toBe(50);
    expect(currentValue([hour(0, { tsp: null })], 'tsp')).toBeNull();
  });
});
