// 违规类型分布: the last 30 days' violations by kind, as a ring.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { NamedCount } from '../../../../../../common/screens/basics';

/** spoilViolationKind codes and their colours. */
const KIND_COLORS: Record<string, string> = { '1': '#ff4d6d', '2': '#ffc53d', '3': '#ff9f40', '4': '#b37feb', '5': '#f759ab' };

export function ViolationKindPanel({ kinds, frame }: { kinds: NamedCount[] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (kinds ?? []).map((k) => ({ name: k.name, value: k.count, color: KIND_COLORS[k.code] })), [kinds]);
  const total = ring.reduce((n, d) => n + d.value, 0);
  return (
    <Panel title="违规类型分布" {...frame} empty={!kinds} extra={kinds && <span>近30天 {total} 起</span>}>
      {total > 0 ? <RingChart data={ring} centerLabel="违规" unit="起" label="近30天渣土车违规类型分布" /> : <div className="sp-calm">近30天无违规</div>}
    </Panel>
  );
}
