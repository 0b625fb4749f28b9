// 环境监测排行: the latest PM2.5, PM10 or noise of each project with a dust monitor, highest first;
// values over the limit warn. A row selects its project on the map.
import { useState } from 'react';
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { EnterpriseOverview } from '../../../../../../common/screens/enterprise-overview';
import { noiseLimit } from '../../../shared/model';

export type EnvMetric = 'pm25' | 'pm10' | 'noise';

export const ENV_METRICS: ReadonlyArray<{ key: EnvMetric; label: string; unit: string }> = [
  { key: 'pm25', label: 'PM2.5', unit: 'µg/m³' },
  { key: 'pm10', label: 'PM10', unit: 'µg/m³' },
  { key: 'noise', label: '噪声', unit: 'dB' },
];

export type EnvRankingPanelProps = {
  environment: EnterpriseOverview['environment'] | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
};

export function EnvRankingPanel({ environment, frame, selectedId, onSelect }: EnvRankingPanelProps) {
  const [metric, setMetric] = useState<EnvMetric>('pm10');
  const current = ENV_METRICS.find((m) => m.key === metric) ?? ENV_METRICS[1];
  const rows: RankingRow[] = (environment?.latest ?? []).map((l) => ({ id: l.projectId, name: l.projectName, value: l[metric] }));
  const threshold = environment ? (metric === 'noise' ? noiseLimit(environment.thresholds) : environment.thresholds[metric]) : undefined;
  const switcher = (
    <div className="ov-switch" role="radiogroup" aria-label="排行指标">
      {ENV_METRICS.map((m) => (
        <button key={m.key} type="button" role="radio" aria-checked={m.key === metric} className={m.key === metric ? 'is-on' : undefined} onClick={() => setMetric(m.key)}>
          {m.label}
        </button>
      ))}
    </div>
  );
  return (
    <Panel title="环境监测排行" {...frame} empty={rows.length === 0} extra={switcher}>
      <RankingTable rows={rows} unit={current.unit} limit={5} threshold={threshold} label={`${current.label}排行`} selectedId={selectedId} onSelect={onSelect} />
    </Panel>
  );
}
