// Field permissions on the server (docs/metadata.md "Field permissions", common/metadata/field-access.ts):
// what one caller may see and write of each protected field, from the same §6 tree the buttons use.
// Answers (list, detail, export, the written row, related lists) mask or leave out what the caller may
// not see; filters and sorts on it are refused and the keyword skips it (no oracle); writes are refused.
import { hasPermission, type MenuNode } from '../../common/menu-tree';
import { fieldAccess, isProtected, maskValue, noEditMessage, type FieldAccess, type HoldsAction } from '../../common/metadata/field-access';
import type { SessionContext } from '../auth/session-context';
import { ALL, menuFor } from '../platform/permissions';
import { FieldRefusal } from './errors';
import type { EntityModel, ModelField } from './model';
import type { ApiRow } from './row-codec';

/** Field name → access, for the protected fields only (the others are fully open). */
export type FieldRights = ReadonlyMap<string, FieldAccess>;

const NONE: FieldRights = new Map();

/** Whether the caller holds a button of the entity's page and group (system administrators: all, but not while monitoring). */
export function holdsOf(model: EntityModel, menu: readonly MenuNode[], session: SessionContext): HoldsAction {
  const { page, group } = model.entity.permission;
  const tree = session.grants.has(ALL) ? null : menuFor(menu, session.grants, session.monitoring);
  // Monitoring is read-only: its tree keeps search and export only, so protected values stay masked.
  return (action: string) => (tree === null ? !session.monitoring : hasPermission(tree, page, group, action));
}

export function fieldRights(model: EntityModel, menu: readonly MenuNode[], session: SessionContext): FieldRights {
  const protectedFields = model.fields.filter(isProtected);
  if (protectedFields.length === 0) return NONE;
  const holds = holdsOf(model, menu, session);
  return new Map(protectedFields.map((f) => [f.name, fieldAccess(f, holds)]));
}

/** Fields the caller does not see in full (masked or hidden): never filtered, sorted or keyword-searched. */
export const unseen = (rights: FieldRights): ReadonlySet<string> =>
  new Set([...rights].filter(([, a]) => a.view !== 'full').map(([name]) => name));

/** Fields left out of answers and sheets for this caller. */
export const hiddenFields = (rights: FieldRights): ReadonlySet<string> =>
  new Set([...rights].filter(([, a]) => a.view === 'hidden').map(([name]) => name));

/** Answered rows as this caller may see them: masked values masked, hidden ones left out. */
export function restrictRows(model: EntityModel, rights: FieldRights, rows: ApiRow[]): ApiRow[] {
  if (rights.size === 0) return rows;
  const limited = [...rights].filter(([, a]) => a.view !== 'full');
  if (limited.length === 0) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const [name, access] of limited) {
      if (!(name in out)) continue;
      if (access.view === 'hidden') delete out[name];
      else out[name] = maskValue(model.byName.get(name) as ModelField, out[name]);
    }
    return out;
  });
}

/** Refuses a write naming a field the caller may not write in this action (`无权修改身份证号`). */
export function checkWritable(model: EntityModel, rights: FieldRights, values: Record<string, unknown>, action: 'create' | 'update'): void {
  if (rights.size === 0) return;
  for (const f of model.fields) {
    const access = rights.get(f.name);
    if (access && f.name in values && !access[action]) throw new FieldRefusal(noEditMessage(f.title), f.name);
  }
}
