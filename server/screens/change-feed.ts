// One change feed per process for the screens' Stream: which data sources (stream.ts) changed.
// PostgreSQL: statement-level triggers on the source tables NOTIFY `zhgd_changes:<schema>` with the table
// name, so every committed write is seen, whoever made it (this process, another instance, the simulator,
// psql); one LISTEN connection per process receives them. Triggers are (re)installed at start after the
// entity tables are synced (server/metadata/sync-tables.ts creates them), under an advisory lock so
// processes starting together do not collide. PGlite: one process owns the data, so one shared poll of
// the sources' versions replaces a poll per connection; the versions are kept on write (versions.ts), so a
// poll reads one small table, not the source tables.
import { sql, type Kysely } from 'kysely';
import type { Listen, Listener } from '../db/connect';
import type { Database } from '../db/schema';
import { readVersions, type Source, type Versions } from './stream';
import type { ScreenTables } from './tables';
import { ALL_SOURCES, sourcesByTable } from './versions';

export type ChangeListener = (sources: ReadonlySet<Source>) => void;

export type ChangeFeed = {
  /** Starts the feed on the first subscriber; returns the unsubscribe. */
  subscribe: (listener: ChangeListener) => () => void;
  close: () => Promise<void>;
};

type Fanout = { listeners: Set<ChangeListener>; emit: (sources: ReadonlySet<Source>) => void };
const fanout = (onError: (error: unknown) => void): Fanout => {
  const listeners = new Set<ChangeListener>();
  return {
    listeners,
    emit: (sources) => {
      for (const l of [...listeners]) {
        try {
          l(sources);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
};

export type FeedLog = { warn: (obj: object, msg: string) => void };

/** PGlite: one poll of every source's version per interval while anyone listens. */
export function pollingFeed(db: Kysely<Database>, t: ScreenTables, pollMs: number, log: FeedLog): ChangeFeed {
  const out = fanout((err) => log.warn({ err }, 'screen change listener failed'));
  let timer: NodeJS.Timeout | null = null;
  let versions: Versions | null = null;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const next = await readVersions(db, t, ALL_SOURCES);
      const changed = new Set(versions ? ALL_SOURCES.filter((s) => versions![s] !== next[s]) : []);
      versions = next;
      if (changed.size > 0 && timer) out.emit(changed);
    } catch (err) {
      log.warn({ err }, 'screen change poll failed');
    } finally {
      polling = false;
    }
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    versions = null;
  };
  return {
    subscribe: (listener) => {
      out.listeners.add(listener);
      if (!timer) {
        timer = setInterval(() => void poll(), pollMs);
        void poll();
      }
      return () => {
        out.listeners.delete(listener);
        if (out.listeners.size === 0) stop();
      };
    },
    close: async () => {
      out.listeners.clear();
      stop();
    },
  };
}

const TRIGGER = 'zhgd_notify_change';
/** Serialises trigger installation across processes (an arbitrary constant key). */
const TRIGGER_LOCK = 7_390_114;

/** The notify function and a statement-level trigger on each table, in the current schema. */
export async function installChangeTriggers(db: Kysely<Database>, tables: Iterable<string>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${TRIGGER_LOCK})`.execute(trx);
    await sql`create or replace function ${sql.id(TRIGGER)}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('zhgd_changes:' || tg_table_schema, tg_table_name);
        return null;
      end $$`.execute(trx);
    for (const table of new Set(tables)) {
      await sql`create or replace trigger ${sql.id(TRIGGER)} after insert or update or delete or truncate on ${sql.id(table)}
        for each statement execute function ${sql.id(TRIGGER)}()`.execute(trx);
    }
  });
}

/** The channel this process's schema notifies on. */
export async function changeChannel(db: Kysely<Database>): Promise<string> {
  const r = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return `zhgd_changes:${r.rows[0].schema}`;
}

/**
 * PostgreSQL: notifications collected for `coalesceMs` and emitted as one set of sources. After the
 * LISTEN connection was lost and reopened, every source counts as changed (notifications may be missed).
 */
export async function notifyFeed(db: Kysely<Database>, listen: Listen, t: ScreenTables, coalesceMs: number, log: FeedLog): Promise<ChangeFeed> {
  const bySource = sourcesByTable(t);
  await installChangeTriggers(db, bySource.keys());
  const out = fanout((err) => log.warn({ err }, 'screen change listener failed'));
  let pending = new Set<Source>();
  let timer: NodeJS.Timeout | null = null;
  const note = (sources: Iterable<Source>) => {
    for (const s of sources) pending.add(s);
    if (timer || pending.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      const batch = pending;
      pending = new Set();
      if (out.listeners.size > 0) out.emit(batch);
    }, coalesceMs);
  };
  const listener: Listener = await listen(await changeChannel(db), {
    onNotify: (table) => {
      const source = bySource.get(table);
      if (source) note([source]);
    },
    onReconnect: () => note(ALL_SOURCES),
    onError: (err) => log.warn({ err }, 'screen change feed connection failed'),
  });
  return {
    subscribe: (l) => {
      out.listeners.add(l);
      return () => out.listeners.delete(l);
    },
    close: async () => {
      out.listeners.clear();
      if (timer) clearTimeout(timer);
      await listener.close();
    },
  };
}
