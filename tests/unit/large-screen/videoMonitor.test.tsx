// 视频监控 (§2.4 /LargeScreen/EnterpriseScreen/videoMonitor) over a stubbed VideoMonitor call: the online
// figures, the projects to choose from, a wall of 4/9/16 camera tiles that pages (by hand and by itself),
// a tile opened alone, the projects' online rates and the offline cameras.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, within } from '@testing-library/react';
import { lastSeen } from '../../../src/features/large-screen/screens/enterprise/videoMonitor/OfflinePanel';
import { queryOf } from '../support/strict';
import { VIDEO_URL_PATH, videoAnswer } from './support/video-answer';
import { answerWith, expectPanelsIn, expectPanelsSay, mountScreen, panel, refuseWith, screenQuery, setUpScreenTests } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { VideoMonitorScreen } = await import('../../../src/features/large-screen/screens/enterprise/videoMonitor/VideoMonitorScreen');

const PANELS = ['设备在线统计', '项目监控列表', '监控画面', '项目在线率排行', '离线设备'];
const wall = () => within(panel('监控画面')).getByRole('list', { name: '监控画面' });
const tiles = () => within(wall()).getAllByRole('listitem');
const cameraTiles = () => within(wall()).queryAllByRole('button');

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<VideoMonitorScreen path="/LargeScreen/EnterpriseScreen/videoMonitor" query={screenQuery(pjctid1)} />);

describe('视频监控 screen', () => {
  it('one request fills every panel: figures, projects, a 9-tile wall, online rates, offline cameras', async () => {
    const calls = answerWith(VIDEO_URL_PATH, videoAnswer());
    await renderScreen('1');
    expect(calls).toHaveLength(1);
    expect(queryOf(calls[0].url).get('pjctid1')).toBe('1');
    expectPanelsIn(PANELS, 'ready');
    const stats = panel('设备在线统计');
    expect(['摄像头总数', '在线', '离线'].map((n) => within(stats).getByRole('group', { name: n }).getAttribute('data-value'))).toEqual(['12', '9', '3']);
    // The project list: everyone first, then each project online / in all; no cameras: 未接入.
    const choices = within(panel('项目监控列表')).getAllByRole('button').map((b) => b.textContent);
    expect(choices).toEqual(['全部项目9 / 12', '甜城湖片区棚户区改造项目5 / 6', '汉渝大道（东兴段）道路改造工程2 / 4', '内江高新区标准化厂房三期2 / 2', '城西污水处理厂扩建工程未接入']);
    // The wall: 9 slots, the first 9 cameras, each with its project, name, position and state.
    expect(tiles()).toHaveLength(9);
    expect(cameraTiles()[0].getAttribute('aria-label')).toBe('甜城湖片区棚户区改造项目 · 1#视频监控（大门口）（在线）');
    expect(cameraTiles()[5].getAttribute('aria-label')).toContain('6#视频监控（6号塔吊）（离线）');
    expect(within(panel('监控画面')).getByRole('navigation', { name: '画面翻页' }).textContent).toContain('1 / 2');
    // Online rates of projects with cameras, highest first.
    const ranks = within(panel('项目在线率排行')).getAllByRole('listitem').map((li) => li.textContent);
    expect(ranks).toHaveLength(3);
    expect(ranks[0]).toContain('内江高新区标准化厂房三期（2/2）100');
    expect(ranks[2]).toContain('汉渝大道（东兴段）道路改造工程（2/4）50');
    // Offline cameras with when they were last heard from.
    const offline = within(panel('离线设备')).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(offline).toHaveLength(3);
    expect(offline.find((r) => r?.includes('汉渝大道') && r.includes('1#'))).toContain('从未上线');
    expect(offline.find((r) => r?.includes('汉渝大道') && r.includes('2#'))).toContain('2025-07-10');
    expect(panel('离线设备').textContent).toContain('3 路离线');
  });

  it('choosing a project puts its cameras on the wall; 全部项目 brings every camera back', async () => {
    answerWith(VIDEO_URL_PATH, videoAnswer());
    await renderScreen();
    fireEvent.click(within(panel('项目监控列表')).getByRole('button', { name: /汉渝大道/ }));
    expect(within(panel('项目监控列表')).getByRole('button', { name: /汉渝大道/ }).getAttribute('aria-pressed')).toBe('true');
    expect(cameraTiles().map((b) => b.getAttribute('aria-label'))).toEqual([
      '汉渝大道（东兴段）道路改造工程 · 1#视频监控（大门口）（离线）',
      '汉渝大道（东兴段）道路改造工程 · 2#视频监控（2号塔吊）（离线）',
      '汉渝大道（东兴段）道路改造工程 · 3#视频监控（3号塔吊）（在线）',
      '汉渝大道（东兴段）道路改造工程 · 4#视频监控（4号塔吊）（在线）',
    ]);
    expect(panel('监控画面').textContent).toContain('汉渝大道（东兴段）道路改造工程');
    fireEvent.click(within(panel('项目监控列表')).getByRole('button', { name: /城西污水/ }));
    expect(panel('监控画面').textContent).toContain('暂无数据');
    fireEvent.click(within(panel('项目监控列表')).getByRole('button', { name: /全部项目/ }));
    expect(cameraTiles()).toHaveLength(9);
  });

  it('4, 9 or 16 tiles; pages by hand and by itself (not under the pointer); a tile opens alone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    answerWith(VIDEO_URL_PATH, videoAnswer());
    await renderScreen();
    const pager = () => within(panel('监控画面')).getByRole('navigation', { name: '画面翻页' });
    fireEvent.click(within(panel('监控画面')).getByRole('radio', { name: '4分屏' }));
    expect(tiles()).toHaveLength(4);
    expect(pager().textContent).toContain('1 / 3');
    fireEvent.click(within(pager()).getByRole('button', { name: '下一页' }));
    expect(cameraTiles()[0].getAttribute('aria-label')).toContain('甜城湖片区棚户区改造项目 · 5#视频监控');
    // 轮巡: every 20 s the next page, after the last the first.
    act(() => vi.advanceTimersByTime(20_000));
    expect(pager().textContent).toContain('3 / 3');
    expect(cameraTiles().map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringContaining('汉渝大道'), expect.stringContaining('汉渝大道'), expect.stringContaining('厂房三期'), expect.stringContaining('厂房三期')]);
    act(() => vi.advanceTimersByTime(20_000));
    expect(pager().textContent).toContain('1 / 3');
    fireEvent.mouseEnter(wall());
    act(() => vi.advanceTimersByTime(60_000));
    expect(pager().textContent).toContain('1 / 3');
    fireEvent.mouseLeave(wall());

    fireEvent.click(within(panel('监控画面')).getByRole('radio', { name: '16分屏' }));
    expect(tiles()).toHaveLength(16);
    expect(cameraTiles()).toHaveLength(12);
    expect(within(wall()).getAllByText('无信号')).toHaveLength(4);

    fireEvent.click(cameraTiles()[2]);
    expect(tiles()).toHaveLength(1);
    expect(within(wall()).getByRole('group').getAttribute('aria-label')).toContain('3#视频监控');
    fireEvent.click(within(panel('监控画面')).getByRole('button', { name: '返回多画面' }));
    expect(tiles()).toHaveLength(16);
  });

  it('a refusal shows the server text in the panels', async () => {
    refuseWith(VIDEO_URL_PATH, '项目不存在或不在您的权限范围内');
    await renderScreen('99');
    expectPanelsSay(PANELS, '项目不存在或不在您的权限范围内');
  });

  it('last seen: this year as MM-DD HH:mm, older as the date, none as 从未上线', () => {
    const now = Date.parse('2026-11-21T08:00:00.000Z');
    expect(lastSeen('2026-11-21T07:46:05.900Z', now)).toBe('11-21 15:46'); // China time, whatever the test's zone
    expect(lastSeen('2025-07-10T09:30:00.000Z', now)).toBe('2025-07-10');
    expect(lastSeen(null, now)).toBe('从未上线');
  });
});
