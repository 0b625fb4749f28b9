// Field permissions (docs/metadata.md "Field permissions"): a field may need a §6 button of its entity's
// page and group to be seen (`viewAction`) and another to be written (`editAction`). One rule for server
// (answers, filters, writes, sheets) and browser (columns, search, form, detail):
// - seen: `full` with viewAction (or none declared); else `masked` when the field has a `mask`, else `hidden`;
// - written in a new row: with editAction (or none declared), unless hidden — a masked value may be
//   entered (a clerk registers a worker's ID number and afterwards sees it masked);
// - changed in an existing row: with editAction, and only when seen in full (nobody overwrites what
//   they cannot read).
import { maskIdNumber, maskMobile } from '../display';
import type { EntityField, FieldMask } from '../metadata';

export type FieldView = 'full' | 'masked' | 'hidden';
export type FieldAccess = { view: FieldView; create: boolean; update: boolean };

/** Whether the caller holds a §6 button of the entity's page and group. */
export type HoldsAction = (action: string) => boolean;

export const FULL_ACCESS: FieldAccess = { view: 'full', create: true, update: true };

export const MASKS: Readonly<Record<FieldMask, (value: string) => string>> = {
  idNumber: maskIdNumber,
};

export const isProtected = (field: Pick<EntityField, 'viewAction' | 'editAction'>): boolean =>
  field.viewAction !== undefined || field.editAction !== undefined;

export function fieldAccess(field: Pick<EntityField, 'viewAction' | 'editAction' | 'mask'>, holds: HoldsAction): FieldAccess {
  if (!isProtected(field)) return FULL_ACCESS;
  const view: FieldView = !field.viewAction || holds(field.viewAction) ? 'full' : field.mask ? 'masked' : 'hidden';
  const edit = !field.editAction || holds(field.editAction);
  return { view, create: edit && view !== 'hidden', update: edit && view === 'full' };
}

/** The value a caller sees of a masked field. */
export function maskValue(field: Pick<EntityField, 'mask'>, value: unknown): unknown {
  if (value === null || value === undefined || value === '' || !field.mask) return value;
  return MASKS[field.mask](String(value));
}

/**
 * Personal data (PIPL, §5.6; docs/security-privilege.md "Personal data"): ID numbers (a field with a
 * `mask`, or a list column shown `maskId`, e.g. 工资卡's 银行卡号) and mobile numbers (format `mobile`). Lists and exports answer them masked — an ID
 * as 5110**********123X, a phone as 138****1234 — whoever asks; the detail answers them as the field
 * permissions allow (the edit form needs the value), and an export carries them whole only for a role
 * holding EXPORT_PERSONAL_DATA on the entity's page (audited).
 */
export type PersonalMask = FieldMask | 'mobile';

const PERSONAL_MASKS: Readonly<Record<PersonalMask, (value: string) => string>> = { ...MASKS, mobile: maskMobile };

/** The §6 button of a page that lets its export carry personal data whole (role editor: 导出完整个人信息). */
export const EXPORT_PERSONAL_DATA = 'exportPersonalData';

/**
 * The detail's query key and value for personal data as the field permissions allow (`personal=full`):
 * the edit form, a form filled from a picked row and the detail dialog's 显示完整信息 send it; without it a
 * detail (its children and related lists too) answers ID and mobile numbers masked, as the list does (issue 29).
 */
export const DETAIL_PERSONAL_PARAM = 'personal';
export const DETAIL_PERSONAL_FULL = 'full';
export const EXPORT_PERSONAL_DATA_TITLE = '导出完整个人信息';

/** How a list masks this field's values, or undefined when the field is no personal data. */
export const personalMask = (field: Pick<EntityField, 'mask' | 'format'>): PersonalMask | undefined =>
  field.mask ?? (field.format === 'mobile' ? 'mobile' : undefined);

/** A value as a list shows it under this mask (an already masked value stays as it is). */
export function maskPersonal(mask: PersonalMask | undefined, value: unknown): unknown {
  if (value === null || value === undefined || value === '' || !mask) return value;
  return PERSONAL_MASKS[mask](String(value));
}

/** `无权修改身份证号`: a write of a field the caller may not change. */
export const noEditMessage = (title: string): string => `无权修改${title}`;
/** A filter, sort or keyword on a field the caller cannot see in full. */
export const noSearchMessage = (title: string): string => `无权按${title}查询或排序`;
