// Computed fields (docs/metadata.md "Computed fields"): a field's `formula` is a small expression over
// the fields of its own row and the lines of its child collections, e.g. the 设备租赁合同's
// `sum(items, quantity * monthlyRent * months)`. jsep parses the text; only the whitelisted nodes below
// become a FormulaNode (numbers, field names, + - * /, comparisons, unary minus, the functions of
// FORMULA_FUNCTIONS) and this module evaluates them itself: no eval, no Function, no member access, no
// property of any object but a row's own fields. Arithmetic is exact decimal (bigint mantissa and scale),
// so 0.1 + 0.2 is 0.3, and the result is rounded half away from zero (四舍五入) to the field's precision.
// Shared by the browser (the dialog's live value) and the server (the stored value).
import jsep from 'jsep';

/** A formula that cannot be used: the English and the Chinese text (schema problems carry both). */
export class FormulaError extends Error {
  readonly messageZh: string;
  constructor(message: string, messageZh: string) {
    super(message);
    this.name = 'FormulaError';
    this.messageZh = messageZh;
  }
}

export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
export type ArithmeticOp = '+' | '-' | '*' | '/';
export type BinaryOp = ArithmeticOp | CompareOp;

export type FormulaNode =
  | { kind: 'number'; text: string }
  | { kind: 'field'; name: string }
  | { kind: 'negate'; arg: FormulaNode }
  | { kind: 'binary'; op: BinaryOp; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; fn: 'round' | 'min' | 'max' | 'abs' | 'if'; args: FormulaNode[] }
  /** Over the lines of a child collection: `sum(items, expr)` (expr over the line's fields), `count(items)`. */
  | { kind: 'lines'; fn: 'sum' | 'count'; collection: string; body?: FormulaNode };

/** The functions a formula may call, with their argument counts. */
export const FORMULA_FUNCTIONS = {
  sum: { min: 2, max: 2, zh: 'sum(子表, 行表达式)：子表各行表达式之和' },
  count: { min: 1, max: 1, zh: 'count(子表)：子表行数' },
  round: { min: 1, max: 2, zh: 'round(x, 位数)：四舍五入' },
  min: { min: 1, max: 20, zh: 'min(a, b, …)：最小值' },
  max: { min: 1, max: 20, zh: 'max(a, b, …)：最大值' },
  abs: { min: 1, max: 1, zh: 'abs(x)：绝对值' },
  if: { min: 3, max: 3, zh: 'if(条件, 是, 否)' },
} as const;
export type FormulaFunction = keyof typeof FORMULA_FUNCTIONS;

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/']);
const COMPARE: ReadonlySet<string> = new Set(['<', '<=', '>', '>=', '==', '!=']);
/** Names that could reach an object's prototype in JavaScript: never a field name in a formula. */
const RESERVED: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', 'this', 'globalThis', 'window', 'process']);
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Longest formula text, deepest nesting: a formula is a line of a schema, not a program. */
export const FORMULA_MAX_LENGTH = 500;
const MAX_DEPTH = 32;
const OPS_ZH = '+ - * / ( ) < <= > >= == !=';
const FUNCTIONS_ZH = Object.keys(FORMULA_FUNCTIONS).join('、');

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
const isFunction = (name: string): name is FormulaFunction => hasOwn(FORMULA_FUNCTIONS, name);

/** Parses a formula into its whitelisted tree; a FormulaError says what is not allowed (English and Chinese). */
export function parseFormula(text: string): FormulaNode {
  if (typeof text !== 'string' || text.trim() === '') throw new FormulaError('the formula is empty', '公式为空：请写出计算式，如 sum(items, quantity * monthlyRent)');
  if (text.length > FORMULA_MAX_LENGTH) throw new FormulaError(`the formula is longer than ${FORMULA_MAX_LENGTH} characters`, `公式超过 ${FORMULA_MAX_LENGTH} 个字符：请简化`);
  let tree: jsep.Expression;
  try {
    tree = jsep(text);
  } catch (e) {
    const err = e as { index?: number; description?: string; message?: string };
    const at = typeof err.index === 'number' ? err.index + 1 : undefined;
    throw new FormulaError(
      `the formula does not parse: ${err.message ?? String(e)}`,
      `公式无法解析${at !== undefined ? `（第 ${at} 个字符附近）` : ''}：${err.description ?? err.message ?? String(e)}；请检查括号、逗号和运算符（可用 ${OPS_ZH}）`,
    );
  }
  return convert(tree, 0, false);
}

function shown(node: jsep.Expression): string {
  if (node.type === 'Identifier') return String(node.name);
  if (node.type === 'Literal') return String(node.raw);
  if (node.type === 'MemberExpression') return `${shown(node.object as jsep.Expression)}.${shown(node.property as jsep.Expression)}`;
  return node.type;
}

function convert(node: jsep.Expression, depth: number, inLines: boolean): FormulaNode {
  if (depth > MAX_DEPTH) throw new FormulaError('the formula nests too deep', `公式嵌套超过 ${MAX_DEPTH} 层：请简化`);
  const next = (n: jsep.Expression) => convert(n, depth + 1, inLines);
  switch (node.type) {
    case 'Literal': {
      const literal = node as jsep.Literal;
      if (typeof literal.value !== 'number' || !Number.isFinite(literal.value)) {
        throw new FormulaError(`only number constants are allowed, not ${literal.raw}`, `公式只能使用数字常量，不能使用 ${literal.raw}`);
      }
      return { kind: 'number', text: /^[0-9.eE+-]+$/.test(literal.raw) ? literal.raw : String(literal.value) };
    }
    case 'Identifier': {
      const name = String(node.name);
      if (RESERVED.has(name) || !NAME.test(name)) throw new FormulaError(`"${name}" cannot be used in a formula`, `公式不能使用名称“${name}”：只能写本实体或子表的字段名（字母开头，字母、数字、下划线）`);
      if (isFunction(name)) throw new FormulaError(`function ${name} must be called: ${name}(…)`, `函数 ${name} 须带括号调用：${FORMULA_FUNCTIONS[name].zh}`);
      return { kind: 'field', name };
    }
    case 'UnaryExpression': {
      const op = String(node.operator);
      const arg = next(node.argument as jsep.Expression);
      if (op === '-') return { kind: 'negate', arg };
      if (op === '+') return arg;
      throw new FormulaError(`operator ${op} is not allowed`, `公式不支持运算符“${op}”，可用：${OPS_ZH}`);
    }
    case 'BinaryExpression': {
      const op = String(node.operator);
      if (!ARITHMETIC.has(op) && !COMPARE.has(op)) throw new FormulaError(`operator ${op} is not allowed`, `公式不支持运算符“${op}”，可用：${OPS_ZH}`);
      return { kind: 'binary', op: op as BinaryOp, left: next(node.left as jsep.Expression), right: next(node.right as jsep.Expression) };
    }
    case 'CallExpression': {
      const callee = node.callee as jsep.Expression;
      const args = node.arguments as jsep.Expression[];
      if (callee.type !== 'Identifier') throw new FormulaError(`only the functions ${Object.keys(FORMULA_FUNCTIONS).join(', ')} may be called`, `公式只能调用函数 ${FUNCTIONS_ZH}，不能调用“${shown(callee)}”`);
      const fn = String(callee.name);
      if (!isFunction(fn)) throw new FormulaError(`unknown function ${fn}`, `未知函数“${fn}”，可用：${FUNCTIONS_ZH}`);
      const spec = FORMULA_FUNCTIONS[fn];
      if (args.length < spec.min || args.length > spec.max) {
        throw new FormulaError(`${fn} takes ${spec.min === spec.max ? spec.min : `${spec.min} to ${spec.max}`} arguments, not ${args.length}`, `函数 ${fn} 的参数个数不对（现为 ${args.length} 个）：${spec.zh}`);
      }
      if (fn === 'sum' || fn === 'count') {
        if (inLines) throw new FormulaError(`${fn} cannot be used inside sum`, `${fn} 不能写在 sum 的行表达式里：行表达式只能用子表行的字段`);
        const first = args[0];
        if (first.type !== 'Identifier' || !NAME.test(String(first.name)) || RESERVED.has(String(first.name))) {
          throw new FormulaError(`the first argument of ${fn} must name a child collection`, `函数 ${fn} 的第一个参数须是子表名（实体 children 的 name），现为“${shown(first)}”`);
        }
        const collection = String(first.name);
        return fn === 'sum' ? { kind: 'lines', fn, collection, body: convert(args[1], depth + 1, true) } : { kind: 'lines', fn, collection };
      }
      return { kind: 'call', fn, args: args.map(next) };
    }
    case 'MemberExpression':
      throw new FormulaError(`member access ${shown(node)} is not allowed`, `公式不能使用成员访问“${shown(node)}”：只能直接写字段名`);
    case 'ConditionalExpression':
      throw new FormulaError('use if(condition, a, b) instead of ? :', '公式不支持 ? :，请用 if(条件, 是, 否)');
    default:
      throw new FormulaError(`${node.type} is not allowed in a formula`, `公式中不能使用 ${node.type}（只能用数字、字段名、${OPS_ZH} 和函数 ${FUNCTIONS_ZH}）`);
  }
}

/** What a formula reads: fields of its own row, and per child collection the fields of its lines. */
export type FormulaRefs = { fields: string[]; collections: Map<string, string[]> };

export function formulaRefs(node: FormulaNode): FormulaRefs {
  const fields = new Set<string>();
  const collections = new Map<string, Set<string>>();
  const walk = (n: FormulaNode, lines: Set<string> | undefined): void => {
    switch (n.kind) {
      case 'number':
        return;
      case 'field':
        (lines ?? fields).add(n.name);
        return;
      case 'negate':
        return walk(n.arg, lines);
      case 'binary':
        walk(n.left, lines);
        return walk(n.right, lines);
      case 'call':
        return n.args.forEach((a) => walk(a, lines));
      case 'lines': {
        const used = collections.get(n.collection) ?? new Set<string>();
        collections.set(n.collection, used);
        if (n.body) walk(n.body, used);
      }
    }
  };
  walk(node, undefined);
  return { fields: [...fields], collections: new Map([...collections].map(([k, v]) => [k, [...v]])) };
}

// ---- exact decimals ------------------------------------------------------------------------------

/** value = m / 10^s. */
export type Decimal = { readonly m: bigint; readonly s: number };
const ZERO: Decimal = { m: 0n, s: 0 };
const ONE: Decimal = { m: 1n, s: 0 };
/** Digits a quotient keeps before the final rounding. */
const DIVISION_SCALE = 20;
/** Scale beyond which products are rounded (a formula's values are amounts, not physics). */
const MAX_SCALE = 40;
const DECIMAL_TEXT = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** A value as a decimal: numbers (by their shortest text), numeric text; anything else (blank, words) is null. */
export function toDecimal(value: unknown): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'bigint') return { m: value, s: 0 };
  else if (typeof value === 'string') text = value;
  else return null;
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const exp = Number(exponent);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return null;
  let m = BigInt(`${whole || '0'}${fraction}`);
  let s = fraction.length - exp;
  if (s < 0) {
    m *= pow10(-s);
    s = 0;
  }
  return { m: sign === '-' ? -m : m, s };
}

const align = (a: Decimal, b: Decimal): [bigint, bigint, number] => {
  const s = Math.max(a.s, b.s);
  return [a.m * pow10(s - a.s), b.m * pow10(s - b.s), s];
};

/** Divides by a power of ten, rounding half away from zero. */
function shiftRound(m: bigint, by: number): bigint {
  if (by <= 0) return m * pow10(-by);
  const d = pow10(by);
  const q = m / d;
  const r = m % d;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= d ? q + (m < 0n ? -1n : 1n) : q;
}

/** Rounds half away from zero (四舍五入) to `places` decimals (0 or more). */
export function roundDecimal(a: Decimal, places: number): Decimal {
  return a.s <= places ? a : { m: shiftRound(a.m, a.s - places), s: places };
}

const limited = (a: Decimal): Decimal => (a.s > MAX_SCALE ? roundDecimal(a, MAX_SCALE) : a);

export function decimalAdd(a: Decimal, b: Decimal): Decimal {
  const [x, y, s] = align(a, b);
  return { m: x + y, s };
}
export const decimalNegate = (a: Decimal): Decimal => ({ m: -a.m, s: a.s });
export const decimalMul = (a: Decimal, b: Decimal): Decimal => limited({ m: a.m * b.m, s: a.s + b.s });
export function decimalDiv(a: Decimal, b: Decimal): Decimal {
  if (b.m === 0n) throw new FormulaError('division by zero', '除数为0');
  // a/b = (a.m * 10^(S + b.s - a.s)) / b.m, at scale S, rounded at the last digit.
  const shift = DIVISION_SCALE + 1 + b.s - a.s;
  const num = shift >= 0 ? a.m * pow10(shift) : a.m / pow10(-shift);
  return { m: shiftRound(num / b.m, 1), s: DIVISION_SCALE };
}
export function decimalCompare(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}
/** The decimal's plain text (no exponent, no trailing zeros). */
export function decimalText(a: Decimal): string {
  const negative = a.m < 0n;
  const digits = (negative ? -a.m : a.m).toString().padStart(a.s + 1, '0');
  const whole = digits.slice(0, digits.length - a.s);
  const fraction = digits.slice(digits.length - a.s).replace(/0+$/, '');
  return `${negative && (whole !== '0' || fraction !== '') ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
export const decimalNumber = (a: Decimal): number => Number(decimalText(a));

// ---- evaluation ----------------------------------------------------------------------------------

export type FormulaRow = Readonly<Record<string, unknown>>;
/** The values a formula reads: its row's fields and its collections' lines (each a row of the child). */
export type FormulaScope = { row: FormulaRow; children?: Readonly<Record<string, readonly FormulaRow[]>> };

/** A field's value as a number of the formula: blank (or not numeric) counts as 0; a row's own keys only. */
function fieldValue(row: FormulaRow, name: string): Decimal {
  if (!hasOwn(row, name)) return ZERO;
  const value = row[name];
  if (typeof value === 'boolean') return value ? ONE : ZERO;
  return toDecimal(value) ?? ZERO;
}

const truth = (a: Decimal): boolean => a.m !== 0n;
const flag = (b: boolean): Decimal => (b ? ONE : ZERO);

function evaluate(node: FormulaNode, row: FormulaRow, scope: FormulaScope): Decimal {
  switch (node.kind) {
    case 'number':
      return toDecimal(node.text) ?? ZERO;
    case 'field':
      return fieldValue(row, node.name);
    case 'negate':
      return decimalNegate(evaluate(node.arg, row, scope));
    case 'binary': {
      const a = evaluate(node.left, row, scope);
      const b = evaluate(node.right, row, scope);
      switch (node.op) {
        case '+':
          return decimalAdd(a, b);
        case '-':
          return decimalAdd(a, decimalNegate(b));
        case '*':
          return decimalMul(a, b);
        case '/':
          return decimalDiv(a, b);
        case '<':
          return flag(decimalCompare(a, b) < 0);
        case '<=':
          return flag(decimalCompare(a, b) <= 0);
        case '>':
          return flag(decimalCompare(a, b) > 0);
        case '>=':
          return flag(decimalCompare(a, b) >= 0);
        case '==':
          return flag(decimalCompare(a, b) === 0);
        case '!=':
          return flag(decimalCompare(a, b) !== 0);
      }
      break;
    }
    case 'call': {
      const args = node.args;
      switch (node.fn) {
        case 'if':
          return truth(evaluate(args[0], row, scope)) ? evaluate(args[1], row, scope) : evaluate(args[2], row, scope);
        case 'abs': {
          const a = evaluate(args[0], row, scope);
          return a.m < 0n ? decimalNegate(a) : a;
        }
        case 'round': {
          const places = args[1] === undefined ? 0 : decimalNumber(evaluate(args[1], row, scope));
          if (!Number.isInteger(places) || places < 0 || places > 10) throw new FormulaError('round takes 0 to 10 places', 'round 的位数须是 0 到 10 的整数');
          return roundDecimal(evaluate(args[0], row, scope), places);
        }
        case 'min':
        case 'max': {
          const values = args.map((a) => evaluate(a, row, scope));
          return values.reduce((best, v) => ((node.fn === 'min' ? decimalCompare(v, best) < 0 : decimalCompare(v, best) > 0) ? v : best));
        }
      }
      break;
    }
    case 'lines': {
      const lines = scope.children && hasOwn(scope.children, node.collection) ? scope.children[node.collection] : [];
      if (node.fn === 'count') return { m: BigInt(lines.length), s: 0 };
      const body = node.body as FormulaNode;
      return lines.reduce<Decimal>((total, line) => decimalAdd(total, evaluate(body, line, scope)), ZERO);
    }
  }
  throw new FormulaError('unknown formula node', '公式有误');
}

/** The exact value of a formula (FormulaError when it divides by zero). */
export const evaluateFormula = (node: FormulaNode, scope: FormulaScope): Decimal => evaluate(node, scope.row, scope);

/** Decimals a computed value of each numeric type keeps: money 2 (numeric(16,2)), integer 0, number 6. */
export const FORMULA_PRECISION = { integer: 0, money: 2, number: 6 } as const;
export type ComputedType = keyof typeof FORMULA_PRECISION;
export const isComputedType = (type: string): type is ComputedType => hasOwn(FORMULA_PRECISION, type);

/**
 * The value a computed field stores: the formula's exact value rounded half away from zero to the type's
 * precision, as a number; null when it cannot be computed (a division by zero).
 */
export function computeFormula(node: FormulaNode, scope: FormulaScope, type: ComputedType): number | null {
  try {
    return decimalNumber(roundDecimal(evaluateFormula(node, scope), FORMULA_PRECISION[type]));
  } catch (e) {
    if (e instanceof FormulaError) return null;
    throw e;
  }
}

// ---- an entity's computed fields -----------------------------------------------------------------

type FieldLike = { name: string; type: string; title?: string; formula?: string };
type EntityLike = { fields: readonly FieldLike[] };
export type ComputedField = { name: string; type: ComputedType; node: FormulaNode; refs: FormulaRefs };

const plans = new WeakMap<object, readonly ComputedField[]>();

/**
 * The entity's computed fields in evaluation order (a formula reading another computed field of its row
 * comes after it). Fields whose formula does not parse, or sit on a non-numeric type, are left out: the
 * schema check (check-formula.ts) refuses them before anything runs.
 */
export function computedFields(entity: EntityLike): readonly ComputedField[] {
  const cached = plans.get(entity);
  if (cached) return cached;
  const parsed: ComputedField[] = [];
  for (const f of entity.fields) {
    if (f.formula === undefined || !isComputedType(f.type)) continue;
    try {
      const node = parseFormula(f.formula);
      parsed.push({ name: f.name, type: f.type, node, refs: formulaRefs(node) });
    } catch {
      continue;
    }
  }
  const ordered: ComputedField[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(parsed.map((c) => [c.name, c]));
  const place = (c: ComputedField): void => {
    if (placed.has(c.name) || visiting.has(c.name)) return;
    visiting.add(c.name);
    for (const name of c.refs.fields) {
      const dep = byName.get(name);
      if (dep) place(dep);
    }
    visiting.delete(c.name);
    placed.add(c.name);
    ordered.push(c);
  };
  parsed.forEach(place);
  plans.set(entity, ordered);
  return ordered;
}

/**
 * The computed values of one row: each computed field in order, later formulas seeing earlier results.
 * `children` are the lines of each collection as stored (server) or as typed (the dialog).
 */
export function computeRow(entity: EntityLike, row: FormulaRow, children?: FormulaScope['children']): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  const current: Record<string, unknown> = { ...row };
  for (const c of computedFields(entity)) {
    const value = computeFormula(c.node, { row: current, children }, c.type);
    out[c.name] = value;
    current[c.name] = value;
  }
  return out;
}

/**
 * A computed field `name` whose formula is `sum(<collection>, line expression)`: each line's share of it,
 * which a child table may show per line and total (PageChildren `sums`). Undefined for any other field.
 */
export function lineShare(entity: EntityLike, name: string, collection: string): { type: ComputedType; title?: string; node: FormulaNode } | undefined {
  const field = entity.fields.find((f) => f.name === name);
  if (field?.formula === undefined || !isComputedType(field.type)) return undefined;
  try {
    const node = parseFormula(field.formula);
    return node.kind === 'lines' && node.fn === 'sum' && node.collection === collection && node.body ? { type: field.type, title: field.title, node: node.body } : undefined;
  } catch {
    return undefined;
  }
}

/** The formula in words for the form's hint: field names replaced by their titles (合计(租赁明细: 数量 × 月租金)). */
export function describeFormula(node: FormulaNode, title: (name: string, collection?: string) => string, collectionTitle: (name: string) => string): string {
  const ops: Record<BinaryOp, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '<': '<', '<=': '≤', '>': '>', '>=': '≥', '==': '=', '!=': '≠' };
  const rank = (op: BinaryOp): number => (op === '*' || op === '/' ? 2 : op === '+' || op === '-' ? 1 : 0);
  // `outer`: the precedence the surroundings need (a right operand of - or / needs one more).
  const walk = (n: FormulaNode, collection: string | undefined, outer: number): string => {
    switch (n.kind) {
      case 'number':
        return n.text;
      case 'field':
        return title(n.name, collection);
      case 'negate':
        return `−${walk(n.arg, collection, 3)}`;
      case 'binary': {
        const own = rank(n.op);
        const text = `${walk(n.left, collection, own)} ${ops[n.op]} ${walk(n.right, collection, n.op === '-' || n.op === '/' ? own + 1 : own)}`;
        return own < outer ? `(${text})` : text;
      }
      case 'call':
        return `${n.fn}(${n.args.map((a) => walk(a, collection, 0)).join(', ')})`;
      case 'lines':
        return n.fn === 'count' ? `${collectionTitle(n.collection)}行数` : `合计(${collectionTitle(n.collection)}：${walk(n.body as FormulaNode, n.collection, 0)})`;
    }
  };
  return walk(node, undefined, 0);
}
