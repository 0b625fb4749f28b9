// Computed fields in the dialog (src/engine/schema/computed.ts, form-schema.ts; docs/metadata.md
// "Computed fields"): the 设备租赁合同 form draws 合同金额 read-only with the formula as its tooltip, a
// reaction keeps it at the formula's value over the form and the child lines, and the line table gets each
// line's share and exact sums.
import { describe, expect, it } from 'vitest';
import type { Field } from '@formily/core';
import type { ISchema } from '@formily/react';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { readSchemas } from '../../../codegen/read-schemas';
import { computedText, exactSum, linesBox, linesOf, shareColumns } from '../../../src/engine/schema/computed';
import { buildFormSchema } from '../../../src/engine/schema/form-schema';

const { sources } = readSchemas();
const entity = (name: string) => sources.entities.find((e) => (e.json as EntitySchema).name === name)!.json as EntitySchema;
const lease = entity('EquipmentLease');
const item = entity('LeaseItem');
const page = sources.pages.find((p) => (p.json as PageSchema).name === 'equipmentLease')!.json as PageSchema;
const fieldsOf = (schema: ISchema) => ((schema.properties as Record<string, ISchema>).grid.properties ?? {}) as Record<string, ISchema>;

describe('a computed field in the dialog', () => {
  it('is drawn read-only, without rules, with its formula in the fields’ titles as the tooltip', () => {
    const amount = fieldsOf(buildFormSchema(page, lease, 'create', { lines: linesBox(), related: (n) => (n === 'LeaseItem' ? item : undefined) })).amount;
    expect(amount['x-pattern']).toBe('readOnly');
    expect(amount['x-validator']).toEqual([]);
    expect((amount['x-decorator-props'] as Record<string, unknown>).tooltip).toBe('自动计算：合计(租赁明细：数量 × 月租金 × 租期)');
    expect(amount['x-component-props']).toMatchObject({ className: 'engine-computed', precision: 2 });
    const format = (amount['x-component-props'] as { formatter: (v: unknown) => string }).formatter;
    expect(format(1234567.5)).toBe('1,234,567.50');
    expect(format(null)).toBe('');
    // Other read-only fields (the workflow's status) stay out of the form.
    expect(fieldsOf(buildFormSchema(page, lease)).status).toBeUndefined();
  });

  it('follows the form and the lines through its reaction', () => {
    const lines = linesBox();
    const amount = fieldsOf(buildFormSchema(page, lease, 'create', { lines })).amount;
    const react = amount['x-reactions'] as (target: Field) => void;
    let value: unknown;
    const target = { form: { values: { leaseNo: 'X' } }, get value() { return value; }, setValue: (v: unknown) => void (value = v) } as unknown as Field;
    react(target);
    expect(value).toBe(0);
    lines.value = { items: linesOf(item, [{ quantity: 1, monthlyRent: 8000, months: 12 }, { quantity: 2, monthlyRent: 4500.5, months: 3 }]) };
    react(target);
    expect(value).toBe(123003);
    lines.value = { items: [{ quantity: 3, monthlyRent: 0.1, months: 1 }, { quantity: 1, monthlyRent: 0.2, months: 1 }] };
    react(target);
    expect(value).toBe(0.5);
  });

  it('gives the line table each line’s share, exact sums and their text', () => {
    const table = page.form!.children![0];
    const [share] = shareColumns(lease, table);
    expect(share).toMatchObject({ key: 'amount', title: '合同金额（元）', type: 'money' });
    expect(share.value({ quantity: 2, monthlyRent: 4500.5, months: 3 })).toBe(27003);
    expect(exactSum([0.1, 0.2, null, '', '0.30'], 'money')).toBe(0.6);
    expect(exactSum([], 'integer')).toBe(0);
    expect(computedText(132004, 'money')).toBe('132,004.00');
    expect(computedText(3, 'integer')).toBe('3');
    expect(computedText(null, 'money')).toBe('—');
  });
});
