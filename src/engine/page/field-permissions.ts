// Field permissions in the browser (docs/metadata.md "Field permissions", common/metadata/field-access.ts):
// the page as this role may use it. A field it may not see is no column, search field, form field or
// detail field; a masked one (身份证号 without viewIdNumber) stays in the list and detail with the value
// the server masked, is no search field, and is drawn only in the add dialog (a new row's number may be
// entered, an existing one not changed); a field it may not write is no form field. The server enforces
// the same rules; this only keeps the screen from offering what would be refused.
import { fieldAccess, isProtected, type FieldAccess, type HoldsAction } from '../../../common/metadata/field-access';
import type { EntitySchema, FormField, PageSchema } from '../../../common/metadata';
import { formFieldSpec } from '../schema/entity-fields';

export function fieldAccessMap(entity: EntitySchema, holds: HoldsAction): ReadonlyMap<string, FieldAccess> {
  return new Map(entity.fields.filter(isProtected).map((f) => [f.name, fieldAccess(f, holds)]));
}

/** A form field as this role may use it: dropped, kept, or kept for the add dialog only. */
function formField(raw: FormField, access: FieldAccess | undefined): FormField | null {
  if (!access) return raw;
  const spec = formFieldSpec(raw);
  const modes = (['create', 'update'] as const).filter((m) => access[m] && (spec.only === undefined || spec.only === m));
  if (modes.length === 0) return null;
  if (modes.length === 2) return raw;
  return { ...spec, only: modes[0] };
}

/** The page with what the role may not see or write taken out (unchanged when the entity protects nothing). */
export function restrictPage(page: PageSchema, entity: EntitySchema, holds: HoldsAction): PageSchema {
  const rights = fieldAccessMap(entity, holds);
  if (rights.size === 0) return page;
  const seen = (name: string) => rights.get(name)?.view !== 'hidden';
  const full = (name: string) => (rights.get(name)?.view ?? 'full') === 'full';
  const keep = (raw: FormField) => seen(formFieldSpec(raw).field);
  return {
    ...page,
    list: { ...page.list, columns: page.list.columns.filter((c) => seen(c.field)) },
    ...(page.search ? { search: { ...page.search, fields: page.search.fields.filter((f) => full(f.field)) } } : {}),
    ...(page.form
      ? { form: { ...page.form, fields: page.form.fields.map((f) => formField(f, rights.get(formFieldSpec(f).field))).filter((f): f is FormField => f !== null) } }
      : {}),
    ...(page.detail ? { detail: { ...page.detail, fields: page.detail.fields.filter(keep) } } : {}),
  };
}

/** Fields this role may not send in this dialog: never part of the payload, whatever the loaded row holds. */
export function unwritableFields(entity: EntitySchema, holds: HoldsAction, mode: 'create' | 'update'): Set<string> {
  return new Set([...fieldAccessMap(entity, holds)].filter(([, a]) => !a[mode]).map(([name]) => name));
}
