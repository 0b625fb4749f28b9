// The rows of a list in infinite-scroll mode (list.mode "infiniteScroll", §2.6 transport list): one page
// of 10 records as cards in a scroll box, the page turned by scrolling (infinite-scroll.ts); each card shows
// its 序号, the page's visible columns as label and value, and the row's actions — the same cells and
// buttons as the table (table-columns.tsx).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { Row } from '../data/data-provider';
import { createScrollPager, hasNextPage, SCROLL_RESET, type PagerState, type ScrollPager } from './infinite-scroll';
import { serialOf } from './table-constants';

/** The box's height when the schema sets no list.scrollY: ten cards never fit, so the box can scroll. */
export const INFINITE_BOX_HEIGHT = 480;

type Props = {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: ColumnsType<Row>;
  index: number;
  /** The page of the rows on screen (the previous page's rows stay while the next one loads). */
  shownIndex?: number;
  size: number;
  total: number;
  loading: boolean;
  error?: ReactNode;
  height?: number;
  onTurn: (index: number) => void;
};

const renderOf = (c: ColumnType<Row>, row: Row, i: number): ReactNode => (c.render ? (c.render(undefined, row, i) as ReactNode) : String(row[String(c.dataIndex)] ?? ''));

export function InfiniteList({ rows, rowKey, columns, index, shownIndex = index, size, total, loading, error, height, onTurn }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef<PagerState>({ index, total, loading });
  const turnRef = useRef(onTurn);
  const turned = useRef(false);
  const pager = useRef<ScrollPager | null>(null);
  useLayoutEffect(() => {
    latest.current = { index, total, loading };
    turnRef.current = onTurn;
  });
  useEffect(() => {
    const p = createScrollPager(
      () => latest.current,
      (next) => {
        turned.current = true;
        turnRef.current(next);
      },
    );
    pager.current = p;
    return () => p.cancel();
  }, []);
  // After a turn, once the new page is drawn, the box goes back to 260 px (§9).
  useLayoutEffect(() => {
    if (!turned.current || loading || !box.current) return;
    turned.current = false;
    box.current.scrollTop = SCROLL_RESET;
  }, [rows, loading]);

  const data = columns.filter((c) => c.key !== '__serial' && c.key !== '__actions') as ColumnType<Row>[];
  const actions = columns.find((c) => c.key === '__actions') as ColumnType<Row> | undefined;
  const serial = columns.some((c) => c.key === '__serial');
  const last = !hasNextPage(shownIndex, total, size);

  return (
    <Spin spinning={loading} tip="加载中请稍后">
      <div
        ref={box}
        className="engine-infinite"
        data-page-index={shownIndex}
        style={{ height: height ?? INFINITE_BOX_HEIGHT }}
        onScroll={(e) => pager.current?.onScroll(e.currentTarget)}
        onWheel={(e) => pager.current?.onScroll(e.currentTarget, e.deltaY)}
      >
        {error ??
          (rows.length === 0 ? (
            <Empty description={loading ? '加载中请稍后' : '暂无数据'} />
          ) : (
            <>
              {shownIndex > 0 && <div className="engine-infinite-edge">向上滚动查看上一页</div>}
              {rows.map((row, i) => (
                <div key={rowKey(row)} className="engine-infinite-item" data-row-key={rowKey(row)}>
                  <div className="engine-infinite-head">
                    {serial && <span className="engine-infinite-serial">{serialOf(shownIndex, size, i)}</span>}
                    {data[0] && <span className="engine-infinite-title">{renderOf(data[0], row, i)}</span>}
                    {actions && <span className="engine-infinite-actions">{renderOf(actions, row, i)}</span>}
                  </div>
                  <dl className="engine-infinite-fields">
                    {data.slice(1).map((c) => (
                      <div key={String(c.key)} className="engine-infinite-field">
                        <dt>{c.title as ReactNode}</dt>
                        <dd>{renderOf(c, row, i)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
              <div className="engine-infinite-edge">
                {last ? `没有更多了 · 共 ${total} 条` : `第 ${shownIndex + 1} 页 / 共 ${Math.ceil(total / size)} 页 · 滚动到底部加载下一页`}
              </div>
            </>
          ))}
      </div>
    </Spin>
  );
}

/** The error state of a list whose read failed, with 重试. */
export const infiniteError = (text: string, retry: () => void): ReactNode => (
  <Result className="engine-list-error" status="error" title="数据加载失败" subTitle={text} extra={<Button type="primary" onClick={retry}>重试</Button>} />
);
