// The statistics read of an entity (docs/metadata.md "Statistics", §7.5 "statistics"): aggregates of the
// rows its list would show — same scope, filters, keyword and hidden-field rules — per group or in total.
import { FIELD_TYPES, ROW_LABELS } from '../../common/field-types';
import type { DictOption } from '../../common/wire';
import type { SessionContext } from '../auth/session-context';
import { rightsOf, type EntityEngine } from './entity-engine';
import { dynamicDb } from './dynamic-db';
import { BadRequest } from './errors';
import { unseen } from './field-rights';
import { planList, type ListParams } from './list-params';
import type { ModelField } from './model';
import { withLabels } from './labels';
import { aggregateRows, type Aggregate } from './query';
import { readScope, visibleRows } from './scope';

/** At most this many groups are answered (a day per group: almost three years). */
export const MAX_GROUPS = 1000;

export type StatisticsParams = Pick<ListParams, 'filters' | 'keyword'> & { groupBy?: string };
export type StatisticsRow = Record<string, unknown>;

function labelOf(field: ModelField, key: unknown, dictionary: (name: string) => readonly DictOption[] | undefined): string | undefined {
  if (key === null || key === undefined) return undefined;
  if (field.type === 'boolean') return key === true ? (field.trueLabel ?? '是') : (field.falseLabel ?? '否');
  const dict = field.dictionary && 'type' in field.dictionary ? dictionary(field.dictionary.type) : undefined;
  return dict?.find((o) => String(o.xuHao) === String(key))?.selContent;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function statisticsRows(engine: EntityEngine, session: SessionContext, params: StatisticsParams): Promise<StatisticsRow[]> {
  const { model } = engine;
  const stats = model.entity.statistics;
  if (!stats) throw new Error(`entity ${model.entity.name} declares no statistics`);
  const hidden = unseen(rightsOf(engine, session));
  const plan = planList(model, { filters: params.filters, keyword: params.keyword }, hidden);
  const groupName = (params.groupBy ?? '').trim();
  const field = groupName ? model.byName.get(groupName) : undefined;
  if (groupName && (!field || !stats.groupBy.includes(groupName))) throw new BadRequest(`不支持按 ${groupName} 统计`, 'groupBy');
  const byName = (name: string) => model.byName.get(name) as ModelField;
  const measures: Aggregate[] = stats.measures.map((m) => ({
    name: m.name,
    fn: m.fn,
    ...(m.field ? { field: byName(m.field) } : {}),
    ...(m.where ? { where: { field: byName(m.where.field), value: m.where.value, operator: m.where.operator } } : {}),
  }));
  const visible = visibleRows(model, await readScope(model, { db: engine.db, session }));
  const group = field ? { field, byDay: field.type === 'datetime' } : null;
  const rows = await aggregateRows(dynamicDb(engine.db), model, visible, plan, group, measures, MAX_GROUPS);
  // A project or company group is named like a list cell (docs/metadata.md "Labels"): one query for all groups.
  const named = field && FIELD_TYPES[field.type].names ? await withLabels(engine.db, model, rows.map((r) => ({ [field.name]: r.key === null ? null : String(r.key) }))) : undefined;
  return rows.map((r, i) => {
    const figures = Object.fromEntries(measures.map((m) => [m.name, m.fn === 'days' ? Number(r[m.name] ?? 0) : numberOrNull(r[m.name])]));
    if (!field) return figures;
    const label = named ? (named[i][ROW_LABELS] as Record<string, string>)[field.name] : labelOf(field, r.key, engine.dictionary);
    return { key: r.key === null || r.key === undefined ? null : named ? String(r.key) : r.key, ...(label !== undefined ? { label } : {}), ...figures };
  });
}
