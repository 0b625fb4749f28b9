// 工种分布: the largest trades on the roster, with today's attendance and those on site now.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../kit/charts/BarChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { BuildPersonnel } from '../../../../../common/screens/personnel';

/** Trades shown (the roster is grouped most first); the rest are counted in the panel's extra. */
export const JOB_TYPES_SHOWN = 8;

export function JobTypePanel({ jobs, frame }: { jobs: BuildPersonnel['byJobType'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const top = (jobs ?? []).slice(0, JOB_TYPES_SHOWN);
    const series: BarSeries[] = [
      { name: '在册', data: top.map((j) => j.roster), color: '#1ec8ff' },
      { name: '出勤', data: top.map((j) => j.attended), color: '#22e3a5' },
      { name: '在场', data: top.map((j) => j.onSite), color: '#ffc53d' },
    ];
    return { categories: top.map((j) => j.name), series };
  }, [jobs]);
  return (
    <Panel title="工种分布" {...frame} empty={!jobs || jobs.length === 0} extra={jobs && <span>共 {jobs.length} 个工种</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="人" horizontal label="各工种在册、出勤与在场人数" />
    </Panel>
  );
}
