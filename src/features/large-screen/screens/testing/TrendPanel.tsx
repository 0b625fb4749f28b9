// 近14日取样与报告: samples taken per day and reports issued (unqualified ones apart).
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../kit/charts/BarChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { Testing } from '../../../../../common/screens/testing';

export function TrendPanel({ trend, frame }: { trend: Testing['trend'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = trend ?? [];
    const series: BarSeries[] = [
      { name: '取样', data: days.map((d) => d.sampled), color: '#1ec8ff' },
      { name: '合格报告', data: days.map((d) => d.reported - d.unqualified), color: '#22e3a5', stack: 'report' },
      { name: '不合格报告', data: days.map((d) => d.unqualified), color: '#ff4d6d', stack: 'report' },
    ];
    return { categories: days.map((d) => d.day.slice(5)), series };
  }, [trend]);
  return (
    <Panel title="近14日取样与报告" {...frame} empty={!trend}>
      <BarChart categories={chart.categories} series={chart.series} unit="组" label="近14日取样与出具报告" />
    </Panel>
  );
}
