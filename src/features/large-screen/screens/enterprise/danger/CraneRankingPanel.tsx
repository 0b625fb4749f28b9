// 塔吊载重比排行: the current load ratio of each tower crane, highest first; over the limit warns. An
// offline crane has no current value (its last reading is not "now"). A row shows that crane in the
// 塔吊实时监测 panel.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { CraneLimits, SpecialDevice } from '../../../../../../common/screens/danger';
import { deviceLabel } from '../../../shared/special/model';

export type CraneRankingPanelProps = {
  cranes: readonly SpecialDevice[] | undefined;
  limits: CraneLimits | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
};

export const RANKED_CRANES = 6;

export function CraneRankingPanel({ cranes, limits, frame, selectedId, onSelect }: CraneRankingPanelProps) {
  const rows: RankingRow[] = (cranes ?? []).map((d) => ({
    id: d.id,
    name: `${d.projectName} ${deviceLabel(d)}`,
    value: d.online ? (d.latest?.loadRatio ?? null) : null,
  }));
  return (
    <Panel title="塔吊载重比排行" {...frame} empty={rows.length === 0} extra={cranes && <span>共 {cranes.length} 台塔吊</span>}>
      <RankingTable rows={rows} unit="%" limit={RANKED_CRANES} threshold={limits?.loadRatio} label="塔吊载重比排行" selectedId={selectedId} onSelect={onSelect} />
    </Panel>
  );
}
