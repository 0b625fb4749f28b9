// 常见不合格项: the failing check items of one category by how often they failed.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckCategoryStats } from '../../../../../../common/screens/site-checks';

export function TopFailedPanel({ title, stats, frame }: { title: string; stats: CheckCategoryStats | undefined; frame: SourceFrame }) {
  const rows = useMemo<RankingRow[]>(() => (stats?.topFailed ?? []).map((t) => ({ id: t.name, name: t.name, value: t.count })), [stats]);
  return (
    <Panel title={title} {...frame} empty={!stats || rows.length === 0}>
      <RankingTable rows={rows} unit="次" limit={5} label={title} />
    </Panel>
  );
}
