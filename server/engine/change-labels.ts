// Change logs in words (docs/metadata.md "Audit trail", issue 29): the old and new value of a changed field
// as a person reads them — a code's dictionary label, a referenced row's label (客户：空 → 成都城建), a
// project's or company's name, 是 / 否 (or the field's own words), a date or time in the field's format
// (2026-11-21, 2026-11-21 18:05:00), an upload's file name. Resolved when the change is recorded, so the
// trail keeps the name a row had at the time of the change (what Chinese systems show); an older audit
// row recorded without a label gets one when it is read (change-log.ts), from today's names.
import type { Kysely } from 'kysely';
import { booleanLabels, FIELD_TYPES, ROW_LABELS, sheetLabelOf, type RowLabels } from '../../common/field-types';
import type { FieldChange } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { formatDateTime } from '../platform/time';
import { zonedDateTime } from '../../common/metadata/datetime';
import type { AuditedField } from './audit-trail';
import type { EntityEngine } from './entity-engine';
import { FILE_NAME_SEPARATOR, sheetLabels, withLabels } from './labels';
import type { ModelField } from './model';
import type { ApiRow } from './row-codec';

type Labeller = (field: AuditedField, value: unknown) => string | undefined;

const empty = (v: unknown): boolean => v === undefined || v === null || v === '';
const DATE = /^(\d{4}-\d{2}-\d{2})/;

/** A field whose label needs a query: a reference, a project or company, an image or file. */
const looked = (field: ModelField): boolean => sheetLabelOf(field) !== undefined;

/** A date or time in the field's own format, in China Standard Time; undefined when it is no date. */
function dateText(field: ModelField, value: unknown): string | undefined {
  // Text without a zone is China Standard Time (a stored row's answer: 2026-11-21 08:05:00).
  const zoned = typeof value === 'string' ? zonedDateTime(value) : null;
  const date = value instanceof Date ? value : zoned !== null ? new Date(zoned) : null;
  if (field.type === 'date') {
    if (typeof value === 'string' && DATE.test(value) && value.length <= 10) return DATE.exec(value)![1];
    return date && !Number.isNaN(date.getTime()) ? formatDateTime(date).slice(0, 10) : undefined;
  }
  return date && !Number.isNaN(date.getTime()) ? formatDateTime(date) : undefined;
}

/** A label that needs no query: code, boolean, date; undefined for the rest. */
function plainLabel(engine: EntityEngine, field: ModelField, value: unknown): string | undefined {
  const ref = field.dictionary;
  if (ref && 'type' in ref) {
    const options = engine.dictionary(ref.type);
    const label = (code: string) => options?.find((o) => o.xuHao === code)?.selContent;
    const one = label(String(value));
    if (one !== undefined) return one;
    // A multi-select keeps its codes comma-separated: each by its label.
    const codes = String(value).split(',');
    const labels = codes.map(label);
    return codes.length > 1 && labels.every((l) => l !== undefined) ? labels.join('、') : undefined;
  }
  if (field.type === 'boolean') {
    const words = booleanLabels(field);
    if (value === true || value === 'true' || value === 1 || value === '1') return words.true;
    if (value === false || value === 'false' || value === 0 || value === '0') return words.false;
    return undefined;
  }
  if (field.type === 'date' || field.type === 'datetime') return dateText(field, value);
  return undefined;
}

/**
 * The labels of the looked-up fields' values in these rows (field → value text → label), within what the
 * writer or reader sees (a row out of their scope keeps its id). One query per field and one for the files.
 */
async function lookedUp(engine: EntityEngine, session: SessionContext, db: Kysely<Database>, values: ReadonlyMap<string, ReadonlySet<unknown>>): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  const rows: ApiRow[] = [];
  for (const [name, set] of values) for (const value of set) rows.push({ [name]: value });
  if (rows.length === 0) return out;
  const named = FIELD_TYPES;
  const byTable = rows.filter((r) => Object.keys(r).some((n) => named[engine.model.byName.get(n)!.type].names));
  const labelled = [
    ...(byTable.length > 0 ? await withLabels(db, engine.model, byTable) : []),
    ...(await sheetLabels(db, session, engine.model, engine.catalog.entities ?? new Map(), rows)),
  ];
  for (const row of labelled) {
    const labels = (row[ROW_LABELS] as RowLabels | undefined) ?? {};
    for (const [name, label] of Object.entries(labels)) {
      if (!(name in row)) continue;
      const map = out.get(name) ?? new Map<string, string>();
      map.set(String(row[name]), label.split(FILE_NAME_SEPARATOR).join('、'));
      out.set(name, map);
    }
  }
  return out;
}

/**
 * The trail's labeller for a change of `engine`'s row between `before` and `after` (field-name rows): only
 * the fields that changed are looked up. Used by recordEngineChange (entity-writes.ts) in the write's transaction.
 */
export async function changeLabeller(
  engine: EntityEngine,
  session: SessionContext,
  db: Kysely<Database>,
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Promise<Labeller> {
  const values = new Map<string, Set<unknown>>();
  for (const field of engine.model.fields) {
    if (!looked(field) || field.writeOnly || field.mask) continue;
    const inAfter = !!after && field.name in after;
    const inBefore = !!before && field.name in before;
    if (!inAfter && !inBefore) continue;
    const [o, n] = [before?.[field.name], after?.[field.name]];
    if (after && before && inAfter && String(o ?? '') === String(n ?? '')) continue;
    const set = new Set<unknown>();
    for (const v of [o, n]) if (!empty(v) && (typeof v === 'string' || typeof v === 'number')) set.add(v);
    if (set.size > 0) values.set(field.name, set);
  }
  const found = values.size > 0 ? await lookedUp(engine, session, db, values) : new Map<string, Map<string, string>>();
  return (audited, value) => {
    const field = engine.model.byName.get(audited.name);
    if (!field || field.writeOnly || field.mask) return undefined;
    return found.get(field.name)?.get(String(value)) ?? plainLabel(engine, field, value);
  };
}

/**
 * Labels for read changes recorded without them (audit rows older than the labels, or written by a
 * platform writer): filled in place from today's dictionaries and names, within what the reader sees.
 */
export async function labelRecorded(engine: EntityEngine, session: SessionContext, entries: ReadonlyArray<FieldChange[]>): Promise<void> {
  const lacking: FieldChange[] = [];
  const values = new Map<string, Set<unknown>>();
  for (const changes of entries) {
    for (const c of changes) {
      const field = engine.model.byName.get(c.field);
      if (!field || field.writeOnly || field.mask || c.writeOnly || c.added || c.removed) continue;
      const missing = (!empty(c.old) && c.oldLabel === undefined) || (!empty(c.new) && c.newLabel === undefined);
      if (!missing) continue;
      lacking.push(c);
      if (!looked(field)) continue;
      const set = values.get(field.name) ?? new Set<unknown>();
      for (const v of [c.old, c.new]) if (!empty(v) && (typeof v === 'string' || typeof v === 'number')) set.add(v);
      values.set(field.name, set);
    }
  }
  if (lacking.length === 0) return;
  const found = values.size > 0 ? await lookedUp(engine, session, engine.db, values) : new Map<string, Map<string, string>>();
  for (const c of lacking) {
    const field = engine.model.byName.get(c.field)!;
    const label = (v: unknown) => (empty(v) ? undefined : (found.get(field.name)?.get(String(v)) ?? plainLabel(engine, field, v)));
    const [oldLabel, newLabel] = [c.oldLabel ?? label(c.old), c.newLabel ?? label(c.new)];
    if (oldLabel !== undefined) c.oldLabel = oldLabel;
    if (newLabel !== undefined) c.newLabel = newLabel;
  }
}
