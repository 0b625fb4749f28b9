// 监管视频监控 (§2.4 /LargeScreen/EnterpriseScreen/jgdvideoMonitor): the same VideoMonitor call grouped by
// district — the tree of districts and projects, the wall district by district, a district or a project
// chosen for the wall, each district's online figures and rate.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, within } from '@testing-library/react';
import { byDistrict } from '../../../src/features/large-screen/screens/enterprise/videoMonitor/districts';
import { VIDEO_URL_PATH, videoAnswer } from './support/video-answer';
import { optionsSetAsJson } from './support/echarts-stub';
import { answerWith, expectOneCallFills, mountScreen, panel, screenQuery, setUpScreenTests } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { JgdVideoMonitorScreen } = await import('../../../src/features/large-screen/screens/enterprise/videoMonitor/JgdVideoMonitorScreen');

const PANELS = ['设备在线统计', '区域项目', '监控画面', '区域在线统计', '区域在线率排行', '离线设备'];
const cameraTiles = () => within(within(panel('监控画面')).getByRole('list', { name: '监控画面' })).queryAllByRole('button');

setUpScreenTests({ box: { width: 400, height: 240 } });

const renderScreen = () => mountScreen(<JgdVideoMonitorScreen path="/LargeScreen/EnterpriseScreen/jgdvideoMonitor" query={screenQuery()} />);

describe('监管视频监控 screen', () => {
  it('groups the cameras by district: tree, wall order, district figures and rates', async () => {
    await expectOneCallFills(VIDEO_URL_PATH, videoAnswer(), renderScreen, PANELS);
    // Districts most cameras first, each followed by its projects.
    const tree = within(panel('区域项目')).getAllByRole('button').map((b) => b.textContent);
    expect(tree).toEqual([
      '全部区域9 / 12',
      '市中区7 / 8',
      '甜城湖片区棚户区改造项目5 / 6',
      '内江高新区标准化厂房三期2 / 2',
      '东兴区2 / 4',
      '汉渝大道（东兴段）道路改造工程2 / 4',
      '隆昌市未接入',
      '城西污水处理厂扩建工程未接入',
    ]);
    // The wall lists 市中区's cameras first (both its projects), then 东兴区's.
    const names = cameraTiles().map((b) => b.getAttribute('aria-label') ?? '');
    expect(names.slice(6, 8).every((n) => n.startsWith('内江高新区标准化厂房三期'))).toBe(true);
    expect(names[8]).toMatch(/^汉渝大道/);
    const ranks = within(panel('区域在线率排行')).getAllByRole('listitem').map((li) => li.textContent);
    expect(ranks).toEqual([expect.stringContaining('市中区（7/8）87.5'), expect.stringContaining('东兴区（2/4）50')]);
    const bars = optionsSetAsJson().find((o) => o.includes('"市中区","东兴区","隆昌市"'));
    expect(bars).toContain('[7,2,0]');
    expect(bars).toContain('[1,2,0]');
  });

  it('a district or one of its projects goes on the wall alone', async () => {
    answerWith(VIDEO_URL_PATH, videoAnswer());
    await renderScreen();
    fireEvent.click(within(panel('区域项目')).getByRole('button', { name: /^东兴区/ }));
    expect(cameraTiles()).toHaveLength(4);
    expect(panel('监控画面').textContent).toContain('东兴区');
    fireEvent.click(within(panel('区域项目')).getByRole('button', { name: /^内江高新区/ }));
    expect(cameraTiles().map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringContaining('1#视频监控'), expect.stringContaining('2#视频监控')]);
    expect(within(panel('区域项目')).getByRole('button', { name: /^内江高新区/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(panel('区域项目')).getByRole('button', { name: /^全部区域/ }));
    expect(cameraTiles()).toHaveLength(9);
  });

  it('districts: sums per area code, a project without one under 未填写', () => {
    const projects = videoAnswer().projects.map((p, i) => (i === 2 ? { ...p, areaCode: '', areaName: '' } : p));
    const d = byDistrict(projects);
    expect(d.map((x) => [x.areaName, x.total, x.online, x.projects.length])).toEqual([
      ['市中区', 6, 5, 1],
      ['东兴区', 4, 2, 1],
      ['未填写', 2, 2, 1],
      ['隆昌市', 0, 0, 1],
    ]);
  });
});
