// Test harness: one app per test file, built exactly as production builds it (buildApp), on in-memory
// PGlite by default or, when DATABASE_URL is set, on PostgreSQL in a schema of its own.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Envelope } from '../../common/envelope';
import type { LoginResult } from '../../common/wire';
import { buildApp, type BuildOptions } from '../../server/app';
import { PATHS } from '../../server/http/paths';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { copyTemplate } from './pg-template';
import { snapshotBlob } from './snapshot';

export { PATHS, DEMO_PASSWORD };

/**
 * An app as production builds it, on in-memory PGlite or, with DATABASE_URL, a fresh PostgreSQL database;
 * `options` as buildApp's. The database starts as the run's seeded dump (PGlite) or a copy of the run's
 * seeded template database (PostgreSQL), global-setup.ts, unless the options change what the start writes
 * (other schemas, no seed, demo data) or where (a given database or schema): then it starts empty.
 * Route validators compile on first use (BuildOptions.lazyValidators); openapi.test.ts builds one app
 * with every validator compiled at start, as production does.
 */
export const startApp = async (options: BuildOptions = {}): Promise<FastifyInstance> => {
  const url = process.env.DATABASE_URL;
  const seedsAsSnapshot = options.schemasDir === undefined && options.seed !== false && !options.demoData;
  if (!url) {
    const snapshot = inject('pgliteSnapshot');
    return buildApp({ dataDir: 'memory', lazyValidators: true, ...(snapshot && seedsAsSnapshot ? { pgliteSnapshot: snapshotBlob(snapshot) } : {}), ...options });
  }
  const template = inject('pgTemplate');
  const ownDatabase = options.databaseUrl === undefined && options.sharedSchema === undefined && options.isolateSchema === undefined;
  if (!template || !seedsAsSnapshot || !ownDatabase) return buildApp({ databaseUrl: url, isolateSchema: true, lazyValidators: true, ...options });
  const copy = await copyTemplate(url, template);
  try {
    const app = await buildApp({ lazyValidators: true, ...options, databaseUrl: copy.url, isolateSchema: false });
    DATABASE_OF.set(app, copy.url);
    const close = app.close.bind(app);
    return Object.assign(app, { close: async () => (await close().finally(copy.drop), app) }) as FastifyInstance;
  } catch (error) {
    await copy.drop();
    throw error;
  }
};

const DATABASE_OF = new WeakMap<FastifyInstance, string>();

/**
 * Where a second instance must connect to share `app`'s PostgreSQL data: its own database (a template copy)
 * or DATABASE_URL with the app's schema (`schema`, from `select current_schema()`).
 */
export function sharedDatabaseUrl(app: FastifyInstance, schema: string): string {
  const url = new URL(DATABASE_OF.get(app) ?? process.env.DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export type Reply<T = unknown> = { status: number; body: Envelope<T>; raw: LightMyRequestResponse };

type Call = {
  token?: string;
  query?: Record<string, string | number>;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

/** One API call as the browser client makes it (§7.1): bearer header, fromplat, envelope fields merged. */
export async function call<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST', url: string, c: Call = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { fromplat: 'pc', ...(c.headers ?? {}) };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  let payload: string | undefined;
  if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(c.form).toString();
  } else if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  }
  const raw = await app.inject({
    method,
    url,
    query: c.query ? Object.fromEntries(Object.entries(c.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers,
    payload,
    remoteAddress: c.remoteAddress,
  });
  const isJson = String(raw.headers['content-type'] ?? '').includes('application/json');
  return { status: raw.statusCode, body: (isJson ? raw.json() : { status: 0, detail: raw.body }) as Envelope<T>, raw };
}

export async function serviceToken(app: FastifyInstance): Promise<string> {
  const reply = await call<string>(app, 'GET', PATHS.getToken);
  if (reply.body.status !== 1 || !reply.body.data) throw new Error(`getToken failed: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/**
 * The service token a browser would hold: fetched once per app and reused (valid 2 h, §9), as the client
 * keeps it in its cookie; getToken itself is rate-limited per address.
 */
const heldTokens = new WeakMap<FastifyInstance, Promise<string>>();
function heldServiceToken(app: FastifyInstance): Promise<string> {
  let token = heldTokens.get(app);
  if (!token) {
    token = serviceToken(app);
    heldTokens.set(app, token);
    token.catch(() => heldTokens.delete(app));
  }
  return token;
}

export type LoginOptions = { password?: string; companyId?: string; remoteAddress?: string; serviceToken?: string | null };

/** The §7.2 login exactly as the browser sends it: form-encoded, service token in the query. */
export async function login(app: FastifyInstance, userName: string, o: LoginOptions = {}): Promise<Reply<LoginResult>> {
  const token = o.serviceToken === undefined ? await heldServiceToken(app) : o.serviceToken;
  return call<LoginResult>(app, 'POST', PATHS.login, {
    query: token === null ? { fromplat: 'pc', wid: 11 } : { token, fromplat: 'pc', wid: 11 },
    form: {
      grant_type: 'password',
      loginType: '1',
      userName,
      password: o.password ?? DEMO_PASSWORD,
      confirmPhone: '',
      confirmCode: '',
      companyId: o.companyId ?? '',
      companyName: '',
    },
    remoteAddress: o.remoteAddress,
  });
}

/** Logs in and returns the access token and result; fails the test when the login is refused. */
export async function session(app: FastifyInstance, userName: string, o: LoginOptions = {}): Promise<{ token: string; result: LoginResult }> {
  const reply = await login(app, userName, o);
  if (reply.status !== 200 || reply.body.status !== 1 || !reply.body.data) {
    throw new Error(`login ${userName} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return { token: reply.body.data.access_token, result: reply.body.data };
}
