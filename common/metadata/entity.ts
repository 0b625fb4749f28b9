// Small questions asked of an entity by the checks, the server engine, codegen and the browser engine.
import { columnOf } from '../field-types';
import type { EntitySchema, JsonContentSchema } from '../metadata';
import type { ResolvedEntity, ResolvedField } from './types';

type AnyEntity = Pick<EntitySchema, 'fields'> | ResolvedEntity;
type AnyField = AnyEntity['fields'][number];

export const fieldByName = <E extends AnyEntity>(entity: E, name: string): E['fields'][number] | undefined =>
  entity.fields.find((f: AnyField) => f.name === name);

/** The key field: the first field of type 'id' (exactly one is allowed). */
export const idField = <E extends AnyEntity>(entity: E): E['fields'][number] | undefined =>
  entity.fields.find((f: AnyField) => f.type === 'id');

/** The entity's own project field (its column holds the project id); none → a project_id system column. */
export const projectField = <E extends AnyEntity>(entity: E): E['fields'][number] | undefined =>
  entity.fields.find((f: AnyField) => f.type === 'project');

/** The entity a `{ table, field }` dictionary names: lookupName matched case-insensitively (§7.6 tableName). */
export function findEntityByLookupName<E extends Pick<EntitySchema, 'lookupName'>>(entities: Iterable<E>, tableName: string): E | undefined {
  const wanted = tableName.toLowerCase();
  for (const e of entities) if (e.lookupName?.toLowerCase() === wanted) return e;
  return undefined;
}

/** The field of a `{ table, field }` dictionary: name matched case-insensitively (DeviceType → deviceType). */
export const findLookupField = <E extends AnyEntity>(entity: E, fieldName: string): E['fields'][number] | undefined =>
  entity.fields.find((f: AnyField) => f.name.toLowerCase() === fieldName.toLowerCase() || (f as { lookupAs?: string }).lookupAs?.toLowerCase() === fieldName.toLowerCase());

/** Columns worked out and `content` names replaced by their schema (the caller has checked they exist). */
export function resolveEntity(entity: EntitySchema, content: (name: string) => JsonContentSchema | undefined): ResolvedEntity {
  const { fields, ...rest } = stripFileKeys(entity);
  return {
    ...rest,
    fields: fields.map((f): ResolvedField => {
      const { content: c, column: _column, ...field } = f;
      const resolved = typeof c === 'string' ? content(c) : c;
      return {
        ...field,
        // A numbered field is the server's to fill (docs/metadata.md "Numbering"): read-only to clients.
        ...(f.numbering ? { readOnly: true } : {}),
        column: columnOf(f),
        ...(resolved ? { content: resolved } : {}),
        ...(typeof c === 'string' ? { contentName: c } : {}),
      };
    }),
  };
}

/** A schema file without the keys that are about the file ($schema, $comment). */
export function stripFileKeys<T extends object>(json: T): T {
  const { $schema: _s, $comment: _c, ...rest } = json as T & { $schema?: unknown; $comment?: unknown };
  return rest as T;
}
