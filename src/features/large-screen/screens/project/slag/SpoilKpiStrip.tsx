// The key figures of spoil haulage: trucks on record, valid permits, today's trips and arrivals, today's
// violations and those still open.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { SpoilSummary } from '../../../../../../common/screens/spoil';

export function SpoilKpiStrip({ summary }: { summary: SpoilSummary | undefined }) {
  return (
    <KeyFigures label="渣土关键指标">
      <KpiTile label="备案渣土车" value={summary?.trucks} unit="辆" tone="cyan" />
      <KpiTile label="有效准运证" value={summary?.validPermits} unit="张" tone="green" />
      <KpiTile label="今日出场" value={summary?.tripsToday} unit="趟" tone="blue" />
      <KpiTile label="今日到场" value={summary?.arrivedToday} unit="趟" tone="green" />
      <KpiTile label="今日违规" value={summary?.violationsToday} unit="起" tone="amber" />
      <KpiTile label="待处理违规" value={summary?.openViolations} unit="起" tone="red" />
    </KeyFigures>
  );
}
