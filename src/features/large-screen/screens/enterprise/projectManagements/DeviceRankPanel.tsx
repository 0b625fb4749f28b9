// 设备接入排行: projects by the monitoring devices connected, most first.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';
import { sumOf } from './model';

export function DeviceRankPanel({ projects, frame }: { projects: ProjectSchedule[] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (projects ?? []).filter((p) => p.devices > 0).map((p) => ({ id: p.id, name: p.name, value: p.devices }));
  return (
    <Panel title="设备接入排行" {...frame} empty={rows.length === 0} extra={projects && <span>共 {sumOf(projects, 'devices')} 台</span>}>
      <RankingTable rows={rows} unit="台" limit={5} label="项目设备接入排行" />
    </Panel>
  );
}
