// 性别比例: men and women on the roster.
import { useMemo } from 'react';
import { Panel } from '../../kit/Panel';
import type { PieDatum } from '../../kit/charts/PieChart';
import { PieChart } from '../../kit/charts/PieChart';
import type { SourceFrame } from '../../kit/frame';
import type { NamedCount } from '../../../../../common/screens/basics';

const GENDER_COLORS: Record<string, string> = { '1': '#1ec8ff', '2': '#ff7aa8' };

export function GenderPanel({ gender, frame }: { gender: NamedCount[] | undefined; frame: SourceFrame }) {
  const data = useMemo<PieDatum[]>(() => (gender ?? []).map((g) => ({ name: g.name, value: g.count, color: GENDER_COLORS[g.code] ?? '#9fb3c8' })), [gender]);
  const total = data.reduce((n, d) => n + d.value, 0);
  return (
    <Panel title="性别比例" {...frame} empty={total === 0}>
      <PieChart data={data} unit="人" label="性别比例" />
    </Panel>
  );
}
