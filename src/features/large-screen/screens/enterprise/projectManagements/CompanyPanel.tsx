// 所属单位: the companies of the group by number of projects, most first.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectManagements } from '../../../../../../common/screens/project-management';

export function CompanyPanel({ companies, frame }: { companies: ProjectManagements['byCompany'] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (companies ?? []).map((c) => ({ id: c.companyId, name: `${c.companyName}（在建 ${c.inProgress}）`, value: c.count }));
  return (
    <Panel title="所属单位" {...frame} empty={rows.length === 0} extra={companies && <span>{companies.length} 家单位</span>}>
      <RankingTable rows={rows} unit="个" limit={5} label="各单位项目数量" />
    </Panel>
  );
}
