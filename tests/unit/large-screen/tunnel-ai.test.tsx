// The tunnel body (§2.4 /LargeScreen/ProjectScreen/tunnelManager, also /ProjectScreen/Tunnel) and the AI
// recognition body (aiRecognitions) over a stubbed server: one request fills every panel — faces with their
// progress, the longitudinal view with the faces' chainages, the daily advance, people inside by zone and
// their list, the gas meters against their limits, the alarms; today's AI events, the snapshot gallery, the
// trends and the cameras —; pjctid1 narrows the request; a scope without tunnels shows 暂无数据.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { stubFetch } from '../support/strict';
import type { AiRecognition } from '../../../common/screens/ai-recognition';
import type { Tunnel, TunnelFace, TunnelGasLimit } from '../../../common/screens/tunnel';
import { chainageText, gasState, limitText, placeOf } from '../../../src/features/large-screen/screens/project/tunnel/model';
import { answerWith, expectOneCallFills, expectPanelsIn, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { TunnelScreen } = await import('../../../src/features/large-screen/screens/project/tunnel/TunnelScreen');
const { AiRecognitionScreen } = await import('../../../src/features/large-screen/screens/project/aiRecognitions/AiRecognitionScreen');

const TUNNEL_PATH = '/prod-api/api/TyScreen/Tunnel';
const AI_PATH = '/prod-api/api/TyScreen/AiRecognition';

const face = (id: string, over: Partial<TunnelFace>): TunnelFace => ({
  id,
  projectId: '8',
  tunnelName: '凤鸣山隧道右洞',
  sectionName: '进口掌子面',
  faceKindName: '掌子面',
  designLength: 700,
  startChainage: 21120,
  endChainage: 21820,
  heading: 'up',
  excavationMethodName: '台阶法',
  rockGrade: '4',
  rockGradeName: 'Ⅳ级',
  startDate: '2026-07-01',
  excavated: 463.5,
  progress: 66.2,
  facePosition: 21583.5,
  todayAdvance: 3.2,
  weekAdvance: 21.4,
  ...over,
});

const LIMITS: TunnelGasLimit[] = [
  { metric: 'o2', label: '氧气', unit: '%', upper: 23.5, lower: 20 },
  { metric: 'co', label: '一氧化碳', unit: 'ppm', upper: 24, lower: null },
  { metric: 'ch4', label: '甲烷', unit: '%', upper: 0.5, lower: null },
  { metric: 'h2s', label: '硫化氢', unit: 'ppm', upper: 6.6, lower: null },
  { metric: 'windSpeed', label: '风速', unit: 'm/s', upper: 6, lower: 0.15 },
  { metric: 'temperature', label: '温度', unit: '℃', upper: 28, lower: null },
];

const tunnel = (): Tunnel => ({
  updatedAt: '2026-11-28T04:00:00.000Z',
  summary: { tubes: 1, faces: 2, designLength: 1286, excavated: 748.9, progress: 58.2, todayAdvance: 5.6, monthAdvance: 88.4, inside: 3, alarmsToday: 1, unhandled: 1 },
  tubes: [{ tunnelName: '凤鸣山隧道右洞', projectName: '内自同城快速通道（大安段）', startChainage: 21120, endChainage: 22406, designLength: 1286, excavated: 748.9, progress: 58.2, faceIds: ['1', '2'] }],
  faces: [
    face('1', {}),
    face('2', { sectionName: '出口掌子面', designLength: 586, startChainage: 21820, endChainage: 22406, heading: 'down', excavated: 285.4, progress: 48.7, facePosition: 22120.6, todayAdvance: 2.4, rockGrade: '5', rockGradeName: 'Ⅴ级', excavationMethodName: '三台阶法' }),
  ],
  advance: { days: Array.from({ length: 14 }, (_, i) => `2026-11-${String(15 + i).padStart(2, '0')}`), series: [{ faceId: '1', name: '凤鸣山右洞进口掌子面', values: Array.from({ length: 14 }, (_, i) => (i % 5 === 0 ? null : 3.1)) }] },
  people: {
    inside: 3,
    zones: [{ zone: '右洞进口掌子面', count: 2 }, { zone: '进口洞口', count: 1 }],
    list: [
      { tagCode: 'FMS-001', workerName: '崔德全', teamName: '项目管理部', zone: '进口洞口', since: '2026-11-27T23:35:00.000Z' },
      { tagCode: 'FMS-004', workerName: '韦春林', teamName: '混凝土班', zone: '右洞进口掌子面', since: '2026-11-27T23:44:00.000Z' },
      { tagCode: 'FMS-006', workerName: '赖世平', teamName: '钢筋班', zone: '右洞进口掌子面', since: '2026-11-27T23:47:00.000Z' },
    ],
  },
  gas: {
    limits: LIMITS,
    devices: [{ deviceCode: '2024012-TGAS-01', deviceName: '右洞进口气体通风监测', installPosition: '凤鸣山隧道右洞进口掌子面', online: true, time: '2026-11-28T03:59:50.000Z', o2: 20.7, co: 9.2, ch4: 0.62, h2s: 0.4, windSpeed: 0.9, temperature: 21.5 }],
  },
  alarms: [
    { id: '91', time: '2026-11-28T03:10:00.000Z', projectId: '8', projectName: '内自同城快速通道（大安段）', deviceCode: '2024012-TGAS-01', deviceName: '右洞进口气体通风监测', kind: 'gas', kindName: '气体浓度超限', level: '2', levelName: '区县级', message: '甲烷 0.62% 超过阈值 0.5%', value: 0.62, threshold: 0.5, handled: false },
  ],
});

const TUNNEL_PANELS = ['掘进进度', '洞内人员分布', '洞内人员名单', '隧道纵断面', '近14日进尺', '气体通风监测', '隧道报警'];

const ai = (): AiRecognition => ({
  updatedAt: '2026-11-28T04:00:00.000Z',
  summary: { today: 5, unhandledToday: 2, week: 31, handledRate: 83.9, cameras: 2, online: 2 },
  byType: [
    { code: 'helmet', name: '未佩戴安全帽', count: 3 },
    { code: 'vest', name: '未穿反光衣', count: 1 },
    { code: 'smoking', name: '现场吸烟', count: 0 },
    { code: 'fire', name: '烟火', count: 0 },
    { code: 'intrusion', name: '危险区域闯入', count: 1 },
    { code: 'climbing', name: '违规攀爬', count: 0 },
  ],
  hourly: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 27, 5 + i)).toISOString(), count: i % 3 })),
  daily: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${22 + i}`, count: 4 + i, handled: 3 + i })),
  latest: [
    { id: '7', time: '2026-11-28T03:20:00.000Z', projectId: '8', projectName: '内自同城快速通道（大安段）', deviceCode: '2024012-AI-01', deviceName: '进口洞口AI摄像机', installPosition: '凤鸣山隧道进口洞口', type: 'helmet', typeName: '未佩戴安全帽', message: '', snapshot: '/prod-api/api/Upload/File/31', handled: false, handler: '' },
    { id: '6', time: '2026-11-28T02:05:00.000Z', projectId: '8', projectName: '内自同城快速通道（大安段）', deviceCode: '2024012-AI-02', deviceName: '钢筋加工场AI摄像机', installPosition: '钢筋加工场', type: 'intrusion', typeName: '危险区域闯入', message: '', snapshot: '', handled: true, handler: '安全员' },
  ],
  cameras: [
    { deviceCode: '2024012-AI-01', deviceName: '进口洞口AI摄像机', projectName: '内自同城快速通道（大安段）', installPosition: '凤鸣山隧道进口洞口', online: true, today: 3, week: 18 },
    { deviceCode: '2024012-AI-02', deviceName: '钢筋加工场AI摄像机', projectName: '内自同城快速通道（大安段）', installPosition: '钢筋加工场', online: true, today: 2, week: 13 },
  ],
});

const AI_PANELS = ['今日事件类型', '摄像机识别统计', '最新抓拍', '24小时识别趋势', '近7日处置情况', '事件类型排行'];

setUpScreenTests();

const renderTunnel = (pjctid1?: string) => mountScreen(<TunnelScreen path="/LargeScreen/ProjectScreen/tunnelManager" query={screenQuery(pjctid1, 21)} />);
const renderAi = (pjctid1?: string) => mountScreen(<AiRecognitionScreen path="/LargeScreen/ProjectScreen/aiRecognitions" query={screenQuery(pjctid1, 21)} />);

describe('tunnel screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(TUNNEL_PATH, tunnel(), renderTunnel, TUNNEL_PANELS);
    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '已开挖')).toBe('748.9');
    expect(tileValue(strip, '洞内人员')).toBe('3');

    expect(panel('掘进进度').textContent).toContain('463.5/700m');
    expect(within(panel('掘进进度')).getAllByRole('progressbar').map((b) => b.getAttribute('aria-valuenow'))).toEqual(['66.2', '48.7']);
    const tube = within(panel('隧道纵断面')).getByRole('group', { name: '凤鸣山隧道右洞' });
    expect(tube.textContent).toContain('K21+120 ~ K22+406');
    expect(within(tube).getByLabelText('进口掌子面 K21+583.5')).toBeTruthy();
    expect(within(tube).getByLabelText('出口掌子面 K22+120.6')).toBeTruthy();

    expect(panel('洞内人员分布').textContent).toContain('共 3 人');
    expect(panel('洞内人员名单').textContent).toContain('韦春林');
    const meters = panel('气体通风监测');
    expect(meters.textContent).toContain('右洞进口气体通风监测');
    expect(within(meters).getByRole('group', { name: '甲烷' }).getAttribute('data-state')).toBe('over');
    expect(within(meters).getByRole('group', { name: '氧气' }).getAttribute('data-state')).toBe('ok');
    expect(within(meters).getByRole('group', { name: '风速' }).textContent).toContain('0.15–6m/s');
    expect(panel('隧道报警').textContent).toContain('甲烷 0.62% 超过阈值 0.5%');
  });

  itShowsRefusal(TUNNEL_PATH, renderTunnel, TUNNEL_PANELS);

  it('while the answer is on its way every tile reads -- and no panel shows a 0 figure (issue 29)', async () => {
    // The request never answers: the screen stays in its first load.
    stubFetch([{ method: 'GET', path: TUNNEL_PATH, reply: () => new Promise<Response>(() => {}) }]);
    await renderTunnel('8');
    const strip = screen.getByRole('group', { name: '关键指标' });
    for (const tile of ['设计长度', '已开挖', '总体进度', '今日进尺', '本月进尺', '洞内人员']) {
      expect(tileValue(strip, tile), tile).toBe('');
      expect(within(strip).getByRole('group', { name: tile }).textContent, tile).toContain('--');
    }
    expect(strip.textContent).not.toMatch(/(^|\D)0(m|%|人)/);
    expect(panel('近14日进尺').textContent).not.toContain('合计');
    expectPanelsIn(TUNNEL_PANELS, 'loading');
  });

  it('a project without tunnels says so in every panel (本项目无隧道), not errors; a wider scope 所辖项目暂无隧道', async () => {
    const none: Tunnel = {
      ...tunnel(),
      summary: { tubes: 0, faces: 0, designLength: 0, excavated: 0, progress: 0, todayAdvance: 0, monthAdvance: 0, inside: 0, alarmsToday: 0, unhandled: 0 },
      tubes: [],
      faces: [],
      advance: { days: tunnel().advance.days, series: [] },
      people: { inside: 0, zones: [], list: [] },
      gas: { limits: LIMITS, devices: [] },
      alarms: [],
    };
    answerWith(TUNNEL_PATH, none);
    const project = await renderTunnel('5');
    expectPanelsSay(TUNNEL_PANELS, '本项目无隧道');
    // The key figures have no value (--), not 0 m / 0 %.
    for (const tile of ['设计长度', '已开挖', '总体进度', '洞内人员']) expect(tileValue(document.body, tile), tile).toBe('');
    expect(within(document.body).getByRole('group', { name: '设计长度' }).textContent).toContain('--');
    project.unmount();
    await renderTunnel();
    expectPanelsSay(TUNNEL_PANELS, '所辖项目暂无隧道');
  });

  it('chainages, places and limits read as on site', () => {
    expect(chainageText(21583.5)).toBe('K21+583.5');
    expect(chainageText(22020)).toBe('K22+020');
    expect(placeOf(21770, 21120, 22420)).toBe(50);
    expect(gasState(19.6, LIMITS[0])).toBe('over');
    expect(gasState(20.9, LIMITS[0])).toBe('ok');
    expect(gasState(20, LIMITS[1])).toBe('warn');
    expect(gasState(null, LIMITS[1])).toBe('none');
    expect(limitText(LIMITS[0])).toBe('20–23.5%');
    expect(limitText(LIMITS[1])).toBe('≤24ppm');
  });
});

describe('AI recognition screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(AI_PATH, ai(), renderAi, AI_PANELS);
    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '今日识别')).toBe('5');
    expect(tileValue(strip, '处理率')).toBe('83.9');
    const gallery = panel('最新抓拍');
    expect(within(gallery).getByRole('img', { name: '未佩戴安全帽抓拍' }).getAttribute('src')).toBe('/prod-api/api/Upload/File/31');
    expect(gallery.textContent).toContain('无抓拍');
    expect(gallery.textContent).toContain('未处理');
    expect(panel('摄像机识别统计').textContent).toContain('进口洞口AI摄像机');
    expect(panel('近7日处置情况').textContent).toContain('处理率 83.9%');
  });

  itShowsRefusal(AI_PATH, renderAi, AI_PANELS);

  it('a scope without AI cameras shows 暂无数据', async () => {
    answerWith(AI_PATH, { ...ai(), summary: { today: 0, unhandledToday: 0, week: 0, handledRate: 0, cameras: 0, online: 0 }, latest: [], cameras: [], byType: ai().byType.map((t) => ({ ...t, count: 0 })) });
    await renderAi();
    expectPanelsSay(AI_PANELS, '暂无数据');
  });
});
