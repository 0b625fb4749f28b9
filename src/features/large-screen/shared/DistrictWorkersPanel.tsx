// 区县人员出勤 (supervision overview, 实名制登记): workers on the roster and attended today in each
// district, with the attendance rate.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../kit/charts/BarChart';
import { Panel } from '../kit/Panel';
import { percentOf } from '../kit/format';
import type { SourceFrame } from '../kit/frame';
import type { DistrictCounts } from '../../../../common/screens/supervisory';

export function DistrictWorkersPanel({ districts, frame }: { districts: DistrictCounts[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = districts ?? [];
    const series: BarSeries[] = [
      { name: '在册人员', data: list.map((d) => d.roster), color: '#4d94ff' },
      { name: '今日出勤', data: list.map((d) => d.attended), color: '#22e3a5' },
    ];
    return { categories: list.map((d) => d.areaName || d.areaCode || '未填写'), series };
  }, [districts]);
  const roster = districts?.reduce((n, d) => n + d.roster, 0) ?? 0;
  const attended = districts?.reduce((n, d) => n + d.attended, 0) ?? 0;
  return (
    <Panel title="区县人员出勤" {...frame} empty={!districts || roster === 0} extra={districts && <span>出勤率 {percentOf(attended, roster)}%</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="人" label="各区县在册与今日出勤人数" />
    </Panel>
  );
}
