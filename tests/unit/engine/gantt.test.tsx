// 甘特图, the first page view (docs/metadata.md "Page views", docs/schedule.md): the geometry from dates
// (bars, progress, milestones as diamonds, the today line, links, the zoom's axis, collapsed branches),
// the schema check of list.views, and the view over the rows of the 项目进度计划 page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { checkSchemas } from '../../../common/metadata/check';
import { PAGE_VIEW_NAMES } from '../../../common/metadata/page-views';
import { formatProblem } from '../../../common/metadata/problems';
import { readSchemas } from '../../../codegen/read-schemas';
import taskJson from '../../../schemas/entities/schedule-task.json';
import dependencyJson from '../../../schemas/entities/schedule-dependency.json';
import pageJson from '../../../schemas/pages/project-schedule.json';
import { ganttLayout, visibleRows, type GanttTask } from '../../../src/engine/page/views/gantt-model';
import { GanttView, ganttTaskOf } from '../../../src/engine/page/views/GanttView';
import { PAGE_VIEW_COMPONENTS } from '../../../src/engine/page/views/registry';
import { ok, stubFetch } from '../features/fetchStub';
import { renderEngine, signIn } from './engine-fixtures';

const entity = taskJson as unknown as EntitySchema;
const page = pageJson as unknown as PageSchema;
const view = page.list.views![0];
const PAGE = 'schemas/pages/project-schedule.json';

const task = (over: Partial<GanttTask> & Pick<GanttTask, 'id'>): GanttTask => ({
  parentId: null, code: over.id, label: `任务${over.id}`, start: '2026-01-05', end: '2026-01-09', actualStart: null, actualEnd: null,
  progress: 0, milestone: false, status: '1', delayDays: 0, ...over,
});
const TASKS: GanttTask[] = [
  task({ id: '1', code: '1', label: '地基与基础', start: '2026-01-05', end: '2026-01-12' }),
  task({ id: '2', parentId: '1', code: '1.1', start: '2026-01-05', end: '2026-01-09', actualStart: '2026-01-06', progress: 50 }),
  task({ id: '3', parentId: '1', code: '1.2', start: '2026-01-12', end: '2026-01-12', milestone: true }),
  task({ id: '4', code: '2', start: '2026-01-13', end: '2026-01-20' }),
];

describe('the Gantt geometry', () => {
  it('places bars by their dates, fills the progress and draws milestones as diamonds', () => {
    const layout = ganttLayout(TASKS, [], { today: '2026-01-07', zoom: 'day' });
    // Day zoom: 28 px a day; the axis starts 3 days before the first date (2026-01-02).
    expect(layout.start).toBe('2026-01-02');
    expect(layout.dayWidth).toBe(28);
    const row = (id: string) => layout.rows.find((r) => r.id === id)!;
    expect(row('2').planned).toEqual({ left: 3 * 28, width: 5 * 28 });
    expect(row('2').progressWidth).toBe(70);
    // Started 01-06, not finished: the actual bar runs to today.
    expect(row('2').actual).toEqual({ left: 4 * 28, width: 2 * 28 });
    expect(row('3').planned).toBeNull();
    expect(row('3').diamond).toEqual({ x: 10.5 * 28, y: 2 * 32 + 16 });
    expect(row('4').planned).toEqual({ left: 11 * 28, width: 8 * 28 });
    // The today line crosses the middle of today's column.
    expect(layout.today).toBe(5.5 * 28);
    expect(layout.rows.map((r) => [r.code, r.depth])).toEqual([['1', 0], ['1.1', 1], ['1.2', 1], ['2', 0]]);
  });

  it('zooms: a week is 84 px from a Monday, a month about 120 px from the 1st; the headers follow', () => {
    const week = ganttLayout(TASKS, [], { today: '2026-01-07', zoom: 'week' });
    expect(week.start).toBe('2025-12-29');
    expect(week.minor[0]).toEqual({ left: 0, width: 84, label: '12/29' });
    expect(week.major.map((t) => t.label)).toEqual(['12月', '1月']);
    const month = ganttLayout(TASKS, [], { today: '2026-01-07', zoom: 'month' });
    expect(month.start).toBe('2025-12-01');
    expect(month.minor.map((t) => t.label)).toEqual(['12月', '1月', '2月']);
    expect(month.minor[0].width).toBe(31 * 4);
    expect(month.major.map((t) => t.label)).toEqual(['2025年', '2026年']);
    // The axis always reaches today, also for a plan years ahead.
    const ahead = ganttLayout([task({ id: '9', start: '2030-01-01', end: '2030-01-02' })], [], { today: '2026-01-07', zoom: 'month' });
    expect(ahead.start).toBe('2025-12-01');
    expect(ahead.today).toBe((37 + 0.5) * 4);
  });

  it('collapses a branch and draws finish-to-start links between shown rows only', () => {
    expect(visibleRows(TASKS, new Set(['1'])).map((r) => r.id)).toEqual(['1', '4']);
    const links = [{ from: '2', to: '3', lag: 0 }, { from: '3', to: '4', lag: 1 }];
    const open = ganttLayout(TASKS, links, { today: '2026-01-07', zoom: 'day' });
    expect(open.links.map((l) => `${l.from}>${l.to}`)).toEqual(['2>3', '3>4']);
    // From the end of 1.1's bar (x 224) at its row's middle (y 48).
    expect(open.links[0].path.startsWith('M224,48')).toBe(true);
    const closed = ganttLayout(TASKS, links, { today: '2026-01-07', zoom: 'day', collapsed: new Set(['1']) });
    expect(closed.links).toEqual([]);
  });
});

function problemsOf(edit: (p: PageSchema) => void): string[] {
  const { sources } = readSchemas();
  const copy = structuredClone(sources);
  edit(copy.pages.find((f) => f.file.endsWith('pages/project-schedule.json'))!.json as unknown as PageSchema);
  return checkSchemas(copy).problems.map(formatProblem);
}

describe('list.views in the schema', () => {
  it('names a registered view whose props name fields and a child collection of the entity', () => {
    expect(Object.keys(PAGE_VIEW_COMPONENTS).sort()).toEqual([...PAGE_VIEW_NAMES].sort());
    expect(problemsOf(() => {})).toEqual([]);
    expect(problemsOf((p) => (p.list.views![0].component = 'Calendar' as never))).toEqual([`${PAGE}: /list/views/0/component: "Calendar" is not a page view (known: Gantt)`]);
    expect(problemsOf((p) => delete p.list.views![0].props.start)).toEqual([`${PAGE}: /list/views/0/props: Gantt needs the prop "start"`]);
    expect(problemsOf((p) => (p.list.views![0].props.end = 'finish'))).toEqual([`${PAGE}: /list/views/0/props/end: entity ScheduleTask has no field "finish"`]);
    expect(problemsOf((p) => (p.list.views![0].props.links = 'after'))).toEqual([`${PAGE}: /list/views/0/props/links: entity ScheduleTask has no child collection "after"`]);
    expect(problemsOf((p) => (p.list.views![0].props.linkLag = 'gap'))).toEqual([`${PAGE}: /list/views/0/props/linkLag: entity ScheduleDependency has no field "gap"`]);
    expect(problemsOf((p) => (p.list.views![0].props.colour = 'status'))).toEqual([`${PAGE}: /list/views/0/props/colour: Gantt has no prop "colour"`]);
    expect(problemsOf((p) => (p.list.views![0].name = 'list'))).toEqual([`${PAGE}: /list/views/0/name: view name "list" is used twice (or is "list")`]);
  });
});

describe('the Gantt view of 项目进度计划', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);
  const rows = [
    { id: '11', projectId: '1', wbsCode: '3', taskName: '主体结构工程', parentId: null, plannedStart: shift(-40), plannedEnd: shift(20), actualStart: shift(-38), progress: 60, milestone: false, status: '2', delayDays: 0 },
    { id: '12', projectId: '1', wbsCode: '3.1', taskName: '13~18层主体结构施工', parentId: 11, plannedStart: shift(-40), plannedEnd: shift(-2), actualStart: shift(-38), progress: 80, milestone: false, status: '4', delayDays: 2 },
    { id: '13', projectId: '1', wbsCode: '3.2', taskName: '主体结构封顶', parentId: 11, plannedStart: shift(10), plannedEnd: shift(10), progress: 0, milestone: true, status: '1', delayDays: 0 },
  ];

  it('reads the rows through its props, draws bars, the milestone, the link and today; collapses and zooms', async () => {
    expect(ganttTaskOf(rows[1], view.props, 'id', 'parentId')).toMatchObject({ id: '12', parentId: '11', code: '3.1', progress: 80, delayDays: 2 });
    const { callsTo } = stubFetch({
      'GET /prod-api/api/SysDictionary/GetListByType': () => ok([{ xuHao: '4', selContent: '已延期' }]),
      'GET /prod-api/api/ScheduleDependency/WhereDependencyList': () => ok([{ id: '1', taskId: 13, predecessorId: 12, lagDays: 0, projectId: '1' }]),
    });
    const opened: string[] = [];
    renderEngine(
      <GanttView
        page={page}
        entity={entity}
        related={{ ScheduleDependency: dependencyJson as unknown as EntitySchema }}
        view={view}
        rows={rows}
        filters={[{ field: 'projectId', operator: 'eq', value: '1' }, { field: 'plannedEnd', operator: 'gte', value: '2026-01-01' }]}
        loading={false}
        can={() => true}
        onOpen={(id) => opened.push(id)}
      />,
    );
    await waitFor(() => expect(document.querySelectorAll('.engine-gantt-link')).toHaveLength(1));
    // The links are read under the list's filters the dependency entity has (the project, not the dates).
    expect(JSON.parse(callsTo('GET', '/prod-api/api/ScheduleDependency/WhereDependencyList')[0].query.get('filters')!)).toEqual([{ field: 'projectId', operator: 'eq', value: '1' }]);
    expect(document.querySelectorAll('.engine-gantt-planned')).toHaveLength(2);
    expect(document.querySelectorAll('.engine-gantt-actual.engine-gantt-late')).toHaveLength(1);
    expect(document.querySelectorAll('polygon.engine-gantt-milestone')).toHaveLength(1);
    expect(document.querySelector('.engine-gantt-today')).not.toBeNull();
    expect(screen.getByRole('treeitem', { name: /13~18层主体结构施工/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '收起 主体结构工程' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(1);
    expect(document.querySelectorAll('polygon.engine-gantt-milestone')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    expect(screen.getAllByRole('treeitem')).toHaveLength(3);

    const weekWidth = Number(document.querySelector('svg.engine-gantt-chart')!.getAttribute('width'));
    await act(async () => fireEvent.click(screen.getByText('日')));
    expect(document.querySelector('.engine-gantt')!.getAttribute('data-zoom')).toBe('day');
    expect(Number(document.querySelector('svg.engine-gantt-chart')!.getAttribute('width'))).toBeGreaterThan(weekWidth);

    fireEvent.click(screen.getByRole('button', { name: /主体结构封顶$/ }));
    expect(opened).toEqual(['13']);
  });
});
