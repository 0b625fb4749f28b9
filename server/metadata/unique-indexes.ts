// Uniqueness rules (docs/metadata.md "Uniqueness"): each `unique` rule of an entity is a unique index on
// its scope column (company_id, the project column, or none for `global`) and its fields, partial on
// if_del = 0 for soft-delete tables (a deleted row frees its number) and on non-blank text (an optional
// number left empty is no duplicate). constraints.ts turns a violation into the rule's Chinese message.
// A table that already holds duplicates keeps running without the index: the start logs which rule
// could not be enforced (a warning, server/app.ts) until the rows are corrected and the server restarted.
import { sql, type Transaction } from 'kysely';
import { uniqueColumns } from '../../common/metadata/columns';
import { fieldByName } from '../../common/metadata/entity';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { UniqueRule } from '../../common/metadata';
import type { Database } from '../db/schema';
import { indexName } from './index-name';

const TEXT = new Set(['string', 'text', 'image', 'file']);

export const uniqueIndexName = (entity: ResolvedEntity, rule: UniqueRule): string => indexName(entity.table, ['uq', ...uniqueColumns(entity, rule)]);

/** Creates the entity's unique indexes; answers the rules a table's existing duplicates kept from being enforced. */
/** Creates each rule's unique index not named in `existing` (all when not given). */
export async function syncUniqueIndexes(trx: Transaction<Database>, entity: ResolvedEntity, existing?: ReadonlySet<string>): Promise<string[]> {
  const skipped: string[] = [];
  for (const rule of entity.unique ?? []) {
    if (existing?.has(uniqueIndexName(entity, rule))) continue;
    const columns = uniqueColumns(entity, rule);
    const conditions = [
      ...(entity.softDelete ? [sql`${sql.ref('if_del')} = 0`] : []),
      ...rule.fields.flatMap((name) => {
        const f = fieldByName(entity, name);
        return f && TEXT.has(f.type) ? [sql`${sql.ref(f.column ?? name)} <> ''`] : [];
      }),
    ];
    const where = conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
    // A savepoint: a failed index (duplicates) must not undo the rest of the sync.
    await sql`savepoint unique_index`.execute(trx);
    try {
      await sql`create unique index if not exists ${sql.id(uniqueIndexName(entity, rule))} on ${sql.id(entity.table)} (${sql.join(columns.map((c) => sql.id(c)))})${where}`.execute(trx);
      await sql`release savepoint unique_index`.execute(trx);
    } catch {
      await sql`rollback to savepoint unique_index`.execute(trx);
      skipped.push(`entity ${entity.name}: table "${entity.table}" already holds rows with the same ${rule.fields.join(' + ')} (${rule.scope}); unique index not created / 表中已有重复数据，唯一约束未生效：${rule.fields.join('、')}`);
    }
  }
  return skipped;
}
