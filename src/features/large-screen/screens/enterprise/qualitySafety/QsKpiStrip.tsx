// The key figures of the hazards: total, open, closed, overdue and found today.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { HazardSummary } from '../../../../../../common/screens/quality-safety';

export function QsKpiStrip({ summary }: { summary: HazardSummary | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="隐患总数" value={summary?.total} unit="条" tone="cyan" />
      <KpiTile label="未销项" value={summary?.open} unit="条" tone="amber" />
      <KpiTile label="已销项" value={summary?.closed} unit="条" tone="green" />
      <KpiTile label="超期未整改" value={summary?.overdue} unit="条" tone="red" />
      <KpiTile label="今日新增" value={summary?.foundToday} unit="条" tone="blue" />
    </KeyFigures>
  );
}
