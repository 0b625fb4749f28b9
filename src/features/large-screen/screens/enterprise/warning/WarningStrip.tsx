// The key figures above the alarm list: unhandled alarms, today's, overdue hazards, the last 7 days.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { Warning } from '../../../../../../common/screens/warning';

export function WarningStrip({ data }: { data: Warning | undefined }) {
  const week = data?.trend.reduce((n, d) => n + d.total, 0);
  return (
    <KeyFigures label="预警指标">
      <KpiTile label="未处理报警" value={data?.summary.unhandled} unit="条" tone="red" />
      <KpiTile label="今日报警" value={data?.summary.today} unit="条" tone="amber" />
      <KpiTile label="今日未处理" value={data?.summary.todayUnhandled} unit="条" tone="red" />
      <KpiTile label="超期隐患" value={data?.summary.overdueHazards} unit="项" tone="amber" />
      <KpiTile label="近7日报警" value={week} unit="条" tone="cyan" />
    </KeyFigures>
  );
}
