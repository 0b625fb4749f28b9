// ECharts for the large screens: only the charts, components and the canvas renderer the kit uses are
// registered (tree-shaken from `echarts/core`), and live instances are counted for the soak script
// (`window.__lsCharts`).
import { init, use as registerModules, type ComposeOption, type EChartsType } from 'echarts/core';
import {
  BarChart as EcBarChart,
  GaugeChart as EcGaugeChart,
  LineChart as EcLineChart,
  PieChart as EcPieChart,
  type BarSeriesOption,
  type GaugeSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TitleComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { exposeCounter } from '../../data/live-handles';

registerModules([EcLineChart, EcBarChart, EcPieChart, EcGaugeChart, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

export type { BarSeriesOption, GaugeSeriesOption, LineSeriesOption, PieSeriesOption };

let live = 0;

/** A canvas chart in `el`, counted until disposeChart. */
export function createChart(el: HTMLElement): EChartsType {
  const chart = init(el, undefined, { renderer: 'canvas', locale: 'ZH' });
  live += 1;
  return chart;
}

export function disposeChart(chart: EChartsType): void {
  if (chart.isDisposed()) return;
  chart.dispose();
  live = Math.max(0, live - 1);
}

export const liveChartCount = (): number => live;

exposeCounter('__lsCharts', liveChartCount);
