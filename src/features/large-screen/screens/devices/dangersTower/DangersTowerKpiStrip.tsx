// The key figures of the project 特种设备 screens: the special-equipment strip plus maintenance overdue.
import { KpiTile } from '../../../kit/KpiTile';
import type { DangersTower } from '../../../../../../common/screens/device-count';
import { DangerKpiStrip } from '../../../shared/special/DangerKpiStrip';

export function DangersTowerKpiStrip({ data }: { data: DangersTower | undefined }) {
  return (
    <DangerKpiStrip data={data}>
      <KpiTile label="保养逾期" value={data?.maintenance.overdue} unit="项" tone="red" />
    </DangerKpiStrip>
  );
}
