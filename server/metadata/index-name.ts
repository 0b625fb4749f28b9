// Index names of the table sync (sync-tables.ts, unique-indexes.ts).
import { createHash } from 'node:crypto';

/** PostgreSQL names are at most 63 bytes: long ones keep a readable start and a hash of the whole. */
export function indexName(table: string, columns: readonly string[]): string {
  const name = `${table}_${columns.join('_')}_idx`;
  if (name.length <= 63) return name;
  return `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 8)}_idx`;
}
