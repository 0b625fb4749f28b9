// 企业数据大屏 › 车辆管理 (/LargeScreen/EnterpriseScreen/vehicle), designed at 1920×1080 in em: vehicle
// types, their share and the wash/upload checks on the left; key figures, the 24-hour entries and exits
// and the newest passages in the middle; projects by entries and by vehicles on site on the right. One
// request feeds every panel, refreshed by the server's Vehicle stream.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useVehicle } from './api';
import { HourlyPanel } from './HourlyPanel';
import { PassagesPanel } from './PassagesPanel';
import { ProjectRankingPanel } from './ProjectRankingPanel';
import { TypeSharePanel } from './TypeSharePanel';
import { VehicleKpiStrip } from './VehicleKpiStrip';
import { VehicleTypePanel } from './VehicleTypePanel';
import { WashUploadPanel } from './WashUploadPanel';
import './vehicle.css';

const RANKED_PROJECTS = 8;

function VehicleBoard({ projectId }: { projectId: string | undefined }) {
  const source = useVehicle(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board vh-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column vh-left">
        <VehicleTypePanel types={data?.byType} frame={frame} />
        <TypeSharePanel types={data?.byType} frame={frame} />
        <WashUploadPanel data={data} frame={frame} />
      </div>
      <div className="ls-column vh-centre">
        <VehicleKpiStrip summary={data?.summary} />
        <HourlyPanel hourly={data?.hourly} frame={frame} />
        <PassagesPanel passages={data?.latest} frame={frame} />
      </div>
      <div className="ls-column vh-right">
        <ProjectRankingPanel title="项目进场排行" projects={data?.byProject} metric="in" unit="车次" limit={RANKED_PROJECTS} frame={frame} />
        <ProjectRankingPanel title="在场车辆分布" projects={data?.byProject} metric="onSite" unit="辆" limit={RANKED_PROJECTS} frame={frame} />
      </div>
    </div>
  );
}

export const VehicleScreen = projectScreen(VehicleBoard, 'VehicleScreen');
