// 隐患等级分布: hazards by level (一般, 较大, 重大).
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { PieChart, type PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { NamedCount } from '../../../../../../common/screens/basics';
import { LEVEL_COLORS } from './model';

export function HazardLevelPanel({ levels, frame }: { levels: NamedCount[] | undefined; frame: SourceFrame }) {
  const data = useMemo<PieDatum[]>(() => (levels ?? []).map((l) => ({ name: l.name, value: l.count, color: LEVEL_COLORS[l.code] })), [levels]);
  return (
    <Panel title="隐患等级分布" {...frame} empty={data.every((d) => d.value === 0)}>
      <PieChart data={data} unit="条" label="隐患等级分布" />
    </Panel>
  );
}
