// 气体通风监测: one tunnel detector at a time — O₂, CO, CH₄, H₂S, wind speed and temperature as meters with
// their limits (a safe band between lower and upper; red outside, amber near the upper); the panel moves
// through the detectors every 10 s × refresh factor, holds under the pointer, and its arrows step by hand.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Rotation } from '../../../kit/use-rotation';
import type { Tunnel, TunnelGasLimit, TunnelGasNow } from '../../../../../../common/screens/tunnel';
import { gasState, limitText, meterMax } from './model';

function Meter({ limit, value }: { limit: TunnelGasLimit; value: number | null }) {
  const max = meterMax(value, limit);
  const pct = (v: number) => `${Math.min(100, Math.max(0, (v / max) * 100))}%`;
  const state = gasState(value, limit);
  return (
    <div className={`tn-meter is-${state}`} role="group" aria-label={limit.label} data-state={state}>
      <div className="tn-meter-head">
        <span>{limit.label}</span>
        <span className="tn-meter-value ls-digits">
          {value === null ? '--' : value}
          <small>{limit.unit}</small>
        </span>
      </div>
      <div className="tn-meter-scale">
        <span className="tn-meter-safe" style={{ left: pct(limit.lower ?? 0), width: `calc(${pct(limit.upper ?? max)} - ${pct(limit.lower ?? 0)})` }} />
        {value !== null && <span className="tn-meter-needle" style={{ left: pct(value) }} />}
      </div>
      <div className="tn-meter-limit">限值 {limitText(limit)}</div>
    </div>
  );
}

const valueOf = (d: TunnelGasNow, metric: TunnelGasLimit['metric']): number | null => d[metric];

export function GasPanel({ gas, rotation, frame }: { gas: Tunnel['gas'] | undefined; rotation: Rotation; frame: SourceFrame }) {
  const list = gas?.devices ?? [];
  const index = list.findIndex((d) => d.deviceCode === rotation.current);
  const device = index >= 0 ? list[index] : list[0];
  const stepper = list.length > 1 && (
    <div className="tn-stepper">
      <button type="button" aria-label="上一台" onClick={() => rotation.step(-1)}>
        ‹
      </button>
      <span className="ls-digits">
        {Math.max(0, index) + 1} / {list.length}
      </span>
      <button type="button" aria-label="下一台" onClick={() => rotation.step(1)}>
        ›
      </button>
    </div>
  );
  return (
    <Panel title="气体通风监测" {...frame} empty={!device} extra={stepper}>
      {device && gas && (
        <div className="tn-gas" onMouseEnter={() => rotation.setPaused(true)} onMouseLeave={() => rotation.setPaused(false)}>
          <div className="tn-gas-device">
            <span title={device.installPosition}>{device.deviceName}</span>
            <span className={device.online ? 'tn-online' : 'tn-offline'}>{device.online ? '在线' : '离线'}</span>
            <span className="ls-digits">{device.time ? chinaFormat(device.time, 'HH:mm:ss') : '未上报'}</span>
          </div>
          <div className="tn-meters">
            {gas.limits.map((l) => (
              <Meter key={l.metric} limit={l} value={valueOf(device, l.metric)} />
            ))}
          </div>
        </div>
      )}
    </Panel>
  );
}
