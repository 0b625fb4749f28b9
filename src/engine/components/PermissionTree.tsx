// The permission-tree editor of a role (§3.2, §6): the menu tree the user may grant from (GET
// /api/Menu/GetGrantableTree: page → function group → buttons, with Chinese button names) as checkboxes.
// Its value is the list of granted node ids (the role's `grants`); read pretty shows the granted part of
// the tree. The rules of checking live in permission-tree.ts.
import { useMemo } from 'react';
import { Button, Empty, Space, Spin, Tag, Tree, Typography } from 'antd';
import { connect, mapReadPretty, observer, useForm } from '@formily/react';
import useSWR from 'swr';
import { filterByGrants, type MenuNode } from '../../../common/menu-tree';
import { http, unwrap } from '../../lib/http/client';
import { grantAll, grantNone, newNodeIds, toggleGrant, toPermissionNodes, type PermissionNode } from './permission-tree';

export const GRANTABLE_TREE_URL = '/api/Menu/GetGrantableTree';

function useGrantableTree() {
  return useSWR('engine:grantable-tree', () => unwrap(http.get<MenuNode[]>(GRANTABLE_TREE_URL)).then((t) => t ?? []), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

type TreeData = { key: string; title: string; isNew: boolean; children: TreeData[] };
const toTreeData = (nodes: readonly PermissionNode[]): TreeData[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, isNew: n.isNew, children: toTreeData(n.children) }));

/**
 * `newField`: a field of the same form holding the node ids added to the menu since the record was last
 * saved (a role's `newNodes`); those nodes carry a 新 tag, so an administrator sees what to grant.
 */
type Props = { value?: string[] | null; onChange?: (v: string[]) => void; disabled?: boolean; newField?: string };

/** The node id rides along on its title, so a test or a support engineer can point at one node. */
const titleOf = (node: TreeData) => (
  <span data-node-id={node.key}>
    {node.title}
    {node.isNew && (
      <Tag color="red" className="engine-permission-new" style={{ marginInlineStart: 6 }} title="角色上次保存后新增的菜单或按钮">
        新
      </Tag>
    )}
  </span>
);

/** The new-node ids of the form's `newField` (none without a form or field). */
function useNewNodes(newField: string | undefined): Set<string> {
  const form = useForm() as ReturnType<typeof useForm> | undefined;
  const raw: unknown = newField && form ? (form.values as Record<string, unknown>)[newField] : undefined;
  const key = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => newNodeIds(raw), [key]);
}

const PermissionTreeInput = observer(function PermissionTreeInput({ value, onChange, disabled, newField }: Props) {
  const { data, isLoading, error } = useGrantableTree();
  const tree = useMemo(() => data ?? [], [data]);
  const fresh = useNewNodes(newField);
  const treeData = useMemo(() => toTreeData(toPermissionNodes(tree, fresh)), [tree, fresh]);
  const grants = value ?? [];
  if (isLoading) return <Spin size="small" tip="加载中请稍后"><div style={{ minHeight: 60 }} /></Spin>;
  if (error) return <Typography.Text type="danger">菜单权限加载失败，请刷新重试</Typography.Text>;
  return (
    <div className="engine-permission-tree">
      <Space size={4} style={{ marginBottom: 4 }}>
        <Button size="small" disabled={disabled} onClick={() => onChange?.(grantAll(tree, grants))}>
          全选
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange?.(grantNone(tree, grants))}>
          清空
        </Button>
      </Space>
      <div className="engine-permission-tree-body">
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          virtual={false}
          disabled={disabled}
          treeData={treeData}
          titleRender={titleOf}
          checkedKeys={{ checked: grants, halfChecked: [] }}
          onCheck={(_keys, info) => onChange?.(toggleGrant(tree, grants, String(info.node.key), info.checked))}
        />
      </div>
    </div>
  );
});

function PermissionTreeView({ value }: Props) {
  const { data } = useGrantableTree();
  const granted = useMemo(() => toTreeData(toPermissionNodes(filterByGrants(data ?? [], new Set(value ?? [])))), [data, value]);
  if (granted.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未分配菜单权限" />;
  return (
    <div className="engine-permission-tree-body">
      <Tree selectable={false} defaultExpandAll virtual={false} treeData={granted} titleRender={titleOf} />
    </div>
  );
}

export const PermissionTree = connect(PermissionTreeInput, mapReadPretty(PermissionTreeView));
