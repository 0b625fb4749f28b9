// 隐患状态统计: a tile per hazard status (待整改, 整改中, 待复查, 已销项) and their distribution as a ring.
import { useMemo } from 'react';
import { KpiTile, type KpiTone } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { QualitySafety } from '../../../../../../common/screens/quality-safety';
import { STATUS_COLORS } from './model';

const STATUS_TONES: Record<string, KpiTone> = { '1': 'red', '2': 'amber', '3': 'cyan', '4': 'green' };

export function HazardStatusPanel({ data, frame }: { data: QualitySafety | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (data?.byStatus ?? []).map((s) => ({ name: s.name, value: s.count, color: STATUS_COLORS[s.code] })), [data?.byStatus]);
  return (
    <Panel title="隐患状态统计" {...frame} empty={!data || data.summary.total === 0} extra={data && <span>共 {data.summary.total} 条</span>}>
      <div className="ls-kpi-row">
        {data?.byStatus.map((s) => <KpiTile key={s.code} label={s.name} value={s.count} unit="条" tone={STATUS_TONES[s.code] ?? 'blue'} />)}
      </div>
      <RingChart data={ring} centerLabel="隐患总数" unit="条" label="隐患状态分布" />
    </Panel>
  );
}
