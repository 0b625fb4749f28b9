// 进度管理 (§2.4 /LargeScreen/ProjectScreen/ScheduleManagement, docs/schedule.md) over a stubbed server:
// one request fills every panel — overall progress, tasks by status, milestones, the S-curve of planned
// against actual cumulative progress, delayed tasks with their delay, this week's and next week's tasks.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ScheduleManagement, ScheduleTaskItem } from '../../../common/screens/schedule';
import { expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, answerWith, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';
import { seriesOf } from './support/echarts-stub';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { ScheduleScreen } = await import('../../../src/features/large-screen/screens/project/schedule/ScheduleScreen');

const URL_PATH = '/prod-api/api/TyScreen/ScheduleManagement';

const task = (over: Partial<ScheduleTaskItem>): ScheduleTaskItem => ({
  id: '1', code: '3.4', name: '13~18层主体结构施工', plannedStart: '2026-10-20', plannedEnd: '2026-12-06', actualStart: '2026-10-27', actualEnd: null,
  progress: 65, status: '2', statusName: '进行中', delayDays: 0, milestone: false, responsibleUnit: '内江建工建筑工程有限公司', responsiblePerson: '王磊', ...over,
});

const data = (): ScheduleManagement => ({
  updatedAt: '2026-11-28T04:00:00.000Z',
  today: '2026-11-28',
  project: { id: '1', name: '甜城湖片区棚户区改造项目', plannedStart: '2026-02-01', plannedEnd: '2027-06-01' },
  summary: { tasks: 24, done: 12, inProgress: 5, notStarted: 4, delayed: 3, milestones: 6, milestonesDone: 2, plannedPercent: 52.4, actualPercent: 48.1, deviation: -4.3, maxDelayDays: 18 },
  byStatus: [
    { code: '1', name: '未开始', count: 4 },
    { code: '2', name: '进行中', count: 5 },
    { code: '3', name: '已完成', count: 12 },
    { code: '4', name: '已延期', count: 3 },
  ],
  curve: [
    { date: '2026-02-01', planned: 0.5, actual: 0.4 },
    { date: '2026-08-01', planned: 30, actual: 28 },
    { date: '2026-11-28', planned: 52.4, actual: 48.1 },
    { date: '2027-06-01', planned: 100, actual: null },
  ],
  milestones: [
    { id: '4', code: '1.3', name: '开工令下达', plannedDate: '2026-02-13', actualDate: '2026-02-15', state: 'done', days: 2 },
    { id: '16', code: '3.5', name: '主体结构封顶', plannedDate: '2026-12-08', actualDate: null, state: 'upcoming', days: 10 },
    { id: '30', code: '6.1', name: '消防专项验收', plannedDate: '2026-11-20', actualDate: null, state: 'overdue', days: 8 },
  ],
  delayed: [
    task({ id: '21', code: '4.3', name: '通风空调系统安装', status: '4', statusName: '已延期', delayDays: 18, progress: 0, actualStart: null }),
    task({ id: '25', code: '5.2', name: '精装修样板间施工', status: '4', statusName: '已延期', delayDays: 6, progress: 70 }),
  ],
  thisWeek: [task({}), task({ id: '24', code: '5.1', name: '二次结构砌体工程', progress: 40 })],
  nextWeek: [],
});

const PANELS = ['总体进度', '任务状态', '里程碑', '计划与实际进度（S曲线）', '延期任务', '本周任务', '下周任务'];

setUpScreenTests({ box: { width: 600, height: 300 } });

const renderScreen = (pjctid1?: string) => mountScreen(<ScheduleScreen path="/LargeScreen/ProjectScreen/ScheduleManagement" query={screenQuery(pjctid1, 21)} />);

describe('schedule management screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, data(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '进度关键指标' });
    expect(tileValue(strip, '任务总数')).toBe('24');
    expect(tileValue(strip, '已延期')).toBe('3');
    expect(tileValue(strip, '实际进度')).toBe('48.1');
    expect(tileValue(strip, '计划进度')).toBe('52.4');
    expect(panel('总体进度').textContent).toContain('-4.3%');
    expect(panel('总体进度').textContent).toContain('甜城湖片区棚户区改造项目');

    // The S-curve: planned and actual cumulative %, the actual line ending today.
    const curve = seriesOf('计划与实际累计完成百分比');
    expect(curve.map((s) => s.name)).toEqual(['计划累计', '实际累计']);
    expect(curve[0].data).toEqual([0.5, 30, 52.4, 100]);
    expect(curve[1].data).toEqual([0.4, 28, 48.1, null]);
    expect((seriesOf('进度任务状态分布')[0].data as Array<{ name: string; value: number }>).map((d) => d.value)).toEqual([4, 5, 12, 3]);

    const milestones = within(panel('里程碑')).getAllByRole('listitem');
    expect(milestones.map((m) => m.getAttribute('data-state'))).toEqual(['done', 'upcoming', 'overdue']);
    expect(milestones[0].textContent).toContain('晚2天完成');
    expect(milestones[1].textContent).toContain('10天后');
    expect(milestones[2].textContent).toContain('逾期8天');

    const late = within(panel('延期任务')).getAllByRole('row').slice(1);
    expect(late[0].textContent).toContain('通风空调系统安装');
    expect(late[0].textContent).toContain('18天');
    expect(panel('延期任务').textContent).toContain('最长 18 天');
    expect(within(panel('本周任务')).getAllByRole('row').slice(1)[0].textContent).toContain('13~18层主体结构施工');
    expect(panel('下周任务').textContent).toContain('下周无计划任务');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('a project without a schedule: the panels say 暂无数据 or that nothing is late', async () => {
    const empty: ScheduleManagement = {
      ...data(),
      summary: { tasks: 0, done: 0, inProgress: 0, notStarted: 0, delayed: 0, milestones: 0, milestonesDone: 0, plannedPercent: 0, actualPercent: 0, deviation: 0, maxDelayDays: 0 },
      byStatus: data().byStatus.map((s) => ({ ...s, count: 0 })),
      curve: [],
      milestones: [],
      delayed: [],
      thisWeek: [],
    };
    answerWith(URL_PATH, empty);
    await renderScreen();
    expectPanelsSay(['总体进度', '任务状态', '里程碑', '计划与实际进度（S曲线）'], '暂无数据');
    expect(panel('延期任务').textContent).toContain('暂无延期任务');
  });
});
