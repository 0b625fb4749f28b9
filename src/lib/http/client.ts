// The one HTTP client of the browser app: §7.1 (base paths, merged fields, bearer header, timeout) and
// the error catalogue of §8. UI effects go through `httpUi`, which the app shell installs at start-up.
import { API_BASE, AREA_CODE_HEADER, CORE_BASE, DEVICE_REQUEST_TIMEOUT_MS, FROMPLAT_PC, MESSAGES, REQUEST_ID_HEADER, REQUEST_TIMEOUT_MS, serverBusyText, WID } from '../../../common/constants';
import type { Envelope } from '../../../common/envelope';
import { getAccessToken, getServiceToken, getUserInfo } from '../storage';
import { withLoading } from './loading';

export type HttpUi = {
  /** Red message for `durationMs` (§8 402 and other HTTP errors). */
  error(text: string, durationMs: number): void;
  /** The 离线提示 confirm (§8 401); called at most once until it is answered. */
  confirmExpired(): void;
};

let httpUi: HttpUi = {
  error: (text) => console.error(text),
  confirmExpired: () => console.error(MESSAGES.sessionExpired),
};
export const installHttpUi = (ui: HttpUi): void => {
  httpUi = ui;
};

export class HttpError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly envelope?: Envelope,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type Base = 'api' | 'core';
export type Params = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method: 'GET' | 'POST';
  url: string;
  base?: Base;
  /** GET query; for POST, extra query parameters. */
  params?: Params;
  /** POST body, sent as JSON unless `form` is set. */
  data?: Record<string, unknown> | FormData;
  form?: boolean;
  /** §7.2 login: token, fromplat and wid go in the query instead of the POST body. */
  mergeIntoQuery?: boolean;
  fromplat?: string;
  timeoutMs?: number;
  /** Default `include` (§7.1 "credentials are sent"); the device client omits them. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** §4: show the loading overlay while this request runs (src/lib/http/loading.ts). */
  loading?: boolean;
};

const ACCEPTED_CODES = new Set([0, 1, 200]);
let expiredShown = false;
export const resetExpiredPrompt = (): void => {
  expiredShown = false;
};

function mergedFields(fromplat: string): Record<string, string | number> {
  const token = getServiceToken();
  return { ...(token ? { token } : {}), fromplat, wid: WID };
}

function toQuery(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

function promptExpired(): void {
  if (expiredShown) return;
  expiredShown = true;
  httpUi.confirmExpired();
}

type OAuthError = { error?: string; error_description?: string | number };

/** Builds the §7.1 request (base path, merged fields, headers), sends it with the timeout and turns a
 * network failure or timeout into the §8 message. */
async function send(opts: RequestOptions): Promise<Response> {
  const fromplat = opts.fromplat ?? FROMPLAT_PC;
  let merged = mergedFields(fromplat);
  const prefix = opts.base === 'core' ? CORE_BASE : API_BASE;
  const headers: Record<string, string> = { fromplat };
  const access = getAccessToken();
  if (access) headers.Authorization = `Bearer ${access}`;
  const serviceToken = getServiceToken();
  if (serviceToken) headers.token = serviceToken;
  // §7.1: the district-code header from AuthAreaCode (users with an area: government supervisors). The
  // server scopes by the session's own area and never by this header (docs/console-shell.md).
  const areaCode = getUserInfo()?.AuthAreaCode;
  if (areaCode) headers[AREA_CODE_HEADER] = areaCode;

  let url = prefix + opts.url;
  let body: BodyInit | undefined;
  if (opts.method === 'GET') {
    url += toQuery({ ...opts.params, ...merged });
  } else {
    if (opts.mergeIntoQuery) {
      url += toQuery({ ...opts.params, ...merged });
      merged = {};
    } else {
      url += toQuery(opts.params ?? {});
    }
    if (opts.data instanceof FormData) {
      for (const [k, v] of Object.entries(merged)) opts.data.set(k, String(v));
      body = opts.data;
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...opts.data, ...merged })) if (v !== undefined && v !== null) form.append(k, String(v));
      body = form.toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify({ ...opts.data, ...merged });
    }
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(url, { method: opts.method, headers, body, credentials: opts.credentials ?? 'include', signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const text = timeout.signal.aborted ? '请求超时，请稍后重试' : '网络连接失败，请检查网络';
    httpUi.error(text, 5000);
    throw new HttpError(text, 0);
  } finally {
    clearTimeout(timer);
  }
}

type Payload<T> = Envelope<T> & OAuthError;

async function readPayload<T>(res: Response): Promise<Payload<T> | undefined> {
  try {
    return (await res.json()) as Payload<T>;
  } catch {
    return undefined;
  }
}

/** §8: what an answer means. Throws for 401 (all forms), HTTP errors, 402 and unknown codes; returns the envelope otherwise. */
function interpret<T>(res: Response, payload: Payload<T> | undefined): Envelope<T> {
  const code = payload?.code === undefined ? undefined : Number(payload.code);
  const description = payload?.error_description === undefined ? undefined : String(payload.error_description);

  // §8: HTTP 400 invalid_grant with description 401 → the same dialog plus an error toast.
  if (res.status === 400 && payload?.error === 'invalid_grant' && description === '401') {
    httpUi.error(description || 'Error', 5000);
    promptExpired();
    throw new HttpError(description || 'Error', 400, payload);
  }
  // §8: 401 in any of its three forms (HTTP status, body code, error_description).
  if (res.status === 401 || code === 401 || description === '401') {
    promptExpired();
    throw new HttpError(MESSAGES.sessionExpired, 401, payload);
  }
  // A 5xx (or an answer that is no envelope, e.g. a proxy's HTML page) never shows its own text, a stack
  // or "Error": 服务器繁忙，请稍后重试 with the request id to quote (server/http/request-id.ts).
  if (res.status >= 500 || !payload) {
    const text = serverBusyText(payload?.requestId ?? res.headers.get(REQUEST_ID_HEADER));
    httpUi.error(text, 5000);
    throw new HttpError(text, res.status, payload);
  }
  if (!res.ok) {
    const text = payload.detail || description || `请求失败（${res.status}）`;
    httpUi.error(text, 5000);
    throw new HttpError(text, res.status, payload);
  }
  if (code === 402) {
    const text = payload.detail || MESSAGES.noPermission;
    httpUi.error(text, 5000);
    throw new HttpError(text, res.status, payload);
  }
  if (code !== undefined && !ACCEPTED_CODES.has(code)) throw new HttpError('failed', res.status, payload);
  return payload;
}

export async function request<T = unknown>(opts: RequestOptions): Promise<Envelope<T>> {
  const run = async () => {
    const res = await send(opts);
    return interpret(res, await readPayload<T>(res));
  };
  return opts.loading ? withLoading(run) : run();
}

/** A file answer (an export's .xlsx, an uploaded file) and the headers that describe it. */
export type BlobAnswer = { blob: Blob; contentType: string; disposition: string | null };

/**
 * The same request for an answer that is a file, not an envelope. When the server answers an envelope
 * instead (JSON, or any HTTP error), §8 applies as for `request` (401 prompt, 402, HTTP errors); an
 * envelope that passes §8 is still no file, so it rejects with its Chinese detail (e.g. 没有权限).
 */
/** Bytes of a file answer received so far, and its size when the server said it (a streamed export does not). */
export type DownloadProgress = (received: number, total: number | null) => void;

/** The body read chunk by chunk, reporting each (an export streams for a while: the user sees it come). */
async function readWithProgress(res: Response, onProgress: DownloadProgress): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? '';
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: BlobPart[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(parts, { type });
}

export async function requestBlob(opts: RequestOptions & { onProgress?: DownloadProgress }): Promise<BlobAnswer> {
  return opts.loading ? withLoading(() => fetchBlob(opts)) : fetchBlob(opts);
}

async function fetchBlob(opts: RequestOptions & { onProgress?: DownloadProgress }): Promise<BlobAnswer> {
  // A download may take longer than one request's timeout: the time to the first byte is what is limited.
  const res = await send(opts);
  const contentType = res.headers.get('Content-Type') ?? '';
  if (res.ok && !contentType.includes('application/json')) {
    const blob = opts.onProgress ? await readWithProgress(res, opts.onProgress) : await res.blob();
    return { blob, contentType, disposition: res.headers.get('Content-Disposition') };
  }
  const env = interpret(res, await readPayload(res));
  throw new HttpError(env.detail || '文件下载失败', res.status, env);
}

export const http = {
  get: <T>(url: string, params?: Params, base?: Base) => request<T>({ method: 'GET', url, params, base }),
  /** GET of a file (requestBlob). */
  getBlob: (url: string, params?: Params, base?: Base, onProgress?: DownloadProgress) => requestBlob({ method: 'GET', url, params, base, onProgress }),
  post: <T>(url: string, data?: Record<string, unknown> | FormData, base?: Base) =>
    request<T>({ method: 'POST', url, data, base }),
};

/**
 * §7.1 / §9: the separate client of device and plugin services (docs/decisions.md "Devices"): 2,000 ms
 * timeout, no credentials (cookies); the bearer header and §7.1's merged fields as usual. For polled
 * device reads, where a slow device must not hold the page.
 */
export const deviceHttp = {
  get: <T>(url: string, params?: Params) =>
    request<T>({ method: 'GET', url, params, timeoutMs: DEVICE_REQUEST_TIMEOUT_MS, credentials: 'omit' }),
  post: <T>(url: string, data?: Record<string, unknown>) =>
    request<T>({ method: 'POST', url, data, timeoutMs: DEVICE_REQUEST_TIMEOUT_MS, credentials: 'omit' }),
};

/** The data of a successful envelope, or an Error carrying the server's Chinese detail. */
export async function unwrap<T>(p: Promise<Envelope<T>>): Promise<T> {
  const env = await p;
  if (env.status !== 1) throw new HttpError(env.detail || '操作失败', 200, env);
  return env.data as T;
}
