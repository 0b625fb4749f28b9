// The Stream's connections of one process. Connections of the same screen and the same scope (user kind
// and company / own projects / area: scopeKey) form one group; when the change feed names a source a
// screen reads, each such group re-reads its scoped versions once — not once per connection — and every
// connection of the group gets the same `event: update` with the panels whose sources changed. One
// heartbeat timer serves all connections. close() ends every stream (graceful shutdown).
import type { Kysely } from 'kysely';
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/schema';
import { areaPrefix, projectIdsInScope, type ScopeSubject } from '../platform/projects';
import type { ChangeFeed, FeedLog } from './change-feed';
import { changedPanels, panelsOf, readVersions, sourcesOf, type Source, type Versions } from './stream';
import type { ScreenTables } from './tables';

/** Connections that see the same projects share a key: company subtree, project user, or area. */
export function scopeKey(who: ScopeSubject): string {
  if (who.monitoring || who.userAuthType === '0') return `company:${who.companyId}`;
  if (who.userAuthType === '2') return `projects-of-user:${who.userId}`;
  return `area:${areaPrefix(who.authAreaCode)}`;
}

type Group = {
  key: string;
  screen: string;
  who: ScopeSubject;
  sources: Source[];
  connections: Set<ServerResponse>;
  versions: Versions | null;
  /** Settles once the first versions were read (never rejects). */
  ready: Promise<void>;
  /** Connections waiting for `ready`, so the group is not dropped under them. */
  pending: number;
  /** A re-read is running; `again` asks for one more after it (a change arrived meanwhile). */
  running: Promise<void> | null;
  again: boolean;
};

export type HubOptions = {
  heartbeatMs: number;
  /** Called once per re-read of a group's versions (tests and diagnostics). */
  onCompute?: (screen: string, scope: string) => void;
};

export class StreamHub {
  readonly #groups = new Map<string, Group>();
  #heartbeat: NodeJS.Timeout | null = null;
  #unsubscribe: (() => void) | null = null;
  #closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly t: ScreenTables,
    private readonly feed: ChangeFeed,
    private readonly options: HubOptions,
    private readonly log: FeedLog,
  ) {}

  get connections(): number {
    let n = 0;
    for (const g of this.#groups.values()) n += g.connections.size;
    return n;
  }

  /** Adds a hijacked response as a stream of `screen` for `who`; sends `ready` once the group has its versions. */
  async open(screen: string, who: ScopeSubject, res: ServerResponse): Promise<void> {
    if (this.#closed) {
      res.end();
      return;
    }
    const key = `${screen}|${scopeKey(who)}`;
    let group = this.#groups.get(key);
    if (!group) {
      group = { key, screen, who, sources: sourcesOf(screen), connections: new Set(), versions: null, ready: Promise.resolve(), pending: 0, running: null, again: false };
      this.#groups.set(key, group);
      group.running = this.#read(group, true);
      group.ready = group.running;
    }
    const g = group;
    this.#start();
    // Joined once the group knows its versions, so `ready` comes before any update.
    g.pending += 1;
    await g.ready;
    g.pending -= 1;
    if (res.destroyed || res.writableEnded || this.#closed) {
      this.#dropGroupIfEmpty(g);
      if (!res.writableEnded) res.end();
      return;
    }
    g.connections.add(res);
    res.on('close', () => this.#drop(g, res));
    send(res, 'ready', { screen, panels: panelsOf(screen) });
  }

  /** Ends every stream and stops listening; further opens are ended at once. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const g of this.#groups.values()) for (const res of g.connections) if (!res.writableEnded) res.end();
    this.#groups.clear();
    this.#stop();
    await this.feed.close();
  }

  #start(): void {
    if (!this.#unsubscribe) this.#unsubscribe = this.feed.subscribe((sources) => this.#changed(sources));
    this.#heartbeat ??= setInterval(() => {
      const at = new Date().toISOString();
      for (const g of this.#groups.values()) for (const res of g.connections) send(res, 'heartbeat', { at });
    }, this.options.heartbeatMs);
  }

  #stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  #drop(group: Group, res: ServerResponse): void {
    group.connections.delete(res);
    if (!res.writableEnded) res.end();
    this.#dropGroupIfEmpty(group);
  }

  #dropGroupIfEmpty(group: Group): void {
    if (group.connections.size === 0 && group.pending === 0 && this.#groups.get(group.key) === group) this.#groups.delete(group.key);
    if (this.#groups.size === 0) this.#stop();
  }

  #changed(sources: ReadonlySet<Source>): void {
    for (const group of this.#groups.values()) {
      if (!group.sources.some((s) => sources.has(s))) continue;
      if (group.running) group.again = true;
      else group.running = this.#read(group, false);
    }
  }

  /** Re-reads a group's scoped versions (once, however many connections) and sends the changed panels. */
  async #read(group: Group, first: boolean): Promise<void> {
    try {
      do {
        group.again = false;
        this.options.onCompute?.(group.screen, scopeKey(group.who));
        const next = await readVersions(this.db, this.t, group.sources, projectIdsInScope(this.db, group.who));
        const before = group.versions;
        group.versions = next;
        const initial = first;
        first = false;
        if (initial || !before) continue;
        const panels = changedPanels(group.screen, before, next);
        if (panels.length === 0) continue;
        const update = { screen: group.screen, panels, updatedAt: new Date().toISOString() };
        for (const res of group.connections) send(res, 'update', update);
      } while (group.again && this.#groups.get(group.key) === group);
    } catch (err) {
      this.log.warn({ err }, 'screen stream versions failed');
    } finally {
      group.running = null;
    }
  }
}

function send(res: ServerResponse, event: string, data: unknown): void {
  if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
