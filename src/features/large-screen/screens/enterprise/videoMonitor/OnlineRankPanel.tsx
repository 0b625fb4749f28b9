// 在线率排行: projects (or districts) with cameras by their online rate, highest first.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import { onlineRateOf } from './model';

export type OnlineGroup = { id: string; name: string; online: number; total: number };

export function OnlineRankPanel({ title, groups, frame }: { title: string; groups: OnlineGroup[] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (groups ?? []).filter((g) => g.total > 0).map((g) => ({ id: g.id, name: `${g.name}（${g.online}/${g.total}）`, value: onlineRateOf(g.online, g.total) }));
  return (
    <Panel title={title} {...frame} empty={rows.length === 0}>
      <RankingTable rows={rows} unit="%" limit={6} label={title} />
    </Panel>
  );
}
