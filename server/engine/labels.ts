// Row labels (docs/metadata.md "Labels"): a field whose type `names` a table (project, company) is
// answered as its id and, in the row's `labels` map, the name of that project or company, so list cells
// and exports show names. One query per table and batch of rows, never one per row.
import type { Kysely } from 'kysely';
import { FIELD_TYPES, ROW_LABELS, type RowLabels } from '../../common/field-types';
import { scopeOf, type SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../domain/companies';
import { parseId } from '../domain/ids';
import { projectIdsInScope } from '../domain/projects';
import type { EntityModel, ModelField } from './model';
import type { ApiRow } from './row-codec';

type NamedTable = NonNullable<(typeof FIELD_TYPES)[keyof typeof FIELD_TYPES]['names']>;

const labelledFields = (model: EntityModel): Array<{ field: ModelField; table: NamedTable }> =>
  model.fields.flatMap((field) => {
    const table = FIELD_TYPES[field.type].names;
    return table ? [{ field, table }] : [];
  });

async function namesOf(db: Kysely<Database>, table: NamedTable, ids: readonly number[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** The rows with their `labels` map; rows of an entity without labelled fields come back unchanged. */
export async function withLabels(db: Kysely<Database>, model: EntityModel, rows: readonly ApiRow[]): Promise<ApiRow[]> {
  const labelled = labelledFields(model);
  if (labelled.length === 0) return [...rows];
  const wanted = new Map<NamedTable, Set<number>>();
  for (const { field, table } of labelled) {
    const ids = wanted.get(table) ?? new Set<number>();
    for (const row of rows) {
      const id = parseId(row[field.name] as string | null);
      if (id !== null) ids.add(id);
    }
    wanted.set(table, ids);
  }
  const names = new Map<NamedTable, Map<string, string>>();
  for (const [table, ids] of wanted) names.set(table, await namesOf(db, table, [...ids]));
  return rows.map((row) => {
    // Labels a readRows hook gave (a virtual field's name, e.g. a user's role) are kept.
    const labels: RowLabels = { ...((row[ROW_LABELS] as RowLabels | undefined) ?? {}) };
    for (const { field, table } of labelled) {
      const value = row[field.name];
      const name = value === null || value === undefined ? undefined : names.get(table)?.get(String(value));
      if (name !== undefined) labels[field.name] = name;
    }
    return { ...row, [ROW_LABELS]: labels };
  });
}

// ---- import: labels back to ids ----

/**
 * An import cell of a labelled field → its id: a name within the caller's scope (projects in scope; the
 * current company and its subsidiaries), or an id as written. `undefined` when no such name is visible.
 */
export type LabelResolver = (field: ModelField, cell: string | number) => string | undefined;

export async function labelResolver(
  db: Kysely<Database>,
  session: SessionContext,
  model: EntityModel,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<LabelResolver> {
  const wanted = new Map<NamedTable, Set<string>>();
  for (const { field, table } of labelledFields(model)) {
    const names = wanted.get(table) ?? new Set<string>();
    for (const row of rows) {
      const cell = row[field.name];
      if (typeof cell === 'string' && cell.trim() !== '' && parseId(cell) === null) names.add(cell.trim());
    }
    wanted.set(table, names);
  }
  const ids = new Map<NamedTable, Map<string, string>>();
  for (const [table, names] of wanted) {
    if (names.size === 0) continue;
    const visible =
      table === 'projects' ? projectIdsInScope(db, scopeOf(session)) : subtreeIds(db, session.companyId);
    const found = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('name', 'in', [...names])
      .where('id', 'in', visible)
      .orderBy('id')
      .execute();
    const byName = new Map<string, string>();
    // Two of the same name: the older one, so the choice is stable.
    for (const r of found) if (!byName.has(r.name)) byName.set(r.name, String(r.id));
    ids.set(table, byName);
  }
  return (field, cell) => {
    const text = String(cell).trim();
    const table = FIELD_TYPES[field.type].names;
    if (!table || parseId(text) !== null) return text;
    return ids.get(table)?.get(text);
  };
}
