// The page the UI benchmark drives (bench/browser/run.ts): mounts the generated page (the real engine) or
// its hand-written twin inside the app's providers, answers the API from memory through a fetch stub, and
// exposes `window.__bench` to time mounts, the add dialog and typing with performance.now().
import '@ant-design/v5-patch-for-react-19';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { SWRConfig } from 'swr';
import { sessionStore } from '../../src/lib/session/store';
import { GeneratedPage } from '../../src/engine/page/GeneratedPage';
import { VIRTUAL_DEFAULT_HEIGHT, VIRTUAL_ROW_HEIGHT, shouldVirtualize } from '../../src/engine/page/table-constants';
import { HandFormPage } from './HandForm';
import { HandList } from './HandList';
import { DICT_OPTIONS, DICT_TYPE, FORM_BASE, FORM_FIELDS, LIST_BASE, benchMenu, formRows, listRows, loadedForm, loadedList } from './synthetic';
import '../../src/app/global.css';
import './bench.css';

dayjs.locale('zh-cn');
sessionStore.set({ menu: benchMenu() });

// ---- the API from memory: bodies are serialised once, so each side pays only fetch + JSON.parse ----

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

const bodies = new Map<string, string>();
const envelope = (data: unknown, total?: number) =>
  JSON.stringify({
    status: 1,
    detail: '',
    data,
    ...(total === undefined ? {} : { pageInfo: { has_next: false, has_prev: false, p_index: 0, p_size: total, record_count: total } }),
  });
function body(key: string, make: () => string): string {
  let b = bodies.get(key);
  if (b === undefined) bodies.set(key, (b = make()));
  return b;
}
function answer(url: URL): string | undefined {
  const p = url.pathname;
  if (p === `/prod-api/api/${LIST_BASE}/WherePageList`) {
    const size = Number(url.searchParams.get('size') ?? 10);
    return body(`list:${size}`, () => envelope(listRows(size), size));
  }
  if (p === `/prod-api/api/${FORM_BASE}/WherePageList`) return body('form', () => envelope(formRows(), 3));
  if (p === '/prod-api/api/ColumnSetting/Get') return envelope([]);
  if (p === '/prod-api/api/SysDictionary/GetListByType' && url.searchParams.get('type') === DICT_TYPE)
    return body('dict', () => envelope(DICT_OPTIONS.map((o) => ({ xuHao: o.value, selContent: o.label }))));
  return undefined;
}
/** `?listDelayMs=N` (BENCH_LIST_DELAY_MS): answer list requests N ms late, after the other requests. */
const listDelayMs = Number(new URLSearchParams(location.search).get('listDelayMs') ?? 0);
const realFetch = window.fetch.bind(window);
const unanswered: string[] = [];
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  const text = answer(url);
  if (text !== undefined && listDelayMs > 0 && url.pathname.endsWith('/WherePageList')) await settle(listDelayMs);
  if (text !== undefined) return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (url.pathname.startsWith('/prod-api')) {
    unanswered.push(url.pathname);
    return new Response(JSON.stringify({ status: 0, detail: 'bench: no such route' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  }
  return realFetch(input, init);
};
/** Serialises a page's rows ahead of a measurement, so the first run does not pay for it. */
const prepare = (size: number) => answer(new URL(`/prod-api/api/${LIST_BASE}/WherePageList?size=${size}`, location.href));

// ---- mounting ----

export type Side = 'gen' | 'hand';
let root: Root | undefined;
let host: HTMLElement | undefined;

function providers(children: ReactNode) {
  return (
    <StrictMode>
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
        <AntdApp notification={{ placement: 'bottomRight' }} message={{ maxCount: 3 }}>
          {/* A fresh SWR cache per mount: each mount is a first visit, as when a user opens the page. */}
          <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
        </AntdApp>
      </ConfigProvider>
    </StrictMode>
  );
}

function mount(node: ReactNode): void {
  unmount();
  host = document.createElement('div');
  host.className = 'bench-host';
  document.getElementById('root')?.appendChild(host);
  root = createRoot(host);
  root.render(providers(node));
}

function unmount(): void {
  root?.unmount();
  host?.remove();
  root = undefined;
  host = undefined;
}

/** Resolves after the next frame has been produced (rAF, then a task after that frame's paint). */
function nextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now());
      ch.port2.postMessage(0);
    }),
  );
}

/** Resolves at the first DOM mutation after which `done()` holds (checked synchronously, then per mutation batch). */
function whenDom(done: () => boolean, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => {
      obs.disconnect();
      reject(new Error('bench: timed out waiting for the DOM'));
    }, timeoutMs);
    const obs = new MutationObserver(() => {
      if (!done()) return;
      obs.disconnect();
      clearTimeout(timer);
      resolve();
    });
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

// ---- 1. list ----

export type ListResult = {
  ms: number;
  virtual: boolean;
  rowEls: number;
  headerCols: number;
  firstRowCells: number;
  firstRowText: string;
  /** The pager's 共 N 条. */
  totalText: string;
  /** Height of the virtual body's scrolled content: every row of the page at 30 px. */
  virtualHeight: number;
  unanswered: string[];
};

async function measureList(side: Side, pageSize: number): Promise<ListResult> {
  prepare(pageSize);
  await settle(50);
  await nextPaint();
  const virtual = shouldVirtualize(pageSize, VIRTUAL_DEFAULT_HEIGHT);
  // The rows expected on screen: every row, or the first window of a virtual body.
  const lastShown = virtual ? Math.ceil(VIRTUAL_DEFAULT_HEIGHT / VIRTUAL_ROW_HEIGHT) : pageSize;
  const rowSel = (id: number) => `.bench-host .ant-table-row[data-row-key="${id}"]`;
  const t0 = performance.now();
  mount(side === 'gen' ? <GeneratedPage load={() => Promise.resolve(loadedList(pageSize))} /> : <HandList pageSize={pageSize} />);
  await whenDom(() => !!document.querySelector(rowSel(1)) && !!document.querySelector(rowSel(lastShown)));
  const t1 = await nextPaint();
  const first = document.querySelector(rowSel(1));
  const result: ListResult = {
    ms: t1 - t0,
    virtual,
    rowEls: document.querySelectorAll('.bench-host .ant-table-body .ant-table-row, .bench-host .ant-table-tbody-virtual .ant-table-row').length,
    headerCols: document.querySelectorAll('.bench-host .ant-table-thead th:not(.ant-table-cell-scrollbar)').length,
    firstRowCells: first?.querySelectorAll('.ant-table-cell').length ?? 0,
    firstRowText: first?.textContent ?? '',
    totalText: document.querySelector('.bench-host .ant-pagination-total-text')?.textContent ?? '',
    virtualHeight: document.querySelector('.bench-host .ant-table-tbody-virtual-holder')?.scrollHeight ?? 0,
    unanswered: unanswered.splice(0),
  };
  unmount();
  return result;
}

// ---- 2. dialog ----

const CONTROLS = 'input.ant-input, textarea.ant-input, .ant-input-number, .ant-picker, .ant-select';
const controlsIn = (modal: Element | null) => (modal ? modal.querySelectorAll(CONTROLS).length : 0);

async function mountDialogHost(side: Side): Promise<void> {
  mount(side === 'gen' ? <GeneratedPage load={() => Promise.resolve(loadedForm())} /> : <HandFormPage />);
  await whenDom(() => !!addButton() && !!document.querySelector('.bench-host .ant-table-row[data-row-key="3"]'));
  await nextPaint();
  await settle(100);
}

const addButton = () =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('.bench-host button.ant-btn-primary')).find((b) => b.textContent?.replace(/\s/g, '') === '新增');

export type DialogResult = { ms: number; controls: number; labels: number; lastLabel: string; unanswered: string[] };

async function openDialog(): Promise<DialogResult> {
  const button = addButton();
  if (!button) throw new Error('bench: no 新增 button');
  const modalBody = () => document.querySelector('.ant-modal-body');
  const t0 = performance.now();
  button.click();
  await whenDom(() => controlsIn(modalBody()) >= FORM_FIELDS);
  const t1 = await nextPaint();
  const labels = Array.from(modalBody()?.querySelectorAll('label') ?? []).filter((l) => /^字段\d+/.test(l.textContent ?? ''));
  return { ms: t1 - t0, controls: controlsIn(modalBody()), labels: labels.length, lastLabel: labels.at(-1)?.textContent ?? '', unanswered: unanswered.splice(0) };
}

// Typing: run.ts types with the real keyboard; each keydown is timed to the next frame painted after it.
type Key = { down: number; painted: number };
let keys: Key[] = [];
let typingTarget: HTMLInputElement | null = null;

function onKeyDown() {
  const down = performance.now();
  void nextPaint().then((painted) => keys.push({ down, painted }));
}

/**
 * Focuses the `index`-th text input of the dialog (0: 字段1, 1: 字段6 …) and starts timing keys; the first
 * call lets the dialog finish opening (zoom motion, deferred effects) so typing meets a still dialog.
 */
async function prepareTyping(index: number): Promise<boolean> {
  if (index === 0) await settle(600);
  await nextPaint();
  typingTarget = document.querySelectorAll<HTMLInputElement>('.ant-modal-body input.ant-input')[index] ?? null;
  if (!typingTarget) return false;
  keys = [];
  window.addEventListener('keydown', onKeyDown, true);
  typingTarget.focus();
  return document.activeElement === typingTarget;
}

/** Resolves once `count` keys have been painted (run.ts waits on it between single keystrokes). */
async function keysPainted(count: number): Promise<void> {
  const deadline = performance.now() + 10_000;
  while (keys.length < count && performance.now() < deadline) await nextPaint();
}

export type TypingResult = { perKey: number[]; totalMs: number; value: string };

async function typingResult(count: number): Promise<TypingResult> {
  await keysPainted(count);
  window.removeEventListener('keydown', onKeyDown, true);
  const first = Math.min(...keys.map((k) => k.down));
  const last = Math.max(...keys.map((k) => k.painted));
  return { perKey: keys.map((k) => k.painted - k.down), totalMs: last - first, value: typingTarget?.value ?? '' };
}

const bench = { measureList, mountDialogHost, openDialog, prepareTyping, keysPainted, typingResult, unmount, ready: true };
declare global {
  // Declaration merging with the DOM's Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __bench: typeof bench;
  }
}
window.__bench = bench;
