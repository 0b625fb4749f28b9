// The wall's one clock (data/day-clock.ts): the China day and its rollover at 00:00 Asia/Shanghai under a
// mocked clock, one timer whoever listens, and every screen source refetching with the new day's key
// while keeping the old figures on the wall until the answer (docs/large-screens.md "Wall runtime").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import {
  addChinaDays,
  chinaDay,
  chinaDayRange,
  DAY_CHECK_MAX_MS,
  msToChinaMidnight,
  wallClock,
  WallClock,
} from '../../../src/features/large-screen/data/day-clock';
import { liveTimerCount } from '../../../src/features/large-screen/data/live-handles';
import { liveSchedulers } from '../../../src/features/large-screen/data/scheduler';
import { ScreenDataProvider } from '../../../src/features/large-screen/data/ScreenDataProvider';
import { useScreenSource } from '../../../src/features/large-screen/data/use-screen-source';
import { ScreenClock } from '../../../src/features/large-screen/components/ScreenClock';
import { controlledFetcher, FakeDocument, fakeStreams } from './support/scheduler';

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => new Date(iso).getTime();

describe('China day', () => {
  it('is the Asia/Shanghai date whatever the zone, and midnight is 00:00 +08:00', () => {
    expect(chinaDay(at('2026-11-28T15:59:59Z'))).toBe('2026-11-28'); // 23:59:59 in China
    expect(chinaDay(at('2026-11-28T16:00:00Z'))).toBe('2026-11-29'); // 00:00:00 in China
    expect(msToChinaMidnight(at('2026-11-28T23:59:59+08:00'))).toBe(1000);
    expect(msToChinaMidnight(at('2026-11-29T00:00:00+08:00'))).toBe(86_400_000);
    expect(addChinaDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives the ranges pickers and labels show, ending today', () => {
    expect(chinaDayRange('today', '2026-11-29')).toEqual({ start: '2026-11-29', end: '2026-11-29' });
    expect(chinaDayRange('week', '2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(chinaDayRange('month', '2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-01' });
    expect(chinaDayRange('last30', '2026-03-01')).toEqual({ start: '2026-01-31', end: '2026-03-01' });
    expect(chinaDayRange('last90', '2026-11-29')).toEqual({ start: '2026-09-01', end: '2026-11-29' });
  });
});

describe('WallClock', () => {
  it('announces the new day at 00:00 China time with one timer, and stops when nobody listens', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T23:59:58+08:00'));
    const clock = new WallClock({ document: new FakeDocument() as unknown as Document });
    const onDay = vi.fn();
    const onTick = vi.fn();
    const stopDay = clock.subscribeDay(onDay);
    const stopTick = clock.subscribeTick(onTick);
    expect(liveTimerCount()).toBe(1);
    expect(clock.day()).toBe('2026-11-28');
    vi.advanceTimersByTime(1000); // 23:59:59
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(onDay).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000); // 00:00:00
    expect(onDay).toHaveBeenCalledTimes(1);
    expect(clock.day()).toBe('2026-11-29');
    expect(clock.rolloverCount()).toBe(1);
    expect(liveTimerCount()).toBe(1);
    stopTick();
    stopDay();
    expect(liveTimerCount()).toBe(0);
  });

  it('watching only the day, it looks at least once a minute (a PC that slept or was set is caught)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:00+08:00'));
    const clock = new WallClock({ document: new FakeDocument() as unknown as Document });
    const onDay = vi.fn();
    const stop = clock.subscribeDay(onDay);
    vi.setSystemTime(new Date('2026-11-29T10:00:00+08:00')); // the clock jumped a day
    vi.advanceTimersByTime(DAY_CHECK_MAX_MS);
    expect(onDay).toHaveBeenCalledTimes(1);
    expect(clock.day()).toBe('2026-11-29');
    stop();
    expect(liveTimerCount()).toBe(0);
  });

  it('looks again when the document becomes visible', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:00+08:00'));
    const doc = new FakeDocument();
    const clock = new WallClock({ document: doc as unknown as Document });
    const onDay = vi.fn();
    const stop = clock.subscribeDay(onDay);
    doc.setHidden(true);
    vi.setSystemTime(new Date('2026-11-29T08:00:00+08:00'));
    doc.setHidden(false);
    expect(onDay).toHaveBeenCalledTimes(1);
    stop();
  });

  it('the header clock ticks on it and shows the new date after midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T23:59:59+08:00'));
    render(<ScreenClock />);
    expect(screen.getByText('2026-11-28')).toBeTruthy();
    expect(screen.getByText('星期六')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('00:00:00')).toBeTruthy();
    expect(screen.getByText('2026-11-29')).toBeTruthy();
    expect(screen.getByText('星期日')).toBeTruthy();
  });
});

function TodayFigure({ fetcher, stream }: { fetcher: (signal: AbortSignal) => Promise<number>; stream?: string }) {
  const { data, loading } = useScreenSource('Vehicle:', fetcher, { intervalMs: 30_000, stream });
  return <output aria-label="今日进场">{loading ? '加载中' : String(data)}</output>;
}

const figure = () => screen.getByLabelText('今日进场').textContent;
const keys = () => liveSchedulers().flatMap((s) => s.report().sources.map((x) => x.key));

describe('screen sources across midnight', () => {
  it('23:59:59 → 00:00 China time refetches with the new day, keeping the old figure until the answer', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T23:59:59+08:00'));
    const f = controlledFetcher<number>();
    const view = render(
      <ScreenDataProvider deps={{ eventSource: null }}>
        <TodayFigure fetcher={f.fetcher} />
      </ScreenDataProvider>,
    );
    await act(() => f.answer(37));
    expect(figure()).toBe('37');
    expect(keys()).toEqual(['Vehicle:@2026-11-28']);

    act(() => vi.advanceTimersByTime(1000)); // 00:00:00 +08:00
    expect(f.calls).toHaveLength(2);
    expect(keys()).toEqual(['Vehicle:@2026-11-29']);
    expect(figure()).toBe('37'); // never 加载中 on the wall
    await act(() => f.answer(0));
    expect(figure()).toBe('0');

    view.unmount();
    expect(liveTimerCount()).toBe(0);
  });

  it('a request in flight at midnight is aborted and asked again for the new day', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T23:59:59.500+08:00'));
    const f = controlledFetcher<number>();
    render(
      <ScreenDataProvider deps={{ eventSource: null }}>
        <TodayFigure fetcher={f.fetcher} />
      </ScreenDataProvider>,
    );
    expect(f.calls).toHaveLength(1);
    act(() => vi.advanceTimersByTime(500));
    expect(f.calls[0].signal.aborted).toBe(true);
    expect(f.calls).toHaveLength(2);
    expect(figure()).toBe('加载中'); // nothing was shown yet
    await act(() => f.answer(5));
    expect(figure()).toBe('5');
  });

  it("the screen's stream stays open across the rollover: one request for the new day, no reconnect", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T23:59:59+08:00'));
    const streams = fakeStreams();
    const f = controlledFetcher<number>();
    render(
      <ScreenDataProvider deps={{ eventSource: streams.factory }}>
        <TodayFigure fetcher={f.fetcher} stream="Vehicle" />
      </ScreenDataProvider>,
    );
    await act(() => f.answer(37));
    streams.last.emit('ready'); // a ready without a request in flight asks once more
    await act(() => f.answer(37));
    expect(f.calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1000)); // 00:00:00
    expect(f.calls).toHaveLength(3);
    expect(streams.opened).toHaveLength(1);
    expect(streams.last.closed).toBe(false);
    await act(() => f.answer(0));
    streams.last.emit('update', { panels: ['summary'] });
    expect(f.calls).toHaveLength(4); // updates reach the new day's source
  });

  it('the shared clock is the one the sources follow', () => {
    expect(wallClock.day()).toBe(chinaDay());
  });
});
