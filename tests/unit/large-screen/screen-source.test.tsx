// useScreenSource inside ScreenDataProvider: panels share one request, unmounting the screen aborts it
// and leaves no timer; the ring buffer keeps live series bounded; the refresh factor for soak runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { liveTimerCount } from '../../../src/features/large-screen/data/live-handles';
import { refreshFactor, scaledInterval } from '../../../src/features/large-screen/data/refresh-factor';
import { RingBuffer, useSeriesBuffer } from '../../../src/features/large-screen/data/ring-buffer';
import { ScreenDataProvider } from '../../../src/features/large-screen/data/ScreenDataProvider';
import { useScreenSource } from '../../../src/features/large-screen/data/use-screen-source';
import { controlledFetcher, flush } from './support/scheduler';

afterEach(() => {
  delete (window as { __lsRefreshFactor?: number }).__lsRefreshFactor;
  window.history.replaceState(null, '', '/');
});

function Figure({ name, fetcher }: { name: string; fetcher: (s: AbortSignal) => Promise<number> }) {
  const { data, loading } = useScreenSource('overview', fetcher, { intervalMs: 30_000 });
  return <output aria-label={name}>{loading ? '加载中' : String(data)}</output>;
}

describe('useScreenSource', () => {
  it('two panels of one key make one request and both show its answer', async () => {
    const f = controlledFetcher<number>();
    render(
      <ScreenDataProvider deps={{ eventSource: null }}>
        <Figure name="甲" fetcher={f.fetcher} />
        <Figure name="乙" fetcher={f.fetcher} />
      </ScreenDataProvider>,
    );
    expect(screen.getByLabelText('甲').textContent).toBe('加载中');
    expect(f.calls).toHaveLength(1);
    await act(() => f.answer(42));
    expect(screen.getByLabelText('甲').textContent).toBe('42');
    expect(screen.getByLabelText('乙').textContent).toBe('42');
  });

  it('unmounting the screen stops its polling and stale timers', async () => {
    const f = controlledFetcher<number>();
    const view = render(
      <ScreenDataProvider deps={{ eventSource: null }}>
        <Figure name="甲" fetcher={f.fetcher} />
      </ScreenDataProvider>,
    );
    await act(() => f.answer(1));
    expect(liveTimerCount()).toBeGreaterThan(0); // next poll and stale check
    view.unmount();
    expect(liveTimerCount()).toBe(0);
  });

  it('an unmount while the request is in flight aborts it', async () => {
    const f = controlledFetcher<number>();
    const view = render(
      <ScreenDataProvider deps={{ eventSource: null }}>
        <Figure name="甲" fetcher={f.fetcher} />
      </ScreenDataProvider>,
    );
    view.unmount();
    expect(f.calls[0].signal.aborted).toBe(true);
    await flush();
    expect(liveTimerCount()).toBe(0);
  });

  it('outside a ScreenDataProvider it says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Figure name="甲" fetcher={() => Promise.resolve(1)} />)).toThrow(/ScreenDataProvider/);
    vi.restoreAllMocks();
  });
});

describe('RingBuffer', () => {
  it('keeps only the last N points, oldest first', () => {
    const b = new RingBuffer<number>(3);
    for (let i = 1; i <= 7; i += 1) b.push(i);
    expect(b.size).toBe(3);
    expect(b.toArray()).toEqual([5, 6, 7]);
    expect(b.last()).toBe(7);
    b.clear();
    expect(b.toArray()).toEqual([]);
    expect(() => new RingBuffer(0)).toThrow(RangeError);
  });

  it('useSeriesBuffer adds one point per new time and never grows past its capacity', () => {
    const { result, rerender } = renderHook(({ v, at }) => useSeriesBuffer(v, at, 4), { initialProps: { v: 1, at: 1 } });
    rerender({ v: 1, at: 1 });
    expect(result.current).toEqual([{ at: 1, value: 1 }]);
    for (let at = 2; at <= 10; at += 1) rerender({ v: at * 10, at });
    expect(result.current.map((p) => p.value)).toEqual([70, 80, 90, 100]);
  });
});

describe('refresh factor', () => {
  it('defaults to 1, reads window.__lsRefreshFactor or ?refreshFactor=, and is bounded', () => {
    expect(refreshFactor()).toBe(1);
    window.history.replaceState(null, '', '/?refreshFactor=0.1');
    expect(refreshFactor()).toBe(0.1);
    expect(scaledInterval(30_000)).toBe(3000);
    (window as { __lsRefreshFactor?: number }).__lsRefreshFactor = 0.5;
    expect(refreshFactor()).toBe(0.5);
    (window as { __lsRefreshFactor?: number }).__lsRefreshFactor = 0.000001;
    expect(refreshFactor()).toBe(0.01);
    expect(scaledInterval(1000)).toBe(200); // never below the floor
    delete (window as { __lsRefreshFactor?: number }).__lsRefreshFactor;
    window.history.replaceState(null, '', '/?refreshFactor=abc');
    expect(refreshFactor()).toBe(1);
  });
});
