// Column settings apply by key: order, visibility and width survive schema edits that keep the key; a
// burst of changes (a width typed digit by digit) is saved once, 500 ms after the last change.
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ColumnSetting, ListColumn } from '../../../common/metadata';
import { applyColumnSettings, COLUMN_SETTING_SAVE_DELAY_MS, debouncedSave, settingsOf } from '../../../src/engine/page/column-settings';
import { useColumnSettings } from '../../../src/engine/page/use-column-settings';
import { ok, stubFetch } from '../features/fetchStub';

const FreshSwr = ({ children }: { children: ReactNode }) =>
  createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false } }, children);

const columns: ListColumn[] = [{ field: 'deviceType', width: 160 }, { field: 'contentName', width: 260 }, { field: 'description' }];

describe('column settings', () => {
  it('no settings: the schema order, all visible', () => {
    expect(applyColumnSettings(columns, []).map((c) => [c.field, c.visible])).toEqual([['deviceType', true], ['contentName', true], ['description', true]]);
  });

  it('applies order, visibility and width by key and ignores keys that no longer exist', () => {
    const s = applyColumnSettings(columns, [
      { key: 'description', visible: true, order: 0, width: 300 },
      { key: 'deviceType', visible: false, order: 1 },
      { key: 'removedColumn', visible: true, order: 2 },
      { key: 'contentName', visible: true, order: 3 },
    ]);
    expect(s.map((c) => c.field)).toEqual(['description', 'deviceType', 'contentName']);
    expect(s[0].width).toBe(300);
    expect(s[1].visible).toBe(false);
    expect(s[2].width).toBe(260);
  });

  it('a new schema column keeps its schema position among saved ones', () => {
    const s = applyColumnSettings([...columns, { field: 'projectName' }], settingsOf(applyColumnSettings(columns, [])));
    expect(s.map((c) => c.field)).toEqual(['deviceType', 'contentName', 'description', 'projectName']);
  });
});

describe('saving column settings', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const one = (width: number): ColumnSetting[] => [{ key: 'deviceType', visible: true, order: 0, width }];

  it('saves once, 500 ms after the last of a burst of changes, with the last settings', async () => {
    vi.useFakeTimers();
    const save = vi.fn(() => Promise.resolve());
    const saver = debouncedSave(save);
    saver.push(one(1));
    await vi.advanceTimersByTimeAsync(300);
    saver.push(one(12));
    await vi.advanceTimersByTimeAsync(300);
    saver.push(one(120));
    await vi.advanceTimersByTimeAsync(COLUMN_SETTING_SAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(one(120));
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush saves what is waiting at once (the page is leaving), and nothing when nothing waits', async () => {
    vi.useFakeTimers();
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    const saver = debouncedSave(save);
    saver.flush();
    expect(save).not.toHaveBeenCalled();
    saver.push(one(200));
    saver.flush();
    expect(save).toHaveBeenCalledWith(one(200));
    await vi.advanceTimersByTimeAsync(COLUMN_SETTING_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('useColumnSettings: each change shows at once, a typed width posts Save once, unmounting saves what waits', async () => {
    const fetch = stubFetch({ 'GET /prod-api/api/ColumnSetting/Get': () => ok([]), 'POST /prod-api/api/ColumnSetting/Save': () => ok(null) });
    const { result, unmount } = renderHook(() => useColumnSettings('device', columns), { wrapper: FreshSwr });
    await waitFor(() => expect(fetch.callsTo('GET', '/prod-api/api/ColumnSetting/Get')).toHaveLength(1));
    vi.useFakeTimers();
    for (const width of [1, 18, 180]) {
      act(() => result.current.change(result.current.columns.map((c, i) => (i === 0 ? { ...c, width } : c))));
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(result.current.columns[0].width).toBe(180);
    expect(fetch.callsTo('POST', '/prod-api/api/ColumnSetting/Save')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(COLUMN_SETTING_SAVE_DELAY_MS));
    const saves = fetch.callsTo('POST', '/prod-api/api/ColumnSetting/Save');
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toMatchObject({ page: 'device', columns: [{ key: 'deviceType', width: 180 }, { key: 'contentName' }, { key: 'description' }] });

    act(() => result.current.change(result.current.columns.map((c, i) => (i === 1 ? { ...c, visible: false } : c))));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch.callsTo('POST', '/prod-api/api/ColumnSetting/Save')).toHaveLength(2);
  });
});
