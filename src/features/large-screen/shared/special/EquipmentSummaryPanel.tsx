// 设备概况: total, online, offline and alarming tower cranes and construction lifts, a row each.
import { KpiTile } from '../../kit/KpiTile';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { Danger } from '../../../../../common/screens/danger';
import './special.css';

const GROUPS = [
  { key: 'towerCrane', label: '塔吊' },
  { key: 'lift', label: '升降机' },
] as const;

export function EquipmentSummaryPanel({ data, frame }: { data: Danger | undefined; frame: SourceFrame }) {
  const total = data ? data.towerCrane.total + data.lift.total : 0;
  return (
    <Panel title="设备概况" {...frame} empty={!data || total === 0} extra={data && <span>共 {total} 台</span>}>
      {data && (
        <div className="dg-summary">
          {GROUPS.map(({ key, label }) => {
            const c = data[key];
            return (
              <div key={key} className="dg-summary-row" role="group" aria-label={label}>
                <span className="dg-summary-label">{label}</span>
                <KpiTile label="总数" value={c.total} unit="台" tone="cyan" />
                <KpiTile label="在线" value={c.online} unit="台" tone="green" />
                <KpiTile label="离线" value={c.offline} unit="台" tone="grey" />
                <KpiTile label="报警" value={c.alarm} unit="台" tone="red" />
              </div>
            );
          })}
        </div>
      )}
    </Panel>
  );
}
