// 企业数据大屏 › 监管视频监控 (/LargeScreen/EnterpriseScreen/jgdvideoMonitor): the supervisory variant of
// 视频监控 over the same VideoMonitor call and stream, grouped by district — the cameras' online figures
// and the districts with their projects on the left, the video wall in the middle, each district's
// online figures, its online rate and the offline cameras on the right (docs/large-screens.md).
import { useMemo, useState } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useVideoMonitor } from './api';
import { CameraStatsPanel } from './CameraStatsPanel';
import { CameraWallPanel } from './CameraWallPanel';
import { ALL_CAMERAS, camerasOf, inScope, scopeKey, type CameraScope } from './model';
import { OfflinePanel } from './OfflinePanel';
import { OnlineRankPanel, type OnlineGroup } from './OnlineRankPanel';
import { AreaStatsPanel } from './AreaStatsPanel';
import { AreaTreePanel } from './AreaTreePanel';
import { byDistrict } from './districts';
import './video-monitor.css';

function SupervisoryVideoBoard({ projectId }: { projectId: string | undefined }) {
  const source = useVideoMonitor(projectId);
  const [scope, setScope] = useState<CameraScope>(ALL_CAMERAS);
  const data = source.data;
  const frame = frameOf(source);
  const districts = useMemo(() => (data ? byDistrict(data.projects) : undefined), [data]);
  // The wall lists the cameras district by district, as the tree on the left.
  const cameras = useMemo(() => (districts ? camerasOf(districts.flatMap((d) => d.projects)) : undefined), [districts]);
  const groups = useMemo<OnlineGroup[] | undefined>(() => districts?.map((d) => ({ id: d.areaCode, name: d.areaName, online: d.online, total: d.total })), [districts]);
  const scopeName =
    scope.kind === 'area'
      ? districts?.find((d) => d.areaCode === scope.code)?.areaName
      : scope.kind === 'project'
        ? data?.projects.find((p) => p.projectId === scope.id)?.projectName
        : undefined;
  return (
    <div className="ls-board vm-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column vm-left">
        <CameraStatsPanel summary={data?.summary} frame={frame} />
        <AreaTreePanel districts={districts} total={data?.summary.total} online={data?.summary.online} scope={scope} onScope={setScope} frame={frame} />
      </div>
      <CameraWallPanel key={scopeKey(scope)} cameras={cameras?.filter(inScope(scope))} scopeName={scopeName ?? '全部区域'} frame={frame} />
      <div className="ls-column vm-right is-three">
        <AreaStatsPanel districts={districts} frame={frame} />
        <OnlineRankPanel title="区域在线率排行" groups={groups} frame={frame} />
        <OfflinePanel cameras={cameras} frame={frame} />
      </div>
    </div>
  );
}

export const JgdVideoMonitorScreen = projectScreen(SupervisoryVideoBoard, 'JgdVideoMonitorScreen');
