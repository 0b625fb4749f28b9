// 区域项目: the districts with their projects and cameras online / in all; choosing a district or a project
// puts its cameras on the wall, 全部区域 every camera again.
import { Panel } from '../../../kit/Panel';
import { sameScope, type CameraScope } from './model';
import { ScopeButton, type ScopeListProps } from './ProjectCamerasPanel';
import type { DistrictCameras } from './districts';

export type AreaTreePanelProps = ScopeListProps & { districts: DistrictCameras[] | undefined };

export function AreaTreePanel({ districts, total, online, scope, onScope, frame }: AreaTreePanelProps) {
  return (
    <Panel title="区域项目" {...frame} empty={!districts || districts.length === 0} extra={<span>在线 / 总数</span>}>
      <div className="vm-scope-list" role="group" aria-label="选择区域或项目">
        <ScopeButton label="全部区域" online={online ?? 0} total={total ?? 0} active={scope.kind === 'all'} onClick={() => onScope({ kind: 'all' })} />
        {(districts ?? []).map((d) => {
          const area: CameraScope = { kind: 'area', code: d.areaCode };
          return (
            <div key={d.areaCode} className="jv-district" role="group" aria-label={d.areaName}>
              <ScopeButton label={d.areaName} online={d.online} total={d.total} active={sameScope(scope, area)} onClick={() => onScope(area)} />
              {d.projects.map((p) => {
                const project: CameraScope = { kind: 'project', id: p.projectId };
                return <ScopeButton key={p.projectId} label={p.projectName} online={p.online} total={p.total} active={sameScope(scope, project)} onClick={() => onScope(project)} level={1} />;
              })}
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
