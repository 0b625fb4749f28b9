// The area's workforce figures above the project table.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { SupervisoryPersonnel } from '../../../../../../common/screens/supervisory';

export function PersonnelStrip({ summary }: { summary: SupervisoryPersonnel['summary'] | undefined }) {
  return (
    <KeyFigures label="实名制指标" className="sp-strip">
      <KpiTile label="在册人员" value={summary?.roster} unit="人" tone="cyan" />
      <KpiTile label="实名登记" value={summary?.registered} unit="人" tone="blue" />
      <KpiTile label="今日出勤" value={summary?.attended} unit="人" tone="green" />
      <KpiTile label="当前在场" value={summary?.onSite} unit="人" tone="amber" />
      <KpiTile label="用工项目" value={summary?.projects} unit="个" tone="cyan" />
      <KpiTile label="参建单位" value={summary?.units} unit="家" tone="grey" />
    </KeyFigures>
  );
}
