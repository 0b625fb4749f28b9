// 今日进场车型占比: today's entries by vehicle type as a ring.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { Vehicle } from '../../../../../../common/screens/vehicle';
import { TYPE_COLORS } from './model';

export function TypeSharePanel({ types, frame }: { types: Vehicle['byType'] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (types ?? []).map((t) => ({ name: t.name, value: t.in, color: TYPE_COLORS[t.code] })), [types]);
  const total = ring.reduce((n, d) => n + d.value, 0);
  return (
    <Panel title="今日进场车型占比" {...frame} empty={!types} extra={types && <span>共 {total} 车次</span>}>
      {total > 0 ? <RingChart data={ring} centerLabel="进场车次" unit="车次" label="今日进场车型占比" /> : <div className="vh-calm">今日暂无车辆进场</div>}
    </Panel>
  );
}
