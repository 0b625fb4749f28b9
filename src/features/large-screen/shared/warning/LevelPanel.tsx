// 预警级别分布: unhandled alarms of each §3.5 level (市级, 区县级, 固定源) as tiles and a ring.
import { useMemo } from 'react';
import { KpiTile } from '../../kit/KpiTile';
import { Panel } from '../../kit/Panel';
import { RingChart } from '../../kit/charts/RingChart';
import type { PieDatum } from '../../kit/charts/PieChart';
import type { SourceFrame } from '../../kit/frame';
import './warning-panels.css';
import type { NamedCount } from '../../../../../common/screens/basics';
import { LEVEL_STYLE } from './levels';

export function LevelPanel({ levels, frame }: { levels: NamedCount[] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (levels ?? []).map((l) => ({ name: l.name, value: l.count, color: LEVEL_STYLE[l.code]?.color })), [levels]);
  const total = (levels ?? []).reduce((n, l) => n + l.count, 0);
  return (
    <Panel title="预警级别分布" {...frame} empty={!levels || levels.length === 0} extra={levels && <span>未处理 {total} 条</span>}>
      <div className="wn-level-row">
        {levels?.map((l) => <KpiTile key={l.code} label={l.name} value={l.count} unit="条" tone={LEVEL_STYLE[l.code]?.tone ?? 'grey'} />)}
      </div>
      <RingChart data={ring} centerLabel="未处理" unit="条" label="未处理报警级别分布" />
    </Panel>
  );
}
