// 企业数据大屏 › 视频监控 (/LargeScreen/EnterpriseScreen/videoMonitor), designed at 1920×1080 in em: the
// cameras' online figures and the projects to choose from on the left, the video wall in the middle, the
// projects' online rates and the offline cameras on the right. One request feeds every panel, refreshed
// by the server's VideoMonitor stream (docs/large-screens.md).
import { useMemo, useState } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useVideoMonitor } from './api';
import { CameraStatsPanel } from './CameraStatsPanel';
import { CameraWallPanel } from './CameraWallPanel';
import { ALL_CAMERAS, camerasOf, inScope, scopeKey, type CameraScope } from './model';
import { OfflinePanel } from './OfflinePanel';
import { OnlineRankPanel, type OnlineGroup } from './OnlineRankPanel';
import { ProjectCamerasPanel } from './ProjectCamerasPanel';
import './video-monitor.css';

function VideoBoard({ projectId }: { projectId: string | undefined }) {
  const source = useVideoMonitor(projectId);
  const [scope, setScope] = useState<CameraScope>(ALL_CAMERAS);
  const data = source.data;
  const frame = frameOf(source);
  const cameras = useMemo(() => (data ? camerasOf(data.projects) : undefined), [data]);
  const groups = useMemo<OnlineGroup[] | undefined>(() => data?.projects.map((p) => ({ id: p.projectId, name: p.projectName, online: p.online, total: p.total })), [data]);
  const project = scope.kind === 'project' ? data?.projects.find((p) => p.projectId === scope.id) : undefined;
  return (
    <div className="ls-board vm-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column vm-left">
        <CameraStatsPanel summary={data?.summary} frame={frame} />
        <ProjectCamerasPanel projects={data?.projects} total={data?.summary.total} online={data?.summary.online} scope={scope} onScope={setScope} frame={frame} />
      </div>
      <CameraWallPanel key={scopeKey(scope)} cameras={cameras?.filter(inScope(scope))} scopeName={project?.projectName ?? '全部项目'} frame={frame} />
      <div className="ls-column vm-right">
        <OnlineRankPanel title="项目在线率排行" groups={groups} frame={frame} />
        <OfflinePanel cameras={cameras} frame={frame} />
      </div>
    </div>
  );
}

export const VideoMonitorScreen = projectScreen(VideoBoard, 'VideoMonitorScreen');
