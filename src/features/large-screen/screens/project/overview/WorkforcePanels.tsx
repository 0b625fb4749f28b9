// 近7日出勤 (workers attended per day, today last); 工种分布 is the personnel screens' (shared/personnel).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import type { ProjectOverview } from '../../../../../../common/screens/project-overview';
import { BarChart } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';

export function AttendanceTrendPanel({ data, frame }: { data: ProjectOverview | undefined; frame: SourceFrame }) {
  const trend = data?.attendanceTrend;
  const { categories, series } = useMemo(
    () => ({
      categories: (trend ?? []).map((d) => chinaFormat(d.date, 'MM-DD')),
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
