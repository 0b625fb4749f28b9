// The checks of an entity's statistics declaration (docs/metadata.md "Statistics"): group and measure
// fields stored and seen by everyone who sees the page, sums and averages over numbers, unique names.
import type { EntitySchema } from '../metadata';
import { fieldByName } from './entity';
import { pointer } from './problems';

type Report = (file: string, pointer: string, message: string) => void;

const NUMERIC: ReadonlySet<string> = new Set(['integer', 'number', 'money']);
const DAY_TYPES: ReadonlySet<string> = new Set(['date', 'datetime']);
const UNGROUPABLE: ReadonlySet<string> = new Set(['json', 'text', 'image', 'file', 'id']);

export function checkStatistics(file: string, entity: EntitySchema, report: Report): void {
  const stats = entity.statistics;
  if (!stats) return;
  const usable = (name: string, at: string): ReturnType<typeof fieldByName> => {
    const field = fieldByName(entity, name);
    if (!field) report(file, at, `statistics names unknown field "${name}"`);
    else if (field.virtual || field.writeOnly) report(file, at, `field "${name}" is not stored (virtual or writeOnly)`);
    else if (field.viewAction) report(file, at, `field "${name}" needs ${field.viewAction} to be seen: it cannot be aggregated for everyone`);
    else return field;
    return undefined;
  };
  stats.groupBy.forEach((name, i) => {
    const field = usable(name, pointer('statistics', 'groupBy', i));
    if (field && UNGROUPABLE.has(field.type)) report(file, pointer('statistics', 'groupBy', i), `field "${name}" of type ${field.type} cannot be grouped`);
  });
  const names = new Set<string>(['key', 'label']);
  stats.measures.forEach((m, i) => {
    const at = (...rest: Array<string | number>) => pointer('statistics', 'measures', i, ...rest);
    if (names.has(m.name)) report(file, at('name'), `duplicate or reserved measure name "${m.name}"`);
    names.add(m.name);
    if (m.fn === 'count' && m.field !== undefined) report(file, at('field'), 'count takes no field (it counts rows; use where to count some)');
    if (m.fn === 'days') {
      if (m.field === undefined) report(file, at('fn'), 'days needs a date or datetime field');
      else {
        const field = usable(m.field, at('field'));
        if (field && !DAY_TYPES.has(field.type)) report(file, at('field'), `days needs a date or datetime field, "${m.field}" is ${field.type}`);
      }
    } else if (m.fn !== 'count') {
      if (m.field === undefined) report(file, at('fn'), `${m.fn} needs a numeric field`);
      else {
        const field = usable(m.field, at('field'));
        if (field && !NUMERIC.has(field.type)) report(file, at('field'), `${m.fn} needs a numeric field, "${m.field}" is ${field.type}`);
      }
    }
    if (m.where) {
      const field = usable(m.where.field, at('where', 'field'));
      const compares = m.where.operator !== undefined && m.where.operator !== 'eq';
      if (field && compares && (!NUMERIC.has(field.type) || typeof m.where.value !== 'number'))
        report(file, at('where', 'operator'), `${m.where.operator} compares a numeric field with a number`);
    }
  });
}
