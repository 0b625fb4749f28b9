// 人员类型: the roster by person type (managers, workers, special operators…) as a ring.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import type { PieDatum } from '../../../kit/charts/PieChart';
import { RingChart } from '../../../kit/charts/RingChart';
import type { SourceFrame } from '../../../kit/frame';
import type { NamedCount } from '../../../../../../common/screens/basics';

export function PersonTypePanel({ types, frame }: { types: NamedCount[] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (types ?? []).map((t) => ({ name: t.name, value: t.count })), [types]);
  return (
    <Panel title="人员类型" {...frame} empty={ring.length === 0}>
      <RingChart data={ring} centerLabel="在册人数" unit="人" label="人员类型分布" />
    </Panel>
  );
}
