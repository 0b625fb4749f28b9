// Ids a written row points at, checked on the server (architecture §5): a `company` field names a
// company of the current company's subtree, and a tree's parent (entity `parentField`) is a row the
// caller sees that is neither the row itself nor one of its descendants (§3.4 trees stay trees).
import { sql, type Kysely } from 'kysely';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../domain/companies';
import { dynamicDb } from './dynamic-db';
import { FieldRefusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import type { EntityModel, ModelField } from './model';
import { findRow } from './query';
import { rowId } from './row-id';
import { visibleRows } from './scope';

type Written = Record<string, unknown>;

const sent = (field: ModelField, row: Written): string | null => (field.name in row ? rowId(row[field.name]) : null);

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

/** Refuses a written company or parent the caller may not point at; `id` is the updated row's, null on create. */
export async function checkReferences(model: EntityModel, row: Written, id: string | null, db: Kysely<Database>, session: SessionContext): Promise<void> {
  const parent = model.parentField;
  for (const field of model.stored) {
    if (field.readOnly || field === parent || field.type !== 'company') continue;
    const value = sent(field, row);
    if (value !== null && !(await companyInSubtree(db, session, value))) {
      throw new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(field.title), field.name);
    }
  }
  if (!parent) return;
  const value = sent(parent, row);
  if (value === null) return;
  const visible = await findRow(dynamicDb(db), model, visibleRows(model, { db, session }), value);
  if (!visible) throw new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(parent.title), parent.name);
  if (id !== null && (await isSelfOrDescendant(db, model, parent, id, value))) {
    throw new FieldRefusal(ENGINE_MESSAGES.parentCycle(parent.title), parent.name);
  }
}
