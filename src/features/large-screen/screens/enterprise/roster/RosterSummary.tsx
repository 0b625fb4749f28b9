// The figures over the roster: workers on it, on site now, the on-site share, and what the search finds.
import { KpiTile } from '../../../kit/KpiTile';
import { percentOf } from '../../../kit/format';
import type { RosterCounts } from './model';

export function RosterSummary({ counts, found }: { counts: RosterCounts | undefined; found: number | undefined }) {
  return (
    <div className="ro-strip" role="group" aria-label="关键指标">
      <KpiTile label="在册人数" value={counts?.roster} unit="人" tone="cyan" />
      <KpiTile label="当前在场" value={counts?.onSite} unit="人" tone="green" />
      <KpiTile label="在场率" value={counts ? percentOf(counts.onSite, counts.roster) : undefined} unit="%" decimals={1} tone="amber" />
      <KpiTile label="查询结果" value={found} unit="人" tone="blue" />
    </div>
  );
}
