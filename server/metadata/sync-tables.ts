// Additive table sync at start (architecture §4): each entity's table is created when missing, columns
// of new fields are added, declared and derived indexes created (table-indexes.ts). Nothing is dropped or altered, so no data is lost
// (only search indexes the schemas no longer derive, which the n-gram index replaces).
// Platform entities (`platform`: projects, companies, users… of server/db/migrations) are only checked
// (platform-tables.ts): the engine never creates or alters a table it did not make.
// Identifiers come only from checked schemas (pattern-validated) and are quoted with sql.id anyway.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { tableColumns, type TableColumn } from '../../common/metadata/columns';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { Database } from '../db/schema';
import { checkPlatformTables } from './platform-tables';
import { readSchemaState, type SchemaState } from './schema-state';
import { indexName } from './index-name';
import { ensureSearchFunctions } from '../db/search-grams';
import { createIndexes, derivedIndexes, dropKeyedSortIndexes, dropStaleSearchIndexes } from './table-indexes';
import { syncOwnerCompany } from './owner-company';
import { syncUniqueIndexes } from './unique-indexes';
import { fillSortKeys, sortKeyColumn, sortKeyFields } from '../engine/sort-keys';

export { indexName };

export type SyncReport = {
  /** Tables created. */
  created: string[];
  /** Columns added to existing tables, as table.column. */
  added: string[];
  /** Uniqueness rules not enforced because the table already holds duplicates (unique-indexes.ts). */
  uniqueSkipped?: string[];
};

/** Tables the sync made, so it never extends a platform table (users, projects…) an entity happens to name. */
const REGISTRY = 'entity_tables';

export async function syncTables(db: Kysely<Database>, entities: Iterable<ResolvedEntity>): Promise<SyncReport> {
  const list = [...entities];
  return db.transaction().execute(async (trx) => {
    // Same lock as migrations: two processes starting together sync one after the other.
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    await sql`create table if not exists ${sql.id(REGISTRY)} (
      table_name text primary key,
      entity text not null,
      created_at timestamptz not null default now()
    )`.execute(trx);
    const report: SyncReport = { created: [], added: [] };
    await ensureSearchFunctions(trx);
    // Read once before the loop: the platform check reads only tables of migrations, which the sync never touches.
    const state = await readSchemaState(trx, REGISTRY);
    for (const entity of list) if (!entity.platform) await syncTable(trx, entity, report, state);
    checkPlatformTables(list, state);
    return report;
  });
}

async function syncTable(trx: Transaction<Database>, entity: ResolvedEntity, report: SyncReport, state: SchemaState): Promise<void> {
  const table = entity.table;
  const columns = tableColumns(entity);
  const existing = new Set(state.columns.get(table)?.keys() ?? []);
  if (existing.size > 0 && !state.owned.has(table)) {
    throw new Error(`entity ${entity.name}: table "${table}" already exists and was not created from an entity schema; choose another table name, or set "platform": true if it is a table of server/db/migrations`);
  }
  if (existing.size === 0) {
    await sql`create table ${sql.id(table)} (${sql.join(columns.map(definition))})`.execute(trx);
    await sql`insert into ${sql.id(REGISTRY)} (table_name, entity) values (${table}, ${entity.name})
      on conflict (table_name) do update set entity = excluded.entity`.execute(trx);
    report.created.push(table);
  } else {
    for (const column of columns.filter((c) => !existing.has(c.column))) {
      await sql`alter table ${sql.id(table)} add column ${definition(column)}`.execute(trx);
      report.added.push(`${table}.${column.column}`);
    }
  }
  // The pinyin keys of sortable text (server/engine/sort-keys.ts): byte-ordered on both databases,
  // filled for rows that have none before their sort index is built.
  for (const f of sortKeyFields(entity)) {
    const key = sortKeyColumn(f);
    if (existing.has(key)) continue;
    await sql`alter table ${sql.id(table)} add column ${sql.id(key)} text collate "C"`.execute(trx);
    if (!report.created.includes(table)) report.added.push(`${table}.${key}`);
  }
  await fillSortKeys(trx, entity);
  // Declared indexes, and those derived from sortable and searchable fields (table-indexes.ts).
  const nameOf = (cols: readonly string[]) => indexName(table, cols);
  await createIndexes(trx, table, derivedIndexes(entity, nameOf), state.indexes);
  await dropStaleSearchIndexes(trx, entity, state.indexes, nameOf);
  await dropKeyedSortIndexes(trx, entity, state.indexes, nameOf);
  // Before the unique indexes: a per-company rule of project data is on the project's company.
  await syncOwnerCompany(trx, entity);
  const skipped = await syncUniqueIndexes(trx, entity, state.indexes);
  if (skipped.length > 0) report.uniqueSkipped = [...(report.uniqueSkipped ?? []), ...skipped];
}

/** `name type [default …]`; the type comes from the field-type table or the system column list. */
function definition(c: TableColumn): RawBuilder<unknown> {
  const base = sql`${sql.id(c.column)} ${sql.raw(c.sql)}`;
  if (!c.default) return base;
  if ('expression' in c.default) return sql`${base} default now()`;
  return sql`${base} default ${sql.lit(c.default.literal)}`;
}
