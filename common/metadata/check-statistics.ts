// The checks of an entity's statistics declaration (docs/metadata.md "Statistics"): group and measure
// fields stored and seen by everyone who sees the page, sums and averages over numbers, unique names.
import type { EntitySchema } from '../metadata';
import { fieldByName } from './entity';
import { noFieldZh, pointer, type Report } from './problems';

const NUMERIC: ReadonlySet<string> = new Set(['integer', 'number', 'money']);
const DAY_TYPES: ReadonlySet<string> = new Set(['date', 'datetime']);
const UNGROUPABLE: ReadonlySet<string> = new Set(['json', 'text', 'image', 'file', 'id']);

export function checkStatistics(file: string, entity: EntitySchema, report: Report): void {
  const stats = entity.statistics;
  if (!stats) return;
  const usable = (name: string, at: string): ReturnType<typeof fieldByName> => {
    const field = fieldByName(entity, name);
    if (!field) report(file, at, `statistics names unknown field "${name}"`, noFieldZh(entity, name));
    else if (field.virtual || field.writeOnly) report(file, at, `field "${name}" is not stored (virtual or writeOnly)`, `字段“${name}”不是可统计的存储字段（虚拟或只写）：请改用存储字段`);
    else if (field.viewAction) report(file, at, `field "${name}" needs ${field.viewAction} to be seen: it cannot be aggregated for everyone`, `字段“${name}”需要“${field.viewAction}”权限才能看到，不能对所有人统计：请改用其他字段`);
    else return field;
    return undefined;
  };
  stats.groupBy.forEach((name, i) => {
    const field = usable(name, pointer('statistics', 'groupBy', i));
    if (field && UNGROUPABLE.has(field.type)) report(file, pointer('statistics', 'groupBy', i), `field "${name}" of type ${field.type} cannot be grouped`, `${field.type} 类型的字段“${name}”不能分组：json、text、image、file、id 类型都不行`);
  });
  const names = new Set<string>(['key', 'label']);
  stats.measures.forEach((m, i) => {
    const at = (...rest: Array<string | number>) => pointer('statistics', 'measures', i, ...rest);
    if (names.has(m.name)) report(file, at('name'), `duplicate or reserved measure name "${m.name}"`, `指标名“${m.name}”重复或是保留名（key、label）：请换一个名称`);
    names.add(m.name);
    if (m.fn === 'count' && m.field !== undefined) report(file, at('field'), 'count takes no field (it counts rows; use where to count some)', 'count 不带字段（它数行数；只数一部分请用 where）：请去掉 field');
    if (m.fn === 'days') {
      if (m.field === undefined) report(file, at('fn'), 'days needs a date or datetime field', 'days 需要一个 date 或 datetime 类型的字段：请写 field');
      else {
        const field = usable(m.field, at('field'));
        if (field && !DAY_TYPES.has(field.type)) report(file, at('field'), `days needs a date or datetime field, "${m.field}" is ${field.type}`, `days 需要 date 或 datetime 类型的字段，“${m.field}”是 ${field.type} 类型`);
      }
    } else if (m.fn !== 'count') {
      if (m.field === undefined) report(file, at('fn'), `${m.fn} needs a numeric field`, `${m.fn} 需要一个数值字段（integer、number、money）：请写 field`);
      else {
        const field = usable(m.field, at('field'));
        if (field && !NUMERIC.has(field.type)) report(file, at('field'), `${m.fn} needs a numeric field, "${m.field}" is ${field.type}`, `${m.fn} 需要数值字段（integer、number、money），“${m.field}”是 ${field.type} 类型`);
      }
    }
    if (m.where) {
      const field = usable(m.where.field, at('where', 'field'));
      const compares = m.where.operator !== undefined && m.where.operator !== 'eq';
      if (field && compares && (!NUMERIC.has(field.type) || typeof m.where.value !== 'number'))
        report(file, at('where', 'operator'), `${m.where.operator} compares a numeric field with a number`, `${m.where.operator} 只能用数值比较数值字段：请改用数值字段和数字，或改用 eq`);
    }
  });
}
