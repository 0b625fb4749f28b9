// The one ECharts host of the kit. The chart renders at the real pixel size of its box: a ResizeObserver
// calls chart.resize() (never a CSS transform), so canvases stay sharp at any display scale. The option
// may be a function of the box's em (font sizes follow the display scale) and of its size in px (a pie lays
// its legend out by the box's aspect). notMerge is used when the
// option's shape changes (series, axes, font scale), a merge otherwise, so live updates animate. The
// instance is disposed on unmount.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import { prefersReducedMotion } from '../../../../lib/ui/motion';
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

type Measured = { em: number; box: ChartBox };

export function EChart({ option, label, className, notMerge }: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const appliedShape = useRef<string | undefined>(undefined);
  const latest = useRef<{ option: ChartOptionInput; notMerge: boolean | undefined }>({ option, notMerge });
  const measured = useRef<Measured | null>(null);

  /** Sets the latest option for the measured box on the chart (nothing before both exist). */
  const apply = useCallback(() => {
    const chart = chartRef.current;
    const m = measured.current;
    if (!chart || !m) return;
    const input = latest.current;
    const given = typeof input.option === 'function' ? input.option(m.em, m.box) : input.option;
    const next = prefersReducedMotion() ? { ...given, animation: false } : given;
    const shape = optionShape(next, m.em);
    chart.setOption(next, { notMerge: input.notMerge ?? shape !== appliedShape.current });
    appliedShape.current = shape;
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    let chart: EChartsType | null = null;
    const sync = () => {
      if (el.clientWidth === 0 || el.clientHeight === 0) return; // not laid out yet
      const size = parseFloat(getComputedStyle(el).fontSize);
      const next: Measured = { em: Number.isFinite(size) && size > 0 ? size : 16, box: { width: el.clientWidth, height: el.clientHeight } };
      const before = measured.current;
      measured.current = next;
      if (!chart) {
        chart = createChart(el);
        chartRef.current = chart;
        appliedShape.current = undefined;
        apply();
        return;
      }
      // A layout that depends on the box (or a new em) is set in the same tick as the resize, so no
      // frame is drawn at the new size with the old layout.
      const relayout = before?.em !== next.em || (typeof latest.current.option === 'function' && (before?.box.width !== next.box.width || before?.box.height !== next.box.height));
      if (relayout) apply();
      chart.resize();
    };
    const observer = new ResizeObserver(sync);
    observer.observe(el);
    sync();
    return () => {
      observer.disconnect();
      if (chart) disposeChart(chart);
      chartRef.current = null;
    };
  }, [apply]);

  useLayoutEffect(() => {
    latest.current = { option, notMerge };
    apply();
  }, [option, notMerge, apply]);

  return <div ref={host} className={`ls-chart${className ? ` ${className}` : ''}`} role="img" aria-label={label} />;
}
