// Ids a written row points at, checked on the server (architecture §5): a `company` field names a
// company of the current company's subtree; a tree's parent (entity `parentField`) is a row the caller
// sees that is neither the row itself nor one of its descendants (§3.4 trees stay trees); and a field
// whose options are another entity's rows (`{ entity, valueField }` dictionary: a wage card's worker, a
// visit's customer) names a row of that entity the caller sees — with `filterBy`, one of the same
// project (or whatever field it names) as the written row.
import { sql, type Kysely } from 'kysely';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../platform/companies';
import { dynamicDb } from './dynamic-db';
import { FieldRefusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { buildModel, type EntityModel, type ModelField } from './model';
import { findRow } from './query';
import { idColumnOf, rowId } from './row-id';
import { visibleRows } from './scope';

type Written = Record<string, unknown>;

/** A field whose value names a row of another entity (an `{ entity }` dictionary), with that entity's model. */
export type EntityReference = {
  field: ModelField;
  target: EntityModel;
  valueField: ModelField;
  /** Both rows must agree on this field (dictionary `filterBy`): this entity's and the target's. */
  filterBy?: { own: ModelField; target: ModelField };
};

/**
 * The `{ entity }` dictionaries of a model worth checking: not the tree's own parent and not `company`
 * fields (both checked below on their own terms), and only where the referenced entity is known.
 */
export function entityReferences(model: EntityModel, entities: ReadonlyMap<string, ResolvedEntity>): EntityReference[] {
  const out: EntityReference[] = [];
  for (const field of model.fields) {
    const ref = field.dictionary;
    if (!ref || !('entity' in ref) || field.readOnly || field === model.parentField || field.type === 'company') continue;
    const entity = entities.get(ref.entity);
    if (!entity) continue;
    const target = entity.name === model.entity.name ? model : buildModel(entity);
    // Only a reference by the row's key is a reference: a value copied from another entity's text field
    // (巡检设备's 设备类型 name from DeviceType) is data of its own and may outlive or precede that row.
    const valueField = target.byName.get(ref.valueField);
    if (!valueField || valueField !== target.idField) continue;
    const own = ref.filterBy ? model.byName.get(ref.filterBy) : undefined;
    const theirs = ref.filterBy ? target.byName.get(ref.filterBy) : undefined;
    out.push({ field, target, valueField, ...(own && theirs ? { filterBy: { own, target: theirs } } : {}) });
  }
  return out;
}

/** A sent key of `model`'s table (a parent), or of companies (a company field: `integer` ids). */
const sent = (field: ModelField, row: Written, model?: EntityModel): string | null =>
  field.name in row ? rowId(row[field.name], model ? idColumnOf(model) : 'integer') : null;
const blank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

async function companyInSubtree(db: Kysely<Database>, session: SessionContext, id: string): Promise<boolean> {
  const hit = await db.selectFrom('companies').select('id').where('id', '=', Number(id)).where('id', 'in', subtreeIds(db, session.companyId)).executeTakeFirst();
  return hit !== undefined;
}

/** Whether `candidate` is `id` or lies below it in the tree of `model`'s table. */
async function isSelfOrDescendant(db: Kysely<Database>, model: EntityModel, parent: ModelField, id: string, candidate: string): Promise<boolean> {
  const table = sql.id(model.table);
  const key = sql.ref(model.idField.column);
  const result = await sql<{ hit: number }>`with recursive below(id) as (
      select ${key} from ${table} where ${key} = ${id}
      union select t.${sql.id(model.idField.column)} from ${table} t join below b on t.${sql.id(parent.column)} = b.id
    ) select 1 as hit from below where id = ${candidate} limit 1`.execute(db);
  return result.rows.length > 0;
}

/**
 * One referenced row: refused when the caller does not see it, or (filterBy) when it belongs elsewhere.
 * Only a value that is new is checked: an update keeping a reference to a row since deleted still saves.
 */
async function checkEntityReference(ref: EntityReference, row: Written, before: Written | null, db: Kysely<Database>, session: SessionContext): Promise<void> {
  const { field, target, valueField, filterBy } = ref;
  const merged = { ...(before ?? {}), ...row };
  if (blank(merged[field.name])) return;
  const value = String(merged[field.name]);
  const unchanged = before !== null && String(before[field.name] ?? '') === value;
  // A moved row (another project) must still point at a row of its new project.
  const filterChanged = filterBy !== undefined && before !== null && filterBy.own.name in row && String(before[filterBy.own.name] ?? '') !== String(row[filterBy.own.name] ?? '');
  if ((before === null && !(field.name in row)) || (unchanged && !filterChanged)) return;
  const refused = () => new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(field.title), field.name);
  // A key compared with a word would be an SQL error: such a value names no row.
  if (rowId(value, idColumnOf(target)) === null) throw refused();
  const found = await dynamicDb(db)
    .selectFrom(target.table)
    .where(visibleRows(target, { db, session }))
    .where(sql<boolean>`${sql.ref(valueField.column)} = ${value}`)
    .select(filterBy ? [sql.ref(filterBy.target.column).as('scope_value')] : [sql<number>`1`.as('scope_value')])
    .limit(1)
    .executeTakeFirst();
  if (!found) throw refused();
  const wanted = filterBy ? merged[filterBy.own.name] : undefined;
  if (filterBy && !blank(wanted) && String(found.scope_value ?? '') !== String(wanted)) {
    throw new FieldRefusal(ENGINE_MESSAGES.referenceMismatch(field.title, filterBy.own.title), field.name);
  }
}

/**
 * Refuses a written company, parent or referenced row the caller may not point at; `id` is the updated
 * row's (null on create) and `before` its stored values (field names), so unchanged references pass.
 */
export async function checkReferences(
  model: EntityModel,
  row: Written,
  id: string | null,
  db: Kysely<Database>,
  session: SessionContext,
  references: readonly EntityReference[] = [],
  before: Written | null = null,
): Promise<void> {
  const parent = model.parentField;
  for (const field of model.stored) {
    if (field.readOnly || field === parent || field.type !== 'company') continue;
    const value = sent(field, row);
    if (value !== null && !(await companyInSubtree(db, session, value))) {
      throw new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(field.title), field.name);
    }
  }
  // In schema order, so the first wrong field is the one reported (§5.1).
  for (const ref of references) await checkEntityReference(ref, row, before, db, session);
  if (!parent) return;
  const value = sent(parent, row, model);
  if (value === null) return;
  const visible = await findRow(dynamicDb(db), model, visibleRows(model, { db, session }), value);
  if (!visible) throw new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(parent.title), parent.name);
  if (id !== null && (await isSelfOrDescendant(db, model, parent, id, value))) {
    throw new FieldRefusal(ENGINE_MESSAGES.parentCycle(parent.title), parent.name);
  }
}
