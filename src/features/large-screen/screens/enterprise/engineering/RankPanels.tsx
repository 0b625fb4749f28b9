// 工期进度 (elapsed share of the planned duration of projects under construction) and 合同额排行 (万元): rankings
// whose rows open the project's card on the map.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { EngineeringProject } from '../../../../../../common/screens/engineering';
import { wan } from './model';

type RankProps = { projects: EngineeringProject[] | undefined; frame: SourceFrame; selectedId: string | undefined; onSelect: (id: string) => void };

export function ProgressRankPanel({ projects, frame, selectedId, onSelect }: RankProps) {
  const rows: RankingRow[] = (projects ?? []).filter((p) => p.status === 3).map((p) => ({ id: p.id, name: p.name, value: p.elapsedPercent }));
  return (
    <Panel title="在建工期进度" {...frame} empty={rows.length === 0} extra={projects && <span>{rows.length} 个在建</span>}>
      <RankingTable rows={rows} unit="%" limit={6} threshold={95} label="在建项目工期进度" selectedId={selectedId} onSelect={onSelect} />
    </Panel>
  );
}

export function ValueRankPanel({ projects, frame, selectedId, onSelect }: RankProps) {
  const rows: RankingRow[] = (projects ?? []).filter((p) => p.contractAmount > 0).map((p) => ({ id: p.id, name: p.name, value: wan(p.contractAmount) }));
  return (
    <Panel title="合同额排行" {...frame} empty={rows.length === 0} extra={<span>万元</span>}>
      <RankingTable rows={rows} unit="万" limit={6} label="项目合同额排行" selectedId={selectedId} onSelect={onSelect} />
    </Panel>
  );
}
