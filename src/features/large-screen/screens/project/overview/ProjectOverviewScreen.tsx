// 项目数据大屏 › 项目概况 (/LargeScreen/ProjectScreen/projectOverview, §2.4), the project user's landing
// screen, designed at 1920×1080 in em: the project and its workforce on the left; key figures, the project
// on the map and the alarm ticker in the middle; environment and alarms on the right. One project — the
// header's choice or pjctid1 — one request, refreshed by the server's ProjectOverview stream.
import { useMemo } from 'react';
import { AlarmTicker } from '../../../kit/AlarmTicker';
import { isOutage } from '../../../kit/frame';
import { projectScreen } from '../../../data/project-screen';
import type { MapMarker } from '../../../map';
import { AlarmsPanel } from '../../../shared/AlarmsPanel';
import { unhandledTicker } from '../../../shared/alarm-ticker';
import { EnvTrendPanel } from '../../../shared/EnvTrendPanel';
import { ProjectMapPanel } from '../../../shared/ProjectMapPanel';
import { useProjectOverview } from './api';
import { EnvNowPanel } from './EnvNowPanel';
import { ProfilePanel } from './ProfilePanel';
import { ProjectKpiStrip } from './ProjectKpiStrip';
import { AttendanceTrendPanel } from './WorkforcePanels';
import { JobTypePanel } from '../../../shared/personnel/JobTypePanel';
import './project-overview.css';

const ignoreSelect = () => undefined;

function ProjectOverviewBoard({ projectId }: { projectId: string | undefined }) {
  // One project: pjctid1's, else the header selector's (the server takes the first in scope without either).
  const { source, data, frame } = useProjectOverview(projectId);
  const project = data?.project;
  const ticker = useMemo(() => unhandledTicker(data?.alarms), [data?.alarms]);
  const markers = useMemo<MapMarker[]>(
    () => (project && project.lng !== null && project.lat !== null ? [{ id: project.id, title: project.name, lng: project.lng, lat: project.lat, state: project.state }] : []),
    [project],
  );
  const center = markers[0] ? ([markers[0].lng, markers[0].lat] as [number, number]) : undefined;

  return (
    <div className="ls-board po-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column po-left">
        <ProfilePanel project={project} frame={frame} />
        <AttendanceTrendPanel data={data} frame={frame} />
        <JobTypePanel jobs={data?.byJobType} frame={frame} />
      </div>
      <div className="ls-column po-centre">
        <ProjectKpiStrip data={data} />
        <ProjectMapPanel key={center?.join(',')} title="项目位置" markers={markers} frame={frame} onSelect={ignoreSelect} center={center} zoom={14} mapClass="po-map" />
        <AlarmTicker items={ticker} label="实时报警" outage={isOutage(source)} />
      </div>
      <div className="ls-column po-right">
        <EnvNowPanel environment={data?.environment} frame={frame} />
        <EnvTrendPanel environment={data?.environment} frame={frame} />
        <AlarmsPanel alarms={data?.alarms} frame={frame} oneProject />
      </div>
    </div>
  );
}

export const ProjectOverviewScreen = projectScreen(ProjectOverviewBoard, 'ProjectOverviewScreen');
