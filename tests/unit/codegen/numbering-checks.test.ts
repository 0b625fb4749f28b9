// Numbering rules (issue 29, docs/metadata.md "Numbering"): the pattern helpers of common/metadata/numbering.ts,
// the schema checks of check-numbering.ts on the product's 混凝土订单 with one mistake each (every refusal
// names the file, the pointer and, in Chinese, what would be right), and the dialog's read-only box.
import { describe, expect, it } from 'vitest';
import type { ISchema } from '@formily/react';
import type { EntityField, EntitySchema, PageSchema } from '../../../common/metadata';
import { checkNumbering } from '../../../common/metadata/check-numbering';
import { resolveEntity } from '../../../common/metadata/entity';
import { formatNumber, numberingPeriod, numberRegex, parseNumberingPattern, type NumberingPart } from '../../../common/metadata/numbering';
import { readSchemas } from '../../../codegen/read-schemas';
import { toPayload } from '../../../src/engine/schema/form-values';
import { buildFormSchema } from '../../../src/engine/schema/form-schema';

const ORDER = 'schemas/entities/concrete-order.json';
const { sources } = readSchemas();
const order = () => structuredClone(sources.entities.find((e) => e.file === ORDER)!.json as EntitySchema);
const orderNoAt = (e: EntitySchema) => `/fields/${e.fields.findIndex((f) => f.name === 'orderNo')}`;
const field = (e: EntitySchema, name: string): EntityField => e.fields.find((f) => f.name === name)!;

function problems(edit: (e: EntitySchema) => void = () => {}): string[] {
  const e = order();
  edit(e);
  const found: string[] = [];
  checkNumbering(ORDER, e, (file, at, _message, zh) => void found.push(`${file}: ${at}: ${zh}`));
  return found;
}

const parts = (pattern: string): NumberingPart[] => {
  const parsed = parseNumberingPattern(pattern);
  if ('error' in parsed) throw new Error(parsed.error[0]);
  return parsed.parts;
};

// 2026-12-07 23:30 China time is 15:30 UTC: the number shows China's day, not UTC's.
const LATE = Date.UTC(2026, 11, 7, 15, 30);
const EARLY = Date.UTC(2026, 11, 7, 16, 30);

describe('numbering patterns', () => {
  it('formats the China day and the padded sequence; a sequence past its width keeps its digits', () => {
    expect(formatNumber(parts('DD-{yyyyMMdd}-{seq:4}'), LATE, 7)).toBe('DD-20261207-0007');
    expect(formatNumber(parts('DD-{yyyyMMdd}-{seq:4}'), EARLY, 1)).toBe('DD-20261208-0001');
    expect(formatNumber(parts('ZG{yyMM}{seq:3}号'), LATE, 12345)).toBe('ZG261212345号');
    expect(formatNumber(parts('{yyyy}-{MM}-{dd}/{seq:2}'), LATE, 3)).toBe('2026-12-07/03');
  });

  it('counts in the reset period of China time', () => {
    expect([numberingPeriod('day', LATE), numberingPeriod('day', EARLY)]).toEqual(['20261207', '20261208']);
    expect(numberingPeriod('month', LATE)).toBe('202612');
    expect(numberingPeriod('year', LATE)).toBe('2026');
    expect(numberingPeriod('never', LATE)).toBe('');
  });

  it('matches the period’s numbers (literal text escaped, finer date parts any day)', () => {
    expect(numberRegex(parts('D.D-{yyyyMMdd}-{seq:4}'), LATE, 'day')).toBe('^D\\.D-20261207-([0-9]{4,})$');
    expect(numberRegex(parts('DD-{yyyyMMdd}-{seq:4}'), LATE, 'month')).toBe('^DD-202612[0-9]{2}-([0-9]{4,})$');
    expect(new RegExp(numberRegex(parts('DD-{yyyyMMdd}-{seq:4}'), LATE, 'day')).exec('DD-20261207-10000')?.[1]).toBe('10000');
  });

  it('refuses tokens that are neither a date nor the one sequence', () => {
    expect(parseNumberingPattern('DD-{date}-{seq:4}')).toMatchObject({ error: [expect.any(String), expect.stringContaining('“{date}”既不是日期')] });
    expect(parseNumberingPattern('DD-{yyyyMMdd}')).toMatchObject({ error: [expect.any(String), expect.stringContaining('须有且只有一个流水号 {seq:N}（现有 0 个）')] });
    expect(parseNumberingPattern('{seq:2}{seq:3}')).toMatchObject({ error: [expect.any(String), expect.stringContaining('现有 2 个')] });
    expect(parseNumberingPattern('DD-{seq:0}')).toMatchObject({ error: [expect.any(String), expect.stringContaining('位数 1-9')] });
    expect(parseNumberingPattern('DD}-{seq:4}')).toMatchObject({ error: [expect.any(String), expect.stringContaining('不成对')] });
  });
});

describe('numbering checks', () => {
  it('the product schemas pass', () => {
    for (const { file, json } of sources.entities) {
      const found: string[] = [];
      checkNumbering(file, json as EntitySchema, (f, at, _m, zh) => void found.push(`${f}: ${at}: ${zh}`));
      expect(found).toEqual([]);
    }
  });

  it('refuses a bad pattern, naming file and pointer', () => {
    const at = orderNoAt(order());
    expect(problems((e) => (field(e, 'orderNo').numbering!.pattern = 'DD-{yyyyMMdd}-{seq}'))).toEqual([
      `${ORDER}: ${at}/numbering/pattern: “{seq}”既不是日期（{yyyyMMdd}、{yyyyMM}、{yyyy}、{yyMMdd} 等，由 yyyy、yy、MM、dd 组成）也不是流水号（{seq:4}，位数 1-9）`,
    ]);
  });

  it('refuses a reset the pattern does not show (the numbers would repeat)', () => {
    expect(problems((e) => (field(e, 'orderNo').numbering!.pattern = 'DD-{yyyyMM}-{seq:4}'))).toEqual([
      expect.stringMatching(/\/numbering\/reset: reset 为 day 时流水号会重新从 1 开始，编码规则须含日（dd），否则编号会重复/),
    ]);
    expect(problems((e) => Object.assign(field(e, 'orderNo').numbering!, { pattern: 'DD-{seq:6}', reset: 'never' }))).toEqual([]);
  });

  it('refuses a scope narrower than the unique rule, and a project scope on company data', () => {
    expect(problems((e) => (e.unique = [{ fields: ['orderNo'], scope: 'global' }]))).toEqual([
      expect.stringMatching(/\/numbering\/scope: 编码规则按每个公司编号（company），但唯一规则要求全表不重复（global）：不同公司会生成相同编号，请把 scope 改为 global/),
    ]);
    expect(problems((e) => (field(e, 'orderNo').numbering!.scope = 'project'))[0]).toMatch(/数据不属于项目（scope 为 company）：编码规则的 scope 请改为 company 或 global/);
    expect(problems((e) => (e.unique = []))[0]).toMatch(/须同时声明唯一规则 "unique": \[\{ "fields": \["orderNo"\], "scope": "company" \}\]/);
  });

  it('refuses numbers the field cannot hold, and fields that are no stored text', () => {
    expect(problems((e) => (field(e, 'orderNo').maxLength = 12))[0]).toMatch(/生成的编号（如“DD-20261231-0001”）超过了字段的最大长度 12/);
    expect(problems((e) => (field(e, 'orderNo').numbering!.pattern = 'DD_{yyyyMMdd}_{seq:4}'))[0]).toMatch(/不符合字段的 pattern/);
    expect(problems((e) => (field(e, 'orderNo').type = 'integer'))[0]).toMatch(/是 integer 类型：编码规则只用于 string 类型的字段/);
    expect(problems((e) => (field(e, 'orderNo').default = 'X'))[0]).toMatch(/值由服务器生成：不能再写 default/);
    expect(problems((e) => (field(e, 'orderNo').readOnly = false))[0]).toMatch(/是只读的：请去掉 "readOnly": false/);
  });
});

describe('a numbered field in the dialog', () => {
  const page = sources.pages.find((p) => (p.json as PageSchema).name === 'concreteOrder')!.json as PageSchema;
  const entity = resolveEntity(order(), () => undefined);
  const fieldsOf = (schema: ISchema) => ((schema.properties as Record<string, ISchema>).grid.properties ?? {}) as Record<string, ISchema>;

  it('is read-only with 保存后自动生成 when adding, its number when editing, and never sent', () => {
    expect(field(entity, 'orderNo').readOnly).toBe(true);
    const add = fieldsOf(buildFormSchema(page, entity, 'create')).orderNo;
    expect(add).toMatchObject({ 'x-pattern': 'readOnly', 'x-validator': [], 'x-component': 'Input', 'x-component-props': { placeholder: '保存后自动生成' } });
    const edit = fieldsOf(buildFormSchema(page, entity, 'update')).orderNo;
    expect(edit).toMatchObject({ 'x-pattern': 'readOnly', 'x-validator': [] });
    expect((edit['x-component-props'] as Record<string, unknown>).placeholder).toBeUndefined();
    expect(toPayload(entity, { orderNo: 'DD-1', pourPart: '顶板' }, 'create')).not.toHaveProperty('orderNo');
  });
});
