// The one ECharts host of the kit. The chart renders at the real pixel size of its box: a ResizeObserver
// calls chart.resize() (never a CSS transform), so canvases stay sharp at any display scale. The option
// may be a function of the box's em (font sizes follow the display scale) and of its size in px (a pie lays
// its legend out by the box's aspect). notMerge is used when the
// option's shape changes (series, axes, font scale), a merge otherwise, so live updates animate. The
// instance is disposed on unmount.
import { useEffect, useRef, useState } from 'react';
import type { EChartsType } from 'echarts/core';
import { createChart, disposeChart, type ChartOption } from './echarts';
import type { ChartBox } from './pie-layout';

export type ChartOptionInput = ChartOption | ((em: number, box: ChartBox) => ChartOption);

export type EChartProps = {
  option: ChartOptionInput;
  /** Chinese description of the chart for assistive technology. */
  label: string;
  className?: string;
  /** Force replacing (true) or merging (false); by default decided from the option's shape. */
  notMerge?: boolean;
};

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** What changes when the chart must be rebuilt rather than updated. */
export function optionShape(option: ChartOption, em: number): string {
  const series = list(option.series).map((s) => {
    const o = s as { type?: string; name?: string; yAxisIndex?: number; stack?: string };
    return [o.type, o.name, o.yAxisIndex, o.stack];
  });
  // A legend moving beside / under a pie, or turning into a paged one, is a new layout too.
  const legends = list(option.legend).map((l) => {
    const o = l as { type?: string; orient?: string };
    return [o.type, o.orient];
  });
  return JSON.stringify([em, series, list(option.xAxis).length, list(option.yAxis).length, list(option.title).length, legends]);
}

export function EChart({ option, label, className, notMerge }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const appliedShape = useRef<string | undefined>(undefined);
  const [em, setEm] = useState(0);
  const [box, setBox] = useState<ChartBox>({ width: 0, height: 0 });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    let chart: EChartsType | null = null;
    const sync = () => {
      if (el.clientWidth === 0 || el.clientHeight === 0) return; // not laid out yet
      if (chart) chart.resize();
      else {
        chart = createChart(el);
        chartRef.current = chart;
        appliedShape.current = undefined;
        setGeneration((g) => g + 1);
      }
      const size = parseFloat(getComputedStyle(el).fontSize);
      setEm(Number.isFinite(size) && size > 0 ? size : 16);
      const width = el.clientWidth;
      const height = el.clientHeight;
      setBox((b) => (b.width === width && b.height === height ? b : { width, height }));
    };
    const observer = new ResizeObserver(sync);
    observer.observe(el);
    sync();
    return () => {
      observer.disconnect();
      if (chart) disposeChart(chart);
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || em === 0) return;
    const next = typeof option === 'function' ? option(em, box) : option;
    const shape = optionShape(next, em);
    chart.setOption(next, { notMerge: notMerge ?? shape !== appliedShape.current });
    appliedShape.current = shape;
  }, [option, em, box, generation, notMerge]);

  return <div ref={host} className={`ls-chart${className ? ` ${className}` : ''}`} role="img" aria-label={label} />;
}
