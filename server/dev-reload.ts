// `npm run dev` only (docs/configuring-pages.md "Editing schemas while the console runs"): one HTTP server
// whose requests go to the app of the schemas that run, so a good edit of more than pages (entities, menus,
// dictionaries, grants, seeds) is applied in this process in about a second instead of a restart of eight:
// the app is rebuilt on the same open database (tables, grants and seeds synced as a start syncs them,
// request validators compiled on first use), and requests that arrive meanwhile wait for it rather than
// fail. A rebuild that fails puts back the schemas that ran. Production listens with one app (main.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp, databaseOptions, type BuildOptions } from './app';
import { openDatabase } from './db/connect';
import type { Catalog } from './platform/catalog';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The HTTP server and the handler of the current app; while a rebuild runs, requests wait. */
class AppSwitch {
  readonly server: Server = createServer((request, response) => this.dispatch(request, response));
  private handler: Handler | null = null;
  private built: Handler | null = null;
  private waiting: Array<() => void> = [];

  /** BuildOptions.serverFactory: Fastify hands its handler over and gets a server of its own that never listens. */
  readonly serverFactory = (handler: Handler): Server => {
    this.built = handler;
    return createServer();
  };

  hold(): void {
    this.handler = null;
  }

  /** Requests go to the app built last (and those that waited, in order). */
  take(): void {
    this.handler = this.built;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((go) => go());
  }

  private dispatch(request: IncomingMessage, response: ServerResponse): void {
    if (this.handler) this.handler(request, response);
    else this.waiting.push(() => this.handler?.(request, response));
  }
}

export type DevApps = {
  current: () => FastifyInstance;
  listen: (port: number, host: string) => Promise<void>;
  /** Runs `catalog` (checked) in place of the running schemas; answers how long it took (ms). */
  rebuild: (catalog: Catalog) => Promise<number>;
  close: () => Promise<void>;
};

/** `build` makes the first app (main.ts: a schema mistake at start exits); rebuilds call buildApp. */
export async function openDevApps(options: BuildOptions, build: (options: BuildOptions) => Promise<FastifyInstance>): Promise<DevApps> {
  const database = await openDatabase(databaseOptions(options));
  const appSwitch = new AppSwitch();
  const start = async (builder: typeof build, extra: BuildOptions = {}) => {
    const app = await builder({ ...options, ...extra, database, serverFactory: appSwitch.serverFactory });
    await app.ready();
    return app;
  };
  // Rebuilds are quiet (no start lines) and compile request validators on first use.
  const again = (schemas: Catalog) => start(buildApp, { catalog: schemas, lazyValidators: true, onProgress: undefined });
  let current = await start(build);
  appSwitch.take();
  return {
    current: () => current,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        appSwitch.server.once('error', reject);
        appSwitch.server.listen(port, host, () => resolve());
      }),
    async rebuild(catalog) {
      const started = Date.now();
      const running = current.liveSchemas.catalog;
      appSwitch.hold();
      await current.close();
      try {
        current = await again(catalog);
      } catch (error) {
        current = await again(running);
        throw error;
      } finally {
        appSwitch.take();
      }
      return Date.now() - started;
    },
    async close() {
      await current.close();
      await new Promise<void>((resolve) => {
        appSwitch.server.close(() => resolve());
        appSwitch.server.closeAllConnections();
      });
      await database.close();
    },
  };
}
