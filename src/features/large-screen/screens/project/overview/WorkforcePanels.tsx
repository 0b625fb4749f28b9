// 近7日出勤 (workers attended per day, today last) and 今日工种分布 (today's attendance by 工种).
import { useMemo } from 'react';
import dayjs from 'dayjs';
import type { ProjectOverview } from '../../../../../../common/screens/project-overview';
import { BarChart } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';

export function AttendanceTrendPanel({ data, frame }: { data: ProjectOverview | undefined; frame: SourceFrame }) {
  const trend = data?.attendanceTrend;
  const { categories, series } = useMemo(
    () => ({
      categories: (trend ?? []).map((d) => dayjs(d.date).format('MM-DD')),
      series: [{ name: '出勤人数', data: (trend ?? []).map((d) => d.attended), color: '#1ec8ff' }],
    }),
    [trend],
  );
  return (
    <Panel title="近7日出勤" {...frame} empty={!trend || trend.length === 0} extra={data && <span>在册 {data.workforce.roster} 人</span>}>
      <BarChart categories={categories} series={series} unit="人" label="近7日出勤人数" />
    </Panel>
  );
}

export function JobTypePanel({ data, frame }: { data: ProjectOverview | undefined; frame: SourceFrame }) {
  const all = data?.attendedByJobType;
  const { jobs, categories, series } = useMemo(() => {
    // The eight largest (the answer is sorted most first; the horizontal chart draws the first on top).
    const top = (all ?? []).slice(0, 8);
    return { jobs: top, categories: top.map((j) => j.name), series: [{ name: '今日出勤', data: top.map((j) => j.count), color: '#22e3a5' }] };
  }, [all]);
  return (
    <Panel title="今日工种分布" {...frame} empty={jobs.length === 0}>
      <BarChart categories={categories} series={series} unit="人" horizontal label="今日各工种出勤人数" />
    </Panel>
  );
}
