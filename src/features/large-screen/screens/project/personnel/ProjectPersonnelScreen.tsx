// 项目数据大屏 › 人员管理 (/LargeScreen/ProjectScreen/personnelNew, header /ProjectScreen/personnel), designed
// at 1920×1080 in em: trades, ages and origin on the left; key figures, the 7-day attendance trend and the
// newest gate passes in the middle; teams, expiring certificates and blacklist hits on the right. One
// project — pjctid1's, else the header's choice —, one request, refreshed by the ProjectPersonnel stream.
import { projectScreen } from '../../../data/project-screen';
import { AgePanel } from '../../../shared/personnel/AgePanel';
import { CertificatesPanel } from '../../../shared/personnel/CertificatesPanel';
import { GroupTablePanel } from '../../../shared/personnel/GroupTablePanel';
import { JobTypePanel } from '../../../shared/personnel/JobTypePanel';
import { TrendPanel } from '../../../shared/personnel/TrendPanel';
import { useProjectPersonnel } from './api';
import { BlacklistPanel } from './BlacklistPanel';
import { OriginPanel } from './OriginPanel';
import { PassagesPanel } from './PassagesPanel';
import { PersonnelKpiStrip } from './PersonnelKpiStrip';
import './project-personnel.css';

function ProjectPersonnelBoard({ projectId }: { projectId: string | undefined }) {
  // One project: pjctid1's, else the header selector's (the server takes the first in scope without either).
  const { data, frame } = useProjectPersonnel(projectId);
  return (
    <div className="ls-board pp-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column pp-left">
        <JobTypePanel jobs={data?.byJobType} frame={frame} />
        <AgePanel age={data?.age} frame={frame} />
        <OriginPanel origin={data?.origin} frame={frame} />
      </div>
      <div className="ls-column pp-centre">
        <PersonnelKpiStrip data={data} />
        <TrendPanel trend={data?.trend} frame={frame} />
        <PassagesPanel passages={data?.passages} today={data?.passagesToday} frame={frame} />
      </div>
      <div className="ls-column pp-right">
        <GroupTablePanel title="班组出勤" groups={data?.byTeam} total={data?.summary.teams} frame={frame} />
        <CertificatesPanel certificates={data?.certificates} days={data?.certificateDays} frame={frame} />
        <BlacklistPanel hits={data?.blacklist} frame={frame} />
      </div>
    </div>
  );
}

export const ProjectPersonnelScreen = projectScreen(ProjectPersonnelBoard, 'ProjectPersonnelScreen');
