// list.mode "infiniteScroll" (§2.6 transport list, §9): at the bottom, after 400 ms, the next page unless
// 10 × the page number reaches the record count; at the top the previous page at once; page size 10; the
// box back at 260 px after a turn.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ListPage } from '../../../src/engine/page/ListPage';
import { createScrollPager, hasNextPage, INFINITE_PAGE_SIZE, INFINITE_SCROLL_DELAY, SCROLL_RESET, type PagerState } from '../../../src/engine/page/infinite-scroll';
import { ok, stubFetch } from '../features/fetchStub';
import { loadTemplatePage, pageInfo, renderEngine, signIn, templateRow } from './engine-fixtures';

const bottom = { scrollTop: 520, clientHeight: 480, scrollHeight: 1000 };
const middle = { scrollTop: SCROLL_RESET, clientHeight: 480, scrollHeight: 1000 };
const top = { scrollTop: 0, clientHeight: 480, scrollHeight: 1000 };

describe('scroll pager', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the §9 constants', () => {
    expect([INFINITE_SCROLL_DELAY, INFINITE_PAGE_SIZE, SCROLL_RESET]).toEqual([400, 10, 260]);
  });

  it('has a next page until 10 × the page number reaches the record count', () => {
    expect(hasNextPage(0, 25)).toBe(true);
    expect(hasNextPage(1, 25)).toBe(true);
    expect(hasNextPage(2, 25)).toBe(false);
    expect(hasNextPage(2, 30)).toBe(false);
    expect(hasNextPage(0, 10)).toBe(false);
    expect(hasNextPage(0, 0)).toBe(false);
  });

  it('turns to the next page 400 ms after the bottom, once, and never while loading or on the last page', () => {
    vi.useFakeTimers();
    const state: PagerState = { index: 0, total: 35, loading: false };
    const turn = vi.fn((index: number) => Object.assign(state, { index }));
    const pager = createScrollPager(() => state, turn);
    pager.onScroll(middle);
    pager.onScroll(bottom);
    pager.onScroll(bottom);
    vi.advanceTimersByTime(399);
    expect(turn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(turn.mock.calls).toEqual([[1]]);
    // A list still loading when the 400 ms are over stays where it is.
    pager.onScroll(bottom);
    state.loading = true;
    vi.advanceTimersByTime(400);
    expect(turn.mock.calls).toEqual([[1]]);
    state.loading = false;
    pager.onScroll(bottom);
    vi.advanceTimersByTime(400);
    pager.onScroll(bottom);
    vi.advanceTimersByTime(400);
    expect(turn.mock.calls).toEqual([[1], [2], [3]]);
    // Page 4 of 35 records: 10 × 4 ≥ 35, no fifth page.
    pager.onScroll(bottom);
    vi.advanceTimersByTime(1000);
    expect(turn).toHaveBeenCalledTimes(3);
  });

  it('turns to the previous page at the top at once, never before the first, and a wheel at an edge counts', () => {
    vi.useFakeTimers();
    const state: PagerState = { index: 2, total: 35, loading: false };
    const turn = vi.fn((index: number) => Object.assign(state, { index }));
    const pager = createScrollPager(() => state, turn);
    pager.onScroll(top);
    expect(turn.mock.calls).toEqual([[1]]);
    // A short page that cannot scroll: the wheel up at its top, the wheel down at its bottom.
    const short = { scrollTop: 0, clientHeight: 480, scrollHeight: 480 };
    pager.onScroll(short, -100);
    expect(turn.mock.calls).toEqual([[1], [0]]);
    pager.onScroll(short, -100);
    expect(turn).toHaveBeenCalledTimes(2);
    pager.onScroll(short, 100);
    vi.advanceTimersByTime(400);
    expect(turn.mock.calls.at(-1)).toEqual([1]);
    // Reaching the top drops a pending next page.
    state.index = 1;
    pager.onScroll(bottom);
    pager.onScroll(top);
    vi.advanceTimersByTime(400);
    expect(turn.mock.calls.at(-1)).toEqual([0]);
    expect(turn).toHaveBeenCalledTimes(4);
  });
});

describe('generated list in infinite-scroll mode', { timeout: 30_000 }, () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows 10 cards, scrolls to the next page and back, and resets the box to 260 px', async () => {
    const TOTAL = 23;
    const fetch = stubFetch({
      'GET /prod-api/api/RoutInspContent/WherePageList': (c: { query: URLSearchParams }) => {
        const index = Number(c.query.get('index'));
        const size = Number(c.query.get('size'));
        const n = Math.max(0, Math.min(size, TOTAL - index * size));
        return ok(Array.from({ length: n }, (_, i) => templateRow(index * size + i + 1)), pageInfo(index, size, TOTAL));
      },
      'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
      'POST /prod-api/api/SelectTableField/WhereMulSelectList': () => ok([]),
    });
    const { page, entity } = await loadTemplatePage();
    renderEngine(<ListPage page={{ ...page, list: { ...page.list, mode: 'infiniteScroll', pageSizes: undefined, defaultPageSize: undefined } }} entity={entity} />);
    await screen.findByText('塔吊巡检表1');
    const box = document.querySelector<HTMLElement>('.engine-infinite')!;
    expect(document.querySelectorAll('.engine-infinite-item')).toHaveLength(10);
    expect(document.querySelector('.engine-pagination')).toBeNull();
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 480 });
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1300 });
    const calls = () => fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList');
    expect(calls().at(-1)?.query.get('size')).toBe('10');

    box.scrollTop = 820;
    fireEvent.scroll(box);
    await screen.findByText('塔吊巡检表11');
    expect(calls().at(-1)?.query.get('index')).toBe('1');
    await waitFor(() => expect(box.scrollTop).toBe(SCROLL_RESET));
    expect(screen.getByText('11')).toBeTruthy(); // 序号 runs across pages

    box.scrollTop = 0;
    fireEvent.scroll(box);
    await screen.findByText('塔吊巡检表1');
    expect(calls().at(-1)?.query.get('index')).toBe('0');
    await waitFor(() => expect(box.scrollTop).toBe(SCROLL_RESET));

    // Last page (21–23): 10 × 3 ≥ 23, the bottom loads nothing more.
    for (const want of ['塔吊巡检表11', '塔吊巡检表21']) {
      box.scrollTop = 820;
      fireEvent.scroll(box);
      await screen.findByText(want);
    }
    expect(screen.getByText('没有更多了 · 共 23 条')).toBeTruthy();
    const before = calls().length;
    box.scrollTop = 820;
    fireEvent.scroll(box);
    await new Promise((r) => setTimeout(r, 600));
    expect(calls()).toHaveLength(before);
  });
});
