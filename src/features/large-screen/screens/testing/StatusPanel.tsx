// 样品状态: 已取样, 已送检, 检测中, 已出报告 as a ring with the total in the middle.
import { useMemo } from 'react';
import { RingChart } from '../../kit/charts/RingChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { NamedCount } from '../../../../../common/screens/basics';

const COLORS: Readonly<Record<string, string>> = { '1': '#7f9bb8', '2': '#1ec8ff', '3': '#ff9f40', '4': '#22e3a5' };

export function StatusPanel({ statuses, frame }: { statuses: NamedCount[] | undefined; frame: SourceFrame }) {
  const data = useMemo(() => (statuses ?? []).map((s) => ({ name: s.name, value: s.count, color: COLORS[s.code] })), [statuses]);
  return (
    <Panel title="样品状态" {...frame} empty={!statuses}>
      <RingChart data={data} unit="组" label="样品状态分布" centerLabel="样品" />
    </Panel>
  );
}
