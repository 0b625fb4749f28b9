// §7.6 select-table-field lookups (docs/metadata.md): the distinct values of a `lookup: true` field of
// the entity whose lookupName is the tableName (both matched case-insensitively), within the caller's
// scope and without soft-deleted rows. Only fields marked for lookup are ever read this way.
import { sql } from 'kysely';
import { findEntityByLookupName, findLookupField } from '../../common/metadata/entity';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { SessionContext } from '../auth/session-context';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb } from './dynamic-db';
import { Refusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { buildModel, type EntityModel, type ModelField } from './model';
import { visibleRows } from './scope';

export type LookupValue = { xuHao: string; selContent: string; count: number };

export function resolveLookup(entities: Iterable<ResolvedEntity>, tableName: string, fieldName: string): { model: EntityModel; field: ModelField } {
  const entity = findEntityByLookupName(entities, tableName);
  if (!entity) throw new Refusal(ENGINE_MESSAGES.unknownTable);
  const field = findLookupField(entity, fieldName);
  if (!field?.lookup) throw new Refusal(ENGINE_MESSAGES.unknownField);
  return { model: buildModel(entity), field };
}

export async function lookupValues(
  db: Kysely<Database>,
  session: SessionContext,
  { model, field }: { model: EntityModel; field: ModelField },
  size: number,
): Promise<LookupValue[]> {
  const col = sql.ref(field.column);
  if (field.type === 'project') return projectLookup(db, session, model, field, size);
  const rows = await dynamicDb(db)
    .selectFrom(model.table)
    .where(visibleRows(model, { db, session }))
    .where(sql<boolean>`${col} is not null and btrim(${col}::text) <> ''`)
    .select([sql<string>`${col}::text`.as('value'), sql<string | number>`count(*)`.as('n')])
    .groupBy(col)
    .orderBy(col)
    .limit(size)
    .execute();
  return rows.map((r) => ({ xuHao: String(r.value), selContent: String(r.value), count: Number(r.n) }));
}

/** A project field (lookupAs ProjectName, §7.6): the projects its visible rows name, by name; xuHao the id. */
async function projectLookup(db: Kysely<Database>, session: SessionContext, model: EntityModel, field: ModelField, size: number): Promise<LookupValue[]> {
  const col = sql.ref(field.column);
  // Counted by id within the table's own scope first (no join: the scope's column names stay unambiguous).
  const counted = await dynamicDb(db)
    .selectFrom(model.table)
    .where(visibleRows(model, { db, session }))
    .where(sql<boolean>`${col} is not null`)
    .select([sql<string>`${col}::text`.as('value'), sql<string | number>`count(*)`.as('n')])
    .groupBy(col)
    .execute();
  if (counted.length === 0) return [];
  const names = await db.selectFrom('projects').select(['id', 'name']).where('id', 'in', counted.map((r) => Number(r.value))).execute();
  const nameOf = new Map(names.map((p) => [String(p.id), p.name]));
  return counted
    .filter((r) => nameOf.has(String(r.value)))
    .map((r) => ({ xuHao: String(r.value), selContent: nameOf.get(String(r.value))!, count: Number(r.n) }))
    .sort((a, b) => a.selContent.localeCompare(b.selContent, 'zh-CN') || Number(a.xuHao) - Number(b.xuHao))
    .slice(0, size);
}
