// Related lists (docs/metadata.md "Relations"; §7.4 GetProjectUsers / UpdateJoinUser, GetProjectOrgs /
// UpdateJoinOrgList): rows of another entity linked to a visible row through a link table. Reading needs
// the page; changing needs its edit button on a row the caller sees. Only rows the caller sees in the
// linked entity's scope may be added; any link of the row may be removed (it belongs to the row, e.g. a
// supervision company joined to one's own project).
import { sql } from 'kysely';
import type { EntityRelation } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import { answerRows, type EntityEngine } from './entity-engine';
import { maskPersonalRows } from './personal-data';
import { checkChange, hookRowOf, inTransaction, recordEngineChange, visibleRow } from './entity-writes';
import { dynamicDb } from './dynamic-db';
import { BadRequest, Refusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { SYSTEM_COLUMNS } from './model';
import type { ApiRow } from './row-codec';
import { idColumnOf, rowId, type IdColumn } from './row-id';
import { visibleRows } from './scope';
import { ENVELOPE_FIELDS } from './write-input';

export type RelationEngine = { relation: EntityRelation; own: EntityEngine; linked: EntityEngine };

const MAX_IDS = 500;

/** The linked rows of one row, in the linked entity's fields (its hooks and labels applied). */
async function linkedRows(r: RelationEngine, session: SessionContext, ownId: string): Promise<ApiRow[]> {
  const { linked, relation } = r;
  const key = sql.ref(linked.model.idField.column);
  const links = sql`select ${sql.id(relation.otherColumn)} from ${sql.id(relation.table)} where ${sql.id(relation.ownColumn)} = ${ownId}`;
  let query = dynamicDb(linked.db)
    .selectFrom(linked.model.table)
    .where(sql<boolean>`${key} in (${links})`)
    .select(linked.model.selected.map((f) => (f.type === 'date' ? sql<string>`${sql.ref(f.column)}::text`.as(f.column) : sql.ref(f.column).as(f.column))));
  if (linked.model.entity.softDelete) query = query.where(sql<boolean>`${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0`);
  const rows = await query.orderBy(key).limit(MAX_IDS).execute();
  return answerRows(linked, session, rows);
}

export async function listLinks(r: RelationEngine, session: SessionContext, params: Record<string, unknown>): Promise<ApiRow[]> {
  const { id } = await visibleRow(r.own, session, params[r.own.model.api.idParam] ?? params.id);
  // A related list in the detail is a list: personal data masked (§5.6, issue 29).
  return maskPersonalRows(r.linked, await linkedRows(r, session, id));
}

function idList(value: unknown, name: string, column: IdColumn): string[] {
  const malformed = () => new BadRequest(`字段 ${name} 须为编号数组`);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_IDS) throw malformed();
  const ids = value.map((v) => rowId(v, column));
  if (ids.some((v) => v === null)) throw malformed();
  return [...new Set(ids as string[])];
}

function readChange(r: RelationEngine, body: unknown): { ownId: unknown; add: string[]; remove: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest('请求体必须是 JSON 对象');
  let ownId: unknown;
  let add: string[] = [];
  let remove: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (ENVELOPE_FIELDS.has(key)) continue;
    if (key === r.own.model.api.idParam || key === 'id') ownId ??= value;
    else if (key === 'add') add = idList(value, key, idColumnOf(r.linked.model));
    else if (key === 'remove') remove = idList(value, key, idColumnOf(r.linked.model));
    else throw new BadRequest(`不支持的字段 ${key}`);
  }
  if (ownId === undefined) throw new BadRequest(`缺少字段 ${r.own.model.api.idParam}`);
  if (add.length === 0 && remove.length === 0) throw new Refusal(ENGINE_MESSAGES.relationIds);
  return { ownId, add, remove };
}

/** The linked rows among `ids` that the caller sees, as stored rows. */
async function visibleLinked(r: RelationEngine, session: SessionContext, ids: readonly string[]) {
  const { linked } = r;
  if (ids.length === 0) return [];
  return dynamicDb(linked.db)
    .selectFrom(linked.model.table)
    .where(visibleRows(linked.model, { db: linked.db, session }))
    .where(sql<boolean>`${sql.ref(linked.model.idField.column)} in (${sql.join(ids)})`)
    .selectAll()
    .execute();
}

/**
 * Adds and removes links of a visible row; every added id must be a row the caller sees in the linked
 * entity. Both sides' checkChange hooks see the change first: the owner once, each linked row the caller
 * sees (added or removed) once, e.g. a role put into a group, a user put on a project.
 */
export async function changeLinks(r: RelationEngine, session: SessionContext, body: unknown): Promise<ApiRow[]> {
  const { ownId, add, remove } = readChange(r, body);
  const { id, row: ownRow } = await visibleRow(r.own, session, ownId);
  const { linked, relation } = r;
  const added = await visibleLinked(r, session, add);
  if (added.length !== add.length) throw new Refusal(ENGINE_MESSAGES.relationOutOfScope(relation.title));
  const link = { relation: relation.name, add, remove };
  await checkChange(r.own, session, { action: 'link', before: hookRowOf(r.own, ownRow), values: {}, link: { ...link, side: 'own' } });
  if (linked.hooks.checkChange) {
    for (const row of [...added, ...(await visibleLinked(r, session, remove))]) {
      await checkChange(linked, session, { action: 'link', before: hookRowOf(linked, row), values: {}, link: { ...link, side: 'linked' } });
    }
  }
  await inTransaction(r.own, 'write', async (trx) => {
    const table = sql.id(relation.table);
    const own = sql.id(relation.ownColumn);
    const other = sql.id(relation.otherColumn);
    if (remove.length > 0) await sql`delete from ${table} where ${own} = ${id} and ${other} in (${sql.join(remove)})`.execute(trx);
    for (const linkedId of add) {
      await sql`insert into ${table} (${own}, ${other}) values (${id}, ${linkedId}) on conflict do nothing`.execute(trx);
    }
    const changes = [{ field: relation.name, title: relation.title, added: add, removed: remove }];
    await recordEngineChange(r.own, session, trx, { recordId: id, action: 'link', changes });
  });
  return linkedRows(r, session, id);
}
