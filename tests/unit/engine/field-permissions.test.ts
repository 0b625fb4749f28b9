// Field permissions in the browser (src/engine/page/field-permissions.ts): on the real 花名册 and 工资发放
// pages, a role without viewIdNumber keeps the masked 身份证号 column and detail but loses its search and
// its edit-dialog field (the add dialog keeps it); a role without viewSalary loses the amounts everywhere;
// the edit dialog never sends a field the role may not write.
import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../common/metadata';
import { PAGE_LOADERS } from '../../../src/engine/generated/page-registry';
import { restrictPage, unwritableFields } from '../../../src/engine/page/field-permissions';
import { hiddenFormFields } from '../../../src/engine/schema/form-schema';

const holding = (...actions: string[]) => (action: string) => actions.includes(action);
const names = (fields: readonly FormField[] | undefined) => (fields ?? []).map((f) => (typeof f === 'string' ? f : f.field));

describe('restrictPage', () => {
  it('keeps everything for a role holding viewIdNumber', async () => {
    const { page, entity } = await PAGE_LOADERS.worker();
    expect(restrictPage(page, entity, holding('viewIdNumber'))).toEqual(page);
  });

  it('without viewIdNumber: masked column and detail stay, search goes, the number is entered only in the add dialog', async () => {
    const { page, entity } = await PAGE_LOADERS.worker();
    const shown = restrictPage(page, entity, holding('search', 'add', 'edit'));
    expect(shown.list.columns.map((c) => c.field)).toContain('idCardNo');
    expect(names(shown.detail?.fields)).toContain('idCardNo');
    expect((shown.search?.fields ?? []).some((f) => f.field === 'idCardNo')).toBe(false);
    expect(names(shown.form?.fields)).toContain('idCardNo');
    expect(hiddenFormFields(shown, 'update').has('idCardNo')).toBe(true);
    expect(hiddenFormFields(shown, 'create').has('idCardNo')).toBe(false);
    expect(unwritableFields(entity, holding('edit'), 'update')).toEqual(new Set(['idCardNo']));
    expect(unwritableFields(entity, holding('edit'), 'create')).toEqual(new Set());
  });

  it('without viewSalary: the amounts are no column, form or detail field and are never sent', async () => {
    const { page, entity } = await PAGE_LOADERS.payroll();
    const amounts = ['totalAmount', 'paidAmount'];
    expect(page.list.columns.some((c) => amounts.includes(c.field))).toBe(true);
    const shown = restrictPage(page, entity, holding('search', 'add', 'edit'));
    for (const part of [shown.list.columns.map((c) => c.field), names(shown.form?.fields), names(shown.detail?.fields), (shown.search?.fields ?? []).map((f) => f.field)]) {
      expect(part.filter((f) => amounts.includes(f))).toEqual([]);
    }
    expect(unwritableFields(entity, holding('edit'), 'create')).toEqual(new Set(amounts));
    expect(restrictPage(page, entity, holding('viewSalary'))).toEqual(page);
  });
});
