// 环境实况: the project's newest dust-monitor reading, each figure red over its limit (noise by day or
// night, §9), with the monitor and the reading time.
import { chinaFormat } from '../../../../../lib/time/china-time';
import type { ProjectOverview } from '../../../../../../common/screens/project-overview';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import { noiseLimit } from '../../../shared/model';

type Env = ProjectOverview['environment'];

const value = (v: number | null | undefined): string => (v === null || v === undefined ? '--' : String(v));

export function EnvNowPanel({ environment, frame }: { environment: Env | undefined; frame: SourceFrame }) {
  const r = environment?.latest;
  const t = environment?.thresholds;
  const over = (v: number | null | undefined, limit: number | undefined) => v !== null && v !== undefined && limit !== undefined && v > limit;
  const cells = r
    ? [
        { label: 'PM2.5', value: r.pm25, unit: 'µg/m³', over: over(r.pm25, t?.pm25) },
        { label: 'PM10', value: r.pm10, unit: 'µg/m³', over: over(r.pm10, t?.pm10) },
        { label: '噪声', value: r.noise, unit: 'dB', over: over(r.noise, t ? noiseLimit(t, r.time) : undefined) },
        { label: '温度', value: r.temperature, unit: '℃', over: false },
        { label: '湿度', value: r.humidity, unit: '%', over: false },
        { label: '风速', value: r.windSpeed, unit: 'm/s', over: over(r.windSpeed, t?.windSpeed) },
      ]
    : [];
  return (
    <Panel title="环境实况" {...frame} empty={!r} extra={r && <span>{chinaFormat(r.time, 'MM-DD HH:mm')}</span>}>
      <ul className="po-env" aria-label="最新环境监测">
        {cells.map((c) => (
          <li key={c.label} className={c.over ? 'is-over' : undefined}>
            <span className="po-env-label">{c.label}</span>
            <b className="ls-digits">{value(c.value)}</b>
            <span className="po-env-unit">{c.unit}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
