// 项目数据大屏 › 渣土监管 (/LargeScreen/ProjectScreen/slagSupervision, pjctid1), designed at 1920×1080 in em:
// violations by kind and the disposal sites on the left; key figures, the newest trips and the 7-day trend
// in the middle; permits and violations on the right. One request feeds every panel, refreshed by the
// server's Slag stream (docs/spoil.md).
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useSlag } from './api';
import { PermitsPanel } from './PermitsPanel';
import { SitesPanel } from './SitesPanel';
import { SpoilKpiStrip } from './SpoilKpiStrip';
import { SpoilTrendPanel } from './SpoilTrendPanel';
import { SpoilTripsPanel } from './SpoilTripsPanel';
import { SpoilViolationsPanel } from './SpoilViolationsPanel';
import { ViolationKindPanel } from './ViolationKindPanel';
import './slag.css';

function SlagBoard({ projectId }: { projectId: string | undefined }) {
  const source = useSlag(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board sp-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column sp-left">
        <ViolationKindPanel kinds={data?.byKind} frame={frame} />
        <SitesPanel sites={data?.sites} frame={frame} />
      </div>
      <div className="ls-column sp-centre">
        <SpoilKpiStrip summary={data?.summary} />
        <SpoilTripsPanel trips={data?.trips} frame={frame} visibleRows={8} />
        <SpoilTrendPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="ls-column sp-right">
        <PermitsPanel permits={data?.permits} frame={frame} />
        <SpoilViolationsPanel violations={data?.violations} open={data?.summary.openViolations} frame={frame} />
      </div>
    </div>
  );
}

export const SlagScreen = projectScreen(SlagBoard, 'SlagScreen');
