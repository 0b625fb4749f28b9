// Key figures beside a gauge of the rate they make (attendance, registration, hazards closed, devices
// online…): two tiles stacked in the narrower column, or four in a 2×2 grid beside a gauge of equal width.
import type { ReactNode } from 'react';
import { GaugeChart, type GaugeChartProps } from './charts/GaugeChart';
import './kit.css';

export type TilesGaugeProps = { gauge: GaugeChartProps; four?: boolean; children: ReactNode };

export function TilesGauge({ gauge, four = false, children }: TilesGaugeProps) {
  return (
    <div className={four ? 'ls-tiles-gauge is-four' : 'ls-tiles-gauge'}>
      <div className="ls-tiles-gauge-tiles">{children}</div>
      <GaugeChart {...gauge} />
    </div>
  );
}
