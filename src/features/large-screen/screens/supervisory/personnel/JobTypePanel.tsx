// 工种分布: workers on the roster by trade (工种), most first.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryPersonnel } from '../../../../../../common/screens/supervisory';

export function JobTypePanel({ jobs, frame }: { jobs: SupervisoryPersonnel['byJobType'] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (jobs ?? []).map((j) => ({ id: j.code || 'none', name: j.name, value: j.count }));
  return (
    <Panel title="工种分布" {...frame} empty={rows.length === 0} extra={jobs && <span>{rows.length} 个工种</span>}>
      <RankingTable rows={rows} unit="人" limit={5} label="在册人员工种排行" />
    </Panel>
  );
}
