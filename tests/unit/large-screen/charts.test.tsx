// The kit's ECharts host and option builders: one instance per chart, resized by its ResizeObserver,
// replaced only when the option's shape changes, disposed on unmount; fonts follow the body em; Chinese
// tooltips with escaped names; threshold lines kept in view.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ChartOption } from '../../../src/features/large-screen/kit/charts/echarts';

const charts = vi.hoisted(() => ({ created: [] as Array<{ setOption: ReturnType<typeof vi.fn>; resize: ReturnType<typeof vi.fn>; disposed: boolean }>, live: 0 }));

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => ({
  createChart: () => {
    const chart = { setOption: vi.fn(), resize: vi.fn(), disposed: false, isDisposed: () => chart.disposed };
    charts.created.push(chart);
    charts.live += 1;
    return chart;
  },
  disposeChart: (chart: { disposed: boolean }) => {
    chart.disposed = true;
    charts.live -= 1;
  },
  liveChartCount: () => charts.live,
}));

const { EChart } = await import('../../../src/features/large-screen/kit/charts/EChart');
const { LineChart, lineOption, niceCeil } = await import('../../../src/features/large-screen/kit/charts/LineChart');
const { pieOption } = await import('../../../src/features/large-screen/kit/charts/PieChart');
const { barOption } = await import('../../../src/features/large-screen/kit/charts/BarChart');
const { pieLayout, textWidth } = await import('../../../src/features/large-screen/kit/charts/pie-layout');
const { axisTooltipFormatter } = await import('../../../src/features/large-screen/kit/charts/theme');

let observers: Array<{ cb: ResizeObserverCallback; disconnected: boolean }>;
const size = { w: 400, h: 200 };

beforeEach(() => {
  charts.created = [];
  charts.live = 0;
  observers = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { cb: ResizeObserverCallback; disconnected: boolean };
      constructor(cb: ResizeObserverCallback) {
        this.entry = { cb, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      unobserve() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => size.w });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => size.h });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

const option = (names: string[]): ChartOption => ({ series: names.map((name) => ({ type: 'line', name, data: [1, 2] })) });

describe('EChart', () => {
  it('creates one chart, resizes it with its box, merges same-shape updates, replaces on a new shape, disposes on unmount', () => {
    const view = render(<EChart option={option(['PM10'])} label="趋势" />);
    expect(charts.created).toHaveLength(1);
    const chart = charts.created[0];
    expect(chart.setOption).toHaveBeenLastCalledWith(option(['PM10']), { notMerge: true });

    view.rerender(<EChart option={{ series: [{ type: 'line', name: 'PM10', data: [3, 4] }] }} label="趋势" />);
    expect(chart.setOption).toHaveBeenLastCalledWith(expect.anything(), { notMerge: false });
    view.rerender(<EChart option={option(['PM10', 'PM2.5'])} label="趋势" />);
    expect(chart.setOption).toHaveBeenLastCalledWith(expect.anything(), { notMerge: true });

    size.w = 800;
    act(() => observers[0].cb([], {} as ResizeObserver));
    expect(chart.resize).toHaveBeenCalledTimes(1);
    expect(charts.created).toHaveLength(1);

    view.unmount();
    expect(chart.disposed).toBe(true);
    expect(charts.live).toBe(0);
    expect(observers[0].disconnected).toBe(true);
  });

  it('waits for a laid-out box before creating the chart (no 0×0 canvas)', () => {
    size.w = 0;
    render(<EChart option={option(['PM10'])} label="趋势" />);
    expect(charts.created).toHaveLength(0);
    size.w = 300;
    act(() => observers[0].cb([], {} as ResizeObserver));
    expect(charts.created).toHaveLength(1);
    expect(charts.created[0].setOption).toHaveBeenCalledTimes(1);
    size.w = 400;
  });

  it('lays a box-dependent option out again in the same tick as the resize (no frame at the new size with the old layout)', () => {
    const boxes: Array<[number, number]> = [];
    const byBox = (_em: number, box: { width: number; height: number }) => {
      boxes.push([box.width, box.height]);
      return option(['占比']);
    };
    const view = render(<EChart option={byBox} label="占比" />);
    const chart = charts.created[0];
    expect(boxes).toEqual([[400, 200]]);
    const order: string[] = [];
    chart.setOption.mockImplementation(() => void order.push('setOption'));
    chart.resize.mockImplementation(() => void order.push('resize'));
    size.w = 240;
    size.h = 260;
    act(() => observers[0].cb([], {} as ResizeObserver));
    expect(boxes.at(-1)).toEqual([240, 260]);
    expect(order).toEqual(['setOption', 'resize']);
    view.unmount();

    // A fixed option is not set again when only the box changes.
    const fixed = render(<EChart option={option(['PM10'])} label="趋势" />);
    const other = charts.created[1];
    size.w = 500;
    act(() => observers[1].cb([], {} as ResizeObserver));
    expect(other.setOption).toHaveBeenCalledTimes(1);
    expect(other.resize).toHaveBeenCalledTimes(1);
    fixed.unmount();
    size.w = 400;
    size.h = 200;
  });

  it('with the reduce-motion setting the chart draws without transitions', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query, addEventListener() {}, removeEventListener() {} }));
    const view = render(<EChart option={option(['PM10'])} label="趋势" />);
    expect(charts.created[0].setOption).toHaveBeenLastCalledWith({ ...option(['PM10']), animation: false }, { notMerge: true });
    view.unmount();
  });

  it('LineChart hands its option to the host once per data change', () => {
    const series = [{ name: 'PM10', data: [1, null, 3] }];
    const categories = ['01:00', '02:00', '03:00'];
    const view = render(<LineChart categories={categories} series={series} label="24小时环境趋势" />);
    view.rerender(<LineChart categories={categories} series={series} label="24小时环境趋势" />);
    expect(charts.created[0].setOption).toHaveBeenCalledTimes(1);
  });
});

describe('option builders', () => {
  it('font sizes follow the body em: twice the em, twice the pixels', () => {
    const props = { categories: ['01:00'], series: [{ name: 'PM10', data: [1] }], label: '趋势' };
    const small = lineOption(props, 16) as { legend: { textStyle: { fontSize: number } } };
    const large = lineOption(props, 32) as { legend: { textStyle: { fontSize: number } } };
    expect(large.legend.textStyle.fontSize).toBe(small.legend.textStyle.fontSize * 2);
  });

  it('no chart text under 12 px on a small wall (body em 11.4 at 1366×768, 8.5 at 1024×768)', () => {
    const sizes = (o: unknown): number[] =>
      o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => (k === 'fontSize' && typeof v === 'number' ? [v] : sizes(v))) : [];
    const props = { categories: ['01:00'], series: [{ name: 'PM10', data: [1] }], label: '趋势' };
    for (const em of [11.4, 8.5]) {
      const found = sizes(lineOption(props, em));
      expect(found.length).toBeGreaterThan(2);
      expect(Math.min(...found)).toBeGreaterThanOrEqual(12);
    }
  });

  it('threshold lines stay in view: the axis ends above the highest limit', () => {
    const o = lineOption(
      { categories: ['01:00'], series: [{ name: 'PM10', data: [60], thresholds: [{ name: 'PM10限值', value: 150 }] }], label: '趋势' },
      16,
    ) as { yAxis: { max: (e: { max: number }) => number }; series: Array<{ markLine: { data: Array<{ yAxis: number }> } }> };
    expect(o.series[0].markLine.data[0].yAxis).toBe(150);
    expect(o.yAxis.max({ max: 60 })).toBeGreaterThanOrEqual(150);
    expect(o.yAxis.max({ max: 240 })).toBeGreaterThanOrEqual(240);
    expect([niceCeil(165), niceCeil(77), niceCeil(8)]).toEqual([200, 80, 8]);
  });

  it('tooltips are Chinese, show 无数据 for a gap and escape names', () => {
    const format = axisTooltipFormatter(() => 'µg/m³');
    const html = format([
      { axisValueLabel: '08:00', seriesName: '<b>PM10</b>', value: 81.26, marker: '' },
      { axisValueLabel: '08:00', seriesName: 'PM2.5', value: null, marker: '' },
    ]);
    expect(html).toBe('08:00<br/>&lt;b&gt;PM10&lt;/b&gt;：81.3µg/m³<br/>PM2.5：无数据');
  });

  it('a ring shows its total and name in the middle', () => {
    const o = pieOption({ data: [{ name: '在建', value: 4 }, { name: '停工', value: 1 }], label: '项目状态' }, 16, { ring: true, centerLabel: '项目总数' }, { width: 400, height: 200 }) as {
      title: { text: string; subtext: string };
    };
    expect(o.title).toMatchObject({ text: '5', subtext: '项目总数' });
  });

  it('bar series keep null as a gap (no NaN)', () => {
    const o = barOption({ categories: ['07-01', '07-02'], series: [{ name: 'PM10', data: [61.2, null] }], label: '日均值' }, 16) as {
      series: Array<{ data: unknown[] }>;
    };
    expect(o.series[0].data).toEqual([61.2, null]);
  });
});

describe('pie layout for any aspect', () => {
  type PieOut = {
    legend: { orient: string; left: number | string; top: number; width: number; textStyle: { width: number; fontSize: number } };
    series: Array<{ center: [number, number]; radius: [number, number] }>;
    title: { left: number; top: number; textStyle: { fontSize: number } };
  };
  const data = [
    { name: '塔吊超载', value: 12 },
    { name: '升降机超载报警', value: 3 },
    { name: 'PM10超标', value: 7 },
    { name: '噪声超标（夜间施工）', value: 1 },
  ];
  const ring = (width: number, height: number, em = 16) =>
    pieOption({ data, unit: '条', label: '报警分类' }, em, { ring: true, centerLabel: '报警总数' }, { width, height }) as unknown as PieOut;
  /** The ring lies inside its box on every side. */
  const inside = (o: PieOut, width: number, height: number) => {
    const [cx, cy] = o.series[0].center;
    const r = o.series[0].radius[1];
    expect(cx - r).toBeGreaterThanOrEqual(0);
    expect(cy - r).toBeGreaterThanOrEqual(0);
    expect(cx + r).toBeLessThanOrEqual(width);
    expect(cy + r).toBeLessThanOrEqual(height);
  };

  it('a wide box puts the legend beside the ring, right of it and inside the box', () => {
    const o = ring(464, 220);
    inside(o, 464, 220);
    expect(o.legend.orient).toBe('vertical');
    const [cx] = o.series[0].center;
    const r = o.series[0].radius[1];
    expect(o.legend.left as number).toBeGreaterThan(cx + r);
    expect((o.legend.left as number) + o.legend.width).toBeLessThanOrEqual(464);
    // the radius follows the height, the smaller side
    expect(r).toBeGreaterThan(220 * 0.4);
    expect(r).toBeLessThanOrEqual(110);
  });

  it('a tall box (4:3 display) puts the legend under the ring, both inside the box', () => {
    const o = ring(240, 260, 8.5);
    inside(o, 240, 260);
    expect(o.legend.orient).toBe('horizontal');
    const [, cy] = o.series[0].center;
    expect(o.legend.top).toBeGreaterThan(cy + o.series[0].radius[1]);
    expect(o.legend.textStyle.width).toBeLessThanOrEqual(240);
  });

  it('long legend names are truncated to the room beside the ring, never past the box', () => {
    const long = [{ name: '内江市东兴区甜城湖片区棚户区改造项目二期工程', value: 3 }, { name: '短', value: 1 }];
    const o = pieOption({ data: long, label: '占比' }, 16, { ring: false }, { width: 420, height: 200 }) as unknown as PieOut;
    expect(o.legend.left as number).toBeGreaterThan(0);
    expect((o.legend.left as number) + o.legend.width).toBeLessThanOrEqual(420);
    expect(o.legend.textStyle.width).toBeLessThan(textWidth(`${long[0].name}  3`, o.legend.textStyle.fontSize));
  });

  it('the total in the middle shrinks with a small ring and doubles with the em on a 3840 wall', () => {
    const wall = ring(928, 440, 32);
    const design = ring(464, 220, 16);
    expect(wall.title.textStyle.fontSize).toBeCloseTo(design.title.textStyle.fontSize * 2, 5);
    expect(wall.series[0].radius[1]).toBeCloseTo(design.series[0].radius[1] * 2, 0);
    const tiny = ring(120, 60, 16);
    expect(tiny.title.textStyle.fontSize).toBeLessThan(design.title.textStyle.fontSize);
    // centred in the hole
    expect(design.title.left).toBeCloseTo(design.series[0].center[0], 5);
  });

  it('pieLayout keeps the larger pie of the two placements', () => {
    const input = { lines: ['在建  4个', '停工  1个'], fontSize: 12, iconSize: 10, itemGap: 9, em: 16 };
    expect(pieLayout(input, { width: 600, height: 200 }).legendAt).toBe('side');
    expect(pieLayout(input, { width: 200, height: 400 }).legendAt).toBe('bottom');
  });
});
