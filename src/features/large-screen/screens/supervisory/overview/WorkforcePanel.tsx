// 实名制人员 under the map: the area's roster, real-name registration and today's attendance.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Workforce } from '../../../../../../common/screens/workforce';

export function WorkforcePanel({ workers, frame }: { workers: Workforce | undefined; frame: SourceFrame }) {
  return (
    <Panel title="实名制人员" className="so-workforce-panel" {...frame} empty={!workers}>
      <div className="so-workforce">
        <KpiTile label="在册人员" value={workers?.roster} unit="人" tone="cyan" />
        <KpiTile label="实名登记" value={workers?.registered} unit="人" tone="blue" />
        <KpiTile label="登记率" value={workers?.registrationRate} unit="%" decimals={1} tone="blue" />
        <KpiTile label="今日出勤" value={workers?.attended} unit="人" tone="green" />
        <KpiTile label="出勤率" value={workers?.attendanceRate} unit="%" decimals={1} tone="green" />
        <KpiTile label="当前在场" value={workers?.onSite} unit="人" tone="amber" />
      </div>
    </Panel>
  );
}
