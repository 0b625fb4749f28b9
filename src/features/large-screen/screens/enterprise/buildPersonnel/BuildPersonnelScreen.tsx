// 企业数据大屏 › 人员管理 (/LargeScreen/EnterpriseScreen/buildPersonnel), designed at 1920×1080 in em:
// trades, person types and ages on the left; today's key figures, the 7-day attendance trend and the
// project ranking in the middle; gender, teams and participating units on the right. One request feeds
// every panel, refreshed by the server's BuildPersonnel stream (docs/large-screens.md).
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { AgePanel } from '../../../shared/personnel/AgePanel';
import { useBuildPersonnel } from './api';
import { GenderPanel } from '../../../shared/personnel/GenderPanel';
import { GroupTablePanel } from '../../../shared/personnel/GroupTablePanel';
import { JobTypePanel } from '../../../shared/personnel/JobTypePanel';
import { KpiStrip } from './KpiStrip';
import { PersonTypePanel } from './PersonTypePanel';
import { TopProjectsPanel } from './TopProjectsPanel';
import { TrendPanel } from '../../../shared/personnel/TrendPanel';
import './build-personnel.css';

function PersonnelBoard({ projectId }: { projectId: string | undefined }) {
  const source = useBuildPersonnel(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board bp-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column bp-left">
        <JobTypePanel jobs={data?.byJobType} frame={frame} />
        <PersonTypePanel types={data?.byPersonType} frame={frame} />
        <AgePanel age={data?.age} frame={frame} />
      </div>
      <div className="ls-column bp-centre">
        <KpiStrip summary={data?.summary} />
        <TrendPanel trend={data?.trend} frame={frame} />
        <TopProjectsPanel projects={data?.topProjects} frame={frame} />
      </div>
      <div className="ls-column bp-right">
        <GenderPanel gender={data?.gender} frame={frame} />
        <GroupTablePanel title="班组出勤" groups={data?.byTeam} total={data?.summary.teams} frame={frame} />
        <GroupTablePanel title="参建单位" groups={data?.byUnit} total={data?.summary.units} frame={frame} />
      </div>
    </div>
  );
}

export const BuildPersonnelScreen = projectScreen(PersonnelBoard, 'BuildPersonnelScreen');
