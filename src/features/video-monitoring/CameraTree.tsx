// 摄像头 by project, for the 视频监控 pages: a project opens to its cameras (在线 / 离线); choosing a camera
// calls onPick. Projects without cameras are left out.
import { Badge, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import type { ProjectCameras } from '../../../common/screens/video';
import { cameraLabel, type CameraItem } from './model';

export type CameraTreeProps = {
  projects: readonly ProjectCameras[] | undefined;
  loading: boolean;
  selectedId?: string;
  onPick: (camera: CameraItem) => void;
  /** Checkable tree (轮巡): the checked camera ids. */
  checked?: string[];
  onCheck?: (ids: string[]) => void;
};

export function CameraTree({ projects, loading, selectedId, onPick, checked, onCheck }: CameraTreeProps) {
  const { nodes, byKey } = useMemo(() => {
    const byKey = new Map<string, CameraItem>();
    const nodes: TreeDataNode[] = (projects ?? [])
      .filter((p) => p.cameras.length > 0)
      .map((p) => ({
        key: `p-${p.projectId}`,
        title: `${p.projectName}（${p.online}/${p.total}）`,
        selectable: false,
        children: p.cameras.map((c) => {
          const item: CameraItem = { ...c, projectId: p.projectId, projectName: p.projectName };
          byKey.set(`c-${c.id}`, item);
          return {
            key: `c-${c.id}`,
            isLeaf: true,
            title: (
              <span className="vmo-tree-camera" data-camera={c.id}>
                <Badge status={c.online ? 'success' : 'default'} />
                {cameraLabel(c)}
                <span className={c.online ? 'vmo-online' : 'vmo-offline'}>{c.online ? '在线' : '离线'}</span>
              </span>
            ),
          };
        }),
      }));
    return { nodes, byKey };
  }, [projects]);
  if (loading && !projects) return <Spin className="vmo-tree-spin" />;
  if (nodes.length === 0) return <Empty description="暂无摄像头" />;
  return (
    <Tree
      className="vmo-tree"
      aria-label="摄像头"
      treeData={nodes}
      defaultExpandAll
      blockNode
      selectedKeys={selectedId ? [`c-${selectedId}`] : []}
      onSelect={(keys) => {
        const item = byKey.get(String(keys[0] ?? ''));
        if (item) onPick(item);
      }}
      checkable={onCheck !== undefined}
      checkedKeys={checked?.map((id) => `c-${id}`)}
      onCheck={(keys) => {
        const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => k.startsWith('c-')).map((k) => k.slice(2));
        onCheck?.(list);
      }}
    />
  );
}
