// The grantable tree of a role as a matrix: pages as rows grouped by area (collapsible), actions (查询 新增
// 编辑 删除 审核 导出 导入 …) as columns, a search box, and select-all per row, per column and per area. The
// grant rules are the tree's (permission-tree.ts): checking a node grants its ancestors, unchecking a page
// takes its buttons; the server only offers, and only accepts, what the editing user holds.
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Input, Space, Tag, Typography } from 'antd';
import CaretDownOutlined from '@ant-design/icons/es/icons/CaretDownOutlined';
import CaretRightOutlined from '@ant-design/icons/es/icons/CaretRightOutlined';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import type { MenuNode } from '../../../common/menu-tree';
import {
  filterMatrix,
  grantAll,
  grantNone,
  grantOnly,
  grantState,
  rowIds,
  toPermissionMatrix,
  toggleGrant,
  toggleGrants,
  type MatrixArea,
  type MatrixColumn,
  type MatrixRow,
} from './permission-tree';
import './permission-matrix.css';

type Props = {
  tree: readonly MenuNode[];
  grants: readonly string[];
  fresh: ReadonlySet<string>;
  onChange?: (next: string[]) => void;
  disabled?: boolean;
  /** Read pretty: granted rows only, ticks instead of checkboxes. */
  readOnly?: boolean;
};

const NewTag = () => (
  <Tag color="red" className="engine-permission-new" title="角色上次保存后新增的菜单或按钮">
    新
  </Tag>
);

type BoxProps = { ids: readonly string[]; granted: ReadonlySet<string>; label: string; disabled?: boolean; nodeId?: string; onToggle(checked: boolean): void };

/** A select-all checkbox over `ids` (checked, indeterminate or empty). */
function GroupBox({ ids, granted, label, disabled, nodeId, onToggle }: BoxProps) {
  const state = grantState(granted, ids);
  return (
    <Checkbox
      aria-label={label}
      data-node-id={nodeId}
      disabled={disabled || ids.length === 0}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={(e) => onToggle(e.target.checked)}
    />
  );
}

export function PermissionMatrix({ tree, grants, fresh, onChange, disabled, readOnly }: Props) {
  const matrix = useMemo(() => toPermissionMatrix(tree, fresh), [tree, fresh]);
  const granted = useMemo(() => new Set(grants), [grants]);
  const [query, setQuery] = useState('');
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const set = (next: string[]) => onChange?.(next);
  const off = disabled || readOnly;

  const shown: MatrixArea[] = useMemo(() => {
    const areas = filterMatrix(matrix, query);
    if (!readOnly) return areas;
    return areas.map((a) => ({ ...a, rows: a.rows.filter((r) => granted.has(r.id)) })).filter((a) => a.rows.length > 0);
  }, [matrix, query, readOnly, granted]);
  const columns = matrix.columns;
  const shownRows = shown.flatMap((a) => a.rows);
  const columnIds = (c: MatrixColumn, rows: readonly MatrixRow[]) => rows.flatMap((r) => (r.actions[c.action] ? [r.actions[c.action]] : []));
  const areaIds = (a: MatrixArea) => a.rows.flatMap(rowIds);
  const foldToggle = (id: string) => setFolded((f) => (f.has(id) ? new Set([...f].filter((x) => x !== id)) : new Set([...f, id])));

  const cell = (row: MatrixRow, c: MatrixColumn): ReactNode => {
    const id = row.actions[c.action];
    if (!id) return <span className="pm-none" aria-hidden="true">—</span>;
    const on = granted.has(id);
    const tag = row.newActions.has(c.action) ? <NewTag /> : null;
    if (readOnly) return on ? <CheckOutlined className="pm-tick" aria-label={`${row.title} ${c.title}`} /> : null;
    return (
      <>
        <Checkbox aria-label={`${row.title} ${c.title}`} data-node-id={id} disabled={off} checked={on} onChange={(e) => set(toggleGrant(tree, grants, id, e.target.checked))} />
        {tag}
      </>
    );
  };

  return (
    <div className="pm-root engine-permission-tree">
      <div className="pm-toolbar">
        <Input.Search allowClear size="small" placeholder="搜索页面或分类" aria-label="搜索页面" style={{ width: 220 }} value={query} onChange={(e) => setQuery(e.target.value)} />
        {!readOnly && (
          <Space size={4}>
            <Button size="small" disabled={off} onClick={() => set(grantAll(tree, grants))}>
              全选
            </Button>
            <Button size="small" disabled={off} onClick={() => set(grantNone(tree, grants))}>
              清空
            </Button>
            <Button size="small" onClick={() => setFolded(new Set(matrix.areas.map((a) => a.id)))}>
              全部收起
            </Button>
            <Button size="small" onClick={() => setFolded(new Set())}>
              全部展开
            </Button>
          </Space>
        )}
        <Typography.Text type="secondary" className="pm-count">
          已授权 {matrix.areas.flatMap((a) => a.rows).filter((r) => granted.has(r.id)).length} / {matrix.areas.flatMap((a) => a.rows).length} 个页面
        </Typography.Text>
      </div>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={readOnly && !query ? '未分配菜单权限' : '没有匹配的页面'} />
      ) : (
        <div className="pm-scroll">
          <table className="pm-table">
            <thead>
              <tr>
                <th className="pm-page-col" scope="col">
                  页面
                </th>
                <th scope="col" className="pm-action-col">
                  访问
                </th>
                {columns.map((c) => (
                  <th key={c.action} scope="col" className="pm-action-col">
                    <div className="pm-col-head">
                      <span>{c.title}</span>
                      {!readOnly && <GroupBox ids={columnIds(c, shownRows)} granted={granted} label={`全选列 ${c.title}`} disabled={off} onToggle={(on) => set(toggleGrants(tree, grants, columnIds(c, shownRows), on))} />}
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            {shown.map((area) => {
              const isFolded = folded.has(area.id) && !query;
              return (
                <tbody key={area.id} data-area={area.title}>
                  <tr className="pm-area-row">
                    <th colSpan={columns.length + 2} scope="rowgroup">
                      <button type="button" className="pm-fold" aria-expanded={!isFolded} aria-label={`${isFolded ? '展开' : '收起'} ${area.title}`} onClick={() => foldToggle(area.id)}>
                        {isFolded ? <CaretRightOutlined /> : <CaretDownOutlined />}
                      </button>
                      {!readOnly && <GroupBox ids={areaIds(area)} granted={granted} label={`全选分类 ${area.title}`} disabled={off} onToggle={(on) => set(toggleGrants(tree, grants, area.rows.map((r) => r.id), on))} />}
                      <span className="pm-area-title">{area.title}</span>
                      <span className="pm-area-count">
                        {area.rows.filter((r) => granted.has(r.id)).length}/{area.rows.length}
                      </span>
                    </th>
                  </tr>
                  {!isFolded &&
                    area.rows.map((row) => (
                      <tr key={row.id} className="pm-row" data-row-id={row.id}>
                        <th scope="row" className="pm-page-col">
                          {!readOnly && <GroupBox ids={rowIds(row)} granted={granted} label={`全选行 ${row.title}`} disabled={off} onToggle={(on) => set(toggleGrant(tree, grants, row.id, on))} />}
                          <span className="pm-page-title" title={[...row.trail, row.title].join(' / ')}>
                            {row.trail.length > 0 && <span className="pm-trail">{row.trail.join(' / ')} / </span>}
                            {row.title}
                          </span>
                          {row.isNew && <NewTag />}
                        </th>
                        <td className="pm-action-col">
                          {readOnly ? (
                            <CheckOutlined className="pm-tick" aria-label={`${row.title} 访问`} />
                          ) : (
                            <Checkbox
                              aria-label={`${row.title} 访问`}
                              data-node-id={row.id}
                              disabled={off}
                              checked={granted.has(row.id)}
                              onChange={(e) => set(e.target.checked ? grantOnly(tree, grants, row.id) : toggleGrant(tree, grants, row.id, false))}
                            />
                          )}
                        </td>
                        {columns.map((c) => (
                          <td key={c.action} className="pm-action-col">
                            {cell(row, c)}
                          </td>
                        ))}
                      </tr>
                    ))}
                </tbody>
              );
            })}
          </table>
        </div>
      )}
    </div>
  );
}
