// Pie chart of the kit; RingChart is the same chart with a hole and the total in the middle.
import { useMemo } from 'react';
import { EChart } from './EChart';
import type { ChartOption } from './echarts';
import { colorAt, escapeHtml, formatValue, px, TEXT_COLOR, tooltip } from './theme';

export type PieDatum = { name: string; value: number; color?: string };

export type PieChartProps = {
  data: readonly PieDatum[];
  unit?: string;
  label: string;
  className?: string;
};

export type PieShape = { ring: boolean; centerLabel?: string };

/** Pie on the left, legend with values on the right. */
export function pieOption({ data, unit = '' }: PieChartProps, em: number, { ring, centerLabel }: PieShape): ChartOption {
  const total = data.reduce((n, d) => n + d.value, 0);
  const center: [string, string] = ['30%', '52%'];
  const byName = new Map(data.map((d) => [d.name, d.value]));
  return {
    color: data.map((d, i) => colorAt(i, d.color)),
    tooltip: {
      ...tooltip(em),
      trigger: 'item',
      formatter: (p: unknown) => {
        const { marker, name, value, percent } = p as { marker?: string; name?: string; value?: number; percent?: number };
        return `${marker ?? ''}${escapeHtml(name ?? '')}：${formatValue(value, unit)}（${percent ?? 0}%）`;
      },
    },
    legend: {
      orient: 'vertical',
      left: '58%',
      top: 'middle',
      icon: 'circle',
      itemWidth: px(em, 0.6),
      itemHeight: px(em, 0.6),
      itemGap: px(em, 0.55),
      textStyle: { color: TEXT_COLOR, fontSize: px(em, 0.75) },
      formatter: (name: string) => `${name}  ${formatValue(byName.get(name), unit)}`,
    },
    title: ring
      ? {
          text: String(total),
          subtext: centerLabel ?? '合计',
          left: center[0],
          top: '38%',
          textAlign: 'center',
          itemGap: px(em, 0.2),
          textStyle: { color: '#ffffff', fontSize: px(em, 1.5), fontWeight: 'bold', fontFamily: 'DIN Alternate, Bahnschrift, Roboto, sans-serif' },
          subtextStyle: { color: '#8fd3ff', fontSize: px(em, 0.7) },
        }
      : undefined,
    series: [
      {
        type: 'pie',
        name: centerLabel ?? '',
        center,
        radius: ring ? ['56%', '78%'] : ['0%', '76%'],
        avoidLabelOverlap: true,
        label: { show: false },
        labelLine: { show: false },
        itemStyle: { borderColor: '#04162f', borderWidth: Math.max(1, em * 0.12) },
        data: data.map((d) => ({ name: d.name, value: d.value })),
      },
    ],
  };
}

export function PieChart(props: PieChartProps) {
  const { data, unit, label, className } = props;
  const option = useMemo(() => (em: number) => pieOption({ data, unit, label }, em, { ring: false }), [data, unit, label]);
  return <EChart option={option} label={label} className={className} />;
}
