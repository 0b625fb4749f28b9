// 甘特图, a page view (docs/metadata.md "Page views", docs/schedule.md): the list's rows as a tree on the
// left and, on a time axis that scrolls sideways, each row's planned bar (filled by its progress) with its
// actual bar under it (red when the row is late), milestones as diamonds, finish-to-start links as arrows
// and a today line; zoom 日 / 周 / 月; branches collapse. The page's `props` name the fields it reads; a
// click on a row opens it (edit, or detail without the edit button). Geometry: gantt-model.ts.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Segmented, Space, Spin } from 'antd';
import CaretDownOutlined from '@ant-design/icons/es/icons/CaretDownOutlined';
import CaretRightOutlined from '@ant-design/icons/es/icons/CaretRightOutlined';
import type { EntitySchema, ListFilter } from '../../../../common/metadata';
import { chinaTime } from '../../../lib/time/china-time';
import { createDataProvider, type Row } from '../../data/data-provider';
import { idFieldOf } from '../../data/entity-api';
import { labelOf } from '../../dictionary/dictionary-ref';
import { useDictionaries } from '../../dictionary/use-dictionary';
import { GANTT_ZOOMS, ganttLayout, ROW_HEIGHT, type GanttLink, type GanttTask, type GanttZoom } from './gantt-model';
import type { PageViewProps } from './types';
import './gantt.css';

/** Height of each of the two header lines (months over days, years over months). */
export const HEADER_LINE = 24;
const HEADER = HEADER_LINE * 2;

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const dateText = (v: unknown): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/** A row of the list as the Gantt reads it, through the view's props. */
export function ganttTaskOf(row: Row, props: Readonly<Record<string, string>>, idField: string, parentField: string | undefined): GanttTask {
  const field = (key: string): unknown => (props[key] ? row[props[key]] : undefined);
  const parent = parentField ? row[parentField] : undefined;
  return {
    id: text(row[idField]),
    parentId: parent === undefined || parent === null || parent === '' ? null : String(parent),
    code: text(field('code')),
    label: text(field('label')),
    start: dateText(field('start')),
    end: dateText(field('end')),
    actualStart: dateText(field('actualStart')),
    actualEnd: dateText(field('actualEnd')),
    progress: Number(field('progress') ?? 0) || 0,
    milestone: field('milestone') === true,
    status: text(field('status')),
    delayDays: Number(field('delayDays') ?? 0) || 0,
  };
}

/** The finish-to-start links of the rows: the `links` collection's rows under the list's filters the child entity has. */
function useLinks(entity: EntitySchema, related: PageViewProps['related'], props: Readonly<Record<string, string>>, filters: readonly ListFilter[], rows: readonly Row[]): GanttLink[] {
  const collection = entity.children?.find((c) => c.name === props.links);
  const child = collection ? related?.[collection.entity] : undefined;
  const [links, setLinks] = useState<GanttLink[]>([]);
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (!collection || !child || !props.linkFrom) return;
    let live = true;
    const own = filters.filter((f) => child.fields.some((x) => x.name === f.field));
    createDataProvider(child)
      .getList({ index: 0, size: 1000, filters: own })
      .then(({ rows: linkRows }) => {
        if (!live) return;
        setLinks(linkRows.map((r) => ({ from: text(r[props.linkFrom]), to: text(r[collection.parentField]), lag: Number(r[props.linkLag] ?? 0) || 0 })));
      })
      .catch(() => live && setLinks([]));
    return () => {
      live = false;
    };
    // The rows changing (a save, a new search) reloads the links too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collection, child, props.linkFrom, props.linkLag, key, rows]);
  return links;
}

export function GanttView({ entity, related, view, rows, filters, loading, onOpen }: PageViewProps) {
  const [zoom, setZoom] = useState<GanttZoom>('week');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const idField = idFieldOf(entity);
  const tasks = useMemo(() => rows.map((r) => ganttTaskOf(r, view.props, idField, entity.parentField)), [rows, view.props, idField, entity.parentField]);
  const links = useLinks(entity, related, view.props, filters, rows);
  const today = chinaTime().format('YYYY-MM-DD');
  const layout = useMemo(() => ganttLayout(tasks, links, { today, zoom, collapsed }), [tasks, links, today, zoom, collapsed]);
  const statusField = view.props.status ? entity.fields.find((f) => f.name === view.props.status) : undefined;
  const statusRefs = useMemo(() => (statusField?.dictionary ? [statusField.dictionary] : []), [statusField]);
  const options = useDictionaries(statusRefs);
  const statusLabel = (code: string) => (statusField?.dictionary ? labelOf(options(statusField.dictionary), code) : code);
  const parents = useMemo(() => tasks.filter((t) => tasks.some((c) => c.parentId === t.id)).map((t) => t.id), [tasks]);

  // Today in view: about a third from the left, when the zoom or the rows change.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    if (box && layout.today !== null) box.scrollLeft = Math.max(0, layout.today - box.clientWidth / 3);
  }, [layout.today, layout.width]);

  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (!loading && tasks.length === 0) return <Empty className="engine-gantt-empty" description="暂无数据" />;
  const height = HEADER + layout.height;
  return (
    <Spin spinning={loading} tip="加载中请稍后">
      <div className="engine-gantt" data-zoom={zoom}>
        <div className="engine-gantt-tools">
          <Space wrap>
            <Segmented<GanttZoom> aria-label="时间刻度" value={zoom} options={GANTT_ZOOMS.map((z) => ({ value: z.value, label: z.label }))} onChange={setZoom} />
            <Button size="small" onClick={() => setCollapsed(new Set())}>全部展开</Button>
            <Button size="small" onClick={() => setCollapsed(new Set(parents))}>全部收起</Button>
          </Space>
          <Space className="engine-gantt-legend" wrap>
            <span><i className="engine-gantt-key engine-gantt-key-planned" />计划</span>
            <span><i className="engine-gantt-key engine-gantt-key-progress" />完成进度</span>
            <span><i className="engine-gantt-key engine-gantt-key-actual" />实际</span>
            <span><i className="engine-gantt-key engine-gantt-key-late" />延期</span>
            <span><i className="engine-gantt-key engine-gantt-key-milestone" />里程碑</span>
            <span><i className="engine-gantt-key engine-gantt-key-today" />今天</span>
          </Space>
        </div>
        <div className="engine-gantt-body">
          <div className="engine-gantt-left" role="tree" aria-label="任务">
            <div className="engine-gantt-left-head" style={{ height: HEADER }}>
              <span className="engine-gantt-code">编码</span>
              <span className="engine-gantt-name">名称</span>
              <span className="engine-gantt-pct">进度</span>
            </div>
            {layout.rows.map((r) => (
              <div
                key={r.id}
                role="treeitem"
                aria-level={r.depth + 1}
                aria-expanded={r.hasChildren ? !collapsed.has(r.id) : undefined}
                className="engine-gantt-left-row"
                style={{ height: ROW_HEIGHT }}
                data-task={r.id}
              >
                <span className="engine-gantt-code" style={{ paddingLeft: r.depth * 14 }}>
                  {r.hasChildren ? (
                    <button type="button" className="engine-gantt-toggle" aria-label={collapsed.has(r.id) ? `展开 ${r.label}` : `收起 ${r.label}`} onClick={() => toggle(r.id)}>
                      {collapsed.has(r.id) ? <CaretRightOutlined /> : <CaretDownOutlined />}
                    </button>
                  ) : (
                    <span className="engine-gantt-toggle-space" />
                  )}
                  {r.code}
                </span>
                <button type="button" className="engine-gantt-name engine-gantt-open" title={r.label} onClick={() => onOpen(r.id)}>
                  {r.milestone ? '◆ ' : ''}
                  {r.label}
                </button>
                <span className={r.delayDays > 0 && r.progress < 100 ? 'engine-gantt-pct engine-gantt-late-text' : 'engine-gantt-pct'}>{r.progress}%</span>
              </div>
            ))}
          </div>
          <div className="engine-gantt-right" ref={scroller} data-testid="gantt-scroll">
            <svg className="engine-gantt-chart" width={layout.width} height={height} role="img" aria-label="甘特图">
              <defs>
                <marker id="engine-gantt-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                  <path d="M0,0 L8,4 L0,8 z" className="engine-gantt-arrowhead" />
                </marker>
              </defs>
              <g className="engine-gantt-header">
                {layout.major.map((t) => (
                  <g key={`M${t.left}`}>
                    <rect x={t.left} y={0} width={t.width} height={HEADER_LINE} className="engine-gantt-head-cell" />
                    <text x={t.left + 4} y={HEADER_LINE - 7} className="engine-gantt-head-text">{t.width >= 30 ? t.label : ''}</text>
                  </g>
                ))}
                {layout.minor.map((t) => (
                  <g key={`m${t.left}`}>
                    <rect x={t.left} y={HEADER_LINE} width={t.width} height={HEADER_LINE} className="engine-gantt-head-cell" />
                    <text x={t.left + t.width / 2} y={HEADER - 7} textAnchor="middle" className="engine-gantt-head-text">{t.width >= 20 ? t.label : ''}</text>
                    <line x1={t.left} x2={t.left} y1={HEADER} y2={height} className="engine-gantt-grid" />
                  </g>
                ))}
              </g>
              <g transform={`translate(0, ${HEADER})`}>
                {layout.rows.map((r) => (
                  <rect key={`bg${r.id}`} x={0} y={r.y} width={layout.width} height={ROW_HEIGHT} className={r.index % 2 ? 'engine-gantt-stripe' : 'engine-gantt-plain'} />
                ))}
                {layout.links.map((l) => (
                  <path key={`${l.from}-${l.to}`} d={l.path} className="engine-gantt-link" markerEnd="url(#engine-gantt-arrow)" data-from={l.from} data-to={l.to} />
                ))}
                {layout.rows.map((r) => {
                  const late = r.delayDays > 0;
                  const title = [
                    `${r.code} ${r.label}`,
                    r.start && r.end ? `计划：${r.start} ~ ${r.end}` : '',
                    r.actualStart ? `实际：${r.actualStart} ~ ${r.actualEnd ?? '进行中'}` : '',
                    `进度：${r.progress}%`,
                    r.status ? `状态：${statusLabel(r.status)}${late ? `（延期${r.delayDays}天）` : ''}` : late ? `延期${r.delayDays}天` : '',
                  ].filter(Boolean).join('\n');
                  return (
                    <g key={r.id} className="engine-gantt-row" data-task={r.id} onClick={() => onOpen(r.id)}>
                      <title>{title}</title>
                      {r.planned && (
                        <>
                          <rect x={r.planned.left} y={r.y + 6} width={r.planned.width} height={11} rx={2} className={r.hasChildren ? 'engine-gantt-planned engine-gantt-summary' : 'engine-gantt-planned'} />
                          {r.progressWidth > 0 && <rect x={r.planned.left} y={r.y + 6} width={r.progressWidth} height={11} rx={2} className="engine-gantt-progress" />}
                        </>
                      )}
                      {r.actual && <rect x={r.actual.left} y={r.y + 20} width={r.actual.width} height={6} rx={2} className={late ? 'engine-gantt-actual engine-gantt-late' : 'engine-gantt-actual'} />}
                      {r.diamond && (
                        <polygon
                          points={`${r.diamond.x},${r.diamond.y - 8} ${r.diamond.x + 8},${r.diamond.y} ${r.diamond.x},${r.diamond.y + 8} ${r.diamond.x - 8},${r.diamond.y}`}
                          className={r.progress >= 100 ? 'engine-gantt-milestone engine-gantt-milestone-done' : late ? 'engine-gantt-milestone engine-gantt-late' : 'engine-gantt-milestone'}
                        />
                      )}
                    </g>
                  );
                })}
                {layout.today !== null && <line x1={layout.today} x2={layout.today} y1={-HEADER_LINE} y2={layout.height} className="engine-gantt-today" />}
              </g>
            </svg>
          </div>
        </div>
      </div>
    </Spin>
  );
}
