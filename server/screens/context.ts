// What every screen answer is computed from: the database, the entity tables, the dictionaries (for
// Chinese names of codes) and the moment of the call. Screens take it with the projects in scope.
import type { Kysely } from 'kysely';
import type { NamedCount } from '../../common/screens/basics';
import type { DictOption } from '../../common/wire';
import type { Database } from '../db/schema';
import type { ScopeSubject } from '../platform/projects';
import { label } from './format';
import type { ProjectIds } from './scope';
import type { ScreenTables } from './tables';

export type ScreenContext = {
  db: Kysely<Database>;
  t: ScreenTables;
  /** Options of a dictionary of schemas/dictionaries/ ([] when missing). */
  dict: (name: string) => readonly DictOption[];
  now: Date;
  /** The caller's scope (screens over company-scoped entities read it: concrete-plant.ts). */
  who?: ScopeSubject;
  /** Whether the call named one project (pjctid1). */
  narrowed?: boolean;
};

/** One screen's answer over the projects in scope. */
export type ScreenAnswer<T> = (c: ScreenContext, projects: ProjectIds) => Promise<T>;

/** The name of `code` in dictionary `name` (the code itself when unknown). */
export const nameOf = (c: ScreenContext, name: string, code: string): string => label(c.dict(name), code);

/**
 * Counts per code, in dictionary order with zeros, then codes the dictionary does not know (under their
 * code), so every row of the table is counted somewhere.
 */
export function byDictionary(c: ScreenContext, name: string, rows: ReadonlyArray<{ code: unknown; n: unknown }>): NamedCount[] {
  const counts = new Map(rows.map((r) => [r.code === null || r.code === undefined ? '' : String(r.code), Number(r.n ?? 0)]));
  const out: NamedCount[] = c.dict(name).map((o) => ({ code: o.xuHao, name: o.selContent, count: counts.get(o.xuHao) ?? 0 }));
  for (const [code, count] of counts) if (!out.some((o) => o.code === code)) out.push({ code, name: code === '' ? '未填写' : code, count });
  return out;
}
