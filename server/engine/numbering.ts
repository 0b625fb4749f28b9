// Numbering rules (docs/metadata.md "Numbering", common/metadata/numbering.ts): a new row's numbered fields
// get their numbers inside the insert's transaction, just before the insert (entity-writes.ts
// insertPrepared — create, batch create, children, import). The sequence of each column, scope and period
// is one row of numbering_sequences (migration 015), raised by an atomic upsert: concurrent inserts wait on
// that row's lock, so no two get the same value, and a rolled-back insert takes its value back with it.
// A period's first number continues after the highest number of that period already in the table (seed
// rows, rows from before the rule), and a number some other write took meanwhile is skipped, so the
// unique index never refuses an assigned number.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { NumberingRule } from '../../common/metadata';
import { formatNumber, numberingPeriod, numberRegex, parseNumberingPattern, type NumberingPart } from '../../common/metadata/numbering';
import type { Database } from '../db/schema';
import { SYSTEM_COLUMNS, type EntityModel, type ModelField } from './model';
import type { DbRow } from './row-codec';

const partsCache = new Map<string, readonly NumberingPart[]>();

/** A checked pattern's parts (the schema checks refused any other at start). */
function partsOf(rule: NumberingRule): readonly NumberingPart[] {
  let parts = partsCache.get(rule.pattern);
  if (!parts) {
    const parsed = parseNumberingPattern(rule.pattern);
    if ('error' in parsed) throw new Error(`numbering pattern ${rule.pattern}: ${parsed.error[0]}`);
    parts = parsed.parts;
    partsCache.set(rule.pattern, parts);
  }
  return parts;
}

type Scope = { key: string; rows: RawBuilder<boolean> };

/** The sequence's scope of a new row: its company (for project data, the project's), its project, or the table. */
async function scopeOf(trx: Kysely<Database>, model: EntityModel, rule: NumberingRule, columns: DbRow): Promise<Scope> {
  if (rule.scope === 'global') return { key: '', rows: sql<boolean>`true` };
  const project = model.projectColumn ? columns[model.projectColumn] : undefined;
  if (rule.scope === 'project' || model.projectColumn) {
    if (project === undefined || project === null) throw new Error(`numbering of ${model.table}: the row has no project`);
  }
  if (rule.scope === 'project') return { key: String(project), rows: sql<boolean>`${sql.ref(model.projectColumn as string)} = ${project}` };
  if (model.projectColumn) {
    const owner = await sql<{ company_id: string | number }>`select company_id from projects where id = ${project}`.execute(trx);
    const company = owner.rows[0]?.company_id;
    return { key: String(company), rows: sql<boolean>`${sql.ref(model.projectColumn)} in (select id from projects where company_id = ${company})` };
  }
  const company = columns[SYSTEM_COLUMNS.companyId];
  return { key: String(company), rows: sql<boolean>`${sql.ref(SYSTEM_COLUMNS.companyId)} = ${company}` };
}

/** The highest sequence value among the table's numbers of the period (0 when none). */
const highestInTable = (model: EntityModel, field: ModelField, scope: Scope, regex: string): RawBuilder<number> =>
  sql<number>`(select coalesce(max(substring(${sql.ref(field.column)} from ${regex})::numeric), 0)
    from ${sql.table(model.table)} where ${sql.ref(field.column)} ~ ${regex} and ${scope.rows})`;

type SequenceKey = { table: string; column: string; scope: string; period: string };

const keyMatches = (k: SequenceKey) =>
  sql<boolean>`table_name = ${k.table} and column_name = ${k.column} and scope_key = ${k.scope} and period = ${k.period}`;

/** The sequence's next value: raised when it exists, else started after the period's highest number in the table. */
async function nextValue(trx: Kysely<Database>, key: SequenceKey, highest: RawBuilder<number>): Promise<number> {
  const raised = await sql<{ last_value: string }>`update numbering_sequences set last_value = last_value + 1, updated_at = now()
    where ${keyMatches(key)} returning last_value`.execute(trx);
  if (raised.rows[0]) return Number(raised.rows[0].last_value);
  // Two first inserts of a period meet at the primary key: the second waits for the first, then raises its row.
  const started = await sql<{ last_value: string }>`insert into numbering_sequences (table_name, column_name, scope_key, period, last_value)
    values (${key.table}, ${key.column}, ${key.scope}, ${key.period}, ${highest} + 1)
    on conflict (table_name, column_name, scope_key, period)
    do update set last_value = numbering_sequences.last_value + 1, updated_at = now()
    returning last_value`.execute(trx);
  return Number(started.rows[0].last_value);
}

/** Whether a stored row (not soft-deleted: what the unique index holds) of the scope has the number. */
async function taken(trx: Kysely<Database>, model: EntityModel, field: ModelField, scope: Scope, number: string): Promise<boolean> {
  const live = model.entity.softDelete ? sql<boolean>`${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0` : sql<boolean>`true`;
  const found = await sql`select 1 from ${sql.table(model.table)} where ${sql.ref(field.column)} = ${number} and ${scope.rows} and ${live} limit 1`.execute(trx);
  return found.rows.length > 0;
}

/** Moves the sequence past every number of the period in the table (one a write outside the rule took). */
async function skipTaken(trx: Kysely<Database>, key: SequenceKey, highest: RawBuilder<number>): Promise<number> {
  const moved = await sql<{ last_value: string }>`update numbering_sequences set last_value = greatest(last_value, ${highest}) + 1, updated_at = now()
    where ${keyMatches(key)} returning last_value`.execute(trx);
  return Number(moved.rows[0].last_value);
}

/** The model's numbered fields (stored text fields with a `numbering` rule). */
export const numberedFields = (model: EntityModel): ModelField[] => model.stored.filter((f) => f.numbering !== undefined);

/**
 * Fills the numbered columns of a row about to be inserted in `trx`, and answers the numbers by field name.
 * A column already holding text (a seed row, a hook's own number) keeps it. `now`: the instant whose China
 * day, month or year the number shows and counts in.
 */
export async function assignNumbers(trx: Kysely<Database>, model: EntityModel, columns: DbRow, now = Date.now()): Promise<Record<string, string>> {
  const assigned: Record<string, string> = {};
  for (const field of numberedFields(model)) {
    const held = columns[field.column];
    if (typeof held === 'string' && held.trim() !== '') continue;
    const rule = field.numbering as NumberingRule;
    const parts = partsOf(rule);
    const scope = await scopeOf(trx, model, rule, columns);
    const key: SequenceKey = { table: model.table, column: field.column, scope: scope.key, period: numberingPeriod(rule.reset, now) };
    const highest = highestInTable(model, field, scope, numberRegex(parts, now, rule.reset));
    let number = formatNumber(parts, now, await nextValue(trx, key, highest));
    if (await taken(trx, model, field, scope, number)) number = formatNumber(parts, now, await skipTaken(trx, key, highest));
    columns[field.column] = number;
    assigned[field.name] = number;
  }
  return assigned;
}
