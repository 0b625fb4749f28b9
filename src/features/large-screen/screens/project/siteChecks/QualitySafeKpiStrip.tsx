// The key figures of 质量安全: both categories' pass rates, the open and overdue 检查整改 notices and the open
// hazards.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { SiteChecks } from '../../../../../../common/screens/site-checks';

export function QualitySafeKpiStrip({ data }: { data: SiteChecks | undefined }) {
  const sum = (pick: (d: SiteChecks) => number) => (data ? pick(data) : undefined);
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="检查次数" value={sum((d) => d.quality.total + d.safety.total)} unit="次" tone="cyan" />
      <KpiTile label="质量合格率" value={data?.quality.passRate} unit="%" decimals={1} tone="green" />
      <KpiTile label="安全合格率" value={data?.safety.passRate} unit="%" decimals={1} tone="green" />
      <KpiTile label="待整改通知" value={sum((d) => d.quality.notices.open + d.safety.notices.open)} unit="份" tone="blue" />
      <KpiTile label="逾期未整改" value={sum((d) => d.quality.notices.overdue + d.safety.notices.overdue)} unit="份" tone="red" />
      <KpiTile label="未销项隐患" value={data?.hazards.open} unit="条" tone="amber" />
    </KeyFigures>
  );
}
