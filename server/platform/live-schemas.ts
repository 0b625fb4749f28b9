// The schemas the server runs, as the browser reads them (docs/configuring-pages.md "Editing schemas while the
// console runs"): a version that changes whenever they do, and — under `npm run dev` — page schemas applied
// in place. A page (list, search, form, detail: titles, columns, placeholders, layout) is read by the browser
// only, never by a route, so an edit of pages alone needs no restart: the running catalog takes the new
// pages and the version moves; the open page sees it and draws the new schema. Anything else (entities,
// menus, dictionaries, content, seeds, a list column masked with maskId, which the server masks too) changes
// tables, routes, grants or answers and restarts the server.
import type { Catalog } from './catalog';

export type LiveSchemas = {
  /** Moves on every applied change; the browser compares it (GET /api/Meta/Version). */
  version: number;
  catalog: Catalog;
};

export const liveSchemas = (catalog: Catalog): LiveSchemas => ({ version: Date.now(), catalog });

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const mapJson = (m: ReadonlyMap<string, unknown>) => [...m].sort(([a], [b]) => a.localeCompare(b));

const maskedColumns = (c: Catalog): string[] =>
  [...c.pages.values()].flatMap((p) => p.list.columns.filter((col) => col.display === 'maskId').map((col) => `${p.entity}.${col.field}`)).sort();

/**
 * Applies `next` in place when only page schemas differ from the running ones; answers whether it did
 * (false: something else changed, the caller restarts; true with no change is a no-op that keeps the version).
 */
export function applyPagesLive(live: LiveSchemas, next: Catalog): boolean {
  const now = live.catalog;
  const others: Array<keyof Catalog> = ['menu', 'dictionaries', 'entities', 'content', 'seeds', 'grants'];
  for (const key of others) {
    const a = now[key];
    const b = next[key];
    if (!sameJson(a instanceof Map ? mapJson(a) : a, b instanceof Map ? mapJson(b) : b)) return false;
  }
  // A list column shown with `maskId` makes the server mask that field (server/engine/personal-data.ts, cached per entity).
  if (!sameJson(maskedColumns(now), maskedColumns(next))) return false;
  if (sameJson(mapJson(now.pages), mapJson(next.pages))) return true;
  // The Map the routes hold is the one refilled: nobody keeps a page across requests.
  const pages = now.pages as Map<string, Catalog['pages'] extends ReadonlyMap<string, infer P> ? P : never>;
  pages.clear();
  for (const [name, page] of next.pages) pages.set(name, page);
  live.version = Math.max(Date.now(), live.version + 1);
  return true;
}
