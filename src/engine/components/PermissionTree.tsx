// The permission editor of a role (§3.2, §6): the menu tree the user may grant from (GET
// /api/Menu/GetGrantableTree: page → buttons, with Chinese button names) as a matrix of pages × actions
// (PermissionMatrix.tsx). Its value is the list of granted node ids (the role's `grants`); read pretty
// shows the granted pages. The rules of checking live in permission-tree.ts.
import { useMemo } from 'react';
import { Empty, Spin, Typography } from 'antd';
import { connect, mapReadPretty, observer, useForm } from '@formily/react';
import useSWR from 'swr';
import { filterByGrants, type MenuNode } from '../../../common/menu-tree';
import { http, unwrap } from '../../lib/http/client';
import { newNodeIds } from './permission-tree';
import { PermissionMatrix } from './PermissionMatrix';

export const GRANTABLE_TREE_URL = '/api/Menu/GetGrantableTree';

function useGrantableTree() {
  return useSWR('engine:grantable-tree', () => unwrap(http.get<MenuNode[]>(GRANTABLE_TREE_URL)).then((t) => t ?? []), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/**
 * `newField`: a field of the same form holding the node ids added to the menu since the record was last
 * saved (a role's `newNodes`); those nodes carry a 新 tag, so an administrator sees what to grant.
 */
type Props = { value?: string[] | null; onChange?: (v: string[]) => void; disabled?: boolean; newField?: string };

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
  if (isLoading) return <Spin size="small" tip="加载中请稍后"><div style={{ minHeight: 60 }} /></Spin>;
  if (error) return <Typography.Text type="danger">菜单权限加载失败，请刷新重试</Typography.Text>;
  return <PermissionMatrix tree={tree} grants={value ?? []} fresh={fresh} onChange={onChange} disabled={disabled} />;
});

const PermissionTreeView = observer(function PermissionTreeView({ value, newField }: Props) {
  const { data } = useGrantableTree();
  const fresh = useNewNodes(newField);
  const granted = useMemo(() => filterByGrants(data ?? [], new Set(value ?? [])), [data, value]);
  if (granted.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未分配菜单权限" />;
  return <PermissionMatrix tree={granted} grants={value ?? []} fresh={fresh} readOnly />;
});

export const PermissionTree = connect(PermissionTreeInput, mapReadPretty(PermissionTreeView));
