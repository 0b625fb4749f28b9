// The generic list screen of one page schema: search, toolbar, table with 序号, display rules, column
// settings and pagination (or a tree, list.tree), and the add/edit, detail, audit and delete flows — all
// gated by §6 permissions. The table fills the card down to the window's bottom (use-fill-height.ts),
// sorts on the schema's sortable fields on the server, shows the page's sums in a 合计 row, and keeps
// filters, page, size and sort in the address bar (list-url.ts).
import { cloneElement, isValidElement, Suspense, useCallback, useEffect, useMemo, useRef, useState, type Key, type ReactElement, type ReactNode } from 'react';
import { App, Button, Card, ConfigProvider, Empty, Pagination, Result, Segmented, Spin, Table, Tabs } from 'antd';
import { usePhone } from '../../lib/ui/use-phone';
import type { EntitySchema, PageSchema, PageView, RowAction, WorkflowTransition } from '../../../common/metadata';
import type { PageViewProps } from './views/types';
import { BatchTransitionButtons, batchTransitions } from '../components/BatchTransition';
import { TransitionDialog } from '../workflow/TransitionDialog';
import { transitionsFrom } from '../workflow/workflow-model';
import { useSession } from '../../lib/session/store';
import { createDataProvider, type Id, type Row } from '../data/data-provider';
import { idFieldOf } from '../data/entity-api';
import { dictionaries } from '../dictionary/dictionaries';
import { labelOf } from '../dictionary/dictionary-ref';
import { useDictionaries } from '../dictionary/use-dictionary';
import { entityField } from '../schema/entity-fields';
import { AuditDialog } from './AuditDialog';
import { RowCards } from './RowCards';
import { BatchBar } from './BatchBar';
import { BatchCreateDialog, type BatchCreateSpec } from './BatchCreateDialog';
import { ColumnSettingsButton } from './ColumnSettingsButton';
import { DetailDialog } from './DetailDialog';
import { InfiniteList, infiniteError } from './InfiniteList';
import { INFINITE_PAGE_SIZE } from './infinite-scroll';
import { failureMessage } from './notify-failure';
import { pageMessages } from './page-messages';
import { fieldAccessMap, restrictPage } from './field-permissions';
import { personalMask, type HoldsAction } from '../../../common/metadata/field-access';
import { allowedActions, permissionOf, type PageAction } from './permissions';
import { RecordDialog } from './RecordDialog';
import { SearchForm } from './SearchForm';
import { StatisticsView } from './StatisticsView';
import { DEFAULT_COLUMN_WIDTH, DEFAULT_PAGE_SIZE, GENERIC_PAGE_SIZES, SELECTION_WIDTH, shouldVirtualize } from './table-constants';
import { columnTitle, tableColumns } from './table-columns';
import { storeDensity, storedDensity, TableTools, type Density } from './TableTools';
import { useFillHeight } from './use-fill-height';
import { summaryRow } from './summary-row';
import { cellText, cellValue, cellOptions, displayOf } from './cell-display';
import { Toolbar } from './Toolbar';
import { totalText } from './page-cursor';
import { parentKeys, TREE_PAGE_SIZE, treeRows } from './tree-rows';
import { useColumnSettings } from './use-column-settings';
import { useList } from './use-list';
import { PAGE_VIEW_COMPONENTS } from './views/registry';
import './engine.css';
import { useMessage } from '../../lib/ui/message';

type Dialog =
  | { kind: 'form'; id: Id | undefined }
  | { kind: 'detail'; id: Id }
  | { kind: 'audit'; id: Id; current: string }
  | { kind: 'transition'; transition: WorkflowTransition; row: Row }
  | { kind: 'batchCreate'; spec: BatchCreateSpec; title: string }
  | null;

/** Rows 30 px high in virtual mode (§9): small cells with 4 px padding and 21 px text. */
const VIRTUAL_THEME = { token: { paddingXS: 4, lineHeight: 1.5 } };

type Props = { page: PageSchema; entity: EntitySchema; related?: Readonly<Record<string, EntitySchema>> };

export function ListPage({ page: schemaPage, entity, related }: Props) {
  const message = useMessage();
  const { modal } = App.useApp();
  const menu = useSession((s) => s.menu);
  const can = useMemo(() => allowedActions(menu, permissionOf(schemaPage, entity)), [menu, schemaPage, entity]);
  // Field permissions: the page without what this role may not see or write (field-permissions.ts).
  const page = useMemo(() => restrictPage(schemaPage, entity, can), [schemaPage, entity, can]);
  // The detail answers personal data masked; a role that sees some of the page's in full may ask for it (issue 29).
  const revealable = useMemo(() => {
    const access = fieldAccessMap(entity, can as HoldsAction);
    return entity.fields.some((f) => personalMask(f) !== undefined && (access.get(f.name)?.view ?? 'full') === 'full');
  }, [entity, can]);
  const provider = useMemo(() => createDataProvider(entity), [entity]);
  const messages = pageMessages(page.messages);
  const idField = idFieldOf(entity);
  const tree = page.list.tree === true && entity.parentField !== undefined;
  // list.mode "infiniteScroll" (§2.6): pages of 10 turned by scrolling, no pager (InfiniteList.tsx).
  const infinite = page.list.mode === 'infiniteScroll' && !tree;
  const pageSizes = infinite ? [INFINITE_PAGE_SIZE] : (page.list.pageSizes ?? [...GENERIC_PAGE_SIZES]);
  const list = useList(page.name, provider, {
    initialSize: tree ? TREE_PAGE_SIZE : infinite ? INFINITE_PAGE_SIZE : (page.list.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    sizes: tree ? [TREE_PAGE_SIZE] : pageSizes,
    sums: tree ? undefined : sumsShown(page),
  });
  const [density, setDensityState] = useState<Density>(() => storedDensity(page.name));
  const setDensity = (d: Density) => {
    setDensityState(d);
    storeDensity(page.name, d);
  };
  const settings = useColumnSettings(page.name, page.list.columns);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Page views (list.views, docs/metadata.md "Page views"): 列表 or another view of the same rows.
  const views = page.list.views ?? [];
  const [viewName, setViewName] = useState('list');
  const shownView = views.find((v) => v.name === viewName);

  const dictRefs = useMemo(
    () => page.list.columns.map((c) => entityField(entity, c.field).dictionary).filter((d) => d !== undefined),
    [page, entity],
  );
  const dictOptions = useDictionaries(dictRefs);

  /** After a write: the list, and every cached option list of this entity's rows (a new 上级单位, a renamed role). */
  const changed = useCallback(() => {
    dictionaries.reloadEntity(entity.name);
    return list.reload();
  }, [entity.name, list]);

  const rows = useMemo(() => (tree && entity.parentField ? treeRows(list.rows, idField, entity.parentField) : list.rows), [tree, list.rows, idField, entity.parentField]);
  // A tree list opens fully expanded, again whenever its set of parent rows changes.
  const parents = tree ? parentKeys(rows, (r) => String(r[idField])) : [];
  const parentSignature = parents.join(',');
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  useEffect(() => {
    setExpanded(parentSignature ? parentSignature.split(',') : []);
  }, [parentSignature]);

  // The record a delete names (确定删除"张三"吗？): the text of the page's first column.
  const recordName = useCallback((row: Row): string => {
    const first = page.list.columns[0];
    if (!first) return '';
    const field = entityField(entity, first.field);
    return cellText(displayOf(first, field), cellValue(row, first.field), cellOptions(field, dictOptions));
  }, [page, entity, dictOptions]);
  const remove = useCallback((row: Row) =>
    modal.confirm({
      title: messages.deleteTitle,
      content: deleteText(messages.deleteConfirm, recordName(row)),
      okText: '确定',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onCancel: () => void message.info(messages.deleteCancel),
      onOk: async () => {
        try {
          await provider.deleteOne(String(row[idField]));
          void message.success(messages.deleteSuccess);
          if (list.rows.length === 1 && list.state.index > 0) list.setPage(list.state.index - 1, list.state.size);
          else void changed();
        } catch (e) {
          void message.error(failureMessage('删除失败', e));
        }
      },
    }), [modal, message, messages, provider, idField, list, changed, recordName]);

  const auditField = entity.audit ? entity.fields.find((f) => f.name === entity.audit?.field) : undefined;
  const onAction = useCallback((a: RowAction, row: Row) => {
    const id = String(row[idField]);
    if (a === 'view') setDialog({ kind: 'detail', id });
    else if (a === 'edit') setDialog({ kind: 'form', id });
    else if (a === 'audit') {
      const options = auditField?.dictionary ? dictionaries.peek(auditField.dictionary) : undefined;
      setDialog({ kind: 'audit', id, current: auditField ? labelOf(options, row[auditField.name]) : '' });
    } else remove(row);
  }, [idField, remove, auditField]);

  const rowActions = useMemo(() => (page.list.rowActions ?? []).filter((a) => a === 'workflow' || can(a)), [page, can]);
  // Workflows: a row offers the transitions allowed from its state whose button the role holds.
  const holds = useCallback((action: string) => can(action as PageAction), [can]);
  const workflow = entity.workflow;
  const transitionsOf = useCallback((row: Row) => (workflow ? transitionsFrom(workflow, row[workflow.field], holds) : []), [workflow, holds]);
  const onTransition = useCallback((transition: WorkflowTransition, row: Row) => setDialog({ kind: 'transition', transition, row }), []);
  const batchMoves = useMemo(() => batchTransitions(entity, page.list.batchTransitions, holds), [entity, page, holds]);
  // One row selection, where the page declares batch actions (list.batchActions) or the role holds a batch
  // transition (list.batchTransitions); a reloaded list starts with none.
  const batch = !tree && !infinite && ((page.list.batchActions ?? []).length > 0 || batchMoves.length > 0);
  const [selected, setSelected] = useState<Row[]>([]);
  useEffect(() => setSelected([]), [list.rows]);
  const selectedIds = useMemo(() => selected.map((r) => String(r[idField])), [selected, idField]);
  const serial = (page.list.serial ?? true) && !tree;
  const { index: pageIndex, size: pageSize } = list.state;
  // Memoised: new column objects make rc-table re-render every visible cell and the header.
  const columns = useMemo(
    () => tableColumns({ entity, columns: settings.columns, serial, pageIndex, pageSize, rowActions, dictOptions, onAction, transitionsOf, onTransition, sort: list.state.sort }),
    [entity, settings.columns, serial, pageIndex, pageSize, rowActions, dictOptions, onAction, transitionsOf, onTransition, list.state.sort],
  );
  const box = useRef<HTMLDivElement>(null);
  const bodyHeight = useFillHeight(box, page.list.scrollY);
  const virtual = !tree && !infinite && shouldVirtualize(list.rows.length, bodyHeight);
  // Every column has a width (column-widths.ts): their sum is the table's width, so when they do not fit
  // the table scrolls sideways instead of squeezing columns under the fixed ones.
  const scrollX = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), 0) + (batch ? SELECTION_WIDTH : 0);
  const fieldTitle = (f: string) => entity.fields.find((x) => x.name === f)?.title ?? f;
  const sums = tree ? undefined : sumsShown(page);

  // On a phone (narrower than antd's sm, 576 px) the rows are cards — title, actions, the other columns as
  // label and value — above a simple pager: a table there showed 序号, two characters of a name and 操作.
  const phone = usePhone() && !tree && !infinite;
  const table = phone ? (
    <Spin spinning={list.loading} tip="加载中请稍后">
      <div className="engine-cards">
        {list.error ? (
          infiniteError(failureMessage('列表加载失败', list.error), () => void list.reload())
        ) : rows.length === 0 ? (
          <Empty description={list.loading ? '加载中请稍后' : '暂无数据'} />
        ) : (
          <RowCards rows={rows} rowKey={(r) => String(r[idField])} columns={columns} firstSerial={list.state.index * list.state.size + 1} />
        )}
      </div>
      <Pagination
        simple
        className="engine-pagination"
        current={list.state.index + 1}
        pageSize={list.state.size}
        total={list.total}
        showTotal={(total) => totalText(total, list.estimated)}
        onChange={(p, size) => list.setPage(p - 1, size)}
      />
    </Spin>
  ) : infinite ? (
    <InfiniteList
      rows={rows}
      rowKey={(r) => String(r[idField])}
      columns={columns}
      index={list.state.index}
      shownIndex={list.shownIndex}
      size={list.state.size}
      total={list.total}
      loading={list.loading}
      error={list.error ? infiniteError(failureMessage('列表加载失败', list.error), () => void list.reload()) : undefined}
      height={page.list.scrollY}
      onTurn={(index) => list.setPage(index, list.state.size)}
    />
  ) : (
    <Table<Row>
      className={virtual ? 'engine-table engine-table-virtual' : 'engine-table'}
      rowKey={(r) => String(r[idField])}
      columns={columns}
      dataSource={rows}
      virtual={virtual}
      tableLayout="fixed"
      rowSelection={
        batch
          ? {
              columnWidth: SELECTION_WIDTH,
              fixed: 'left',
              selectedRowKeys: selectedIds,
              onChange: (_keys, picked) => setSelected(picked),
              preserveSelectedRowKeys: false,
              // antd names its select-all box in English ("Select all"); it selects the page shown.
              // Each row's box is named by the record it selects (选择“张三”), as the delete confirmation names it.
              getCheckboxProps: (row: Row) => ({ 'aria-label': `选择“${recordName(row)}”` }) as Record<string, string>,
              columnTitle: (checkbox: ReactNode) => (isValidElement(checkbox) ? cloneElement(checkbox as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': '全选当页' }) : checkbox),
            }
          : undefined
      }
      expandable={tree ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) } : undefined}
      size={virtual ? 'small' : density}
      scroll={{ x: scrollX, y: bodyHeight }}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        list.setSort(one?.order && one.columnKey ? `${String(one.columnKey)}:${one.order === 'descend' ? 'desc' : 'asc'}` : undefined);
      }}
      summary={sums?.length ? () => summaryRow({ columns, sums, values: list.sums, entity, offset: batch ? 1 : 0 }) : undefined}
      loading={{ spinning: list.loading, tip: '加载中请稍后' }}
      locale={{
        emptyText: list.error ? (
          <Result
            className="engine-list-error"
            status="error"
            title="数据加载失败"
            subTitle={failureMessage('列表加载失败', list.error)}
            extra={<Button type="primary" onClick={() => void list.reload()}>重试</Button>}
          />
        ) : list.loading ? '加载中请稍后' : '暂无数据',
      }}
      pagination={tree ? false : {
        className: 'engine-pagination',
        current: list.state.index + 1,
        pageSize: list.state.size,
        total: list.total,
        pageSizeOptions: pageSizes.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (total) => totalText(total, list.estimated),
        onChange: (p, size) => list.setPage(p - 1, size),
      }}
    />
  );

  const listView = (
    <div className="engine-page">
      {page.search && can('search') && (
        <Card size="small">
          <SearchForm page={page} entity={entity} onSearch={list.search} initial={{ filters: list.state.filters, keyword: list.state.keyword }} />
        </Card>
      )}
      <Card size="small" className="engine-table-card">
        <Toolbar
          page={page}
          provider={provider}
          can={can}
          query={{ filters: list.state.filters, keyword: list.state.keyword, sort: list.state.sort }}
          fieldTitle={fieldTitle}
          onAdd={(t) => setDialog(t.batch ? { kind: 'batchCreate', spec: t.batch, title: t.batch.title ?? t.label ?? '批量新增' } : { kind: 'form', id: undefined })}
          onImported={() => void changed()}
          extra={
            <>
              {views.length > 0 && (
                <Segmented
                  aria-label="视图"
                  value={shownView?.name ?? 'list'}
                  options={[{ value: 'list', label: '列表' }, ...views.map((v) => ({ value: v.name, label: v.title }))]}
                  onChange={(v) => setViewName(String(v))}
                />
              )}
              <BatchTransitionButtons
                entity={entity}
                provider={provider}
                transitions={batchMoves}
                selected={selectedIds}
                labelOf={(id) => batchLabel(list.rows, idField, page.list.columns[0]?.field, id)}
                onDone={() => {
                  setSelected([]);
                  void changed();
                }}
              />
              <TableTools density={density} onDensity={setDensity} onRefresh={() => void list.reload()} refreshing={list.loading}>
                <ColumnSettingsButton columns={settings.columns} titleOf={(c) => columnTitle(entity, c)} onChange={settings.change} onReset={settings.reset} />
              </TableTools>
            </>
          }
        />
        {/* A phone's cards have no selection boxes: the batch actions are a desktop's. */}
        {batch && !phone && (
          <BatchBar
            page={page}
            entity={entity}
            provider={provider}
            can={can}
            selected={selected}
            idField={idField}
            nameOf={(row) => String(row[page.list.columns[0].field] ?? row[idField])}
            onDone={() => void changed()}
          />
        )}
        {shownView && (
          <PageViewSlot
            view={shownView}
            props={{
              page,
              entity,
              related,
              view: shownView,
              rows: list.rows,
              filters: list.state.filters,
              loading: list.loading,
              can,
              onOpen: (id) => setDialog(can('edit') ? { kind: 'form', id } : { kind: 'detail', id }),
            }}
          />
        )}
        {/* Kept mounted under a view, so its measured height is still right when the list comes back. */}
        <div ref={box} hidden={shownView !== undefined} className={page.list.scrollY === undefined && !infinite && !phone ? 'engine-table-box engine-table-fill' : 'engine-table-box'}>
          {virtual ? <ConfigProvider theme={VIRTUAL_THEME}>{table}</ConfigProvider> : table}
        </div>
      </Card>
      {dialog?.kind === 'form' && (
        <RecordDialog
          page={page}
          entity={entity}
          provider={provider}
          id={dialog.id}
          related={related}
          can={can}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void changed();
          }}
        />
      )}
      {dialog?.kind === 'batchCreate' && (
        <BatchCreateDialog
          page={page}
          entity={entity}
          provider={provider}
          spec={dialog.spec}
          title={dialog.title}
          onClose={() => setDialog(null)}
          onChanged={() => void changed()}
          onSaved={() => {
            setDialog(null);
            void changed();
          }}
        />
      )}
      {dialog?.kind === 'detail' && (
        <DetailDialog page={page} entity={entity} provider={provider} id={dialog.id} related={related} editable={can('edit')} revealable={revealable} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'transition' && (
        <TransitionDialog
          entity={entity}
          provider={provider}
          transition={dialog.transition}
          target={{ kind: 'row', id: String(dialog.row[idField]), version: dialog.row.version, state: workflow ? dialog.row[workflow.field] : undefined }}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void changed();
          }}
        />
      )}
      {dialog?.kind === 'audit' && (
        <AuditDialog
          page={page}
          entity={entity}
          provider={provider}
          id={dialog.id}
          current={dialog.current}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void changed();
          }}
        />
      )}
    </div>
  );
  // A page with statistics (docs/metadata.md "Statistics") shows them in a second tab, for a role that may search.
  if (!page.statistics || !entity.statistics || !can('search')) return listView;
  return (
    <Tabs
      className="engine-page-tabs"
      destroyOnHidden
      items={[
        { key: 'list', label: page.title, children: listView },
        { key: 'statistics', label: page.statistics.title, children: <StatisticsView page={page} entity={entity} provider={provider} /> },
      ]}
    />
  );
}

/** A page view, loaded when first shown (views/registry.ts). */
function PageViewSlot({ view, props }: { view: PageView; props: PageViewProps }) {
  const View = PAGE_VIEW_COMPONENTS[view.component];
  return (
    <Suspense fallback={<Spin tip="加载中请稍后"><div style={{ minHeight: 120 }} /></Spin>}>
      <View {...props} />
    </Suspense>
  );
}

/** The sums of columns this role sees (field permissions may have taken a column away). */
const sumsShown = (page: PageSchema): string[] | undefined => page.list.sums?.filter((f) => page.list.columns.some((c) => c.field === f));

/** The delete question naming the record: the page's text with {name} filled (确定删除"张三"吗？). */
export function deleteText(template: string, name: string): string {
  return template.replaceAll('{name}', name || '该记录');
}

/** A failed row of a batch named by the page's first column (e.g. 工资月份) and its id. */
function batchLabel(rows: readonly Row[], idField: string, field: string | undefined, id: string): string {
  const row = rows.find((r) => String(r[idField]) === id);
  const first = row && field ? row[field] : undefined;
  return first === undefined || first === null || first === '' ? `编号 ${id}` : `${String(first)}（编号 ${id}）`;
}
