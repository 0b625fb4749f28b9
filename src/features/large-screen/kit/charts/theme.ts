// Colours and type of the charts on the dark wall display. Font sizes are multiples of the body's `em`
// (which follows the display scale of §9), so a 3840-wide wall gets twice the pixels of a 1920 one.
import type { ChartOption } from './echarts';

export const CHART_COLORS = ['#1ec8ff', '#22e3a5', '#ffc53d', '#ff7a45', '#3d7bff', '#b37feb', '#ff4d6d', '#5cdbd3'] as const;

export const TEXT_COLOR = '#cfe8ff';
export const AXIS_LABEL_COLOR = '#9fc7ec';
export const AXIS_LINE_COLOR = 'rgba(97, 178, 255, 0.45)';
export const SPLIT_LINE_COLOR = 'rgba(61, 170, 255, 0.14)';
export const WARNING_COLOR = '#ff4d6d';

/** A size in px from the body em. */
export const px = (em: number, k: number): number => Math.max(8, Math.round(em * k * 10) / 10);

/** Smallest text on a wall, at any width (issue 27; the CSS's `--ls-text-min`). */
export const TEXT_MIN_PX = 12;

/** A font size in px from the body em, never under TEXT_MIN_PX. */
export const fontPx = (em: number, k: number): number => Math.max(TEXT_MIN_PX, Math.round(em * k * 10) / 10);

export const tooltip = (em: number): NonNullable<ChartOption['tooltip']> => ({
  backgroundColor: 'rgba(4, 24, 54, 0.94)',
  borderColor: '#1f8fff',
  borderWidth: 1,
  padding: [px(em, 0.4), px(em, 0.6)],
  textStyle: { color: '#e6f4ff', fontSize: fontPx(em, 0.8) },
  confine: true,
});

export const legend = (em: number): NonNullable<ChartOption['legend']> => ({
  top: 0,
  right: 0,
  itemWidth: px(em, 0.8),
  itemHeight: px(em, 0.5),
  itemGap: px(em, 0.8),
  textStyle: { color: TEXT_COLOR, fontSize: fontPx(em, 0.75) },
});

export const categoryAxis = (em: number, data: readonly string[]) => ({
  type: 'category' as const,
  data: [...data],
  axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
  axisTick: { show: false },
  axisLabel: { color: AXIS_LABEL_COLOR, fontSize: fontPx(em, 0.75), hideOverlap: true },
});

export const valueAxis = (em: number, name?: string) => ({
  type: 'value' as const,
  name,
  nameTextStyle: { color: AXIS_LABEL_COLOR, fontSize: fontPx(em, 0.7), padding: [0, 0, 0, 0] },
  axisLine: { show: false },
  axisLabel: { color: AXIS_LABEL_COLOR, fontSize: fontPx(em, 0.7) },
  splitLine: { lineStyle: { color: SPLIT_LINE_COLOR, type: 'dashed' as const } },
});

/** A number as shown in tooltips: one decimal at most, 无数据 for none. */
export const formatValue = (value: unknown, unit = ''): string => {
  const n = typeof value === 'number' ? value : Array.isArray(value) ? Number(value[value.length - 1]) : Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '无数据';
  return `${Math.round(n * 10) / 10}${unit}`;
};

/** Tooltip text is HTML: names from the server are escaped. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const colorAt = (i: number, own?: string): string => own ?? CHART_COLORS[i % CHART_COLORS.length];

type TooltipItem = { marker?: unknown; seriesName?: string; value?: unknown; axisValueLabel?: string; seriesIndex?: number };

/** Axis tooltip: the category, then one line per series with its unit (`无数据` for a gap). */
export const axisTooltipFormatter =
  (unitOf: (seriesIndex: number) => string) =>
  (params: unknown): string => {
    const items = (Array.isArray(params) ? params : [params]) as TooltipItem[];
    const head = escapeHtml(items[0]?.axisValueLabel ?? '');
    const lines = items.map(
      (p) => `${typeof p.marker === 'string' ? p.marker : ''}${escapeHtml(p.seriesName ?? '')}：${formatValue(p.value, unitOf(p.seriesIndex ?? 0))}`,
    );
    return [head, ...lines].join('<br/>');
  };
