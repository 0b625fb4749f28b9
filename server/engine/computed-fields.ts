// Computed fields on the server (docs/metadata.md "Computed fields", common/metadata/formula.ts): after
// every write of a row — create, update, import, batch, a child line written with its parent or alone —
// the row's computed fields are evaluated from what is stored in the write's transaction (its own
// columns and its collections' live lines) and written into their columns. The client's value never
// counts (a computed field is readOnly: write-input.ts drops it). A line written or deleted on its own
// recomputes the parents that total its collection, with the parent row locked first so two writers of
// lines of one parent cannot both miss the other's line.
import { sql, type Kysely } from 'kysely';
import { numericBounds } from '../../common/field-types';
import { computedFields, computeRow, type ComputedField, type FormulaRow } from '../../common/metadata/formula';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { Database } from '../db/schema';
import type { HookRow } from './hook-types';
import type { EntityEngine } from './entity-engine';
import { FieldRefusal } from './errors';
import { ruleMessage } from './messages';
import { buildModel, SYSTEM_COLUMNS, type EntityModel, type ModelField } from './model';

type Parent = { model: EntityModel; computed: readonly ComputedField[]; parentField: ModelField };

const models = new WeakMap<ResolvedEntity, EntityModel>();
const modelOf = (entity: ResolvedEntity): EntityModel => {
  let model = models.get(entity);
  if (!model) models.set(entity, (model = buildModel(entity)));
  return model;
};

const parentsCache = new WeakMap<object, Map<string, Parent[]>>();

/** The entities that total lines of `model` in a computed field: each with the child's field naming its row. */
function parentsOf(engine: EntityEngine): Parent[] {
  const entities = engine.catalog.entities;
  if (!entities) return [];
  let byChild = parentsCache.get(entities);
  if (!byChild) parentsCache.set(entities, (byChild = new Map()));
  const name = engine.model.entity.name;
  let parents = byChild.get(name);
  if (!parents) {
    parents = [];
    for (const entity of entities.values()) {
      const computed = computedFields(entity);
      for (const spec of entity.children ?? []) {
        const parentField = engine.model.byName.get(spec.parentField);
        if (spec.entity !== name || !parentField || !computed.some((c) => c.refs.collections.has(spec.name))) continue;
        parents.push({ model: modelOf(entity), computed, parentField });
      }
    }
    byChild.set(name, parents);
  }
  return parents;
}

/** Engines writing the lines of a parent that recomputes itself once they are all written (children.ts). */
const linesOfParent = new WeakSet<EntityEngine>();

/** Marks a child engine bound to its parent's write: its lines do not recompute the parent one by one. */
export function withinParentWrite(engine: EntityEngine): EntityEngine {
  linesOfParent.add(engine);
  return engine;
}

const live = (model: EntityModel) => (model.entity.softDelete ? sql`and ${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0` : sql``);

/** A stored row's fields by name (numbers as the driver gives them: numeric text or numbers). */
function byName(fields: readonly ModelField[], raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, raw[f.column]]));
}

/** Evaluates and stores the computed fields of row `id` of `model` (already written or locked in `trx`). */
async function computeStored(
  trx: Kysely<Database>,
  entities: ReadonlyMap<string, ResolvedEntity> | undefined,
  model: EntityModel,
  computed: readonly ComputedField[],
  id: string,
  lock: boolean,
): Promise<void> {
  const own = model.stored.filter((f) => f.type !== 'id');
  const found = await sql<Record<string, unknown>>`select ${sql.join(own.map((f) => sql.ref(f.column)))} from ${sql.table(model.table)}
    where ${sql.ref(model.idField.column)} = ${id} ${live(model)} ${lock ? sql`for update` : sql``}`.execute(trx);
  const stored = found.rows[0];
  if (!stored) return;
  const row: FormulaRow = byName(own, stored);
  const children: Record<string, FormulaRow[]> = {};
  const wanted = new Set(computed.flatMap((c) => [...c.refs.collections.keys()]));
  for (const spec of model.entity.children ?? []) {
    if (!wanted.has(spec.name)) continue;
    const entity = entities?.get(spec.entity);
    if (!entity) throw new Error(`entity ${model.entity.name}: children ${spec.name} names unknown entity ${spec.entity}`);
    const child = modelOf(entity);
    const parentField = child.byName.get(spec.parentField);
    if (!parentField) continue;
    const fields = child.stored.filter((f) => f.type !== 'id');
    const lines = await sql<Record<string, unknown>>`select ${sql.join(fields.map((f) => sql.ref(f.column)))} from ${sql.table(child.table)}
      where ${sql.ref(parentField.column)} = ${id} ${live(child)} order by ${sql.ref(child.idField.column)}`.execute(trx);
    children[spec.name] = lines.rows.map((r) => byName(fields, r));
  }
  const values = computeRow(model.entity, row, children);
  const changed: Record<string, unknown> = {};
  for (const c of computed) {
    const field = model.byName.get(c.name) as ModelField;
    const value = values[c.name];
    if (value !== null) {
      const bounds = numericBounds(field);
      if (bounds.minimum !== undefined && value < bounds.minimum) throw new FieldRefusal(ruleMessage(field, 'minimum'), field.name);
      if (bounds.maximum !== undefined && value > bounds.maximum) throw new FieldRefusal(ruleMessage(field, 'maximum'), field.name);
    }
    const before = row[c.name];
    if (before === null || before === undefined ? value !== null : value === null || Number(before) !== value) changed[field.column] = value;
  }
  if (Object.keys(changed).length === 0) return;
  const set = sql.join(Object.entries(changed).map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
  await sql`update ${sql.table(model.table)} set ${set} where ${sql.ref(model.idField.column)} = ${id}`.execute(trx);
}

/**
 * After a write of row `id` in `trx` (create, update; `before` the stored row of an update or delete):
 * its computed fields, then those of the parents totalling its lines — its parent now and, when the line
 * moved or went, the one it had. Nothing when no formula is involved.
 */
export async function applyFormulas(engine: EntityEngine, trx: Kysely<Database>, id: string, before: HookRow | null = null): Promise<void> {
  const { model } = engine;
  const { entities } = engine.catalog;
  const computed = computedFields(model.entity);
  if (computed.length > 0) await computeStored(trx, entities, model, computed, id, false);
  if (linesOfParent.has(engine)) return;
  for (const parent of parentsOf(engine)) {
    const now = await sql<{ p: unknown }>`select ${sql.ref(parent.parentField.column)} as p from ${sql.table(model.table)}
      where ${sql.ref(model.idField.column)} = ${id} ${live(model)}`.execute(trx);
    const ids = new Set<string>();
    for (const value of [now.rows[0]?.p, before?.[parent.parentField.name]]) if (value !== null && value !== undefined && value !== '') ids.add(String(value));
    for (const parentId of [...ids].sort()) {
      if (/^[1-9][0-9]{0,17}$/.test(parentId)) await computeStored(trx, entities, parent.model, parent.computed, parentId, true);
    }
  }
}
