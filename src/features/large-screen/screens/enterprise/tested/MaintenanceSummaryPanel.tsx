// 维保概况: routine-inspection devices and templates of the projects in scope, the device types they
// cover, and the types whose devices have no inspection template yet.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { MaintenanceStats } from '../../../../../../common/screens/devices';
import { typesWithoutTemplate } from './model';

export function MaintenanceSummaryPanel({ maintenance, frame }: { maintenance: MaintenanceStats | undefined; frame: SourceFrame }) {
  const missing = maintenance ? typesWithoutTemplate(maintenance) : undefined;
  return (
    <Panel title="维保概况" {...frame} empty={!maintenance || (maintenance.deviceTotal === 0 && maintenance.templateTotal === 0)}>
      {maintenance && (
        <div className="ts-maint-kpis">
          <KpiTile label="维保设备" value={maintenance.deviceTotal} unit="台" tone="cyan" />
          <KpiTile label="巡检模板" value={maintenance.templateTotal} unit="个" tone="blue" />
          <KpiTile label="设备类型" value={maintenance.byType.length} unit="类" tone="green" />
          <KpiTile label="缺少模板" value={missing} unit="类" tone={missing ? 'red' : 'grey'} />
        </div>
      )}
    </Panel>
  );
}
