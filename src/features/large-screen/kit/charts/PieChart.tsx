// Pie chart of the kit; RingChart is the same chart with a hole and the total in the middle.
import { useMemo } from 'react';
import { EChart } from './EChart';
import type { ChartOption } from './echarts';
import { pieLayout, type ChartBox } from './pie-layout';
import { colorAt, escapeHtml, fontPx, formatValue, px, TEXT_COLOR, TEXT_MIN_PX, tooltip } from './theme';

export type PieDatum = { name: string; value: number; color?: string };

export type PieChartProps = {
  data: readonly PieDatum[];
  unit?: string;
  label: string;
  className?: string;
};

export type PieShape = { ring: boolean; centerLabel?: string };

/**
 * Pie with its legend (name and value) beside it in a wide box or under it in a tall one (`pieLayout`):
 * the radius follows the smaller side, so no aspect cuts the pie or its legend.
 */
export function pieOption({ data, unit = '' }: PieChartProps, em: number, { ring, centerLabel }: PieShape, box: ChartBox): ChartOption {
  const total = data.reduce((n, d) => n + d.value, 0);
  const byName = new Map(data.map((d) => [d.name, d.value]));
  const legendLine = (name: string) => `${name}  ${formatValue(byName.get(name), unit)}`;
  const fontSize = fontPx(em, 0.75);
  const iconSize = px(em, 0.6);
  const itemGap = px(em, 0.55);
  const layout = pieLayout({ lines: data.map((d) => legendLine(d.name)), fontSize, iconSize, itemGap, em }, box);
  const side = layout.legendAt === 'side';
  const inner = ring ? layout.radius * 0.72 : 0;
  // The total fits the hole: at most 1.5em, smaller in a small ring.
  const totalSize = Math.max(TEXT_MIN_PX, Math.min(px(em, 1.5), inner * 0.62));
  const subSize = Math.max(TEXT_MIN_PX, Math.min(px(em, 0.7), inner * 0.3));
  const titleGap = px(em, 0.2);
  const titleHeight = totalSize * 1.1 + titleGap + subSize * 1.2;
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
      type: layout.pages ? 'scroll' : 'plain',
      orient: side ? 'vertical' : 'horizontal',
      left: side ? layout.legend.left : 'center',
      top: layout.legend.top,
      width: layout.legend.width,
      height: layout.legend.height,
      padding: 0,
      icon: 'circle',
      itemWidth: iconSize,
      itemHeight: iconSize,
      itemGap: side ? itemGap : px(em, 0.8),
      textStyle: { color: TEXT_COLOR, fontSize, width: layout.textWidth, overflow: 'truncate' },
      pageIconColor: '#8fd3ff',
      pageIconInactiveColor: '#34506e',
      pageIconSize: px(em, 0.6),
      pageTextStyle: { color: TEXT_COLOR, fontSize },
      formatter: legendLine,
    },
    title: ring
      ? {
          text: String(total),
          subtext: centerLabel ?? '合计',
          left: layout.cx,
          top: layout.cy - titleHeight / 2,
          textAlign: 'center',
          padding: 0,
          itemGap: titleGap,
          textStyle: { color: '#ffffff', fontSize: totalSize, fontWeight: 'bold', fontFamily: 'DIN Alternate, Bahnschrift, Roboto, sans-serif' },
          subtextStyle: { color: '#8fd3ff', fontSize: subSize },
        }
      : undefined,
    series: [
      {
        type: 'pie',
        name: centerLabel ?? '',
        center: [layout.cx, layout.cy],
        radius: [inner, layout.radius],
        avoidLabelOverlap: true,
        label: { show: false },
        labelLine: { show: false },
        // The hovered slice grows into the padding, not past the box.
        emphasis: { scaleSize: Math.min(6, em * 0.3) },
        itemStyle: { borderColor: '#04162f', borderWidth: Math.max(1, em * 0.12) },
        data: data.map((d) => ({ name: d.name, value: d.value })),
      },
    ],
  };
}

export function PieChart(props: PieChartProps) {
  const { data, unit, label, className } = props;
  const option = useMemo(() => (em: number, box: ChartBox) => pieOption({ data, unit, label }, em, { ring: false }, box), [data, unit, label]);
  return <EChart option={option} label={label} className={className} />;
}
