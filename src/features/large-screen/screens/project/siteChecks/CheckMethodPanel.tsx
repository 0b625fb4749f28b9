// 检查方式: the checks of one category by method (§3.5: 仪器测量, 人工检查, 仪器与人工结合).
import { useMemo } from 'react';
import { RingChart } from '../../../kit/charts/RingChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckCategoryStats } from '../../../../../../common/screens/site-checks';

export function CheckMethodPanel({ stats, frame }: { stats: CheckCategoryStats | undefined; frame: SourceFrame }) {
  const data = useMemo(() => (stats?.byMethod ?? []).map((m) => ({ name: m.name, value: m.count })), [stats]);
  return (
    <Panel title="检查方式" {...frame} empty={!stats || stats.total === 0}>
      <RingChart data={data} unit="次" label="各检查方式的检查次数" centerLabel="检查" />
    </Panel>
  );
}
