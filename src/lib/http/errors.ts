// Which failures the HTTP client already put on screen (§8), so callers add a message only for the rest.
import { HttpError } from './client';

/** True when the client showed it: HTTP errors, network errors, 401 (the 离线提示 confirm) and 402. */
export function shownByClient(e: unknown): boolean {
  return e instanceof HttpError && (e.httpStatus !== 200 || Number(e.envelope?.code) === 402);
}

/** The Chinese text for a failure the client did not show ('failed' is §8's silent rejection). */
export function failureText(e: unknown, fallback = '操作失败'): string {
  if (!(e instanceof Error) || !e.message || e.message === 'failed') return fallback;
  return e.message;
}
