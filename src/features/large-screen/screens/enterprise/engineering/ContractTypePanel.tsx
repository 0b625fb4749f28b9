// 合同类型构成: the contract value (whole 万元) of each contract type with contracts, as a ring.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { Engineering } from '../../../../../../common/screens/engineering';

const COLORS = ['#1ec8ff', '#22e3a5', '#ffc53d', '#b58cff', '#ff7aa8', '#4d94ff', '#ff9f40', '#7fe7c4', '#9fb3c8', '#e0e36b'];

export function ContractTypePanel({ types, frame }: { types: Engineering['byContractType'] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(
    () => (types ?? []).filter((t) => t.count > 0).map((t, i) => ({ name: t.name, value: Math.round(t.amount / 10_000), color: COLORS[i % COLORS.length] })),
    [types],
  );
  const contracts = (types ?? []).reduce((n, t) => n + t.count, 0);
  return (
    <Panel title="合同类型构成" {...frame} empty={ring.length === 0} extra={types && <span>{contracts} 份合同</span>}>
      <RingChart data={ring} centerLabel="合同额" unit="万元" label="各类合同金额" />
    </Panel>
  );
}
