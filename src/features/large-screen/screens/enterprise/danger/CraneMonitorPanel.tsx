// 塔吊实时监测: one tower crane at a time — load ratio, moment ratio and wind as gauges against their
// limits, and load, hook height, radius and tilt. The screen rotates through the cranes with readings;
// the arrows step by hand, and the pointer over the panel holds the rotation.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { GaugeChart, type GaugeBand } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { CraneLimits, SpecialDevice } from '../../../../../../common/screens/danger';
import { deviceLabel } from '../../../shared/special/model';
import '../../../shared/special/special.css';

/** Green below 90 % of the limit, amber up to it, red beyond (as fractions of the dial). */
export const limitBands = (limit: number, max: number): GaugeBand[] => [
  [Math.min(1, (limit * 0.9) / max), '#22e3a5'],
  [Math.min(1, limit / max), '#ffc53d'],
  [1, '#ff4d6d'],
];

/** The wind dial ends at 1.5 × the limit (a level-6 gale of 13.8 m/s → 20 m/s). */
export const windMax = (limit: number): number => Math.max(10, Math.ceil((limit * 1.5) / 5) * 5);

export type CraneMonitorPanelProps = {
  crane: SpecialDevice | undefined;
  limits: CraneLimits | undefined;
  /** Position of the crane among all cranes, and their number. */
  position: { index: number; count: number };
  frame: SourceFrame;
  onStep: (by: 1 | -1) => void;
  onHold: (held: boolean) => void;
};

function Dial({ value, max, limit, name, unit }: { value: number | null; max: number; limit: number; name: string; unit: string }) {
  if (value === null) {
    return (
      <div className="dg-dial-none" role="group" aria-label={name}>
        <span className="ls-digits">--</span>
        <span>{name}</span>
      </div>
    );
  }
  return <GaugeChart value={value} max={max} name={name} unit={unit} bands={limitBands(limit, max)} label={`${name}（限值 ${limit}${unit}）`} />;
}

const fixed = (v: number | null | undefined, digits: number): number | null => (v === null || v === undefined ? null : Number(v.toFixed(digits)));

function CraneStatus({ crane }: { crane: SpecialDevice }) {
  if (crane.alarming) return <span className="dg-status is-alarm">报警</span>;
  return crane.online ? <span className="dg-status is-online">在线</span> : <span className="dg-status is-offline">离线</span>;
}

export function CraneMonitorPanel({ crane, limits, position, frame, onStep, onHold }: CraneMonitorPanelProps) {
  const reading = crane?.latest;
  const stepper = position.count > 1 && (
    <div className="dg-stepper">
      <button type="button" aria-label="上一台塔吊" onClick={() => onStep(-1)}>
        ‹
      </button>
      <span className="ls-digits">
        {position.index + 1} / {position.count}
      </span>
      <button type="button" aria-label="下一台塔吊" onClick={() => onStep(1)}>
        ›
      </button>
    </div>
  );
  return (
    <Panel title="塔吊实时监测" className="dg-crane-panel" {...frame} empty={!crane || !limits} extra={stepper}>
      {crane && limits && (
        <div className="dg-crane" onMouseEnter={() => onHold(true)} onMouseLeave={() => onHold(false)} data-device={crane.deviceCode}>
          <div className="dg-crane-head">
            <span className="dg-crane-name" title={crane.projectName}>
              {crane.projectName}
            </span>
            <span className="dg-crane-place">{deviceLabel(crane)}</span>
            <CraneStatus crane={crane} />
            <span className="dg-crane-time">{reading ? `数据时间 ${chinaFormat(reading.time, 'MM-DD HH:mm:ss')}` : '暂无监测记录'}</span>
          </div>
          {reading ? (
            <>
              <div className="dg-dials">
                <Dial value={reading.loadRatio} max={100} limit={limits.loadRatio} name="载重比" unit="%" />
                <Dial value={reading.momentRatio} max={100} limit={limits.momentRatio} name="力矩比" unit="%" />
                <Dial value={reading.windSpeed} max={windMax(limits.windSpeed)} limit={limits.windSpeed} name="风速" unit="m/s" />
              </div>
              <div className="dg-readings" role="group" aria-label="实时工况">
                <KpiTile label="吊重" value={fixed(reading.loadKg === null ? null : reading.loadKg / 1000, 2)} decimals={2} unit="t" tone="cyan" />
                <KpiTile label="起升高度" value={fixed(reading.height, 1)} decimals={1} unit="m" tone="blue" />
                <KpiTile label="回转幅度" value={fixed(reading.radius, 1)} decimals={1} unit="m" tone="green" />
                <KpiTile label="倾角" value={fixed(reading.tilt, 2)} decimals={2} unit="°" tone="amber" />
              </div>
            </>
          ) : (
            <div className="dg-calm">该塔吊尚未上报监测数据</div>
          )}
        </div>
      )}
    </Panel>
  );
}
