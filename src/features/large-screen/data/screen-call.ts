// The one call of a screen body (docs/screens-api.md): GET /prod-api/api/TyScreen/<call>?pjctid1= answers
// every panel (a query-addressed screen adds its company, §2.4); it is refetched when the server's stream of the same name announces a change, and polled
// when the stream cannot be used. The source's key is `<call>:<pjctid1>`.
import { request, unwrap } from '../../../lib/http/client';
import type { ScreenQuery } from '../menus';
import type { SourceState } from './scheduler';
import { useScreenSource } from './use-screen-source';

/** Polling interval while the stream is not live. */
export const SCREEN_REFRESH_MS = 30_000;

/** §2.4: the company a query-addressed screen covers (enterpid1 / poctent1 / governmentid1), sent as given. */
export type ScreenCompany = Partial<Pick<ScreenQuery, 'enterpid1' | 'poctent1' | 'governmentid1'>>;

export const companyOfQuery = (q: ScreenQuery): ScreenCompany => ({ enterpid1: q.enterpid1, poctent1: q.poctent1, governmentid1: q.governmentid1 });

const companyKey = (c: ScreenCompany): string => {
  const parts = (['enterpid1', 'poctent1', 'governmentid1'] as const).filter((k) => c[k]).map((k) => `${k}=${c[k]}`);
  return parts.length ? `:${parts.join('&')}` : '';
};

export const getScreenCall = <T>(call: string, projectId: string | undefined, signal?: AbortSignal, company: ScreenCompany = {}): Promise<T> =>
  unwrap(request<T>({ method: 'GET', url: `/api/TyScreen/${call}`, params: { pjctid1: projectId, ...company }, signal }));

export const useScreenCall = <T>(call: string, projectId: string | undefined, intervalMs = SCREEN_REFRESH_MS, company: ScreenCompany = {}): SourceState<T> =>
  useScreenSource(`${call}:${projectId ?? ''}${companyKey(company)}`, (signal) => getScreenCall<T>(call, projectId, signal, company), { intervalMs, stream: call });
