// The checks of computed fields (docs/metadata.md "Computed fields"): a field's `formula` parses in the
// language of formula.ts, sits on a readOnly numeric field, names only numeric stored fields of its row
// and child collections the entity declares (with numeric fields of their lines), none hidden behind a
// viewAction the computed field does not share, and no computed field depends on itself. Pages: a child
// table's `sums` are numeric columns of that table.
import type { EntityField, EntitySchema, PageSchema } from '../metadata';
import { fieldByName } from './entity';
import { FormulaError, formulaRefs, isComputedType, lineShare, parseFormula, type FormulaRefs } from './formula';
import { listZh, noFieldZh, pointer, type Report } from './problems';

const NUMERIC: ReadonlySet<string> = new Set(['integer', 'number', 'money']);
const numericNames = (entity: EntitySchema): string[] => entity.fields.filter((f) => NUMERIC.has(f.type) && !f.virtual && !f.writeOnly).map((f) => f.name);

/** Whether `used` may feed a formula of `computed`: stored, numeric, and not hidden from someone who sees the result. */
function operandProblem(used: EntityField, computed: EntityField, owner: string): { message: string; messageZh: string } | undefined {
  if (used.virtual || used.writeOnly) return { message: `field ${owner}.${used.name} is not stored (virtual or writeOnly)`, messageZh: `字段 ${owner}.${used.name} 不是存储字段（虚拟或只写），公式不能使用` };
  if (!NUMERIC.has(used.type)) return { message: `field ${owner}.${used.name} is ${used.type}, not numeric`, messageZh: `字段 ${owner}.${used.name} 是 ${used.type} 类型，公式只能使用数值字段（integer、number、money）` };
  if (used.viewAction && used.viewAction !== computed.viewAction) {
    return { message: `field ${owner}.${used.name} needs ${used.viewAction} to be seen; the computed field would show it`, messageZh: `字段 ${owner}.${used.name} 需要“${used.viewAction}”权限才能看到，计算结果会泄露它：请给计算字段也加上 "viewAction": "${used.viewAction}"，或不用此字段` };
  }
  return undefined;
}

export function checkFormulas(file: string, entity: EntitySchema, allEntities: readonly EntitySchema[], report: Report): void {
  const refs = new Map<string, FormulaRefs>();
  entity.fields.forEach((f, i) => {
    if (f.formula === undefined) return;
    const at = (...rest: Array<string | number>) => pointer('fields', i, ...rest);
    if (!isComputedType(f.type)) report(file, at('type'), `a computed field must be integer, number or money, not ${f.type}`, `计算字段“${f.name}”须是数值类型（integer、number 或 money），现为 ${f.type}`);
    if (!f.readOnly) report(file, at('formula'), 'a computed field must be readOnly: the server computes it', `计算字段“${f.name}”由服务端计算，须同时声明 "readOnly": true`);
    if (f.virtual || f.writeOnly) report(file, at('formula'), 'a computed field is stored: it cannot be virtual or writeOnly', `计算字段“${f.name}”是存储字段，不能是虚拟（virtual）或只写（writeOnly）字段`);
    let found: FormulaRefs;
    try {
      found = formulaRefs(parseFormula(f.formula));
    } catch (e) {
      if (e instanceof FormulaError) return report(file, at('formula'), `formula "${f.formula}": ${e.message}`, `字段“${f.name}”的公式“${f.formula}”有误：${e.messageZh}`);
      throw e;
    }
    refs.set(f.name, found);
    for (const name of found.fields) {
      const used = fieldByName(entity, name);
      if (name === f.name) report(file, at('formula'), `the formula of ${f.name} uses ${f.name} itself`, `字段“${f.name}”的公式引用了它自己：计算字段不能用自身的值`);
      else if (!used) {
        const collection = entity.children?.some((c) => c.name === name);
        report(file, at('formula'), `the formula names unknown field "${name}"`, collection ? `“${name}”是子表，须写在 sum(${name}, 行表达式) 或 count(${name}) 里` : `公式中的${noFieldZh(entity, name)}`);
      } else {
        const problem = operandProblem(used, f, entity.name);
        if (problem) report(file, at('formula'), problem.message, problem.messageZh);
      }
    }
    for (const [collection, lineFields] of found.collections) {
      const spec = entity.children?.find((c) => c.name === collection);
      if (!spec) {
        report(file, at('formula'), `entity ${entity.name} has no children "${collection}"`, `公式中的子表“${collection}”不存在：实体 ${entity.name} 的子表（children）有：${listZh(entity.children?.map((c) => c.name) ?? [])}`);
        continue;
      }
      const child = allEntities.find((e) => e.name === spec.entity);
      if (!child) continue; // check-children reports the unknown entity
      for (const name of lineFields) {
        const used = fieldByName(child, name);
        if (!used) report(file, at('formula'), `entity ${child.name} (children ${collection}) has no field "${name}"`, `公式中子表 ${collection} 的行表达式：实体 ${child.name} 没有字段“${name}”，可选的数值字段：${listZh(numericNames(child))}`);
        else {
          const problem = operandProblem(used, f, child.name);
          if (problem) report(file, at('formula'), problem.message, problem.messageZh);
        }
      }
    }
  });
  // Cycles through other computed fields of the row (a → b → a); a field naming itself is reported above.
  const reported = new Set<string>();
  const walk = (name: string, path: string[]): void => {
    for (const next of refs.get(name)?.fields ?? []) {
      if (next === name || !refs.has(next)) continue;
      if (next === path[0]) {
        const cycle = [...path, next];
        const key = [...path].sort().join(',');
        if (reported.has(key)) continue;
        reported.add(key);
        const i = entity.fields.findIndex((f) => f.name === path[0]);
        report(file, pointer('fields', i, 'formula'), `computed fields depend on each other: ${cycle.join(' -> ')}`, `计算字段之间循环引用：${cycle.join(' → ')}：请去掉其中一个引用`);
      } else if (!path.includes(next)) walk(next, [...path, next]);
    }
  };
  for (const name of refs.keys()) walk(name, [name]);
}

/**
 * A page's child tables: each `sums` entry a numeric column of that table, or a computed field of the
 * parent that totals this collection (`sum(items, …)`: the table shows each line's share and the total).
 */
export function checkPageSums(file: string, page: PageSchema, entity: EntitySchema, entityNamed: (name: string) => EntitySchema | undefined, report: Report): void {
  for (const part of ['form'] as const) {
    page[part]?.children?.forEach((t, i) => {
      if (!t.sums) return;
      const declared = entity.children?.find((c) => c.name === t.children);
      const child = declared ? entityNamed(declared.entity) : undefined;
      if (!child) return; // check-children reports it
      t.sums.forEach((name, j) => {
        const at = pointer(part, 'children', i, 'sums', j);
        const field = fieldByName(child, name);
        if (lineShare(entity, name, t.children)) return;
        if (!t.columns.includes(name)) report(file, at, `sums names "${name}", which is no column of this table`, `合计列“${name}”不是此子表的列（columns），也不是合计此子表的计算字段（sum(${t.children}, …)），可选：${listZh(t.columns.filter((c) => NUMERIC.has(fieldByName(child, c)?.type ?? '')))}`);
        else if (field && !NUMERIC.has(field.type)) report(file, at, `field ${child.name}.${name} is ${field.type}: only numbers are summed`, `字段 ${child.name}.${name} 是 ${field.type} 类型，只能合计数值字段（integer、number、money）`);
      });
    });
  }
}
