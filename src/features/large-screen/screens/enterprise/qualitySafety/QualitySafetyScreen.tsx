// 企业数据大屏 › 质量安全 (/LargeScreen/EnterpriseScreen/qualitySafety), designed at 1920×1080 in em:
// hazards by status, type and level on the left; key figures, the rectification and on-time rates and
// the newest open hazards in the middle; the 30-day trend, the check kinds and the project ranking on
// the right. One request feeds every panel, refreshed by the server's QualitySafety stream.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useQualitySafety } from './api';
import { CheckKindPanel } from './CheckKindPanel';
import { HazardLevelPanel } from './HazardLevelPanel';
import { HazardStatusPanel } from './HazardStatusPanel';
import { HazardTrendPanel } from './HazardTrendPanel';
import { HazardTypePanel } from './HazardTypePanel';
import { OpenHazardsPanel } from './OpenHazardsPanel';
import { ProjectHazardPanel } from './ProjectHazardPanel';
import { QsKpiStrip } from './QsKpiStrip';
import { RectificationPanel } from './RectificationPanel';
import './quality-safety.css';

function QualitySafetyBoard({ projectId }: { projectId: string | undefined }) {
  const source = useQualitySafety(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board qs-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column qs-left">
        <HazardStatusPanel data={data} frame={frame} />
        <HazardTypePanel types={data?.byType} frame={frame} />
        <HazardLevelPanel levels={data?.byLevel} frame={frame} />
      </div>
      <div className="ls-column qs-centre">
        <QsKpiStrip summary={data?.summary} />
        <RectificationPanel summary={data?.summary} frame={frame} />
        <OpenHazardsPanel hazards={data?.openList} open={data?.summary.open} frame={frame} />
      </div>
      <div className="ls-column qs-right">
        <HazardTrendPanel trend={data?.trend} frame={frame} />
        <CheckKindPanel kinds={data?.byCheckKind} frame={frame} />
        <ProjectHazardPanel projects={data?.byProject} frame={frame} />
      </div>
    </div>
  );
}

export const QualitySafetyScreen = projectScreen(QualitySafetyBoard, 'QualitySafetyScreen');
