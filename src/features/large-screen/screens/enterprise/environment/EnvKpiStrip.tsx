// The key figures of the environment: the current hourly averages of PM2.5, PM10 and noise over the
// projects in scope (amber over the limit), the monitored projects and today's exceedances.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { Environment } from '../../../../../../common/screens/environment';
import { noiseLimit } from '../../../shared/model';
import { currentValue } from './model';

export function EnvKpiStrip({ data }: { data: Environment | undefined }) {
  const trend = data?.trend ?? [];
  const pm25 = data ? currentValue(trend, 'pm25') : undefined;
  const pm10 = data ? currentValue(trend, 'pm10') : undefined;
  const noise = data ? currentValue(trend, 'noise') : undefined;
  const t = data?.thresholds;
  const over = (v: number | null | undefined, limit: number | undefined) => v !== null && v !== undefined && limit !== undefined && v > limit;
  const exceed = data && data.exceedToday.pm25 + data.exceedToday.pm10 + data.exceedToday.noise;
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="监测项目" value={data?.latest.length} unit="个" tone="cyan" />
      <KpiTile label="PM2.5 小时均值" value={pm25} decimals={1} unit="µg/m³" tone={over(pm25, t?.pm25) ? 'amber' : 'green'} />
      <KpiTile label="PM10 小时均值" value={pm10} decimals={1} unit="µg/m³" tone={over(pm10, t?.pm10) ? 'amber' : 'blue'} />
      <KpiTile label="噪声小时均值" value={noise} decimals={1} unit="dB" tone={over(noise, t && noiseLimit(t)) ? 'amber' : 'cyan'} />
      <KpiTile label="今日超标" value={exceed} unit="次" tone="red" />
    </KeyFigures>
  );
}
