// 检测机构 (§2.4 /InspectionInstitute), designed at 1920×1080 in em, over the 见证取样 of the caller's projects
// (or the project of pjctid1); one request (TyScreen/Testing) feeds every panel, refreshed by its stream.
// - TestingInstitution: the institutions, materials and trend; key figures with the pass rate; projects and
//   the unqualified samples with their alarms.
// - WitnessSamplingManagement: the states and who took what; the sampling records as they come.
// - SampleManagement: the reports and their conclusions, materials and the unqualified samples.
import { projectScreen } from '../../data/project-screen';
import { frameOf } from '../../kit/frame';
import { useTesting } from './api';
import { InstitutionPanel } from './InstitutionPanel';
import { MaterialPanel } from './MaterialPanel';
import { ProjectPassPanel } from './ProjectPassPanel';
import { SampleTablePanel } from './SampleTablePanel';
import { StatusPanel } from './StatusPanel';
import { TestingKpiStrip } from './TestingKpiStrip';
import { TrendPanel } from './TrendPanel';
import { UnqualifiedPanel } from './UnqualifiedPanel';
import './testing.css';

type BoardProps = { projectId: string | undefined };

function TestingInstitutionBoard({ projectId }: BoardProps) {
  const source = useTesting(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board tc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column tc-left">
        <InstitutionPanel groups={data?.byInstitution} frame={frame} />
        <StatusPanel statuses={data?.byStatus} frame={frame} />
        <TrendPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="ls-column tc-centre">
        <TestingKpiStrip data={data} />
        <MaterialPanel groups={data?.byMaterial} frame={frame} />
        <SampleTablePanel kind="reports" rows={data?.reports} frame={frame} />
      </div>
      <div className="ls-column tc-right">
        <ProjectPassPanel projects={data?.byProject} frame={frame} />
        <UnqualifiedPanel rows={data?.unqualified} frame={frame} />
      </div>
    </div>
  );
}

function WitnessSamplingBoard({ projectId }: BoardProps) {
  const source = useTesting(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board tc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column tc-left">
        <StatusPanel statuses={data?.byStatus} frame={frame} />
        <TrendPanel trend={data?.trend} frame={frame} />
        <InstitutionPanel groups={data?.byInstitution} frame={frame} />
      </div>
      <div className="ls-column tc-centre is-table">
        <TestingKpiStrip data={data} states />
        <SampleTablePanel kind="samples" rows={data?.latest} frame={frame} />
        <MaterialPanel groups={data?.byMaterial} frame={frame} />
      </div>
      <div className="ls-column tc-right">
        <ProjectPassPanel projects={data?.byProject} frame={frame} />
        <UnqualifiedPanel rows={data?.unqualified} frame={frame} />
      </div>
    </div>
  );
}

function SampleManagementBoard({ projectId }: BoardProps) {
  const source = useTesting(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board tc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column tc-left">
        <MaterialPanel groups={data?.byMaterial} frame={frame} />
        <StatusPanel statuses={data?.byStatus} frame={frame} />
        <TrendPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="ls-column tc-centre is-table">
        <TestingKpiStrip data={data} />
        <SampleTablePanel kind="reports" rows={data?.reports} frame={frame} />
        <SampleTablePanel kind="samples" rows={data?.latest} frame={frame} />
      </div>
      <div className="ls-column tc-right">
        <UnqualifiedPanel rows={data?.unqualified} frame={frame} />
        <ProjectPassPanel projects={data?.byProject} frame={frame} />
      </div>
    </div>
  );
}

export const TestingInstitutionScreen = projectScreen(TestingInstitutionBoard, 'TestingInstitutionScreen');
export const WitnessSamplingScreen = projectScreen(WitnessSamplingBoard, 'WitnessSamplingScreen');
export const SampleManagementScreen = projectScreen(SampleManagementBoard, 'SampleManagementScreen');
