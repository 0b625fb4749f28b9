// A compass dial (a gauge from 0° at the top, clockwise) whose needle shows where the wind blows from.
import { useMemo } from 'react';
import { EChart } from '../../../kit/charts/EChart';
import type { ChartOption } from '../../../kit/charts/echarts';
import { fontPx, px } from '../../../kit/charts/theme';

const LABELS: Record<number, string> = { 0: '北', 45: '东北', 90: '东', 135: '东南', 180: '南', 225: '西南', 270: '西', 315: '西北' };

export function compassOption(direction: number, em: number): ChartOption {
  return {
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 360,
        startAngle: 90,
        endAngle: -270,
        splitNumber: 8,
        radius: '88%',
        center: ['50%', '52%'],
        axisLine: { lineStyle: { width: px(em, 0.25), color: [[1, 'rgba(61, 170, 255, 0.45)']] } },
        axisTick: { splitNumber: 3, distance: 0, length: px(em, 0.3), lineStyle: { color: 'rgba(143, 211, 255, 0.6)', width: 1 } },
        splitLine: { distance: 0, length: px(em, 0.6), lineStyle: { color: '#1ec8ff', width: 2 } },
        axisLabel: { distance: px(em, 0.9), color: '#cfe8ff', fontSize: fontPx(em, 0.75), formatter: (v: number) => LABELS[Math.round(v)] ?? '' },
        pointer: { length: '68%', width: px(em, 0.45), itemStyle: { color: '#ffc53d' } },
        anchor: { show: true, size: px(em, 0.7), itemStyle: { color: '#1ec8ff', borderColor: '#04162f', borderWidth: 2 } },
        title: { show: false },
        detail: { show: false },
        data: [{ value: direction, name: '风向' }],
      },
    ],
  };
}

export function WindCompass({ direction, label }: { direction: number; label: string }) {
  const option = useMemo(() => (em: number) => compassOption(direction, em), [direction]);
  return <EChart option={option} label={label} />;
}
