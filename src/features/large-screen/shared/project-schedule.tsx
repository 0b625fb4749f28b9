// What 工程概况 and 项目管理 both show of a project: its §3.5 status as a coloured badge, its schedule in
// words and as a bar (工期进度), and the projects per district (区域分布).
import { useMemo, type ReactNode } from 'react';
import { BarChart, type BarSeries } from '../kit/charts/BarChart';
import { Panel } from '../kit/Panel';
import type { SourceFrame } from '../kit/frame';
import './project-schedule.css';

/** The schedule fields of a project answer. */
export type ScheduleFields = { status: number; startDate: string | null; daysElapsed: number; elapsedPercent: number | null };

/** §3.5 project status codes the schedule text depends on. */
const PLANNED = new Set([1, 2]);
const FINISHED = 4;

/** The schedule of a project in words: 已竣工, planned start, elapsed share, or days since the start. */
export function scheduleText(p: ScheduleFields): string {
  if (p.status === FINISHED) return '已竣工';
  if (PLANNED.has(p.status)) return p.startDate ? `计划 ${p.startDate} 开工` : '未定开工日期';
  if (p.elapsedPercent !== null) return `工期已过 ${p.elapsedPercent}%`;
  return p.startDate ? `已开工 ${p.daysElapsed} 天` : '未定开工日期';
}

/** A §3.5 status in its map-legend colour (§3.4). */
export function ProjectStatusBadge({ status, name }: { status: number; name: string }) {
  return <span className={`ls-pstatus is-${status}`}>{name}</span>;
}

/** 工期进度: the elapsed share as a bar with its figure, or the schedule in words when there is no share. */
export function ScheduleProgress({ project }: { project: ScheduleFields }) {
  const text = scheduleText(project);
  if (project.elapsedPercent === null) return <span title={text}>{text}</span>;
  return (
    <span className="ls-progress" title={text} role="meter" aria-valuenow={project.elapsedPercent} aria-valuemin={0} aria-valuemax={100} aria-label="工期进度">
      <span className="ls-progress-track" aria-hidden="true">
        <span className="ls-progress-bar" style={{ width: `${project.elapsedPercent}%` }} />
      </span>
      <span className="ls-digits">{project.elapsedPercent}%</span>
    </span>
  );
}

export type AreaCount = { areaCode: string; areaName: string; count: number; inProgress: number };

/** 区域分布: projects and those under construction per district. */
export function AreaCountPanel({ areas, frame, extra }: { areas: readonly AreaCount[] | undefined; frame: SourceFrame; extra?: ReactNode }) {
  const chart = useMemo(() => {
    const list = areas ?? [];
    const series: BarSeries[] = [
      { name: '项目数', data: list.map((a) => a.count), color: '#1ec8ff' },
      { name: '在建', data: list.map((a) => a.inProgress), color: '#22e3a5' },
    ];
    return { categories: list.map((a) => a.areaName || a.areaCode || '未填写'), series };
  }, [areas]);
  return (
    <Panel title="区域分布" {...frame} empty={!areas || areas.length === 0} extra={extra}>
      <BarChart categories={chart.categories} series={chart.series} unit="个" label="各区县项目数量" />
    </Panel>
  );
}
