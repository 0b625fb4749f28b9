// The start check of platform entities (docs/metadata.md "Platform tables", docs/decisions.md): an entity
// with `platform: true` maps onto a table of server/db/migrations. The table must exist and must not be one
// the engine made; every stored field's column must exist with a type its field type accepts
// (FIELD_TYPES columnTypes); a NOT NULL column without a default must be written by a required field (or
// the scope); the scope's columns and every relation's link table must exist. Any problem stops the start
// with one line per problem; nothing is created or altered.
import { FIELD_TYPES, INT2_RANGE, numericBounds } from '../../common/field-types';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { ColumnInfo, SchemaState } from './schema-state';

/** The table's columns as read before the sync (schema-state.ts); none when it does not exist. */
const columnsOf = (state: SchemaState, table: string): ReadonlyMap<string, ColumnInfo> => state.columns.get(table) ?? new Map();

/** Problems of one platform entity against its table, as `entity X: …` lines. */
export function platformProblems(entity: ResolvedEntity, columns: ReadonlyMap<string, ColumnInfo>, engineMade: boolean): string[] {
  const where = `entity ${entity.name}`;
  if (columns.size === 0) return [`${where}: platform table "${entity.table}" does not exist (platform tables come from server/db/migrations)`];
  if (engineMade) return [`${where}: table "${entity.table}" was created from an entity schema; only tables of server/db/migrations can be "platform"`];
  const problems: string[] = [];
  const written = new Set<string>();
  for (const field of entity.fields) {
    if (field.virtual) continue;
    const column = columns.get(field.column);
    if (!column) {
      problems.push(`${where}: field ${field.name}: table "${entity.table}" has no column "${field.column}" (add it in a migration)`);
      continue;
    }
    const accepted = FIELD_TYPES[field.type].columnTypes;
    if (!accepted.includes(column.type)) {
      problems.push(`${where}: field ${field.name} (${field.type}): column "${field.column}" is ${column.type}, expected ${accepted.join(' or ')}`);
    }
    // Bounds come from the field type (int4 for integer); a smallint column needs the field's own (docs/security-input.md).
    const bounds = numericBounds(field);
    if (column.type === 'smallint' && field.type === 'integer' && !((bounds.minimum ?? -Infinity) >= INT2_RANGE.minimum && (bounds.maximum ?? Infinity) <= INT2_RANGE.maximum)) {
      problems.push(`${where}: field ${field.name}: column "${field.column}" is smallint; set the field's minimum and maximum within ${INT2_RANGE.minimum}…${INT2_RANGE.maximum}`);
    }
    if (field.required || field.readOnly) written.add(field.column);
  }
  if (entity.scope === 'company') {
    if (!columns.has('company_id')) problems.push(`${where}: scope "company" needs a column "company_id" in "${entity.table}"`);
    written.add('company_id');
  }
  const id = columns.get('id');
  if (id && !id.defaulted) problems.push(`${where}: column "id" of "${entity.table}" needs an identity or a default`);
  for (const [name, column] of columns) {
    if (name === 'id' || column.nullable || column.defaulted || written.has(name)) continue;
    problems.push(`${where}: column "${name}" of "${entity.table}" is NOT NULL without a default; a required field must write it`);
  }
  return problems;
}

function relationProblems(entity: ResolvedEntity, state: SchemaState): string[] {
  const problems: string[] = [];
  for (const r of entity.relations ?? []) {
    const columns = columnsOf(state, r.table);
    if (columns.size === 0) {
      problems.push(`entity ${entity.name}: relation ${r.name}: link table "${r.table}" does not exist (link tables come from server/db/migrations)`);
      continue;
    }
    for (const column of [r.ownColumn, r.otherColumn]) {
      const info = columns.get(column);
      if (!info || !FIELD_TYPES.id.columnTypes.includes(info.type)) {
        problems.push(`entity ${entity.name}: relation ${r.name}: link table "${r.table}" needs an integer column "${column}"`);
      }
    }
  }
  return problems;
}

export function checkPlatformTables(entities: readonly ResolvedEntity[], state: SchemaState): void {
  const problems: string[] = [];
  for (const entity of entities) {
    if (entity.platform) {
      // entity_tables: the registry of tables the sync made (sync-tables.ts), created before this runs.
      problems.push(...platformProblems(entity, columnsOf(state, entity.table), state.owned.has(entity.table)));
    }
    problems.push(...relationProblems(entity, state));
  }
  if (problems.length > 0) throw new Error(`platform tables do not match their entities:\n${problems.join('\n')}`);
}
