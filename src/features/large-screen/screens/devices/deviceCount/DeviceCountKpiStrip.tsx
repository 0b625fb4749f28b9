// The key figures of 设备管理: devices, online rate, alarming devices, open maintenance tasks, overdue
// ones and open 整改单.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { DeviceCount } from '../../../../../../common/screens/device-count';
import { onlineRate } from '../../../shared/model';

export function DeviceCountKpiStrip({ data }: { data: DeviceCount | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="设备总数" value={data?.devices.total} unit="台" tone="cyan" />
      <KpiTile label="设备在线率" value={data ? onlineRate(data.devices) : undefined} unit="%" decimals={1} tone="green" />
      <KpiTile label="报警设备" value={data?.devices.alarm} unit="台" tone="red" />
      <KpiTile label="待保养" value={data?.maintenance.open} unit="项" tone="blue" />
      <KpiTile label="保养逾期" value={data?.maintenance.overdue} unit="项" tone="amber" />
      <KpiTile label="待整改" value={data?.records.openRectifications} unit="项" tone="red" />
    </KeyFigures>
  );
}
