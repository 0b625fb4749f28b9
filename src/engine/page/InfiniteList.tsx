// The rows of a list in infinite-scroll mode (list.mode "infiniteScroll", §2.6 transport list): one page
// of 10 records as cards in a scroll box, the page turned by scrolling (infinite-scroll.ts); each card shows
// its 序号, the page's visible columns as label and value, and the row's actions — the same cells and
// buttons as the table (table-columns.tsx).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Row } from '../data/data-provider';
import { createScrollPager, hasNextPage, SCROLL_RESET, type PagerState, type ScrollPager } from './infinite-scroll';
import { RowCards } from './RowCards';
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
              <RowCards rows={rows} rowKey={rowKey} columns={columns} firstSerial={serialOf(shownIndex, size, 0)} />
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
