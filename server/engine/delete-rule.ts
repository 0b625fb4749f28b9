// Deletes never orphan data (docs/metadata.md "Deletes", docs/security.md): inside the delete's
// transaction, with the row locked, every row referring to it (referrers.ts, plus the foreign keys of
// platform tables no schema declares) is counted; any left is a refusal naming what uses it, counted per
// referring entity (该记录已被其他数据使用：18 名人员、401 条考勤记录). References declared
// `onDelete: "cascade"` are deleted along instead (soft-deleted where their entity soft-deletes), and
// their own referrers are checked the same way. Soft-deleted rows count as deleted. Writes lock the
// rows they point at (`lockReferenced`), so a row cannot gain a referrer while it is being deleted.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { OTHER_ROWS, TABLE_NOUNS } from '../db/table-nouns';
import { FieldRefusal, Refusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { SYSTEM_COLUMNS, type EntityModel } from './model';
import { nounOf, type ReferenceEdge, type ReferenceGraph } from './referrers';
import { rowId } from './row-id';
import type { DbRow } from './row-codec';

/** What a delete takes along: link rows, and cascaded rows (deepest last in the list). */
export type DeletePlan = {
  links: Array<{ table: string; column: string; ids: string[] }>;
  cascades: Array<{ model: EntityModel; ids: string[] }>;
};

/** Ids per statement: well below PostgreSQL's 65,535 bound parameters. */
const CHUNK = 1000;

const chunks = (ids: readonly string[]): string[][] => {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(ids.slice(i, i + CHUNK));
  return out;
};

const inList = (column: string, ids: readonly string[]) => sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`;
const notDeleted = (model: EntityModel | undefined) => (model?.entity.softDelete ? sql`and ${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0` : sql``);

type ForeignKey = { table: string; column: string; rule: string };

/** Single-column foreign keys of the database into `table` (platform tables of server/db/migrations). */
async function foreignKeysInto(db: Kysely<Database>, table: string): Promise<ForeignKey[]> {
  const result = await sql<ForeignKey>`
    select cl.relname as "table", a.attname as "column", c.confdeltype::text as "rule"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class ct on ct.oid = c.confrelid
    join pg_namespace n on n.oid = ct.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and ct.relname = ${table} and n.nspname = current_schema() and cardinality(c.conkey) = 1`.execute(db);
  return result.rows;
}

/**
 * Edges into `model`: the declared ones, then foreign keys no schema declares whose delete rule is
 * NO ACTION or RESTRICT (the database would refuse; counting them names what uses the row). Keys that
 * cascade or set null are the database's own business.
 */
async function edgesInto(db: Kysely<Database>, graph: ReferenceGraph, model: EntityModel): Promise<ReferenceEdge[]> {
  const name = model.entity.name;
  const declared = graph.into(name);
  if (!model.platform) return [...declared];
  const covered = new Set([...declared, ...graph.ownLinks(name)].map((e) => `${e.table}.${e.column}`));
  const byTable = new Map([...graph.models.values()].map((m) => [m.table, m] as const));
  const undeclared = (await foreignKeysInto(db, model.table))
    .filter((k) => (k.rule === 'a' || k.rule === 'r') && !covered.has(`${k.table}.${k.column}`))
    .map((k): ReferenceEdge => {
      const from = byTable.get(k.table);
      return { table: k.table, column: k.column, target: name, noun: from ? nounOf(from.entity) : (TABLE_NOUNS[k.table] ?? OTHER_ROWS), cascade: false, ...(from ? { from } : {}) };
    });
  return [...declared, ...undeclared];
}

/** Live rows of `edge` naming one of `ids`, except rows this delete already takes. */
async function countReferring(db: Kysely<Database>, edge: ReferenceEdge, ids: readonly string[], taken: ReadonlySet<string>): Promise<number> {
  let total = 0;
  for (const part of chunks(ids)) {
    const owner = edge.link
      ? sql`and ${sql.ref(edge.link.ownColumn)} in (select ${sql.ref(SYSTEM_COLUMNS.id)} from ${sql.table(edge.link.owner.table)} where true ${notDeleted(edge.link.owner)})`
      : sql``;
    const skip = edge.from && taken.size > 0 && taken.size <= CHUNK ? sql`and ${sql.ref(SYSTEM_COLUMNS.id)}::text not in (${sql.join([...taken])})` : sql``;
    const result = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(edge.table)}
      where ${inList(edge.column, part)} ${edge.link ? sql`` : notDeleted(edge.from)} ${owner} ${skip}`.execute(db);
    total += Number(result.rows[0]?.n ?? 0);
  }
  return total;
}

/** Live rows of a cascading edge naming one of `ids`, locked, not yet taken. */
async function cascadedIds(db: Kysely<Database>, edge: ReferenceEdge & { from: EntityModel }, ids: readonly string[], taken: Set<string>): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks(ids)) {
    const result = await sql<{ id: string }>`select ${sql.ref(SYSTEM_COLUMNS.id)}::text as id from ${sql.table(edge.table)}
      where ${inList(edge.column, part)} ${notDeleted(edge.from)} for update`.execute(db);
    for (const { id } of result.rows) {
      if (!taken.has(id)) out.push(id);
      taken.add(id);
    }
  }
  return out;
}

type Walk = { plan: DeletePlan; blockers: Map<string, number>; taken: Map<string, Set<string>> };

async function walk(db: Kysely<Database>, graph: ReferenceGraph, model: EntityModel, ids: readonly string[], state: Walk): Promise<void> {
  const takenOf = (table: string) => state.taken.get(table) ?? state.taken.set(table, new Set()).get(table)!;
  for (const edge of await edgesInto(db, graph, model)) {
    if (edge.cascade && edge.link) {
      state.plan.links.push({ table: edge.table, column: edge.column, ids: [...ids] });
    } else if (edge.cascade && edge.from) {
      const more = await cascadedIds(db, { ...edge, from: edge.from }, ids, takenOf(edge.table));
      if (more.length === 0) continue;
      state.plan.cascades.push({ model: edge.from, ids: more });
      await walk(db, graph, edge.from, more, state);
    } else {
      const n = await countReferring(db, edge, ids, takenOf(edge.table));
      if (n > 0) state.blockers.set(edge.noun, (state.blockers.get(edge.noun) ?? 0) + n);
    }
  }
  for (const link of graph.ownLinks(model.entity.name)) state.plan.links.push({ ...link, ids: [...ids] });
}

/**
 * The plan of deleting row `id` of `model` (already locked by the caller, in transaction `db`), or the
 * refusal naming what still uses it.
 */
export async function planDelete(db: Kysely<Database>, graph: ReferenceGraph, model: EntityModel, id: string): Promise<DeletePlan> {
  const state: Walk = { plan: { links: [], cascades: [] }, blockers: new Map(), taken: new Map([[model.table, new Set([id])]]) };
  await walk(db, graph, model, [id], state);
  if (state.blockers.size > 0) {
    throw new Refusal(ENGINE_MESSAGES.inUseBy([...state.blockers].map(([noun, n]) => `${n} ${noun}`)));
  }
  return state.plan;
}

/** Removes the links and cascaded rows of a plan (before the row itself). */
export async function applyDeletePlan(db: Kysely<Database>, plan: DeletePlan): Promise<void> {
  for (const link of plan.links) {
    for (const part of chunks(link.ids)) await sql`delete from ${sql.table(link.table)} where ${inList(link.column, part)}`.execute(db);
  }
  for (const { model, ids } of [...plan.cascades].reverse()) {
    for (const part of chunks(ids)) {
      const where = inList(SYSTEM_COLUMNS.id, part);
      if (!model.entity.softDelete) {
        await sql`delete from ${sql.table(model.table)} where ${where}`.execute(db);
        continue;
      }
      const stamp = model.platform ? sql`` : sql`, ${sql.ref(SYSTEM_COLUMNS.updatedAt)} = now()`;
      await sql`update ${sql.table(model.table)} set ${sql.ref(SYSTEM_COLUMNS.ifDel)} = 1 ${stamp} where ${where}`.execute(db);
    }
  }
}

/**
 * Locks (in the write's transaction `db`) each row a written row newly points at, so a concurrent delete
 * either sees this row or this write sees the row gone: refused then with the field's message.
 * `unchanged` skips references an update keeps (a reference to a row since deleted still saves).
 */
export async function lockReferenced(
  db: Kysely<Database>,
  graph: ReferenceGraph,
  model: EntityModel,
  columns: DbRow,
  unchanged: (edge: ReferenceEdge) => boolean = () => false,
): Promise<void> {
  for (const edge of graph.outOf(model.entity.name)) {
    const value = rowId(columns[edge.column]);
    const target = graph.models.get(edge.target);
    if (value === null || !target || unchanged(edge)) continue;
    // Hard-deleted targets conflict with KEY SHARE; a soft delete is an update, which needs SHARE.
    const mode = target.entity.softDelete ? sql`for share` : sql`for key share`;
    const found = await sql`select 1 as hit from ${sql.table(target.table)} where ${sql.ref(SYSTEM_COLUMNS.id)} = ${value} ${notDeleted(target)} ${mode}`.execute(db);
    if (found.rows.length > 0) continue;
    throw edge.field ? new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(edge.field.title), edge.field.name) : new Refusal(ENGINE_MESSAGES.referenceMissing);
  }
}
