// 监管数据大屏 › 项目概况 (/LargeScreen/SupervisoryScreen/overview) for government users, designed at
// 1920×1080 in em: projects by status and by district and the district workforce on the left; the
// area's key figures, the project map and the real-name workforce in the middle; alarms, hazards and
// devices on the right. One request feeds every panel, refreshed by the server's stream
// (docs/large-screens.md).
import { useState } from 'react';
import { projectScreen, type ProjectBoardProps } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { AlarmPanel } from './AlarmPanel';
import { useSupervisoryOverview } from './api';
import { DistrictProjectsPanel } from './DistrictProjectsPanel';
import { DeviceStatusPanel } from '../../../shared/DeviceStatusPanel';
import { DistrictWorkersPanel } from '../../../shared/DistrictWorkersPanel';
import { HazardPanel } from './HazardPanel';
import { MapPanel } from './MapPanel';
import { ProjectStatusPanel } from './ProjectStatusPanel';
import { SupervisionStrip } from './SupervisionStrip';
import { WorkforcePanel } from './WorkforcePanel';
import './supervisory-overview.css';

function SupervisionBoard({ projectId, company }: ProjectBoardProps) {
  const source = useSupervisoryOverview(projectId, company);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board so-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column so-left">
        <ProjectStatusPanel projects={data?.projects} frame={frame} />
        <DistrictProjectsPanel districts={data?.byDistrict} frame={frame} />
        <DistrictWorkersPanel districts={data?.byDistrict} frame={frame} />
      </div>
      <div className="ls-column so-centre">
        <SupervisionStrip data={data} />
        <MapPanel data={data} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <WorkforcePanel workers={data?.workers} frame={frame} />
      </div>
      <div className="ls-column so-right">
        <AlarmPanel alarms={data?.alarms} frame={frame} />
        <HazardPanel hazards={data?.hazards} frame={frame} />
        <DeviceStatusPanel devices={data?.devices} frame={frame} />
      </div>
    </div>
  );
}

export const SupervisoryOverviewScreen = projectScreen(SupervisionBoard, 'SupervisoryOverviewScreen');
