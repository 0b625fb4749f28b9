// The screen data scheduler (docs/large-screens.md): dedupe, abort on unmount, pause while hidden, stale
// flag, stream-triggered refetch and polling fallback, refresh factor.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveStreamCount, liveTimerCount } from '../../../src/features/large-screen/data/live-handles';
import { ScreenScheduler, type SourceOptions } from '../../../src/features/large-screen/data/scheduler';
import { STREAM_HEARTBEAT_MS, STREAM_RETRY_MS } from '../../../src/features/large-screen/data/stream';
import { controlledFetcher, FakeDocument, fakeStreams, flush } from './support/scheduler';

const INTERVAL = 10_000;
const polling: SourceOptions = { intervalMs: INTERVAL };
const streamed: SourceOptions = { intervalMs: INTERVAL, stream: 'EnterpriseOverview' };

let doc: FakeDocument;
let scheduler: ScreenScheduler;
const make = (deps: ConstructorParameters<typeof ScreenScheduler>[0] = {}) => {
  scheduler = new ScreenScheduler({ eventSource: null, document: doc as unknown as Document, factor: () => 1, ...deps });
  scheduler.start();
  return scheduler;
};

beforeEach(() => {
  vi.useFakeTimers();
  doc = new FakeDocument();
});
afterEach(() => {
  scheduler?.dispose();
  expect(liveTimerCount()).toBe(0);
  expect(liveStreamCount()).toBe(0);
  vi.useRealTimers();
});

describe('requests', () => {
  it('panels naming the same key share one request, and nothing is fetched twice at once', async () => {
    const s = make();
    const f = controlledFetcher<number>();
    const a = vi.fn();
    const b = vi.fn();
    s.subscribe('overview', f.fetcher, polling, a);
    s.subscribe('overview', f.fetcher, polling, b);
    expect(f.calls).toHaveLength(1);
    s.refreshAll(); // a refresh while the request is in flight waits for it
    s.refreshAll();
    expect(f.calls).toHaveLength(1);
    expect(s.inFlight()).toEqual(['overview']);
    await f.answer(7);
    expect(s.peek('overview')).toMatchObject({ data: 7, loading: false, stale: false });
    expect(a).toHaveBeenCalled();
    expect(b).toHaveBeenCalled();
    // …then exactly one more request follows, for the refreshes asked meanwhile.
    expect(f.calls).toHaveLength(2);
    await f.answer(8);
    expect(f.calls).toHaveLength(2);
  });

  it('unsubscribing the last panel aborts the request, drops late answers and stops every timer', async () => {
    const s = make();
    const f = controlledFetcher<number>();
    const listener = vi.fn();
    const off = s.subscribe('overview', f.fetcher, polling, listener);
    expect(liveTimerCount()).toBe(0);
    off();
    expect(f.calls[0].signal.aborted).toBe(true);
    await f.answer(1);
    expect(listener).not.toHaveBeenCalled();
    expect(s.peek('overview')).toBeUndefined();
    vi.advanceTimersByTime(INTERVAL * 5);
    expect(f.calls).toHaveLength(1);
  });

  it('dispose aborts every source and closes the stream', async () => {
    const streams = fakeStreams();
    const s = make({ eventSource: streams.factory });
    const one = controlledFetcher<number>();
    const two = controlledFetcher<number>();
    s.subscribe('one', one.fetcher, streamed, () => {});
    s.subscribe('two', two.fetcher, polling, () => {});
    await two.answer(2);
    expect(liveTimerCount()).toBeGreaterThan(0);
    expect(liveStreamCount()).toBe(1);
    s.dispose();
    expect(one.calls[0].signal.aborted).toBe(true);
    expect(streams.last.closed).toBe(true);
    expect(liveTimerCount()).toBe(0);
    expect(liveStreamCount()).toBe(0);
  });

  it('a failure keeps the last data, reports the error and retries at the interval', async () => {
    const s = make();
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, polling, () => {});
    await f.answer(5);
    vi.advanceTimersByTime(INTERVAL);
    expect(f.calls).toHaveLength(2);
    await f.fail(new Error('项目不存在或不在您的权限范围内'));
    expect(s.peek('overview')).toMatchObject({ data: 5, loading: false, error: { message: '项目不存在或不在您的权限范围内' } });
    vi.advanceTimersByTime(INTERVAL);
    expect(f.calls).toHaveLength(3);
    await f.answer(6);
    expect(s.peek('overview')).toMatchObject({ data: 6, error: undefined });
  });
});

describe('polling, visibility and staleness', () => {
  it('polls at the interval after each answer, scaled by the refresh factor', async () => {
    const s = make({ factor: () => 0.1 });
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, polling, () => {});
    await f.answer(1);
    vi.advanceTimersByTime(INTERVAL / 10 - 1);
    expect(f.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(f.calls).toHaveLength(2);
  });

  it('pauses while the document is hidden and refreshes once when it is visible again', async () => {
    const s = make();
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, polling, () => {});
    await f.answer(1);
    doc.setHidden(true);
    expect(liveTimerCount()).toBe(0);
    vi.advanceTimersByTime(INTERVAL * 10);
    s.refreshAll();
    expect(f.calls).toHaveLength(1);
    doc.setHidden(false);
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
    vi.advanceTimersByTime(INTERVAL);
    expect(f.calls).toHaveLength(3);
  });

  it('is stale when the data is older than twice the refresh interval, and fresh after the next answer', async () => {
    const s = make();
    const f = controlledFetcher<number>();
    const listener = vi.fn();
    s.subscribe('overview', f.fetcher, polling, listener);
    await f.answer(1);
    vi.advanceTimersByTime(INTERVAL); // the next poll hangs
    expect(f.calls).toHaveLength(2);
    vi.advanceTimersByTime(INTERVAL - 1);
    expect(s.peek('overview')?.stale).toBe(false);
    vi.advanceTimersByTime(10);
    expect(s.peek('overview')).toMatchObject({ data: 1, stale: true });
    await f.answer(2);
    expect(s.peek('overview')).toMatchObject({ data: 2, stale: false });
  });
});

describe('the server stream', () => {
  it('an update event refetches; while the stream is live there is no polling', async () => {
    const streams = fakeStreams();
    const s = make({ eventSource: streams.factory });
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, streamed, () => {});
    expect(streams.last.url).toBe('/prod-api/api/TyScreen/Stream?screen=EnterpriseOverview');
    await f.answer(1);
    streams.last.emit('ready', { screen: 'EnterpriseOverview' });
    // Changes between the first answer and the connection were not announced: one catch-up request.
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
    vi.advanceTimersByTime(INTERVAL * 5);
    expect(f.calls).toHaveLength(2);
    streams.last.emit('update', { screen: 'EnterpriseOverview', panels: ['environment'] });
    expect(f.calls).toHaveLength(3);
    streams.last.emit('update', { panels: ['alarms'] }); // during the request: one more after it
    expect(f.calls).toHaveLength(3);
    await f.answer(3);
    expect(f.calls).toHaveLength(4);
    await f.answer(4);
    expect(s.peek('overview')?.data).toBe(4);
  });

  it('updates naming other panels do not refetch a source that names its panels', async () => {
    const streams = fakeStreams();
    const s = make({ eventSource: streams.factory });
    const f = controlledFetcher<number>();
    s.subscribe('alarms', f.fetcher, { ...streamed, panels: ['alarms'] }, () => {});
    streams.last.emit('ready');
    await f.answer(1);
    streams.last.emit('update', { panels: ['environment'] });
    expect(f.calls).toHaveLength(1);
    streams.last.emit('update', { panels: ['devices', 'alarms'] });
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
  });

  it('heartbeats keep live-stream data fresh; without them it goes stale after two heartbeats', async () => {
    const streams = fakeStreams();
    const s = make({ eventSource: streams.factory });
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, streamed, () => {});
    streams.last.emit('ready');
    await f.answer(1);
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(STREAM_HEARTBEAT_MS);
      streams.last.emit('heartbeat', { at: new Date().toISOString() });
    }
    expect(s.peek('overview')?.stale).toBe(false);
    vi.advanceTimersByTime(STREAM_HEARTBEAT_MS * 2 + 10);
    expect(s.peek('overview')?.stale).toBe(true);
    streams.last.emit('heartbeat');
    expect(s.peek('overview')?.stale).toBe(false);
    expect(f.calls).toHaveLength(1);
  });

  it('falls back to polling when the stream fails, and reconnects later', async () => {
    const streams = fakeStreams();
    const s = make({ eventSource: streams.factory });
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, streamed, () => {});
    streams.last.emit('ready');
    await f.answer(1);
    streams.last.emit('error');
    expect(streams.last.closed).toBe(true);
    expect(liveStreamCount()).toBe(0);
    vi.advanceTimersByTime(INTERVAL);
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
    vi.advanceTimersByTime(STREAM_RETRY_MS - INTERVAL); // one more poll at 20 s, reconnect at 30 s
    expect(f.calls).toHaveLength(3);
    expect(streams.opened).toHaveLength(2);
    expect(liveStreamCount()).toBe(1);
    streams.last.emit('ready'); // the poll in flight already covers the gap
    expect(f.calls).toHaveLength(3);
    await f.answer(3);
    vi.advanceTimersByTime(INTERVAL * 3); // live again: no polling
    expect(f.calls).toHaveLength(3);
  });

  it('polls when no stream is offered (no EventSource)', async () => {
    const s = make({ eventSource: null });
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, streamed, () => {});
    await f.answer(1);
    vi.advanceTimersByTime(INTERVAL);
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
  });

  it('closes the stream while hidden and opens it again when visible', async () => {
    const streams = fakeStreams();
    const s = make({ eventSource: streams.factory });
    const f = controlledFetcher<number>();
    s.subscribe('overview', f.fetcher, streamed, () => {});
    streams.last.emit('ready');
    await f.answer(1);
    doc.setHidden(true);
    expect(streams.last.closed).toBe(true);
    expect(liveStreamCount()).toBe(0);
    expect(liveTimerCount()).toBe(0);
    doc.setHidden(false);
    expect(streams.opened).toHaveLength(2);
    expect(f.calls).toHaveLength(2);
    await f.answer(2);
    await flush();
  });
});
