// The key figures of the equipment: monitoring devices, online rate, alarming devices, inspection
// devices and inspection templates.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { Tested } from '../../../../../../common/screens/tested';
import { onlineRate } from '../../../shared/model';

export function TestedKpiStrip({ data }: { data: Tested | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="监测设备" value={data?.devices.total} unit="台" tone="cyan" />
      <KpiTile label="设备在线率" value={data ? onlineRate(data.devices) : undefined} unit="%" decimals={1} tone="green" />
      <KpiTile label="报警设备" value={data?.devices.alarm} unit="台" tone="red" />
      <KpiTile label="维保设备" value={data?.maintenance.deviceTotal} unit="台" tone="blue" />
      <KpiTile label="巡检模板" value={data?.maintenance.templateTotal} unit="个" tone="amber" />
    </KeyFigures>
  );
}
