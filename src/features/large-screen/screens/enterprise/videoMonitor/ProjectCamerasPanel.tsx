// 项目监控列表: the projects with their cameras online / in all; choosing one puts its cameras on the
// wall, 全部项目 every camera again.
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectCameras } from '../../../../../../common/screens/video';
import { sameScope, type CameraScope } from './model';

/** What a list of camera scopes takes: the cameras online / in all, the scope on the wall and its setter. */
export type ScopeListProps = {
  total: number | undefined;
  online: number | undefined;
  scope: CameraScope;
  onScope: (scope: CameraScope) => void;
  frame: SourceFrame;
};

export type ProjectCamerasPanelProps = ScopeListProps & { projects: ProjectCameras[] | undefined };

export function ScopeButton({ label, online, total, active, onClick, level = 0 }: { label: string; online: number; total: number; active: boolean; onClick: () => void; level?: 0 | 1 }) {
  return (
    <button type="button" className={`vm-scope-row is-level-${level}${active ? ' is-active' : ''}`} aria-pressed={active} onClick={onClick}>
      <span className="vm-scope-name" title={label}>
        {label}
      </span>
      {total === 0 ? (
        <span className="vm-scope-none">未接入</span>
      ) : (
        <span className="vm-scope-count ls-digits">
          <b className={online < total ? 'is-partial' : undefined}>{online}</b> / {total}
        </span>
      )}
    </button>
  );
}

export function ProjectCamerasPanel({ projects, total, online, scope, onScope, frame }: ProjectCamerasPanelProps) {
  return (
    <Panel title="项目监控列表" {...frame} empty={!projects || projects.length === 0} extra={<span>在线 / 总数</span>}>
      <div className="vm-scope-list" role="group" aria-label="选择项目">
        <ScopeButton label="全部项目" online={online ?? 0} total={total ?? 0} active={scope.kind === 'all'} onClick={() => onScope({ kind: 'all' })} />
        {(projects ?? []).map((p) => {
          const mine: CameraScope = { kind: 'project', id: p.projectId };
          return <ScopeButton key={p.projectId} label={p.projectName} online={p.online} total={p.total} active={sameScope(scope, mine)} onClick={() => onScope(mine)} level={1} />;
        })}
      </div>
    </Panel>
  );
}
