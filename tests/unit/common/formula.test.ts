// The computed-field language (common/metadata/formula.ts, docs/metadata.md "Computed fields"): what
// parses, how it evaluates (exact decimals, rounding to the field's precision), and what is refused —
// anything that is not a number, a field name, an allowed operator or function; never a property of an
// object, a global or a prototype.
import { describe, expect, it } from 'vitest';
import {
  computeFormula,
  computeRow,
  computedFields,
  decimalText,
  describeFormula,
  evaluateFormula,
  FormulaError,
  formulaRefs,
  parseFormula,
  toDecimal,
  type FormulaScope,
} from '../../../common/metadata/formula';

const value = (text: string, scope: FormulaScope = { row: {} }) => decimalText(evaluateFormula(parseFormula(text), scope));
const refusal = (text: string): string => {
  try {
    parseFormula(text);
  } catch (e) {
    expect(e).toBeInstanceOf(FormulaError);
    return (e as FormulaError).messageZh;
  }
  throw new Error(`${text} parsed`);
};

describe('parse', () => {
  it('reads numbers, fields, operators, parentheses, unary minus and the functions', () => {
    expect(parseFormula('quantity * (monthlyRent - 1)')).toEqual({
      kind: 'binary', op: '*', left: { kind: 'field', name: 'quantity' },
      right: { kind: 'binary', op: '-', left: { kind: 'field', name: 'monthlyRent' }, right: { kind: 'number', text: '1' } },
    });
    expect(parseFormula('-a')).toEqual({ kind: 'negate', arg: { kind: 'field', name: 'a' } });
    expect(parseFormula('sum(items, quantity * monthlyRent * months)')).toMatchObject({ kind: 'lines', fn: 'sum', collection: 'items' });
    expect(parseFormula('if(a >= 10, round(a / 3, 2), max(a, b, 0))')).toMatchObject({ kind: 'call', fn: 'if' });
  });

  it('names what a formula reads: own fields and each collection’s line fields', () => {
    const refs = formulaRefs(parseFormula('deposit + sum(items, quantity * monthlyRent) + count(items) * fee'));
    expect(refs.fields.sort()).toEqual(['deposit', 'fee']);
    expect([...refs.collections]).toEqual([['items', ['quantity', 'monthlyRent']]]);
  });
});

describe('refusals', () => {
  it('refuses text that does not parse, naming where', () => {
    expect(refusal('quantity * ')).toMatch(/^公式无法解析（第 \d+ 个字符附近）/);
    expect(refusal('sum(items, quantity')).toMatch(/^公式无法解析/);
    expect(refusal('  ')).toMatch(/公式为空/);
    expect(refusal('a'.repeat(501))).toMatch(/超过 500 个字符/);
  });

  it('refuses member access, globals and prototype names', () => {
    expect(refusal('items.length')).toBe('公式不能使用成员访问“items.length”：只能直接写字段名');
    expect(refusal('a["constructor"]')).toMatch(/成员访问/);
    expect(refusal('constructor')).toMatch(/不能使用名称“constructor”/);
    expect(refusal('__proto__ + 1')).toMatch(/不能使用名称“__proto__”/);
    expect(refusal('prototype')).toMatch(/不能使用名称/);
    expect(refusal('this')).toMatch(/ThisExpression|不能使用名称/);
    expect(refusal('globalThis')).toMatch(/不能使用名称/);
    expect(refusal('constructor.constructor("return process")()')).toMatch(/只能调用函数|成员访问/);
    expect(refusal('$x')).toMatch(/不能使用名称“\$x”/);
  });

  it('refuses unknown functions and operators, wrong argument counts, strings, ? : and nested sums', () => {
    expect(refusal('eval(1)')).toBe('未知函数“eval”，可用：sum、count、round、min、max、abs、if');
    expect(refusal('Function(1)')).toMatch(/未知函数“Function”/);
    expect(refusal('a % 2')).toMatch(/不支持运算符“%”/);
    expect(refusal('a && b')).toMatch(/不支持运算符“&&”/);
    expect(refusal('!a')).toMatch(/不支持运算符“!”/);
    expect(refusal('round(1, 2, 3)')).toMatch(/函数 round 的参数个数不对（现为 3 个）/);
    expect(refusal('sum(items)')).toMatch(/函数 sum 的参数个数不对/);
    expect(refusal('sum(1, a)')).toMatch(/第一个参数须是子表名/);
    expect(refusal('sum(items, sum(items, a))')).toMatch(/不能写在 sum 的行表达式里/);
    expect(refusal('"abc"')).toMatch(/只能使用数字常量/);
    expect(refusal('true')).toMatch(/只能使用数字常量/);
    expect(refusal('a ? b : c')).toMatch(/请用 if/);
    expect(refusal('[1, 2]')).toMatch(/ArrayExpression/);
    expect(refusal('sum + 1')).toMatch(/须带括号调用/);
  });
});

describe('evaluation', () => {
  it('computes exact decimals: 0.1 + 0.2 is 0.3, products of cents stay cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(value('0.1 + 0.2')).toBe('0.3');
    expect(value('a + b', { row: { a: 0.1, b: 0.2 } })).toBe('0.3');
    expect(value('a * 3', { row: { a: 1.15 } })).toBe('3.45');
    expect(value('1 / 3')).toBe('0.33333333333333333333');
    expect(value('-a - -2', { row: { a: '5.5' } })).toBe('-3.5');
  });

  it('rounds half away from zero to the field’s precision (money 2, integer 0, number 6)', () => {
    const node = parseFormula('a * b');
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the float way loses the cent
    expect(computeFormula(parseFormula('a'), { row: { a: 1.005 } }, 'money')).toBe(1.01);
    expect(computeFormula(parseFormula('a'), { row: { a: -1.005 } }, 'money')).toBe(-1.01);
    expect(computeFormula(node, { row: { a: 2.5, b: 1 } }, 'integer')).toBe(3);
    expect(computeFormula(parseFormula('a / 3'), { row: { a: 1 } }, 'number')).toBe(0.333333);
    expect(computeFormula(parseFormula('round(a, 1)'), { row: { a: 2.45 } }, 'money')).toBe(2.5);
  });

  it('sums a collection’s lines, counts them; blanks count as 0; a division by zero is no value', () => {
    const items = [{ quantity: 2, monthlyRent: 8000.5, months: 12 }, { quantity: 1, monthlyRent: '0.10', months: 3 }, { quantity: null, monthlyRent: 5, months: 1 }];
    const scope = { row: {}, children: { items } };
    expect(computeFormula(parseFormula('sum(items, quantity * monthlyRent * months)'), scope, 'money')).toBe(192012.3);
    expect(value('count(items)', scope)).toBe('3');
    expect(value('sum(items, quantity)', { row: {} })).toBe('0');
    expect(computeFormula(parseFormula('a / b'), { row: { a: 1, b: 0 } }, 'money')).toBeNull();
    expect(value('if(a > 1, 10, 20) + min(3, a) + max(a, 7) + abs(-2)', { row: { a: 2 } })).toBe('21');
  });

  it('reads only a row’s own fields, never its prototype', () => {
    const row = Object.create({ inherited: 5 }) as Record<string, unknown>;
    row.own = 1;
    expect(value('own + inherited', { row })).toBe('1');
    expect(value('toString + valueOf + hasOwnProperty', { row: {} })).toBe('0');
    expect(value('sum(toString, 1) + sum(constructorX, 1)', { row: {}, children: {} })).toBe('0');
  });

  it('evaluates an entity’s computed fields in order, a later one reading an earlier one', () => {
    const entity = {
      fields: [
        { name: 'total', type: 'money', formula: 'net + tax' },
        { name: 'tax', type: 'money', formula: 'round(net * 0.09, 2)' },
        { name: 'net', type: 'money', formula: 'sum(items, quantity * price)' },
        { name: 'note', type: 'string' },
      ],
    };
    expect(computedFields(entity).map((c) => c.name)).toEqual(['net', 'tax', 'total']);
    expect(computeRow(entity, { total: 1 }, { items: [{ quantity: 3, price: 33.33 }] })).toEqual({ net: 99.99, tax: 9, total: 108.99 });
  });

  it('reads decimals from numbers and numeric text only', () => {
    expect(toDecimal('1e3')).toEqual({ m: 1000n, s: 0 });
    expect(toDecimal(' 12.50 ')).toEqual({ m: 1250n, s: 2 });
    expect(toDecimal('abc')).toBeNull();
    expect(toDecimal(Number.NaN)).toBeNull();
    expect(toDecimal({ valueOf: () => 3 })).toBeNull();
  });

  it('describes a formula in the fields’ titles for the form', () => {
    const titles: Record<string, string> = { quantity: '数量', monthlyRent: '月租金', months: '租期' };
    expect(describeFormula(parseFormula('sum(items, quantity * monthlyRent * months)'), (n) => titles[n] ?? n, () => '租赁明细')).toBe('合计(租赁明细：数量 × 月租金 × 租期)');
    expect(describeFormula(parseFormula('(a - (b - c)) / (d * 2) - -e'), (n) => n, (n) => n)).toBe('(a − (b − c)) ÷ (d × 2) − −e');
  });
});
