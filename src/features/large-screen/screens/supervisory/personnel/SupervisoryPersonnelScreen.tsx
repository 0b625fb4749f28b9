// 监管数据大屏 › 实名制登记 (/LargeScreen/SupervisoryScreen/personnel) for government users, designed at
// 1920×1080 in em: registration, today's attendance and trades on the left; the area's workforce figures,
// every project's registration and attendance and the 7-day trend in the middle; projects ranked and
// compared and the districts on the right. One request feeds every panel, refreshed by the server's
// stream (docs/large-screens.md).
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { DistrictWorkersPanel } from '../../../shared/DistrictWorkersPanel';
import { useSupervisoryPersonnel } from './api';
import { AttendancePanel } from './AttendancePanel';
import { AttendanceRankPanel } from './AttendanceRankPanel';
import { JobTypePanel } from './JobTypePanel';
import { PersonnelStrip } from './PersonnelStrip';
import { ProjectTablePanel } from './ProjectTablePanel';
import { ProjectWorkforcePanel } from './ProjectWorkforcePanel';
import { RegistrationPanel } from './RegistrationPanel';
import { TrendPanel } from './TrendPanel';
import './supervisory-personnel.css';

function PersonnelBoard({ projectId }: { projectId: string | undefined }) {
  const source = useSupervisoryPersonnel(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board sp-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column sp-left">
        <RegistrationPanel summary={data?.summary} frame={frame} />
        <AttendancePanel summary={data?.summary} frame={frame} />
        <JobTypePanel jobs={data?.byJobType} frame={frame} />
      </div>
      <div className="ls-column sp-centre">
        <PersonnelStrip summary={data?.summary} />
        <ProjectTablePanel projects={data?.projects} frame={frame} />
        <TrendPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="ls-column sp-right">
        <AttendanceRankPanel projects={data?.projects} frame={frame} />
        <ProjectWorkforcePanel projects={data?.projects} frame={frame} />
        <DistrictWorkersPanel districts={data?.byDistrict} frame={frame} />
      </div>
    </div>
  );
}

export const SupervisoryPersonnelScreen = projectScreen(PersonnelBoard, 'SupervisoryPersonnelScreen');
