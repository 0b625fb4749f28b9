// Test doubles that throw on any call a test did not stub, so a test never passes by accident.
import { vi } from 'vitest';
import type { HttpUi } from '../../../src/lib/http/client';

/** An object whose unstubbed methods throw when called. */
export function strict<T extends object>(name: string, stubs: Partial<T>): T {
  return new Proxy(stubs as T, {
    get(target, prop) {
      if (prop in target) return target[prop as keyof T];
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      return () => {
        throw new Error(`${name}.${String(prop)} was called but the test did not stub it`);
      };
    },
  });
}

export type HttpUiSpy = HttpUi & { error: ReturnType<typeof vi.fn>; confirmExpired: ReturnType<typeof vi.fn> };

/** An HttpUi whose methods record calls; pass only the ones a test expects. */
export function strictUi(stub: Array<keyof HttpUi>): HttpUi {
  const impl: Partial<HttpUi> = {};
  for (const k of stub) impl[k] = vi.fn() as never;
  return strict<HttpUi>('httpUi', impl);
}

export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: BodyInit | null | undefined; init: RequestInit };

type Route = {
  method: string;
  /** Path without the query, e.g. '/prod-apicore/web/login'. */
  path: string;
  reply: (call: FetchCall) => Response | Promise<Response>;
};

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces global fetch with one that answers only the routes given; any other request throws.
 * Returns the recorded calls.
 */
export function stubFetch(routes: Route[]): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const call: FetchCall = { url, method, headers: { ...(init.headers as Record<string, string>) }, body: init.body, init };
    calls.push(call);
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`unexpected fetch ${method} ${url}`);
    return route.reply(call);
  };
  vi.stubGlobal('fetch', vi.fn(fake));
  return calls;
}

export const queryOf = (url: string): URLSearchParams => new URL(url, 'http://localhost').searchParams;
