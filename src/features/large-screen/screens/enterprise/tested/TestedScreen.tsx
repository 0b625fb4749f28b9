// 企业数据大屏 › 设备管理 (/LargeScreen/EnterpriseScreen/tested), designed at 1920×1080 in em: the
// monitoring devices' state, kinds and share on the left; key figures, each project's online devices and
// the per-project table in the middle; the maintenance (routine inspection) statistics on the right. One
// request feeds every panel, refreshed by the server's Tested stream.
import { projectScreen } from '../../../data/project-screen';
import { DeviceKindPanel } from '../../../shared/DeviceKindPanel';
import { DeviceStatusPanel } from '../../../shared/DeviceStatusPanel';
import { frameOf } from '../../../kit/frame';
import { useTested } from './api';
import { KindSharePanel } from './KindSharePanel';
import { MaintenanceSummaryPanel } from './MaintenanceSummaryPanel';
import { MaintenanceTypePanel } from './MaintenanceTypePanel';
import { ProjectDevicesTable } from './ProjectDevicesTable';
import { ProjectOnlinePanel } from './ProjectOnlinePanel';
import { TestedKpiStrip } from './TestedKpiStrip';
import './tested.css';

function TestedBoard({ projectId }: { projectId: string | undefined }) {
  const source = useTested(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board ts-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column ts-left">
        <DeviceStatusPanel devices={data?.devices} frame={frame} />
        <DeviceKindPanel devices={data?.devices} frame={frame} />
        <KindSharePanel devices={data?.devices} frame={frame} />
      </div>
      <div className="ls-column ts-centre">
        <TestedKpiStrip data={data} />
        <ProjectOnlinePanel projects={data?.online} frame={frame} />
        <ProjectDevicesTable projects={data?.online} frame={frame} />
      </div>
      <div className="ls-column ts-right">
        <MaintenanceSummaryPanel maintenance={data?.maintenance} frame={frame} />
        <MaintenanceTypePanel maintenance={data?.maintenance} frame={frame} />
      </div>
    </div>
  );
}

export const TestedScreen = projectScreen(TestedBoard, 'TestedScreen');
