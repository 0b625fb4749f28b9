// Computed fields in the dialog (docs/metadata.md "Computed fields"): the form shows a field with a
// `formula` read-only, its value recomputed as the user types — the form's fields and the lines of the
// child tables (a Formily reaction that reads the form values and an observable box of the lines) — with
// the same evaluator the server stores with (common/metadata/formula.ts). A child table's `sums` adds a
// 合计 row; a parent field totalling the collection adds each line's share as a read-only column.
import type { Field } from '@formily/core';
import { observable } from '@formily/reactive';
import {
  computeFormula,
  computeRow,
  decimalAdd,
  decimalNumber,
  describeFormula,
  FORMULA_PRECISION,
  lineShare,
  parseFormula,
  roundDecimal,
  toDecimal,
  type ComputedType,
  type FormulaNode,
  type FormulaRow,
} from '../../../common/metadata/formula';
import type { EntityField, EntitySchema, PageChildren } from '../../../common/metadata';

export type Lines = Readonly<Record<string, readonly FormulaRow[]>>;
/** The child tables' lines as the formulas read them; the dialog writes it, the reactions read it. */
export type LinesBox = { value: Lines };

export const linesBox = (): LinesBox => observable.ref<Lines>({});

/** Puts the dialog's current lines in the box: the computed fields' reactions run again. */
export function putLines(box: LinesBox, lines: Lines): void {
  box.value = lines;
}

/** Each line with its own computed fields (a child entity may have formulas too). */
export const linesOf = (child: EntitySchema, rows: readonly FormulaRow[]): FormulaRow[] => rows.map((r) => ({ ...r, ...computeRow(child, r) }));

/** The Formily reaction that keeps a computed field at its formula's value. */
export function computedReaction(field: EntityField, entity: EntitySchema, lines: LinesBox): (target: Field) => void {
  return (target) => {
    const values = computeRow(entity, { ...(target.form.values as FormulaRow) }, lines.value);
    const value = values[field.name] ?? null;
    if (target.value !== value) target.setValue(value);
  };
}

/** The form's hint of a computed field: its formula in the fields' titles (自动计算：合计(租赁明细：数量 × 月租金 × 租期)). */
export function formulaHint(field: EntityField, entity: EntitySchema, related: (entity: string) => EntitySchema | undefined): string {
  try {
    const node = parseFormula(field.formula ?? '');
    const childOf = (collection: string) => related(entity.children?.find((c) => c.name === collection)?.entity ?? '');
    const title = (name: string, collection?: string) => {
      const owner = collection ? childOf(collection) : entity;
      return (owner?.fields.find((f) => f.name === name)?.title ?? name).replace(/（[^）]*）$/, '');
    };
    const collectionTitle = (name: string) => entity.children?.find((c) => c.name === name)?.title ?? name;
    return `自动计算：${describeFormula(node, title, collectionTitle)}`;
  } catch {
    return '自动计算';
  }
}

/** A column of a child table showing each line's share of a parent total (PageChildren `sums` naming the parent field). */
export type ShareColumn = { key: string; title: string; type: ComputedType; value: (line: FormulaRow) => number | null };

export function shareColumns(entity: EntitySchema, table: PageChildren): ShareColumn[] {
  return (table.sums ?? []).flatMap((name) => {
    const share = lineShare(entity, name, table.children);
    if (!share) return [];
    const node: FormulaNode = share.node;
    return [{ key: name, title: share.title ?? name, type: share.type, value: (line: FormulaRow) => computeFormula(node, { row: line }, share.type) }];
  });
}

/** The exact sum of numbers (blanks left out), rounded to the type's precision; 0 without any. */
export function exactSum(values: readonly unknown[], type: ComputedType): number {
  let total = { m: 0n, s: 0 };
  for (const v of values) {
    const d = toDecimal(v);
    if (d) total = decimalAdd(total, d);
  }
  return decimalNumber(roundDecimal(total, FORMULA_PRECISION[type]));
}

/** A sum or computed value as the form shows it: money with two decimals and thousands separators. */
export function computedText(value: number | null | undefined, type: ComputedType | string): string {
  if (value === null || value === undefined) return '—';
  const digits = type === 'money' ? 2 : 0;
  return value.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: type === 'number' ? 6 : digits });
}
