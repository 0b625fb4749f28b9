// Gauge of the kit: one value on a 0–max dial, coloured bands (low → high).
import { useMemo } from 'react';
import { EChart } from './EChart';
import type { ChartOption } from './echarts';
import { fontPx, formatValue, px } from './theme';

/** Band ends as a fraction of max, with their colour; the last should end at 1. */
export type GaugeBand = [number, string];

export type GaugeChartProps = {
  value: number;
  max?: number;
  name: string;
  unit?: string;
  bands?: readonly GaugeBand[];
  label: string;
  className?: string;
};

const DEFAULT_BANDS: readonly GaugeBand[] = [
  [0.6, '#ff4d6d'],
  [0.85, '#ffc53d'],
  [1, '#22e3a5'],
];

export function gaugeOption({ value, max = 100, name, unit = '', bands = DEFAULT_BANDS }: GaugeChartProps, em: number): ChartOption {
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max,
        radius: '92%',
        center: ['50%', '58%'],
        startAngle: 210,
        endAngle: -30,
        splitNumber: 5,
        axisLine: { lineStyle: { width: px(em, 0.55), color: bands.map(([at, color]) => [at, color]) } },
        progress: { show: false },
        pointer: { width: px(em, 0.3), length: '62%', itemStyle: { color: 'auto' } },
        axisTick: { distance: -px(em, 0.55), length: px(em, 0.3), lineStyle: { color: '#04162f', width: 1 } },
        splitLine: { distance: -px(em, 0.55), length: px(em, 0.55), lineStyle: { color: '#04162f', width: 2 } },
        axisLabel: { distance: px(em, 0.8), color: '#9fc7ec', fontSize: fontPx(em, 0.65) },
        anchor: { show: true, size: px(em, 0.6), itemStyle: { color: '#1ec8ff' } },
        title: { offsetCenter: [0, '72%'], color: '#8fd3ff', fontSize: fontPx(em, 0.75) },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '40%'],
          color: '#ffffff',
          fontSize: fontPx(em, 1.4),
          fontWeight: 'bold',
          fontFamily: 'DIN Alternate, Bahnschrift, Roboto, sans-serif',
          formatter: (v: number) => formatValue(v, unit),
        },
        data: [{ value, name }],
      },
    ],
  };
}

export function GaugeChart(props: GaugeChartProps) {
  const { value, max, name, unit, bands, label, className } = props;
  const option = useMemo(() => (em: number) => gaugeOption({ value, max, name, unit, bands, label }, em), [value, max, name, unit, bands, label]);
  return <EChart option={option} label={label} className={className} />;
}
