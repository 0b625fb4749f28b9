// The panels of 进度管理: 总体进度 (actual against planned, gauge and deviation), 任务状态 (ring), 里程碑
// (timeline: done, upcoming, overdue), 计划与实际进度 (the S-curve), 延期任务, 本周任务 (running this week) and
// 下周任务 (starting or due next week).
import { useMemo } from 'react';
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { LineChart } from '../../../kit/charts/LineChart';
import { RingChart } from '../../../kit/charts/RingChart';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ScheduleManagement, ScheduleMilestone, ScheduleTaskItem } from '../../../../../../common/screens/schedule';

type Data = ScheduleManagement | undefined;
const STATUS_COLORS: Readonly<Record<string, string>> = { '1': '#8fb7dc', '2': '#1f8fff', '3': '#22e3a5', '4': '#ff6b81' };
const shortDate = (d: string | null): string => (d ? d.slice(5) : '--');
const noTasks = (data: Data): boolean => !data || data.summary.tasks + data.summary.milestones === 0;

export function OverallPanel({ data, frame }: { data: Data; frame: SourceFrame }) {
  const s = data?.summary;
  return (
    <Panel title="总体进度" {...frame} empty={noTasks(data)} extra={data?.project ? <span className="sm-extra">{data.project.name}</span> : undefined}>
      <div className="sm-overall">
        <GaugeChart value={s?.actualPercent ?? 0} name="实际完成" unit="%" label="总体实际完成进度" className="sm-gauge" bands={[[0.6, '#ff6b81'], [0.85, '#ffc53d'], [1, '#22e3a5']]} />
        <dl className="sm-figures">
          <div><dt>计划进度</dt><dd className="ls-digits">{s ? `${s.plannedPercent}%` : '--'}</dd></div>
          <div><dt>实际进度</dt><dd className="ls-digits">{s ? `${s.actualPercent}%` : '--'}</dd></div>
          <div>
            <dt>进度偏差</dt>
            <dd className={s && s.deviation < 0 ? 'ls-digits sm-behind' : 'ls-digits sm-ahead'}>{s ? `${s.deviation > 0 ? '+' : ''}${s.deviation}%` : '--'}</dd>
          </div>
          <div><dt>计划工期</dt><dd className="ls-digits">{data?.project?.plannedStart ? `${data.project.plannedStart} ~ ${data.project.plannedEnd}` : '--'}</dd></div>
        </dl>
      </div>
    </Panel>
  );
}

export function StatusPanel({ data, frame }: { data: Data; frame: SourceFrame }) {
  const pie = useMemo(() => (data?.byStatus ?? []).map((s) => ({ name: s.name, value: s.count, color: STATUS_COLORS[s.code] })), [data?.byStatus]);
  return (
    <Panel title="任务状态" {...frame} empty={noTasks(data)}>
      <RingChart data={pie} unit="项" label="进度任务状态分布" centerLabel="任务" />
    </Panel>
  );
}

const MILESTONE_WORDS: Readonly<Record<ScheduleMilestone['state'], string>> = { done: '已完成', upcoming: '未到期', overdue: '已逾期' };
const milestoneNote = (m: ScheduleMilestone): string =>
  m.state === 'upcoming' ? (m.days === 0 ? '今天' : `${m.days}天后`) : m.state === 'overdue' ? `逾期${m.days}天` : m.days > 0 ? `晚${m.days}天完成` : '按期完成';

export function MilestonesPanel({ data, frame }: { data: Data; frame: SourceFrame }) {
  const milestones = data?.milestones ?? [];
  return (
    <Panel title="里程碑" {...frame} empty={milestones.length === 0} extra={data ? <span className="sm-extra">已完成 {data.summary.milestonesDone}/{data.summary.milestones}</span> : undefined}>
      <ol className="sm-milestones" aria-label="里程碑节点">
        {milestones.map((m) => (
          <li key={m.id} className={`sm-milestone is-${m.state}`} data-state={m.state}>
            <i className="sm-diamond" aria-hidden />
            <span className="sm-ms-date ls-digits">{m.plannedDate}</span>
            <span className="sm-ms-name" title={m.name}>{m.name}</span>
            <span className="sm-ms-state" title={MILESTONE_WORDS[m.state]}>{milestoneNote(m)}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

export function CurvePanel({ data, frame }: { data: Data; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const points = data?.curve ?? [];
    return {
      categories: points.map((p) => p.date.slice(2).replaceAll('-', '/')),
      series: [
        { name: '计划累计', data: points.map((p) => p.planned), color: '#5fe0ff' },
        { name: '实际累计', data: points.map((p) => p.actual), color: '#22e3a5', area: true },
      ],
    };
  }, [data?.curve]);
  const s = data?.summary;
  return (
    <Panel
      title="计划与实际进度（S曲线）"
      {...frame}
      empty={!data || data.curve.length === 0}
      extra={s ? <span className="sm-extra">截至今日 计划 {s.plannedPercent}% · 实际 {s.actualPercent}%</span> : undefined}
    >
      <LineChart categories={chart.categories} series={chart.series} units={['%']} label="计划与实际累计完成百分比" className="sm-curve" />
    </Panel>
  );
}

const taskColumns = (withDelay: boolean): ReadonlyArray<ScrollColumn<ScheduleTaskItem>> => [
  { key: 'code', title: '编码', width: '4.2em', dropOrder: 2, render: (t) => <span className="ls-digits">{t.code}</span> },
  { key: 'name', title: '任务', width: 'minmax(5em, 1.6fr)', render: (t) => <span title={t.name}>{t.name}</span> },
  { key: 'plan', title: '计划', width: '7.6em', align: 'center', dropOrder: 3, render: (t) => <span className="ls-digits">{`${shortDate(t.plannedStart)}~${shortDate(t.plannedEnd)}`}</span> },
  { key: 'progress', title: '进度', width: '3.6em', align: 'right', render: (t) => <span className="ls-digits">{t.progress}%</span> },
  withDelay
    ? { key: 'delay', title: '延期', width: '4.2em', align: 'right', render: (t) => <span className="sm-behind ls-digits">{t.delayDays}天</span> }
    : { key: 'status', title: '状态', width: '4.2em', align: 'center', render: (t) => <span className={`sm-state is-${t.status}`}>{t.statusName}</span> },
  { key: 'person', title: '责任人', width: 'minmax(3.5em, 0.8fr)', dropOrder: 1, render: (t) => <span title={t.responsibleUnit}>{t.responsiblePerson || t.responsibleUnit || '--'}</span> },
];
const DELAY_COLUMNS = taskColumns(true);
const WEEK_COLUMNS = taskColumns(false);

export function DelayedPanel({ data, frame }: { data: Data; frame: SourceFrame }) {
  const rows = data?.delayed ?? [];
  return (
    <Panel title="延期任务" {...frame} extra={data ? <span className="sm-extra">共 {data.summary.delayed} 项 · 最长 {data.summary.maxDelayDays} 天</span> : undefined}>
      {data && rows.length === 0 ? (
        <div className="sm-calm">暂无延期任务</div>
      ) : (
        <ScrollTable columns={DELAY_COLUMNS} rows={rows} rowKey={(t) => t.id} label="延期任务及延期天数" visibleRows={5} rowClassName={() => 'sm-late-row'} />
      )}
    </Panel>
  );
}

export function WeekPanel({ title, tasks, data, frame }: { title: string; tasks: ScheduleTaskItem[] | undefined; data: Data; frame: SourceFrame }) {
  return (
    <Panel title={title} {...frame} extra={tasks ? <span className="sm-extra">{tasks.length} 项</span> : undefined}>
      {data && (tasks ?? []).length === 0 ? (
        <div className="sm-calm">{`${title.replace('任务', '')}无计划任务`}</div>
      ) : (
        <ScrollTable columns={WEEK_COLUMNS} rows={tasks ?? []} rowKey={(t) => t.id} label={title} visibleRows={6} rowClassName={(t) => (t.delayDays > 0 ? 'sm-late-row' : undefined)} />
      )}
    </Panel>
  );
}
