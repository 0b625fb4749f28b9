// What the generic engine derives once from a resolved entity (docs/metadata.md): endpoint names with
// DEFAULT_API filled in, the key field, name and wire-name lookups, the project column of 'project'
// scope. Identifiers used in SQL come from here, i.e. from the validated schema, never from a request.
import { FIELD_TYPES } from '../../common/field-types';
import { DEFAULT_API, type EntityApi } from '../../common/metadata';
import { projectColumn } from '../../common/metadata/columns';
import type { ResolvedEntity, ResolvedField } from '../../common/metadata/types';
import { sortKeyFields } from './sort-keys';

export type ResolvedApi = Required<EntityApi>;
export type ModelField = ResolvedField;

export type EntityModel = {
  entity: ResolvedEntity;
  api: ResolvedApi;
  table: string;
  fields: readonly ModelField[];
  idField: ModelField;
  /** A platform table (server/db/migrations): no engine system columns (created_by, updated_at). */
  platform: boolean;
  /** Fields with a column of their own: all but `virtual` ones (hooks keep those). */
  stored: readonly ModelField[];
  /** Stored fields a read answers: all but `writeOnly` ones. */
  selected: readonly ModelField[];
  /** Fields sorted by a stored pinyin key (sort-keys.ts): the writes set it, the list orders by it. */
  sortKeyed: readonly ModelField[];
  /** Rows form a tree through this field (entity `parentField`). */
  parentField?: ModelField;
  /** 'project' scope: the column naming the row's project (its project field, or the system project_id). */
  projectColumn: string | null;
  /** The field behind `projectColumn`, when the entity has one. */
  projectField?: ModelField;
  byName: ReadonlyMap<string, ModelField>;
  /** Field names and wire names → field, for write payloads. */
  byInput: ReadonlyMap<string, ModelField>;
  /** Position of each field in schema order: the order validation messages are reported in (§5.1). */
  order: ReadonlyMap<string, number>;
};

/** Column names shared by every entity table (docs/metadata.md system columns, common/metadata/columns.ts). */
export const SYSTEM_COLUMNS = {
  id: 'id',
  companyId: 'company_id',
  projectId: 'project_id',
  createdBy: 'created_by',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  ifDel: 'if_del',
  /** Optimistic concurrency (docs/metadata.md "Versions"): engine tables only, raised by every update. */
  version: 'version',
} as const;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function buildModel(entity: ResolvedEntity): EntityModel {
  const where = `entity ${entity.name}`;
  // The catalog checks these already; a second look costs nothing where names reach SQL.
  if (!IDENTIFIER.test(entity.table)) throw new Error(`${where}: table "${entity.table}" is not a lower snake_case identifier`);
  for (const f of entity.fields) {
    if (!IDENTIFIER.test(f.column)) throw new Error(`${where}: field ${f.name} has an invalid column "${f.column}"`);
    if (!(f.type in FIELD_TYPES)) throw new Error(`${where}: field ${f.name} has an unknown type "${f.type}"`);
  }
  const idField = entity.fields.find((f) => f.type === 'id');
  if (!idField) throw new Error(`${where}: no field of type id`);

  const byInput = new Map<string, ModelField>();
  for (const f of entity.fields) {
    byInput.set(f.name, f);
    if (f.wire) byInput.set(f.wire, f);
  }
  const scopeColumn = entity.scope === 'project' ? projectColumn(entity) : null;
  const stored = entity.fields.filter((f) => !f.virtual);
  return {
    entity,
    api: { ...DEFAULT_API, ...entity.api },
    table: entity.table,
    fields: entity.fields,
    idField,
    platform: entity.platform === true,
    stored,
    selected: stored.filter((f) => !f.writeOnly),
    sortKeyed: sortKeyFields(entity),
    parentField: entity.parentField ? entity.fields.find((f) => f.name === entity.parentField) : undefined,
    projectColumn: scopeColumn,
    projectField: scopeColumn ? entity.fields.find((f) => f.type === 'project' && f.column === scopeColumn) : undefined,
    byName: new Map(entity.fields.map((f) => [f.name, f])),
    byInput,
    order: new Map(entity.fields.map((f, i) => [f.name, i])),
  };
}

/** Answered fields (list, detail, export): every field but `writeOnly` ones; virtual ones come from hooks. */
export const answeredFields = (model: EntityModel): ModelField[] => model.fields.filter((f) => !f.writeOnly);

/** Fields a client may write: everything but the key and read-only fields (those are set by the server). */
export const writableFields = (model: EntityModel): ModelField[] =>
  model.fields.filter((f) => f !== model.idField && !f.readOnly);
