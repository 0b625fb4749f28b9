// 项目数据大屏 › 车辆管理 (/LargeScreen/ProjectScreen/car and /ProjectScreen/car, pjctid1), designed at
// 1920×1080 in em: today's vehicle types, wash checks and concrete tankers on the left; key figures, the
// 24-hour entries and exits and the newest passages in the middle; the spoil trucks' trips and violations
// on the right. One request (ProjectCar) feeds every panel, refreshed by the server's stream.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { HourlyPanel } from '../../enterprise/vehicle/HourlyPanel';
import { PassagesPanel } from '../../enterprise/vehicle/PassagesPanel';
import { VehicleTypePanel } from '../../enterprise/vehicle/VehicleTypePanel';
import { WashUploadPanel } from '../../enterprise/vehicle/WashUploadPanel';
import '../../enterprise/vehicle/vehicle.css';
import { useProjectCar } from '../slag/api';
import { SpoilTripsPanel } from '../slag/SpoilTripsPanel';
import { SpoilViolationsPanel } from '../slag/SpoilViolationsPanel';
import '../slag/slag.css';
import { CarKpiStrip } from './CarKpiStrip';
import { TankerPanel } from './TankerPanel';

function ProjectCarBoard({ projectId }: { projectId: string | undefined }) {
  const source = useProjectCar(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board pc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column sp-left">
        <VehicleTypePanel types={data?.byType} frame={frame} />
        <WashUploadPanel data={data} frame={frame} />
        <TankerPanel tankers={data?.tankers} frame={frame} />
      </div>
      <div className="ls-column vh-centre">
        <CarKpiStrip data={data} />
        <HourlyPanel hourly={data?.hourly} frame={frame} />
        <PassagesPanel passages={data?.latest} frame={frame} />
      </div>
      <div className="ls-column sp-right">
        <SpoilTripsPanel trips={data?.trips} frame={frame} visibleRows={6} />
        <SpoilViolationsPanel violations={data?.violations} open={data?.spoil.openViolations} frame={frame} visibleRows={6} />
      </div>
    </div>
  );
}

export const ProjectCarScreen = projectScreen(ProjectCarBoard, 'ProjectCarScreen');
