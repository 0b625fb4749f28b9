// The one call of a screen body (docs/screens-api.md): GET /prod-api/api/TyScreen/<call>?pjctid1= answers
// every panel; it is refetched when the server's stream of the same name announces a change, and polled
// when the stream cannot be used. The source's key is `<call>:<pjctid1>`.
import { request, unwrap } from '../../../lib/http/client';
import type { SourceState } from './scheduler';
import { useScreenSource } from './use-screen-source';

/** Polling interval while the stream is not live. */
export const SCREEN_REFRESH_MS = 30_000;

export const getScreenCall = <T>(call: string, projectId: string | undefined, signal?: AbortSignal): Promise<T> =>
  unwrap(request<T>({ method: 'GET', url: `/api/TyScreen/${call}`, params: { pjctid1: projectId }, signal }));

export const useScreenCall = <T>(call: string, projectId: string | undefined, intervalMs = SCREEN_REFRESH_MS): SourceState<T> =>
  useScreenSource(`${call}:${projectId ?? ''}`, (signal) => getScreenCall<T>(call, projectId, signal), { intervalMs, stream: call });
