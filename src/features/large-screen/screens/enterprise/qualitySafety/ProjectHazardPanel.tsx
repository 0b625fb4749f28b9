// 项目隐患排行: open hazards of each project, most first; a project with overdue hazards warns.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { QualitySafety } from '../../../../../../common/screens/quality-safety';

export function ProjectHazardPanel({ projects, frame }: { projects: QualitySafety['byProject'] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (projects ?? []).map((p) => ({ id: p.projectId, name: p.overdue > 0 ? `${p.projectName}（超期 ${p.overdue}）` : p.projectName, value: p.open }));
  const overdueProjects = (projects ?? []).filter((p) => p.overdue > 0).length;
  return (
    <Panel title="项目隐患排行" {...frame} empty={rows.length === 0} extra={projects && <span>{overdueProjects} 个项目有超期隐患</span>}>
      <RankingTable rows={rows} unit="条" limit={5} label="各项目未销项隐患排行" />
    </Panel>
  );
}
