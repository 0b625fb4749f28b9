// 在线率排行: projects (or districts) with cameras by their online rate, highest first.
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../overview/frame';

export type OnlineGroup = { id: string; name: string; online: number; total: number };

export function OnlineRankPanel({ title, groups, frame }: { title: string; groups: OnlineGroup[] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (groups ?? []).filter((g) => g.total > 0).map((g) => ({ id: g.id, name: `${g.name}（${g.online}/${g.total}）`, value: g.total === 0 ? null : Math.round((g.online / g.total) * 1000) / 10 }));
  return (
    <Panel title={title} {...frame} empty={rows.length === 0}>
      <RankingTable rows={rows} unit="%" limit={6} label={title} />
    </Panel>
  );
}
