// 项目状态统计: a tile per project status (§3.5) in the area and their distribution as a ring.
import { useMemo } from 'react';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';
import { STATUS_COLORS } from './model';

export function ProjectStatusPanel({ projects, frame }: { projects: SupervisoryOverview['projects'] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (projects?.byStatus ?? []).map((s) => ({ name: s.name, value: s.count, color: STATUS_COLORS[s.status] })), [projects]);
  return (
    <Panel title="项目状态统计" {...frame} empty={!projects || projects.total === 0} extra={projects && <span>共 {projects.total} 个项目</span>}>
      <div className="so-status-row">
        {projects?.byStatus.map((s) => (
          <div key={s.status} className={`so-status is-${s.status}`}>
            <KpiTile label={s.name} value={s.count} unit="个" />
          </div>
        ))}
      </div>
      <RingChart data={ring} centerLabel="项目总数" unit="个" label="区域项目状态分布" />
    </Panel>
  );
}
