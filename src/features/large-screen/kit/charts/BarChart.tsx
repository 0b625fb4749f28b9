// Bar chart of the kit: grouped or stacked series over categories, vertical or horizontal.
import { useMemo } from 'react';
import { EChart } from './EChart';
import type { BarSeriesOption, ChartOption } from './echarts';
import { axisTooltipFormatter, categoryAxis, colorAt, legend, px, tooltip, valueAxis } from './theme';

/** `null` is a gap: no bar, 无数据 in the tooltip. */
export type BarSeries = { name: string; data: readonly (number | null)[]; color?: string; stack?: string };

export type BarChartProps = {
  categories: readonly string[];
  series: readonly BarSeries[];
  unit?: string;
  horizontal?: boolean;
  label: string;
  className?: string;
};

export function barOption({ categories, series, unit = '', horizontal }: BarChartProps, em: number): ChartOption {
  const category = categoryAxis(em, categories);
  const value = valueAxis(em, unit || undefined);
  return {
    color: series.map((s, i) => colorAt(i, s.color)),
    tooltip: { ...tooltip(em), trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: axisTooltipFormatter(() => unit) },
    legend: { ...legend(em), data: series.map((s) => s.name) },
    grid: { left: px(em, 0.5), right: px(em, 1), top: px(em, 2.2), bottom: px(em, 0.3), containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: series.map(
      (s, i): BarSeriesOption => ({
        type: 'bar',
        name: s.name,
        data: [...s.data],
        stack: s.stack,
        barMaxWidth: px(em, 1.1),
        itemStyle: {
          borderRadius: s.stack ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0],
          color: {
            type: 'linear',
            x: 0,
            y: horizontal ? 0 : 1,
            x2: horizontal ? 1 : 0,
            y2: 0,
            colorStops: [
              { offset: 0, color: `${colorAt(i, s.color)}55` },
              { offset: 1, color: colorAt(i, s.color) },
            ],
          },
        },
      }),
    ),
  };
}

export function BarChart(props: BarChartProps) {
  const { categories, series, unit, horizontal, label, className } = props;
  const option = useMemo(() => (em: number) => barOption({ categories, series, unit, horizontal, label }, em), [categories, series, unit, horizontal, label]);
  return <EChart option={option} label={label} className={className} />;
}
