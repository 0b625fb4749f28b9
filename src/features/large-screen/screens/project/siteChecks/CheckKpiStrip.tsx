// The key figures of one category of checks (质量检查 or 安全检查): checks, pass rate, failing items, open and
// overdue 检查整改 notices; the safety screen adds the open hazards.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { CheckCategoryStats } from '../../../../../../common/screens/site-checks';

export function CheckKpiStrip({ stats, openHazards }: { stats: CheckCategoryStats | undefined; openHazards?: number }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="检查次数" value={stats?.total} unit="次" tone="cyan" />
      <KpiTile label="检查合格率" value={stats?.passRate} unit="%" decimals={1} tone="green" />
      <KpiTile label="不合格项" value={stats?.failedItems} unit="项" tone="amber" />
      <KpiTile label="待整改通知" value={stats?.notices.open} unit="份" tone="blue" />
      <KpiTile label="逾期未整改" value={stats?.notices.overdue} unit="份" tone="red" />
      {openHazards !== undefined && <KpiTile label="未销项隐患" value={openHazards} unit="条" tone="red" />}
    </KeyFigures>
  );
}
