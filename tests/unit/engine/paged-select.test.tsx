// §3.4 / §9 paged custom select: options page by page (scroll to the end loads the next), a search asked of
// the server, the total in the list's foot; an entity lookup too large for one dictionary fetch uses it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DictSelect } from '../../../src/engine/components/DictSelect';
import { PagedSelect, SELECT_DEFAULT_SIZE, SELECT_SEARCH_DEBOUNCE_MS, type PagedSelectQuery } from '../../../src/engine/components/PagedSelect';
import { DICTIONARY_FETCH_SIZE } from '../../../src/engine/dictionary/dictionary-sources';
import { ok, stubFetch } from '../features/fetchStub';

const NAMES = Array.from({ length: 45 }, (_, i) => ({ value: String(i + 1), label: i % 2 ? `乙-${i + 1}` : `甲-${i + 1}` }));

/** A server in memory: the keyword filters, the page cuts. */
function pages() {
  const asked: PagedSelectQuery[] = [];
  const fetchPage = vi.fn(async (q: PagedSelectQuery) => {
    asked.push(q);
    const hits = NAMES.filter((n) => n.label.includes(q.keyword));
    return { items: hits.slice(q.index * q.size, (q.index + 1) * q.size), total: hits.length };
  });
  return { asked, fetchPage };
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox'));
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
const foot = () => document.querySelector('.paged-select-foot')?.textContent;

function scrollListToEnd() {
  const holder = document.querySelector('.rc-virtual-list-holder') as HTMLElement;
  Object.defineProperty(holder, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(holder, 'clientHeight', { configurable: true, value: 256 });
  holder.scrollTop = 744;
  fireEvent.scroll(holder);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PagedSelect', () => {
  beforeEach(() => localStorage.clear());

  it('loads the first page of 10 when opened and shows the total', async () => {
    const { asked, fetchPage } = pages();
    render(<PagedSelect fetchPage={fetchPage} placeholder="请选择" virtual={false} />);
    expect(fetchPage).not.toHaveBeenCalled();
    open();
    await waitFor(() => expect(optionTexts()).toHaveLength(SELECT_DEFAULT_SIZE));
    expect(asked).toEqual([{ index: 0, size: 10, keyword: '' }]);
    expect(foot()).toBe('共 45 条，已显示 10 条，滚动加载更多');
  });

  it('scrolling to the end loads the next page, until every row is there', async () => {
    const { asked, fetchPage } = pages();
    render(<PagedSelect fetchPage={fetchPage} pageSize={20} virtual={false} />);
    open();
    await waitFor(() => expect(optionTexts()).toHaveLength(20));
    scrollListToEnd();
    await waitFor(() => expect(optionTexts()).toHaveLength(40));
    scrollListToEnd();
    await waitFor(() => expect(optionTexts()).toHaveLength(45));
    expect(foot()).toBe('共 45 条');
    scrollListToEnd();
    await act(async () => undefined);
    expect(asked.map((q) => q.index)).toEqual([0, 1, 2]);
  });

  it('a search asks the server for a new first page with the text, once it settles', async () => {
    const { asked, fetchPage } = pages();
    render(<PagedSelect fetchPage={fetchPage} virtual={false} />);
    open();
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '乙' } });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '乙-3' } });
    await act(async () => void (await vi.advanceTimersByTimeAsync(SELECT_SEARCH_DEBOUNCE_MS)));
    vi.useRealTimers();
    await waitFor(() => expect(optionTexts()).toEqual(['乙-30', '乙-32', '乙-34', '乙-36', '乙-38']));
    expect(asked.slice(1)).toEqual([{ index: 0, size: 10, keyword: '乙-3' }]);
    expect(foot()).toBe('共 5 条');
  });

  it('a chosen value shows its label before its page is loaded', () => {
    const { fetchPage } = pages();
    render(<PagedSelect fetchPage={fetchPage} value="44" known={[{ value: '44', label: '乙-44' }]} />);
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('乙-44');
  });
});

describe('DictSelect of a large entity lookup', () => {
  const LIST = '/prod-api/api/DeviceType/Options';
  const row = (i: number) => ({ id: String(i), typeName: `设备类型${i}` });

  it('a lookup that fills the whole dictionary fetch asks page by page with the keyword', async () => {
    const { callsTo } = stubFetch({
      [`GET ${LIST}`]: (c) => {
        const size = Number(c.query.get('size'));
        const index = Number(c.query.get('index'));
        const keyword = c.query.get('keyword') ?? '';
        const all = Array.from({ length: 1500 }, (_, i) => row(i + 1)).filter((r) => r.typeName.includes(keyword));
        return ok(all.slice(index * size, (index + 1) * size), { record_count: all.length, p_index: index, p_size: size, has_next: true, has_prev: false });
      },
    });
    render(<DictSelect dictionary={{ entity: 'DeviceType', valueField: 'id', labelField: 'typeName' }} virtual={false} />);
    await waitFor(() => expect(callsTo('GET', LIST)).toHaveLength(1));
    expect(callsTo('GET', LIST)[0].query.get('size')).toBe(String(DICTIONARY_FETCH_SIZE));
    open();
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    const paged = callsTo('GET', LIST)[1].query;
    expect([paged.get('index'), paged.get('size')]).toEqual(['0', '10']);
    expect(foot()).toBe('共 1500 条，已显示 10 条，滚动加载更多');
  });

  it('a small lookup stays one select of every option', async () => {
    const { callsTo } = stubFetch({ [`GET ${LIST}`]: () => ok([row(1), row(2)]) });
    // Other params: another dictionary than the large one above (the service caches by ref and params).
    render(<DictSelect dictionary={{ entity: 'DeviceType', valueField: 'id', labelField: 'typeName' }} params={{ kind: 'small' }} virtual={false} />);
    await waitFor(() => expect(callsTo('GET', LIST)).toHaveLength(1));
    open();
    await waitFor(() => expect(optionTexts()).toEqual(['设备类型1', '设备类型2']));
    expect(foot()).toBeUndefined();
    expect(callsTo('GET', LIST)).toHaveLength(1);
  });
});
