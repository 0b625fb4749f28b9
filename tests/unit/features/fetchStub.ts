// A fetch double for feature tests: each stubbed route answers; any call not stubbed throws, so a test never
// passes by accident (react-admin's habit). Records every call with its parsed query and JSON body.
import { vi } from 'vitest';

export type StubCall = { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> | undefined };
export type StubReply = { status?: number; json: unknown };
type Handler = (call: StubCall) => StubReply | unknown;

export function stubFetch(routes: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const call: StubCall = { method, path: url.pathname, query: url.searchParams, body };
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unstubbed call: ${method} ${url.pathname}${url.search}`);
    calls.push(call);
    const out = handler(call);
    const reply: StubReply = out && typeof out === 'object' && 'json' in out ? (out as StubReply) : { json: out };
    return new Response(JSON.stringify(reply.json), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}

export const ok = <T>(data: T, pageInfo?: unknown) => (pageInfo ? { status: 1, detail: '', data, pageInfo } : { status: 1, detail: '', data });
export const refused = (detail: string) => ({ status: 0, detail });
