// The wall's watchdog (wall/watchdog.ts, use-watchdog.ts): which readings reload, the back-off that keeps
// it from looping, the history kept in sessionStorage across reloads, and the hook reloading in place only
// when the server answers (docs/large-screens.md "Wall runtime").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { HttpError } from '../../../src/lib/http/client';
import { page } from '../../../src/lib/session/actions';
import { Panel } from '../../../src/features/large-screen/kit/Panel';
import { SESSION } from '../../../src/lib/storage';
import {
  backoffFor,
  DEFAULT_BOUNDS,
  ErrorTracker,
  erroredPanelTitles,
  readHistory,
  reloadDecision,
  reloadReason,
  watchdogBounds,
  withReload,
  writeHistory,
  type ReloadHistory,
  type WatchdogBounds,
  type WatchdogReading,
} from '../../../src/features/large-screen/wall/watchdog';
import { useWatchdog } from '../../../src/features/large-screen/wall/use-watchdog';
import { wallStatus } from '../../../src/features/large-screen/wall/wall-status';
import { isDiagnosticsKey } from '../../../src/features/large-screen/wall/WallRuntime';

const MIN = 60_000;
const HOUR = 60 * MIN;
const B: WatchdogBounds = { ...DEFAULT_BOUNDS };
const NOW = Date.parse('2026-11-28T10:00:00+08:00');

const reading = (over: Partial<WatchdogReading> = {}): WatchdogReading => ({
  now: NOW,
  uptimeMs: 2 * HOUR,
  heap: { usedMb: 80, limitMb: 4096 },
  domNodes: 3000,
  erroredPanels: [],
  ...over,
});
const none: ReloadHistory = { count: 0, reloads: [] };
const reloadedAt = (...ats: number[]): ReloadHistory => ats.reduce((h, at) => withReload(h, { kind: 'heap', text: '堆' }, at, '/x'), none);

afterEach(() => {
  sessionStorage.clear();
  delete (window as { __lsWatchdog?: unknown }).__lsWatchdog;
  window.history.replaceState(null, '', '/');
});

describe('reloadReason', () => {
  it('a healthy page has none', () => {
    expect(reloadReason(reading(), B)).toBeUndefined();
  });

  it('the heap past its bound: the smaller of heapMb and the share of the browser limit', () => {
    expect(reloadReason(reading({ heap: { usedMb: 1100, limitMb: 4096 } }), B)).toMatchObject({ kind: 'heap', text: 'JS 堆内存 1100 MB 超过上限 1024 MB' });
    // A 1 GB limit: 80 % of it is the bound.
    expect(reloadReason(reading({ heap: { usedMb: 850, limitMb: 1024 } }), B)?.text).toBe('JS 堆内存 850 MB 超过上限 819 MB');
    // A browser without performance.memory is judged by the rest.
    expect(reloadReason(reading({ heap: undefined }), B)).toBeUndefined();
  });

  it('the DOM past its bound', () => {
    expect(reloadReason(reading({ domNodes: 50_001 }), B)).toMatchObject({ kind: 'dom', text: 'DOM 节点 50001 个超过上限 50000 个' });
    expect(reloadReason(reading({ domNodes: 50_000 }), B)).toBeUndefined();
  });

  it('a panel in error longer than the bound, the longest named', () => {
    const erroredPanels = [
      { title: '报警信息', since: NOW - 10 * MIN },
      { title: '项目分布', since: NOW - 16 * MIN },
    ];
    expect(reloadReason(reading({ erroredPanels }), B)).toMatchObject({ kind: 'panel', text: '面板「项目分布」持续加载失败超过 15 分钟' });
    expect(reloadReason(reading({ erroredPanels: erroredPanels.slice(0, 1) }), B)).toBeUndefined();
  });
});

describe('reloadDecision (back-off)', () => {
  it('the first reload of a page up long enough is allowed; a young page waits', () => {
    expect(reloadDecision(none, reading(), B)).toEqual({ allowed: true });
    expect(reloadDecision(none, reading({ uptimeMs: 2 * MIN }), B)).toMatchObject({ allowed: false, why: '页面运行不足 5 分钟', until: NOW + 3 * MIN });
  });

  it('waits 10 minutes after a reload, doubling with each reload of the last 24 hours, up to 6 hours', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffFor(n, B))).toEqual([0, 10 * MIN, 20 * MIN, 40 * MIN, 80 * MIN, 160 * MIN, 6 * HOUR]);
    const once = reloadedAt(NOW - 9 * MIN);
    expect(reloadDecision(once, reading(), B)).toMatchObject({ allowed: false, until: NOW + MIN });
    expect(reloadDecision(once, reading({ now: NOW + MIN }), B)).toEqual({ allowed: true });
    const thrice = reloadedAt(NOW - 3 * HOUR, NOW - 2 * HOUR, NOW - 30 * MIN);
    expect(reloadDecision(thrice, reading(), B)).toMatchObject({ allowed: false, until: NOW + 10 * MIN }); // 40 min after the last
    // Reloads older than the window no longer count.
    expect(reloadDecision(reloadedAt(NOW - 30 * HOUR, NOW - 25 * HOUR), reading(), B)).toEqual({ allowed: true });
  });

  it('never loops: at most 6 reloads in 24 hours, then it only reports until the oldest leaves the window', () => {
    const six = reloadedAt(...[20, 16, 12, 8, 4, 1].map((h) => NOW - h * HOUR));
    const d = reloadDecision(six, reading(), B);
    expect(d).toMatchObject({ allowed: false, why: '24 小时内已自动刷新 6 次，暂停自动刷新', until: NOW + 4 * HOUR });
    // A page over its bound from the start reloads at most 6 times a day, further and further apart.
    let h = none;
    let t = NOW;
    const times: number[] = [];
    for (let minute = 0; minute < 24 * 60; minute += 1, t += MIN) {
      if (reloadDecision(h, { now: t, uptimeMs: 10 * MIN }, B).allowed) {
        h = withReload(h, { kind: 'dom', text: 'DOM' }, t, '/x');
        times.push((t - NOW) / MIN);
      }
    }
    expect(times).toEqual([0, 10, 30, 70, 150, 310]);
  });

  it('keeps the count and the last 20 reasons', () => {
    let h = none;
    for (let i = 0; i < 25; i += 1) h = withReload(h, { kind: 'panel', text: `面板${i}` }, NOW + i, '/LargeScreen/EnterpriseScreen/overview?carousel=all');
    expect(h.count).toBe(25);
    expect(h.reloads).toHaveLength(20);
    expect(h.reloads[19]).toEqual({ at: NOW + 24, kind: 'panel', reason: '面板24', url: '/LargeScreen/EnterpriseScreen/overview?carousel=all' });
  });
});

describe('history and bounds', () => {
  it('the history survives in sessionStorage; a damaged entry reads as none', () => {
    writeHistory(reloadedAt(NOW));
    expect(readHistory()).toMatchObject({ count: 1, reloads: [{ at: NOW, kind: 'heap' }] });
    sessionStorage.setItem(SESSION.wallReloads, '{not json');
    expect(readHistory()).toEqual(none);
  });

  it('window.__lsWatchdog overrides the bounds; ?watchdog=0 turns the watchdog off', () => {
    (window as { __lsWatchdog?: unknown }).__lsWatchdog = { domNodes: 10, checkMs: 'x' };
    expect(watchdogBounds()).toMatchObject({ domNodes: 10, checkMs: DEFAULT_BOUNDS.checkMs });
    window.history.replaceState(null, '', '/?watchdog=0');
    expect(watchdogBounds()).toBeUndefined();
  });

  it('a panel counts from when it was first seen in error; well again or on another screen, it starts over', () => {
    const t = new ErrorTracker();
    expect(t.update('/a', ['报警信息'], 1)).toEqual([{ title: '报警信息', since: 1 }]);
    expect(t.update('/a', ['报警信息', '项目分布'], 5)).toEqual([
      { title: '报警信息', since: 1 },
      { title: '项目分布', since: 5 },
    ]);
    expect(t.update('/a', ['项目分布'], 9)).toEqual([{ title: '项目分布', since: 5 }]);
    expect(t.update('/a', ['报警信息'], 10)).toEqual([{ title: '报警信息', since: 10 }]);
    expect(t.update('/b', ['报警信息'], 11)).toEqual([{ title: '报警信息', since: 11 }]);
  });
});

function Watched() {
  useWatchdog('/LargeScreen/EnterpriseScreen/overview');
  return <div className="ls-body" />;
}

describe('diagnostics key', () => {
  it('F9 or Ctrl+Shift+D opens the overlay; F11 stays the fullscreen key', () => {
    const key = (k: Partial<KeyboardEvent>) => ({ key: '', code: '', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...k });
    expect(isDiagnosticsKey(key({ key: 'F9', code: 'F9' }))).toBe(true);
    expect(isDiagnosticsKey(key({ key: 'D', code: 'KeyD', ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDiagnosticsKey(key({ key: 'd', code: 'KeyD', ctrlKey: true }))).toBe(false);
    expect(isDiagnosticsKey(key({ key: 'F11', code: 'F11' }))).toBe(false);
  });
});

describe('failing panels', () => {
  it('counts panels without an answer or with a server error, not refusals (a reload would not change them)', () => {
    render(
      <main className="ls-body">
        <Panel title="项目分布" error={new TypeError('Failed to fetch')} />
        <Panel title="报警信息" error={new HttpError('服务器繁忙，请稍后重试', 503)} />
        <Panel title="设备运行状态" error={new HttpError('项目不存在或不在您的权限范围内', 200)} />
        <Panel title="环境监测排行" updatedAt={NOW} />
      </main>,
    );
    expect(erroredPanelTitles()).toEqual(['项目分布', '报警信息']);
    expect(document.querySelector('[aria-label="设备运行状态"]')?.getAttribute('data-error')).toBe('refused');
    expect(document.querySelector('[aria-label="环境监测排行"]')?.getAttribute('data-updated-at')).toBe(String(NOW));
  });
});

describe('useWatchdog', () => {
  const realReload = page.reload;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    page.reload = realReload;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('past a bound it reloads in place once the server answers, keeps the reason, then backs off', async () => {
    const reload = vi.fn();
    page.reload = reload;
    const head = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', head);
    (window as { __lsWatchdog?: unknown }).__lsWatchdog = { domNodes: 1, checkMs: 5000, minUptimeMs: 0 };
    render(<Watched />);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(head).toHaveBeenCalledWith(window.location.href, expect.objectContaining({ method: 'HEAD', cache: 'no-store' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readHistory()).toMatchObject({ count: 1, reloads: [{ kind: 'dom', url: window.location.href }] });
    // The same page (the reload was mocked) is held by the back-off.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wallStatus.watchdog.held).toMatchObject({ reason: { kind: 'dom' }, why: '距上次自动刷新不足 10 分钟' });
  });

  it('without a server it stays (the browser would show its error page with nothing left to retry)', async () => {
    const reload = vi.fn();
    page.reload = reload;
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    (window as { __lsWatchdog?: unknown }).__lsWatchdog = { domNodes: 1, checkMs: 5000, minUptimeMs: 0 };
    render(<Watched />);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(reload).not.toHaveBeenCalled();
    expect(readHistory().count).toBe(0);
    expect(wallStatus.watchdog.held?.why).toBe('服务器无响应，恢复后再刷新');
  });

  it('a healthy page is only read', async () => {
    const reload = vi.fn();
    page.reload = reload;
    (window as { __lsWatchdog?: unknown }).__lsWatchdog = { checkMs: 5000, minUptimeMs: 0 };
    render(<Watched />);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(reload).not.toHaveBeenCalled();
    expect(wallStatus.watchdog.checkedAt).toBe(NOW + 15_000);
    expect(wallStatus.watchdog.domNodes).toBeGreaterThan(0);
  });
});
