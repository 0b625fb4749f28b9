// Indexes derived from what an entity declares (docs/metadata.md "Big tables"), created by the table sync
// at start: the list's sort order and its scope for every sortable field, and an n-gram GIN index for the
// keyword and contains-search over searchable text (server/db/search-grams.ts: one- and two-character
// Chinese terms included, no extension needed).
import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { INDEXABLE_SYSTEM_COLUMNS, projectColumn } from '../../common/metadata/columns';
import type { IndexWhere } from '../../common/metadata';
import { conditionOf, indexFields } from '../../common/metadata/check-indexes';
import { fieldByName } from '../../common/metadata/entity';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { Database } from '../db/schema';
import { gramsOf } from '../db/search-grams';

/** An index to create; `where` makes it partial. */
export type IndexDefinition = { name: string; using: 'btree' | 'gin'; columns: RawBuilder<unknown>[]; where?: RawBuilder<unknown> };

/** Text types the n-gram index serves (contains-search, server/engine/query.ts). */
const GRAM_TYPES: ReadonlySet<string> = new Set(['string', 'text']);

/** The column every read of the table filters on: the project column of 'project' scope, else company_id. */
export const scopeColumnOf = (entity: ResolvedEntity): string => (entity.scope === 'project' ? (projectColumn(entity) ?? 'company_id') : 'company_id');

/**
 * A partial index's condition from its checked `where` (common/metadata/check-indexes.ts): each column
 * quoted (sql.id), compared with its literal written by the query builder (sql.lit: DDL takes no
 * parameters), in column order; the tag (a hash of the condition) goes into the index name, so a changed
 * condition is a new index. Null when there is no condition.
 */
function partialCondition(entity: ResolvedEntity, where: IndexWhere): { predicate: RawBuilder<unknown>; tag: string } | null {
  const terms = Object.entries(where)
    .map(([name, value]) => ({ column: fieldByName(entity, name)!.column, ...conditionOf(value) }))
    .sort((a, b) => a.column.localeCompare(b.column));
  if (terms.length === 0) return null;
  const predicate = sql.join(
    terms.map((t) => sql`${sql.id(t.column)} ${sql.raw(t.negated ? '<>' : '=')} ${sql.lit(t.literal)}`),
    sql` and `,
  );
  return { predicate, tag: createHash('sha1').update(JSON.stringify(terms)).digest('hex').slice(0, 8) };
}

/**
 * The index names this sync creates for an entity.
 * - company_id, and each declared `indexes` entry, as before (an object with `where`: a partial index
 *   named `<table>_<columns>_where_<hash of the condition>_idx`);
 * - per sortable field `(col nulls first, id, scope column)`: the list orders by `col asc nulls first, id`
 *   or its exact reverse (query.ts), so one index serves both directions and the keyset conditions;
 * - per searchable string/text field a GIN index over its n-grams (`search_grams_v1(col)`).
 */
export function derivedIndexes(entity: ResolvedEntity, nameOf: (cols: readonly string[]) => string): IndexDefinition[] {
  const id = (c: string) => sql.id(c);
  const out: IndexDefinition[] = [{ name: nameOf(['company_id']), using: 'btree', columns: [id('company_id')] }];
  for (const index of entity.indexes ?? []) {
    // A declared index names fields, or system columns by their key (companyId, createdAt…).
    const cols = indexFields(index).map((n) => fieldByName(entity, n)?.column ?? (Object.hasOwn(INDEXABLE_SYSTEM_COLUMNS, n) ? INDEXABLE_SYSTEM_COLUMNS[n] : n));
    const partial = Array.isArray(index) ? null : partialCondition(entity, index.where ?? {});
    if (!partial) out.push({ name: nameOf(cols), using: 'btree', columns: cols.map(id) });
    else out.push({ name: nameOf([...cols, `where_${partial.tag}`]), using: 'btree', columns: cols.map(id), where: partial.predicate });
  }
  const scope = scopeColumnOf(entity);
  for (const f of entity.fields) {
    if (f.virtual || f.type === 'id') continue;
    if (f.sortable) {
      const trailing = scope === f.column ? [] : [id(scope)];
      out.push({ name: nameOf([f.column, 'sort']), using: 'btree', columns: [sql`${id(f.column)} nulls first`, id('id'), ...trailing] });
    }
    if (f.searchable && GRAM_TYPES.has(f.type)) {
      out.push({ name: nameOf([f.column, 'grams']), using: 'gin', columns: [sql`(${gramsOf(f.column)})`] });
    }
  }
  return out;
}

/** Creates each index not named in `existing` (all when not given), adding the names it creates to it. */
export async function createIndexes(trx: Transaction<Database>, table: string, indexes: readonly IndexDefinition[], existing?: Set<string>): Promise<void> {
  for (const ix of indexes) {
    if (existing?.has(ix.name)) continue;
    existing?.add(ix.name);
    const where = ix.where ? sql` where ${ix.where}` : sql``;
    await sql`create index if not exists ${sql.id(ix.name)} on ${sql.id(table)} using ${sql.raw(ix.using)} (${sql.join(ix.columns)})${where}`.execute(trx);
  }
}

/**
 * The trigram indexes earlier versions derived for searchable fields (`<table>_<column>_trgm_idx`, pg_trgm):
 * the n-gram index replaces them, so they are dropped rather than kept costing every write.
 */
export async function dropTrigramIndexes(trx: Transaction<Database>, entity: ResolvedEntity, indexes: Set<string>, nameOf: (cols: readonly string[]) => string): Promise<void> {
  for (const f of entity.fields) {
    const name = nameOf([f.column, 'trgm']);
    if (!indexes.has(name)) continue;
    await sql`drop index if exists ${sql.id(name)}`.execute(trx);
    indexes.delete(name);
  }
}
