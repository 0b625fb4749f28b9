// A key figure: label, animated value (count-up), unit. A missing value shows --.
import { useCountUp } from './use-count-up';
import './kit.css';

export type KpiTone = 'cyan' | 'blue' | 'green' | 'amber' | 'red' | 'grey';

export type KpiTileProps = {
  label: string;
  value: number | null | undefined;
  unit?: string;
  decimals?: number;
  tone?: KpiTone;
  durationMs?: number;
};

export const formatKpi = (v: number | undefined, decimals = 0): string =>
  v === undefined ? '--' : v.toLocaleString('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

export function KpiTile({ label, value, unit, decimals = 0, tone = 'cyan', durationMs }: KpiTileProps) {
  const target = value === null || value === undefined ? undefined : value;
  const shown = useCountUp(target, durationMs);
  return (
    <div className={`ls-kpi is-${tone}`} role="group" aria-label={label} data-value={target ?? ''}>
      <div className="ls-kpi-value">
        <span className="ls-digits">{formatKpi(shown, decimals)}</span>
        {unit && <span className="ls-kpi-unit">{unit}</span>}
      </div>
      <div className="ls-kpi-label">{label}</div>
    </div>
  );
}
