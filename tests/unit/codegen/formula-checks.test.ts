// The schema checks of computed fields (common/metadata/check-formula.ts, docs/metadata.md "Computed
// fields") on the product's 设备租赁合同 with one mistake each: every refusal names the file, the JSON
// pointer and, in Chinese, what is wrong and what would be right.
import { describe, expect, it } from 'vitest';
import type { EntityField, EntitySchema, PageSchema } from '../../../common/metadata';
import { checkSchemas } from '../../../common/metadata/check';
import { checkFormulas, checkPageSums } from '../../../common/metadata/check-formula';
import { formatProblem, formatProblemZh } from '../../../common/metadata/problems';
import { readSchemas } from '../../../codegen/read-schemas';

const LEASE = 'schemas/entities/equipment-lease.json';
const LEASE_PAGE = 'schemas/pages/equipment-lease.json';

type Problem = { file: string; at: string; message: string; messageZh: string };

function problems(edit: (lease: EntitySchema, item: EntitySchema, page: PageSchema) => void = () => {}): Problem[] {
  const { sources } = readSchemas();
  const copy = structuredClone(sources);
  const entities = copy.entities.map((e) => e.json as EntitySchema);
  const lease = entities.find((e) => e.name === 'EquipmentLease')!;
  const item = entities.find((e) => e.name === 'LeaseItem')!;
  const page = copy.pages.find((p) => p.file.endsWith('equipment-lease.json'))!.json as PageSchema;
  edit(lease, item, page);
  const found: Problem[] = [];
  const report = (file: string, at: string, message: string, messageZh: string) => void found.push({ file, at, message, messageZh });
  for (const e of copy.entities) checkFormulas(e.file, e.json as EntitySchema, entities, report);
  for (const p of copy.pages) {
    const entity = entities.find((e) => e.name === (p.json as PageSchema).entity);
    if (entity) checkPageSums(p.file, p.json as PageSchema, entity, (name) => entities.find((e) => e.name === name), report);
  }
  return found;
}

const field = (entity: EntitySchema, name: string): EntityField => entity.fields.find((f) => f.name === name)!;
const amountAt = (lease: EntitySchema) => `/fields/${lease.fields.findIndex((f) => f.name === 'amount')}`;
const zh = (edit: Parameters<typeof problems>[0]) => problems(edit).map((p) => `${p.file}: ${p.at}: ${p.messageZh}`);

describe('computed field checks', () => {
  it('the product schemas pass', () => {
    expect(problems()).toEqual([]);
  });

  it('refuses a formula that does not parse, naming file and pointer', () => {
    const { sources } = readSchemas();
    const lease = sources.entities.find((e) => e.file === LEASE)!.json as EntitySchema;
    // (The page's 合计 of amount is then refused too: amount no longer totals the lines.)
    expect(zh((l) => (field(l, 'amount').formula = 'sum(items, quantity *')).filter((p) => p.startsWith(LEASE))).toEqual([
      expect.stringMatching(new RegExp(`^${LEASE}: ${amountAt(lease)}/formula: 字段“amount”的公式“sum\\(items, quantity \\*”有误：公式无法解析`)),
    ]);
  });

  it('refuses unknown fields, child collections, line fields and functions', () => {
    expect(zh((l) => (field(l, 'amount').formula = 'deposit + fee'))[0]).toMatch(/公式中的实体 EquipmentLease 没有字段“fee”，可选：id、leaseNo/);
    expect(zh((l) => (field(l, 'amount').formula = 'sum(lines, quantity)'))[0]).toMatch(/公式中的子表“lines”不存在：实体 EquipmentLease 的子表（children）有：items/);
    expect(zh((l) => (field(l, 'amount').formula = 'sum(items, quantity * price)'))[0]).toMatch(/实体 LeaseItem 没有字段“price”，可选的数值字段：quantity、monthlyRent、months、seq/);
    expect(zh((l) => (field(l, 'amount').formula = 'items * 2'))[0]).toMatch(/“items”是子表，须写在 sum\(items, 行表达式\) 或 count\(items\) 里/);
    expect(zh((l) => (field(l, 'amount').formula = 'sqrt(deposit)'))[0]).toMatch(/未知函数“sqrt”，可用：sum、count、round、min、max、abs、if/);
    expect(zh((l) => (field(l, 'amount').formula = 'deposit.constructor'))[0]).toMatch(/成员访问/);
  });

  it('refuses a formula over non-numeric or hidden fields', () => {
    expect(zh((l) => (field(l, 'amount').formula = 'leaseNo * 2'))[0]).toMatch(/字段 EquipmentLease.leaseNo 是 string 类型，公式只能使用数值字段/);
    expect(zh((_l, item) => (field(item, 'monthlyRent').viewAction = 'viewIdNumber'))[0]).toMatch(/字段 LeaseItem.monthlyRent 需要“viewIdNumber”权限才能看到，计算结果会泄露它/);
  });

  it('refuses a field that uses itself or a cycle of computed fields', () => {
    expect(zh((l) => (field(l, 'amount').formula = 'amount + sum(items, months)')).filter((p) => p.startsWith(LEASE))).toEqual([expect.stringMatching(/字段“amount”的公式引用了它自己/)]);
    const cycle = zh((l) => {
      field(l, 'amount').formula = 'deposit + 1';
      Object.assign(field(l, 'deposit'), { readOnly: true, formula: 'amount * 0.1' });
    });
    expect(cycle.filter((p) => p.startsWith(LEASE))).toEqual([expect.stringMatching(/计算字段之间循环引用：(deposit → amount → deposit|amount → deposit → amount)/)]);
  });

  it('refuses a formula on a non-numeric, writable or virtual field', () => {
    const at = (p: Problem[]) => p.map((x) => `${x.at}: ${x.messageZh}`);
    const onText = problems((l) => Object.assign(field(l, 'leaseName'), { readOnly: true, formula: 'deposit' }));
    expect(at(onText)).toEqual([expect.stringMatching(/\/type: 计算字段“leaseName”须是数值类型（integer、number 或 money），现为 string/)]);
    expect(at(problems((l) => delete field(l, 'amount').readOnly))).toEqual([expect.stringMatching(/\/formula: 计算字段“amount”由服务端计算，须同时声明 "readOnly": true/)]);
    expect(at(problems((l) => (field(l, 'amount').virtual = true)))).toEqual([expect.stringMatching(/不能是虚拟（virtual）或只写（writeOnly）字段/)]);
  });

  it('checks a page child table’s sums: its numeric columns, or the parent’s total of this collection', () => {
    expect(zh((_l, _i, p) => (p.form!.children![0].sums = ['specModel']))).toEqual([
      `${LEASE_PAGE}: /form/children/0/sums/0: 字段 LeaseItem.specModel 是 string 类型，只能合计数值字段（integer、number、money）`,
    ]);
    expect(zh((_l, _i, p) => (p.form!.children![0].sums = ['seq']))[0]).toMatch(/合计列“seq”不是此子表的列（columns），也不是合计此子表的计算字段（sum\(items, …\)），可选：quantity、monthlyRent、months/);
    expect(zh((_l, _i, p) => (p.form!.children![0].sums = ['deposit']))[0]).toMatch(/^schemas\/pages\/equipment-lease.json: \/form\/children\/0\/sums\/0: 合计列“deposit”/);
  });

  it('is part of codegen: checkSchemas refuses the product schemas with a broken formula', () => {
    const { sources } = readSchemas();
    const copy = structuredClone(sources);
    const lease = copy.entities.find((e) => e.file === LEASE)!.json as EntitySchema;
    field(lease, 'amount').formula = 'sum(items, quantity * rent)';
    const found = checkSchemas(copy).problems.filter((p) => p.file === LEASE);
    expect(found.map(formatProblem)).toEqual([`${LEASE}: ${amountAt(lease)}/formula: entity LeaseItem (children items) has no field "rent"`]);
    expect(formatProblemZh(found[0])).toContain('公式中子表 items 的行表达式：实体 LeaseItem 没有字段“rent”');
  });
});
