// Server-sent events for the screens: GET /prod-api/api/TyScreen/Stream?screen=EnterpriseOverview.
// Stateless across processes: each connection polls the database for the newest reading / alarm id and
// the newest device change every few seconds, and sends `event: update` with the panels that changed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ScreenTables } from './tables';

export type StreamOptions = { pollMs?: number; heartbeatMs?: number };

export type Versions = { env: string; crane: string; alarm: string; device: string };

export async function readVersions(db: Kysely<Database>, t: ScreenTables): Promise<Versions> {
  const r = await sql<{ env: unknown; crane: unknown; alarm: unknown; device: unknown }>`
    select (select coalesce(max(id), 0) from ${sql.id(t.env)}) as env,
      (select coalesce(max(id), 0) from ${sql.id(t.crane)}) as crane,
      (select coalesce(max(id), 0) from ${sql.id(t.alarm)}) as alarm,
      (select coalesce(max(greatest(updated_at, last_seen_at)), 'epoch') from ${sql.id(t.device)}) as device`.execute(db);
  const row = r.rows[0];
  const text = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
  return { env: text(row?.env), crane: text(row?.crane), alarm: text(row?.alarm), device: text(row?.device) };
}

/** The panels of a screen that read each kind of data. */
export const PANELS_BY_SOURCE: Record<string, Record<keyof Versions, readonly string[]>> = {
  EnterpriseOverview: {
    env: ['environment'],
    crane: ['devices'],
    alarm: ['alarms', 'devices'],
    device: ['devices'],
  },
};

export function changedPanels(screen: string, before: Versions, after: Versions): string[] {
  const map = PANELS_BY_SOURCE[screen];
  if (!map) return [];
  const out = new Set<string>();
  for (const key of Object.keys(map) as Array<keyof Versions>) if (before[key] !== after[key]) for (const p of map[key]) out.add(p);
  return [...out];
}
