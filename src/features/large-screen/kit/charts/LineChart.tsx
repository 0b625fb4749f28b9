// Line chart of the kit: categories on x, one or two value axes, optional threshold lines (markLine).
import { useMemo } from 'react';
import { EChart } from './EChart';
import type { ChartOption, LineSeriesOption } from './echarts';
import { axisTooltipFormatter, categoryAxis, colorAt, fontPx, legend, px, tooltip, valueAxis, WARNING_COLOR } from './theme';

export type Threshold = { name: string; value: number; color?: string };

export type LineSeries = {
  name: string;
  data: readonly (number | null)[];
  color?: string;
  /** Fill under the line. */
  area?: boolean;
  /** 0 left axis (default), 1 right axis. */
  axis?: 0 | 1;
  /** Threshold lines drawn on this series' axis. */
  thresholds?: readonly Threshold[];
};

export type LineChartProps = {
  categories: readonly string[];
  series: readonly LineSeries[];
  /** Units of the left and (optional) right axis, e.g. ['µg/m³', 'dB']. */
  units?: readonly [string, string?];
  label: string;
  className?: string;
};

/** An axis' upper end that keeps its threshold lines in view (ECharts scales to the data only). */
const maxWithThresholds = (series: readonly LineSeries[], axis: 0 | 1) => {
  const limit = Math.max(-Infinity, ...series.filter((s) => (s.axis ?? 0) === axis).flatMap((s) => (s.thresholds ?? []).map((t) => t.value)));
  return Number.isFinite(limit) ? (extent: { max: number }) => niceCeil(Math.max(extent.max, limit * 1.05)) : undefined;
};

/** Rounds up to a readable axis end: 165 → 200, 77 → 80. */
export const niceCeil = (v: number): number => {
  if (v <= 0) return 0;
  const step = 10 ** Math.floor(Math.log10(v)) / 2;
  return Math.ceil(v / step) * step;
};

export function lineOption({ categories, series, units = [''] }: LineChartProps, em: number): ChartOption {
  const twoAxes = series.some((s) => s.axis === 1);
  const unitOf = (i: number) => units[series[i]?.axis ?? 0] ?? '';
  return {
    color: series.map((s, i) => colorAt(i, s.color)),
    tooltip: { ...tooltip(em), trigger: 'axis', formatter: axisTooltipFormatter(unitOf) },
    legend: { ...legend(em), right: undefined, left: 'center', data: series.map((s) => s.name) },
    grid: { left: px(em, 0.5), right: px(em, twoAxes ? 0.5 : 1), top: px(em, 2.4), bottom: px(em, 0.3), containLabel: true },
    xAxis: { ...categoryAxis(em, categories), boundaryGap: false },
    yAxis: twoAxes
      ? [
          { ...valueAxis(em, units[0]), max: maxWithThresholds(series, 0) },
          { ...valueAxis(em, units[1]), max: maxWithThresholds(series, 1), splitLine: { show: false } },
        ]
      : { ...valueAxis(em, units[0]), max: maxWithThresholds(series, 0) },
    series: series.map(
      (s, i): LineSeriesOption => ({
        type: 'line',
        name: s.name,
        data: [...s.data],
        yAxisIndex: s.axis ?? 0,
        smooth: true,
        connectNulls: false,
        showSymbol: false,
        lineStyle: { width: Math.max(1.5, em * 0.12) },
        areaStyle: s.area
          ? {
              color: {
                type: 'linear',
                x: 0,
                y: 0,
                x2: 0,
                y2: 1,
                colorStops: [
                  { offset: 0, color: `${colorAt(i, s.color)}66` },
                  { offset: 1, color: `${colorAt(i, s.color)}00` },
                ],
              },
            }
          : undefined,
        markLine: s.thresholds?.length
          ? {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed', width: 1 },
              label: { position: 'insideEndTop', fontSize: fontPx(em, 0.7) },
              data: s.thresholds.map((t) => ({
                name: t.name,
                yAxis: t.value,
                lineStyle: { color: t.color ?? WARNING_COLOR },
                label: { formatter: `${t.name} ${t.value}`, color: t.color ?? WARNING_COLOR },
              })),
            }
          : undefined,
      }),
    ),
  };
}

export function LineChart(props: LineChartProps) {
  const { categories, series, units, label, className } = props;
  const option = useMemo(() => (em: number) => lineOption({ categories, series, units, label }, em), [categories, series, units, label]);
  return <EChart option={option} label={label} className={className} />;
}
