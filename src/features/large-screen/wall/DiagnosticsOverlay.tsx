// The wall's diagnostics overlay (F9 or Ctrl+Shift+D; docs/large-screens.md "Wall runtime"): what a wall
// left on for weeks holds now — heap, DOM nodes, live timers and event streams (counted by live-handles,
// the scheduler and the clock; no global is patched), chart instances against the charts in the page, the
// watchdog's reloads and their reasons, the carousel, and each panel's state and last data time. It reads
// everything again on every tick of the wall clock and is loaded only when first opened.
import { chinaTime } from '../../../lib/time/china-time';
import { useClockTime, wallClock } from '../data/day-clock';
import { liveStreamCount, liveTimerKinds } from '../data/live-handles';
import { liveSchedulers } from '../data/scheduler';
import { SCREENS } from '../screens';
import { countDomNodes, heapBoundMb, readHeap, readHistory } from './watchdog';
import { wallStatus } from './wall-status';

const time = (ms: number | undefined): string => (ms === undefined ? '--' : chinaTime(ms).format('HH:mm:ss'));
const dateTime = (ms: number): string => chinaTime(ms).format('MM-DD HH:mm:ss');
const mb = (n: number): string => `${n.toFixed(1)} MB`;
const minutes = (ms: number): string => `${Math.round(ms / 60_000)} 分钟`;

const STATE_TEXT: Record<string, string> = { ready: '正常', loading: '加载中', error: '加载失败', empty: '暂无数据' };

type PanelRow = { title: string; state: string; updatedAt: number | undefined };

function panelsOnScreen(): PanelRow[] {
  return [...document.querySelectorAll<HTMLElement>('.ls-body .ls-panel')].map((el) => {
    const at = Number(el.dataset.updatedAt);
    return { title: el.getAttribute('aria-label') ?? '', state: el.dataset.state ?? '', updatedAt: Number.isFinite(at) && at > 0 ? at : undefined };
  });
}

/** A source key without its day (`EnterpriseOverview:@2026-11-28` → `EnterpriseOverview`). */
const sourceName = (key: string): string => key.replace(/@\d{4}-\d{2}-\d{2}$/, '').replace(/:$/, '');

/** Live chart instances (kit/charts/echarts.ts counts them on window, so this needs no ECharts). */
const liveCharts = (): number => Number((window as Window & { __lsCharts?: number }).__lsCharts ?? 0);

const titleOf = (path: string): string => SCREENS.find((s) => s.path === path)?.title ?? path;

export function DiagnosticsOverlay({ onClose }: { onClose(): void }) {
  const now = useClockTime();
  const heap = readHeap();
  const timers = liveTimerKinds();
  const reports = liveSchedulers().map((s) => s.report());
  const sources = reports.flatMap((r) => r.sources);
  const streams = reports.flatMap((r) => r.streams);
  const charts = liveCharts();
  const mountedCharts = document.querySelectorAll('[_echarts_instance_]').length;
  const history = readHistory();
  const watchdog = wallStatus.watchdog;
  const bounds = watchdog.bounds;
  const carousel = wallStatus.carousel;
  const panels = panelsOnScreen();
  const listeners = wallClock.listenerCounts();

  return (
    <aside className="ls-diag" role="dialog" aria-label="运行诊断" data-now={now}>
      <header className="ls-diag-head">
        <h2>运行诊断</h2>
        <span className="ls-diag-keys">F9 / Ctrl+Shift+D 关闭</span>
        <button type="button" className="ls-diag-close" aria-label="关闭运行诊断" onClick={onClose}>
          ×
        </button>
      </header>
      <dl className="ls-diag-figures">
        <dt>中国日期</dt>
        <dd data-figure="day">
          {wallClock.day()}（跨日 {wallClock.rolloverCount()} 次）
        </dd>
        <dt>JS 堆内存</dt>
        <dd data-figure="heap">{heap ? `${mb(heap.usedMb)} / 上限 ${mb(heap.limitMb)}` : '浏览器未提供'}</dd>
        <dt>DOM 节点</dt>
        <dd data-figure="nodes">{countDomNodes()}</dd>
        <dt>定时器</dt>
        <dd data-figure="timers">
          {timers.timeouts + timers.intervals} 个（单次 {timers.timeouts} · 循环 {timers.intervals}；时钟订阅 {listeners.day + listeners.tick}）
        </dd>
        <dt>事件流</dt>
        <dd data-figure="streams">
          {liveStreamCount()} 个
          {streams.length > 0 && `（${streams.map((s) => `${s.name} ${s.live ? '实时' : s.open ? '连接中' : `重连中 ${s.failures} 次`}`).join('，')}）`}
        </dd>
        <dt>图表实例 / 已挂载图表</dt>
        <dd data-figure="charts" className={charts === mountedCharts ? undefined : 'is-bad'}>
          {charts} / {mountedCharts}
          {charts === mountedCharts ? '（一致）' : '（不一致）'}
        </dd>
        <dt>自动刷新</dt>
        <dd data-figure="reloads">
          {history.count} 次
          {bounds
            ? `（上限：堆 ${Math.round(heapBoundMb(heap, bounds))} MB，DOM ${bounds.domNodes} 个，面板失败 ${minutes(bounds.panelErrorMs)}；检查于 ${time(watchdog.checkedAt)}）`
            : '（守护已关闭）'}
        </dd>
        {watchdog.held && (
          <>
            <dt>待刷新</dt>
            <dd className="is-bad">
              {watchdog.held.reason.text}：{watchdog.held.why}
            </dd>
          </>
        )}
        <dt>轮播</dt>
        <dd data-figure="carousel">
          {carousel
            ? `第 ${carousel.position + 1 || '-'} / ${carousel.paths.length} 屏，每屏 ${Math.round(carousel.intervalMs / 1000)} 秒，已切换 ${carousel.switches} 次${
                carousel.pausedUntil && now < carousel.pausedUntil ? '，已暂停（操作中）' : ''
              }${carousel.unknown.length ? `；未找到：${carousel.unknown.join('、')}` : ''}`
            : '未开启'}
        </dd>
      </dl>
      {history.reloads.length > 0 && (
        <section aria-label="自动刷新记录">
          <h3>自动刷新记录</h3>
          <ol className="ls-diag-list">
            {[...history.reloads].reverse().map((r) => (
              <li key={`${r.at}-${r.kind}`}>
                {dateTime(r.at)} {r.reason}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-label="面板数据">
        <h3>面板（{panels.length}）</h3>
        <table className="ls-diag-table">
          <thead>
            <tr>
              <th scope="col">面板</th>
              <th scope="col">状态</th>
              <th scope="col">最后数据时间</th>
            </tr>
          </thead>
          <tbody>
            {panels.map((p, i) => (
              <tr key={`${p.title}-${i}`} className={p.state === 'error' ? 'is-bad' : undefined}>
                <td>{p.title}</td>
                <td>{STATE_TEXT[p.state] ?? p.state}</td>
                <td>{time(p.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="数据源">
        <h3>数据源（{sources.length}）</h3>
        <table className="ls-diag-table">
          <thead>
            <tr>
              <th scope="col">数据源</th>
              <th scope="col">更新时间</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((s) => (
              <tr key={s.key} className={s.error ? 'is-bad' : undefined} title={s.key}>
                <td>{sourceName(s.key)}</td>
                <td>{time(s.updatedAt)}</td>
                <td>
                  {s.inFlight ? '请求中' : s.error ? `失败：${s.error}` : s.stale ? '已过期' : s.polling ? '轮询' : s.stream ? '事件流' : '正常'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {carousel && (
        <section aria-label="轮播列表">
          <h3>轮播列表</h3>
          <ol className="ls-diag-list">
            {carousel.paths.map((p, i) => (
              <li key={`${p}-${i}`} aria-current={i === carousel.position ? 'true' : undefined}>
                {titleOf(p)} <span className="ls-diag-path">{p}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </aside>
  );
}
