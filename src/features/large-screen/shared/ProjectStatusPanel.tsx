// 项目状态统计 (enterprise overview, 项目管理): a KPI tile per project status (§3.5) and their distribution
// as a ring.
import { useMemo } from 'react';
import { KpiTile, type KpiTone } from '../kit/KpiTile';
import { Panel } from '../kit/Panel';
import { RingChart } from '../kit/charts/RingChart';
import type { PieDatum } from '../kit/charts/PieChart';
import type { SourceFrame } from '../kit/frame';
import type { StatusCount } from '../../../../common/screens/basics';

/** Status code → tile tone and chart colour (筹备 立项 在建 竣工 停工). */
const STATUS_STYLE: Record<number, { tone: KpiTone; color: string }> = {
  1: { tone: 'blue', color: '#4d94ff' },
  2: { tone: 'cyan', color: '#1ec8ff' },
  3: { tone: 'green', color: '#22e3a5' },
  4: { tone: 'grey', color: '#9fb3c8' },
  5: { tone: 'red', color: '#ff4d6d' },
};

export function ProjectStatusPanel({ projects, frame }: { projects: { total: number; byStatus: StatusCount[] } | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(
    () => (projects?.byStatus ?? []).map((s) => ({ name: s.name, value: s.count, color: STATUS_STYLE[s.status]?.color })),
    [projects],
  );
  return (
    <Panel title="项目状态统计" {...frame} empty={!projects || projects.total === 0} extra={projects && <span>共 {projects.total} 个项目</span>}>
      <div className="ls-kpi-row">
        {projects?.byStatus.map((s) => <KpiTile key={s.status} label={s.name} value={s.count} unit="个" tone={STATUS_STYLE[s.status]?.tone} />)}
      </div>
      <RingChart data={ring} centerLabel="项目总数" unit="个" label="项目状态分布" />
    </Panel>
  );
}
