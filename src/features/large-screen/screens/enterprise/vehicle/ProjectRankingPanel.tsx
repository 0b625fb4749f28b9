// 项目进场排行 and 在场车辆分布: projects ranked by today's entries, or by the vehicles on site now.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { Vehicle } from '../../../../../../common/screens/vehicle';

export type ProjectRankingPanelProps = {
  title: string;
  projects: Vehicle['byProject'] | undefined;
  metric: 'in' | 'onSite';
  unit: string;
  /** Rows shown (the ranking's top N). */
  limit: number;
  frame: SourceFrame;
};

export function ProjectRankingPanel({ title, projects, metric, unit, limit, frame }: ProjectRankingPanelProps) {
  const rows: RankingRow[] = (projects ?? []).map((p) => ({ id: p.projectId, name: p.projectName, value: p[metric] }));
  const total = rows.reduce((n, r) => n + (r.value ?? 0), 0);
  return (
    <Panel title={title} {...frame} empty={rows.length === 0} extra={projects && <span>合计 {total} {unit}</span>}>
      <RankingTable rows={rows} unit={unit} limit={limit} label={title} />
    </Panel>
  );
}
