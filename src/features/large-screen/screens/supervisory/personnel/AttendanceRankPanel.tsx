// 项目出勤率排行: today's attendance rate of the projects with workers, highest first.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisedProject } from '../../../../../../common/screens/supervisory';
import { staffedProjects } from './model';

export function AttendanceRankPanel({ projects, frame }: { projects: SupervisedProject[] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = staffedProjects(projects ?? []).map((p) => ({ id: p.projectId, name: p.projectName, value: p.attendanceRate }));
  return (
    <Panel title="项目出勤率排行" {...frame} empty={rows.length === 0}>
      <RankingTable rows={rows} unit="%" limit={5} label="项目今日出勤率排行" />
    </Panel>
  );
}
