// 区域分布: projects and those under construction per district, with the district's contract value (万元)
// on the right axis.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Engineering } from '../../../../../../common/screens/engineering';
import { moneyText } from './model';

export function AreaValuePanel({ areas, frame }: { areas: Engineering['byArea'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = areas ?? [];
    const series: BarSeries[] = [
      { name: '项目数', data: list.map((a) => a.count), color: '#1ec8ff' },
      { name: '在建', data: list.map((a) => a.inProgress), color: '#22e3a5' },
    ];
    return { categories: list.map((a) => a.areaName || a.areaCode || '未填写'), series };
  }, [areas]);
  const top = [...(areas ?? [])].sort((a, b) => b.contractAmount - a.contractAmount)[0];
  return (
    <Panel
      title="区域分布"
      {...frame}
      empty={!areas || areas.length === 0}
      extra={top && top.contractAmount > 0 && <span>合同额最高：{top.areaName} {moneyText(top.contractAmount)}</span>}
    >
      <BarChart categories={chart.categories} series={chart.series} unit="个" label="各区县项目数量" />
    </Panel>
  );
}
