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
import { gramColumnsOf, gramsOf } from '../db/search-grams';
import { hasSortKey, sortKeyColumn } from '../engine/sort-keys';

/** An index to create; `where` makes it partial. */
export type IndexDefinition = {
  name: string;
  using: 'btree' | 'gin';
  columns: RawBuilder<unknown>[];
  where?: RawBuilder<unknown>;
  /** The statistics target of its (single, expression) column. */
  statistics?: number;
};

/**
 * Statistics target of the gram index: 1,000 (ten times the default) tracks about 10,000 grams, so a rare
 * name's gram is estimated as rare. With the default the commonest 1,000 were the digits of serials (each
 * 0.6 %), every other gram was guessed at 0.3 %, and a three-row term (姚志勇) walked the sort index through
 * a million rows (7 s) instead of reading three from the index (0.2 ms). ANALYZE of a million rows takes
 * about 10 s for it (autovacuum's, in the background).
 */
const GRAM_STATISTICS = 1000;

const gramIndexName = (entity: ResolvedEntity, nameOf: (cols: readonly string[]) => string): string =>
  nameOf(['search', createHash('sha1').update(gramColumnsOf(entity.fields).join(',')).digest('hex').slice(0, 8)]);

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
 * - one GIN index over the n-grams of all searchable string/text fields (`search_grams_v1(a) || …`), named
 *   `<table>_search_<hash of the columns>_idx`: another set of searchable fields is another index.
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
      // Text in pinyin order sorts by its key column (server/engine/sort-keys.ts), so the index is on the key.
      const col = hasSortKey(f, entity.platform === true) ? sortKeyColumn(f) : f.column;
      out.push({ name: nameOf([col, 'sort']), using: 'btree', columns: [sql`${id(col)} nulls first`, id('id'), ...trailing] });
    }
  }
  const searched = gramColumnsOf(entity.fields);
  if (searched.length > 0) out.push({ name: gramIndexName(entity, nameOf), using: 'gin', columns: [gramsOf(searched)], statistics: GRAM_STATISTICS });
  return out;
}

/** Creates each index not named in `existing` (all when not given), adding the names it creates to it. */
export async function createIndexes(trx: Transaction<Database>, table: string, indexes: readonly IndexDefinition[], existing?: Set<string>): Promise<void> {
  for (const ix of indexes) {
    if (existing?.has(ix.name)) continue;
    existing?.add(ix.name);
    const where = ix.where ? sql` where ${ix.where}` : sql``;
    await sql`create index if not exists ${sql.id(ix.name)} on ${sql.id(table)} using ${sql.raw(ix.using)} (${sql.join(ix.columns)})${where}`.execute(trx);
    if (ix.statistics) await sql`alter index ${sql.id(ix.name)} alter column 1 set statistics ${sql.lit(ix.statistics)}`.execute(trx);
  }
}

/**
 * Search indexes the current schema no longer derives: the trigram ones of earlier versions
 * (`<table>_<column>_trgm_idx`, pg_trgm), per-column gram ones, and a gram index over another set of
 * searchable fields. The gram index replaces them, so they are dropped rather than kept costing every write.
 */
export async function dropStaleSearchIndexes(trx: Transaction<Database>, entity: ResolvedEntity, indexes: Set<string>, nameOf: (cols: readonly string[]) => string): Promise<void> {
  const current = gramColumnsOf(entity.fields).length > 0 ? gramIndexName(entity, nameOf) : null;
  const stale = [
    ...entity.fields.flatMap((f) => [nameOf([f.column, 'trgm']), nameOf([f.column, 'grams'])]),
    ...[...indexes].filter((n) => n.startsWith(`${entity.table}_search_`) && n.endsWith('_idx')),
  ].filter((n) => n !== current && indexes.has(n));
  for (const name of stale) {
    await sql`drop index if exists ${sql.id(name)}`.execute(trx);
    indexes.delete(name);
  }
}

/**
 * The sort index on a field's own column where the list now sorts by its pinyin key (`<table>_<column>_sort_idx`
 * of earlier versions): nothing reads it any more, so it is dropped rather than kept costing every write.
 */
export async function dropKeyedSortIndexes(trx: Transaction<Database>, entity: ResolvedEntity, indexes: Set<string>, nameOf: (cols: readonly string[]) => string): Promise<void> {
  const declared = new Set((entity.indexes ?? []).map((ix) => nameOf(indexFields(ix).map((n) => fieldByName(entity, n)?.column ?? n))));
  for (const f of entity.fields) {
    const name = nameOf([f.column, 'sort']);
    if (!hasSortKey(f, entity.platform === true) || !indexes.has(name) || declared.has(name)) continue;
    await sql`drop index if exists ${sql.id(name)}`.execute(trx);
    indexes.delete(name);
  }
}
