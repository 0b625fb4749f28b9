// 今日出勤排行: projects by workers attended today, most first; a row opens the project on the map.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';

export type AttendanceRankPanelProps = {
  projects: ProjectSchedule[] | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
};

export function AttendanceRankPanel({ projects, frame, selectedId, onSelect }: AttendanceRankPanelProps) {
  const rows: RankingRow[] = (projects ?? []).filter((p) => p.workers > 0).map((p) => ({ id: p.id, name: p.name, value: p.attendedToday }));
  return (
    <Panel title="今日出勤排行" {...frame} empty={rows.length === 0} extra={<span>单位：人</span>}>
      <RankingTable rows={rows} unit="人" limit={5} label="项目今日出勤排行" selectedId={selectedId} onSelect={onSelect} />
    </Panel>
  );
}
