// 项目数据大屏 › 视频监控 (/LargeScreen/ProjectScreen/video and the header's /ProjectScreen/video, §2.4),
// designed at 1920×1080 in em: the project's cameras on the left (figures and the list), its video wall in
// the middle — 1, 4, 9 or 16 tiles playing live video within the page's budget of 9 decoders (on 16 the
// others show 点击播放), offline cameras as 设备离线. One project: pjctid1's, else the header selector's,
// else the first of the scope with cameras. A camera of the list (or a tile) opens alone until 返回多画面.
import { useMemo, useState } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { CameraWallPanel } from '../../../shared/CameraWallPanel';
import { useSession } from '../../../../../lib/session/store';
import { SPLITS } from '../../../../../lib/video/split';
import type { Camera, ProjectCameras } from '../../../../../../common/screens/video';
import { useProjectCameras } from './api';
import './project-video.css';

const cameraName = (c: Camera): string => `${c.deviceName}${c.installPosition ? `（${c.installPosition}）` : ''}`;

/** The project shown: the one asked for, else the first with cameras, else the first. */
export const projectOf = (projects: readonly ProjectCameras[] | undefined, wanted: string | undefined): ProjectCameras | undefined =>
  projects?.find((p) => p.projectId === wanted) ?? projects?.find((p) => p.total > 0) ?? projects?.[0];

function ProjectVideoBoard({ projectId }: { projectId: string | undefined }) {
  const chosen = useSession((s) => s.project?.id);
  const wanted = projectId ?? chosen ?? undefined;
  const source = useProjectCameras(wanted);
  const frame = frameOf(source);
  const project = projectOf(source.data?.projects, wanted);
  const cameras = useMemo(() => project?.cameras ?? [], [project]);
  const [focusedId, setFocusedId] = useState<string | undefined>(undefined);
  const tiles = useMemo(() => cameras.map((c) => ({ id: c.id, name: cameraName(c), online: c.online })), [cameras]);

  return (
    <div className="ls-board pv-board" data-loaded={source.data ? 'true' : 'false'}>
      <div className="ls-column pv-left">
        <Panel title="摄像头概况" {...frame} empty={!project}>
          {project && (
            <div className="pv-figures">
              <KpiTile label="摄像头" value={project.total} unit="路" tone="cyan" />
              <KpiTile label="在线" value={project.online} unit="路" tone="green" />
              <KpiTile label="离线" value={project.offline} unit="路" tone="grey" />
            </div>
          )}
        </Panel>
        <Panel title="摄像头列表" {...frame} empty={cameras.length === 0} extra={project && <span title={project.projectName}>{project.projectName}</span>}>
          <ul className="pv-list" aria-label="摄像头列表">
            {cameras.map((c) => (
              <li key={c.id}>
                <button type="button" className={`pv-camera${c.id === focusedId ? ' is-active' : ''}`} aria-pressed={c.id === focusedId} onClick={() => setFocusedId(c.id)}>
                  <span className="pv-camera-name" title={cameraName(c)}>
                    {cameraName(c)}
                  </span>
                  <span className={`pv-camera-state ${c.online ? 'is-online' : 'is-offline'}`}>{c.online ? '在线' : '离线'}</span>
                </button>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      <CameraWallPanel key={project?.projectId} tiles={tiles} frame={frame} splits={SPLITS} initialSplit={4} focusedId={focusedId} onFocus={setFocusedId} />
    </div>
  );
}

export const ProjectVideoScreen = projectScreen(ProjectVideoBoard, 'ProjectVideoScreen');
