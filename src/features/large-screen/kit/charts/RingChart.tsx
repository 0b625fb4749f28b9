// Ring (doughnut) chart: a PieChart with the total and its name in the middle.
import { useMemo } from 'react';
import { EChart } from './EChart';
import type { ChartBox } from './pie-layout';
import { pieOption, type PieChartProps } from './PieChart';

export type RingChartProps = PieChartProps & { centerLabel: string };

export function RingChart({ data, unit, label, className, centerLabel }: RingChartProps) {
  const option = useMemo(() => (em: number, box: ChartBox) => pieOption({ data, unit, label }, em, { ring: true, centerLabel }, box), [data, unit, label, centerLabel]);
  return <EChart option={option} label={label} className={className} />;
}
