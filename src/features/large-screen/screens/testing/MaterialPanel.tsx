// 材料检测: per material kind, qualified and unqualified reports stacked, and the samples still under test.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../kit/charts/BarChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { TestingGroup } from '../../../../../common/screens/testing';

export function MaterialPanel({ groups, frame }: { groups: TestingGroup[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = groups ?? [];
    const series: BarSeries[] = [
      { name: '合格', data: rows.map((g) => g.qualified), color: '#22e3a5', stack: 'report' },
      { name: '不合格', data: rows.map((g) => g.unqualified), color: '#ff4d6d', stack: 'report' },
      { name: '在检', data: rows.map((g) => g.pending), color: '#1ec8ff' },
    ];
    return { categories: rows.map((g) => g.name), series };
  }, [groups]);
  return (
    <Panel title="材料检测情况" {...frame} empty={!groups || groups.length === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="组" horizontal label="各类材料检测结果" />
    </Panel>
  );
}
