// 企业数据大屏 › 项目管理 (/LargeScreen/EnterpriseScreen/projectManagements), designed at 1920×1080 in em:
// projects by status, district and company on the left; key figures, the project map and the project
// list with its schedule in the middle; today's attendance, devices per project and workers per company
// on the right. One request feeds
// every panel, refreshed by the server's ProjectManagements stream (docs/large-screens.md).
import { useMemo, useState } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { ProjectStatusPanel } from '../../../shared/ProjectStatusPanel';
import { useProjectManagements } from './api';
import { AreaCountPanel } from '../../../shared/project-schedule';
import { AttendanceRankPanel } from './AttendanceRankPanel';
import { CompanyPanel } from './CompanyPanel';
import { CompanyWorkersPanel } from './CompanyWorkersPanel';
import { DeviceRankPanel } from './DeviceRankPanel';
import { KpiStrip } from './KpiStrip';
import { MapPanel } from './MapPanel';
import { ProjectListPanel } from './ProjectListPanel';
import './project-management.css';

function ProjectManagementsBoard({ projectId }: { projectId: string | undefined }) {
  const source = useProjectManagements(projectId);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const data = source.data;
  const frame = frameOf(source);
  const status = useMemo(() => data && { total: data.total, byStatus: data.byStatus }, [data]);
  return (
    <div className="ls-board pm-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column pm-left">
        <ProjectStatusPanel projects={status} frame={frame} />
        <AreaCountPanel areas={data?.byArea} frame={frame} extra={data && <span>{data.byArea.length} 个区县</span>} />
        <CompanyPanel companies={data?.byCompany} frame={frame} />
      </div>
      <div className="ls-column pm-centre">
        <KpiStrip data={data} />
        <MapPanel projects={data?.projects} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <ProjectListPanel projects={data?.projects} frame={frame} />
      </div>
      <div className="ls-column pm-right">
        <AttendanceRankPanel projects={data?.projects} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <DeviceRankPanel projects={data?.projects} frame={frame} />
        <CompanyWorkersPanel projects={data?.projects} frame={frame} />
      </div>
    </div>
  );
}

export const ProjectManagementsScreen = projectScreen(ProjectManagementsBoard, 'ProjectManagementsScreen');
