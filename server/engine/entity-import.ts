// Import of the generic protocol (docs/metadata.md "Import"): every line of the sheet goes through the
// same path as create (validator, hook, scope, references, files) and every problem of every line is
// reported (each field refused, each name that names nothing or more than one row, each value a unique
// rule finds taken), with its sheet row number. Names, labels and file names become ids first (labels.ts).
// Three modes: `preview` writes nothing and answers every line with its cells and problems; `all` inserts
// every line in one transaction or, if any line is bad or fails at insert, nothing; `valid` inserts the
// good lines one by one inside one transaction, each in a savepoint, so a line the database refuses (a
// unique value taken meanwhile) is reported with its row and field while the others are kept, and answers
// the bad ones as an .xlsx with an 错误原因 column (excel-template.ts). The file is an .xlsx, .xls or .csv
// (sheet-files.ts); the rejected lines always come back as .xlsx.
import { sql } from 'kysely';
import { FIELD_TYPES } from '../../common/field-types';
import type { ImportLine, ImportMode, ImportReport } from '../../common/metadata';
import { OWNER_COMPANY_COLUMN, uniqueColumns } from '../../common/metadata/columns';
import type { SessionContext } from '../auth/session-context';
import { constraintRefusal } from './constraints';
import { rightsOf, type EntityEngine } from './entity-engine';
import { hiddenFields } from './field-rights';
import { inTransaction, insertPrepared, prepareInsert, type PreparedInsert } from './entity-writes';
import { BadRequest, FieldRefusal, Refusal } from './errors';
import { readImportSheet, type SheetLine } from './excel-import';
import { rejectedWorkbook } from './excel-template';
import { checkFileFields } from './file-fields';
import type { ImportKind } from './sheet-files';
import { sheetResolver, type SheetResolver } from './labels';
import { ENGINE_MESSAGES, typeMessage } from './messages';
import type { ModelField } from './model';
import { checkReferences } from './references';
import { visibleRows } from './scope';

type LineError = ImportLine['errors'][number];

/** The import's own words: a value the sheet holds twice. */
export const IMPORT_MESSAGES = {
  sheetDuplicate: (titles: string, values: string, row: number) => `${titles}“${values}”与第${row}行重复`,
  /** A value a stored row holds: the rule's message and which row (身份证号已存在：花名册中的“姚志勇”). */
  storedDuplicate: (message: string, entityTitle: string, label: string) => `${message}：${entityTitle}中的“${label}”`,
  /** …held by a row the importer does not see: not named (its name is not theirs to know). */
  storedUnseen: (message: string) => `${message}（已有记录不在您的查看范围内）`,
} as const;

/** Every problem a refused line has: each refused field, else the one refusal. */
function lineErrors(engine: EntityEngine, error: unknown): LineError[] {
  if (error instanceof FieldRefusal) return error.issues.map((i) => ({ field: i.field, message: i.message }));
  if (error instanceof Refusal) return [{ message: error.detail }];
  if (error instanceof BadRequest) {
    const fields = error.fields.map((name) => engine.model.byName.get(name)).filter((f) => f !== undefined);
    return fields.length > 0 ? fields.map((f) => ({ field: f.name, message: typeMessage(f) })) : [{ message: error.reason }];
  }
  throw error;
}

/** The fields a refusal names (none for a refusal of the whole line). */
const refusedFields = (error: unknown): string[] =>
  error instanceof FieldRefusal ? error.issues.map((i) => i.field) : error instanceof BadRequest ? [...error.fields] : [];

const without = (values: Record<string, unknown>, names: readonly string[]) => Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name)));

type Checked = { line: SheetLine; errors: LineError[]; prepared?: PreparedInsert };

/**
 * The line as create would take it, with every fault it has: each check stops at its first fault, so the
 * line is checked again without the cells refused so far until it passes or a fault names no field. When
 * the validator still refuses (a required cell left empty), the references and files of the rest are
 * checked on their own, so their faults are listed too.
 */
async function checkLine(engine: EntityEngine, session: SessionContext, line: SheetLine, resolve: SheetResolver): Promise<Checked> {
  // The sheet's own problems first (a long number in a text field): they name the fix, and are the
  // field's one problem (uniqueByField) rather than the 必填 the validator sees for the cell left out.
  const errors: LineError[] = [...line.problems, ...resolve(line.values)];
  let values = { ...line.values };
  for (let round = 0; round <= engine.model.fields.length; round += 1) {
    try {
      const prepared = await prepareInsert(engine, session, values);
      return errors.length > 0 ? { line, errors: uniqueByField(errors) } : { line, errors: [], prepared };
    } catch (error) {
      errors.push(...lineErrors(engine, error));
      const next = refusedFields(error).filter((name) => name in values);
      if (next.length === 0) break;
      values = without(values, next);
    }
  }
  errors.push(...(await laterFaults(engine, session, values)));
  return { line, errors: uniqueByField(errors) };
}

/** The references' and files' faults of values the validator has not passed (each check reads ids as text). */
async function laterFaults(engine: EntityEngine, session: SessionContext, values: Record<string, unknown>): Promise<LineError[]> {
  const found: LineError[] = [];
  let rest = values;
  for (let round = 0; round <= engine.model.fields.length; round += 1) {
    try {
      await checkReferences(engine.model, rest, null, engine.db, session, engine.references);
      await checkFileFields(engine.model, rest, null, engine.db, session);
      break;
    } catch (error) {
      if (!(error instanceof FieldRefusal) || !(error.field in rest)) break;
      found.push({ field: error.field, message: error.detail });
      rest = without(rest, [error.field]);
    }
  }
  return found;
}

/** One problem per field (the first reported), then the row's own. */
function uniqueByField(errors: readonly LineError[]): LineError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = e.field ?? `:${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A good line becomes bad: its errors, and no insert. */
function refuse(c: Checked, errors: readonly LineError[]): void {
  c.errors = uniqueByField([...c.errors, ...errors]);
  delete c.prepared;
}

/** The SQL type of a unique rule's column, to compare a sheet's value with the stored ones. */
function columnType(engine: EntityEngine, column: string): string {
  const field = engine.model.stored.find((f) => f.column === column);
  return field ? FIELD_TYPES[field.type].sql : 'bigint';
}

/**
 * The duplicates the unique rules (entity `unique`, unique-indexes.ts) would refuse at insert, found
 * before: a good line whose values a stored row holds (the rule's message, as the insert would answer:
 * 证书编号已存在) and a good line repeating an earlier good line of the sheet (证书编号“…”与第3行重复).
 * Blank values are never duplicates (the index leaves them out), nor soft-deleted rows.
 */
async function findDuplicates(engine: EntityEngine, session: SessionContext, checked: readonly Checked[]): Promise<void> {
  const { model } = engine;
  for (const rule of model.entity.unique ?? []) {
    const fields = rule.fields.map((name) => model.byName.get(name)).filter((f): f is ModelField => f !== undefined);
    const last = fields.at(-1);
    if (!last || fields.length !== rule.fields.length) continue;
    const columns = uniqueColumns(model.entity, rule);
    const owners = columns.includes(OWNER_COMPANY_COLUMN) ? await ownerCompanies(engine, checked) : new Map<string, string>();
    // The owner company (project data, unique per company) is the one owning the line's project (owner-company.ts).
    const valueOf = (c: Checked, column: string) =>
      column === OWNER_COMPANY_COLUMN ? owners.get(String(c.prepared!.columns[model.projectColumn ?? ''] ?? '')) : c.prepared!.columns[column];
    const keyed = checked.flatMap((c) => {
      const values = c.prepared ? columns.map((column) => valueOf(c, column)) : [];
      return values.length > 0 && values.every((v) => v !== null && v !== undefined && String(v).trim() !== '') ? [{ c, values }] : [];
    });
    if (keyed.length === 0) continue;
    const stored = await storedDuplicates(engine, session, columns, keyed.map((k) => k.values), rowTitleField(engine, rule.fields));
    const message = rule.message ?? ENGINE_MESSAGES.duplicate(last.title);
    const first = new Map<string, Checked>();
    for (const [i, { c, values }] of keyed.entries()) {
      const holder = stored.get(i);
      if (holder) {
        const named = holder.visible ? IMPORT_MESSAGES.storedDuplicate(message, model.entity.title, holder.label ?? `编号 ${holder.id}`) : IMPORT_MESSAGES.storedUnseen(message);
        refuse(c, [{ field: last.name, message: named }]);
        continue;
      }
      const key = JSON.stringify(values.map(String));
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, c);
        continue;
      }
      const titles = fields.map((f) => f.title).join('、');
      const shown = fields.map((f) => c.line.cells[f.name] ?? '').join('、');
      refuse(c, [{ field: last.name, message: IMPORT_MESSAGES.sheetDuplicate(titles, shown, earlier.line.row) }]);
    }
  }
}

/** The company owning each good line's project, by project id. */
async function ownerCompanies(engine: EntityEngine, checked: readonly Checked[]): Promise<Map<string, string>> {
  const column = engine.model.projectColumn;
  const ids = [...new Set(checked.flatMap((c) => (c.prepared && column && c.prepared.columns[column] != null ? [Number(c.prepared.columns[column])] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await engine.db.selectFrom('projects').select(['id', 'company_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), String(r.company_id)]));
}

/**
 * The field that names a row to a person (the import's 已存在：花名册中的“姚志勇”): the first column of the
 * entity's list page that is plain stored text or a number no permission, mask or dictionary covers and is
 * not one of `besides` (the duplicated value says nothing new), else the first such required text field;
 * undefined when there is none (the row is named by its 编号).
 */
export function rowTitleField(engine: Pick<EntityEngine, 'model' | 'catalog'>, besides: readonly string[] = []): ModelField | undefined {
  const { model } = engine;
  const plain = (f: ModelField | undefined): f is ModelField =>
    !!f && !besides.includes(f.name) && !f.virtual && !f.writeOnly && !f.viewAction && !f.mask && f.format !== 'mobile' && f.type !== 'id' && !f.dictionary && ['string', 'text', 'integer', 'number'].includes(f.type) && model.stored.includes(f);
  const pages = [...(engine.catalog.pages?.values() ?? [])].filter((p) => p.entity === model.entity.name);
  for (const page of pages) {
    const first = page.list.columns.map((c) => model.byName.get(c.field)).find((f) => f !== undefined);
    if (plain(first)) return first;
  }
  return model.fields.find((f) => plain(f) && f.required && f.type === 'string');
}

type Holder = { id: string; label: string | null; visible: boolean };

/**
 * Which of the value lists a stored row (not soft-deleted) already holds, by position, with the first
 * such row: its id, its title (rowTitleField) and whether the importer sees it.
 */
async function storedDuplicates(
  engine: EntityEngine,
  session: SessionContext,
  columns: readonly string[],
  lists: readonly unknown[][],
  title: ModelField | undefined,
): Promise<Map<number, Holder>> {
  const { model } = engine;
  // Named apart from any table column: the row's own columns are read unqualified by the scope condition.
  const names = columns.map((_, j) => `dup_c${j}`);
  const types = columns.map((column) => sql.raw(columnType(engine, column)));
  const rows = lists.map((values, i) => sql`(${i}::int, ${sql.join(values.map((v, j) => sql`cast(${v} as ${types[j]})`))})`);
  const same = columns.map((column, j) => sql`t.${sql.ref(column)} = v.${sql.ref(names[j])}`);
  if (model.entity.softDelete) same.push(sql`t.if_del = 0`);
  const label = title ? sql`t.${sql.ref(title.column)}::text` : sql`null::text`;
  const visible = visibleRows(model, { db: engine.db, session });
  const found = await sql<{ dup_i: number; id: string; label: string | null; visible: boolean }>`select v.dup_i, d.id, d.label, d.visible
    from (values ${sql.join(rows)}) as v(dup_i, ${sql.join(names.map((n) => sql.ref(n)))})
    cross join lateral (select t.${sql.ref(model.idField.column)}::text as id, ${label} as label, coalesce((${visible}), false) as visible
      from ${sql.table(model.table)} t where ${sql.join(same, sql` and `)} order by 3 desc, 1 limit 1) d`.execute(engine.db);
  return new Map(found.rows.map((r) => [Number(r.dup_i), { id: String(r.id), label: r.label && r.label.trim() !== '' ? r.label : null, visible: r.visible === true }]));
}

/** Thrown to undo an all-or-nothing import whose line failed at insert. */
class ImportUndone extends Error {}

/**
 * Inserts the good lines in one transaction, each inside a savepoint: a line the database or a hook
 * refuses is rolled back alone and gets its errors (a unique violation as its field's message,
 * constraints.ts). `all`: one such line undoes every insert. Answers the lines inserted.
 */
async function insertLines(engine: EntityEngine, session: SessionContext, good: readonly Checked[], mode: 'all' | 'valid'): Promise<number> {
  let inserted = 0;
  try {
    await inTransaction(engine, 'write', async (trx) => {
      for (const c of good) {
        await sql`savepoint import_line`.execute(trx);
        try {
          await insertPrepared(engine, session, trx, c.prepared!, 'import');
          await sql`release savepoint import_line`.execute(trx);
          inserted += 1;
        } catch (error) {
          await sql`rollback to savepoint import_line`.execute(trx);
          refuse(c, lineErrors(engine, constraintRefusal(engine.model, error, 'write') ?? error));
        }
      }
      if (mode === 'all' && inserted < good.length) throw new ImportUndone();
    });
  } catch (error) {
    if (error instanceof ImportUndone) return 0;
    throw error;
  }
  return inserted;
}

export async function importSheet(
  engine: EntityEngine,
  session: SessionContext,
  file: Buffer,
  mode: ImportMode = 'all',
  kind: ImportKind = 'xlsx',
): Promise<ImportReport> {
  const sheet = await readImportSheet(engine.model, file, kind, engine.dictionary, hiddenFields(rightsOf(engine, session)));
  const { lines } = sheet;
  if (lines.length === 0) throw new Refusal(ENGINE_MESSAGES.importNothing);
  const resolve = await sheetResolver(engine.db, session, engine.model, engine.catalog.entities ?? new Map(), lines.map((l) => l.values));
  const checked: Checked[] = [];
  for (const line of lines) checked.push(await checkLine(engine, session, line, resolve));
  await findDuplicates(engine, session, checked);

  const report = (inserted: number) => {
    const bad = checked.filter((c) => c.errors.length > 0);
    const errors = bad.flatMap((c) => c.errors.map((e) => ({ row: c.line.row, ...e })));
    return { bad, errors, counts: { inserted, errors, total: lines.length, valid: lines.length - bad.length, exampleSkipped: sheet.exampleSkipped } };
  };

  if (mode === 'preview') {
    return {
      ...report(0).counts,
      columns: sheet.fields.map((f) => ({ field: f.name, title: f.title, required: f.required === true })),
      lines: checked.map((c) => ({ row: c.line.row, cells: c.line.cells, errors: c.errors })),
    };
  }
  if (mode === 'all' && report(0).bad.length > 0) return report(0).counts;
  const good = checked.filter((c) => c.prepared);
  const inserted = good.length > 0 ? await insertLines(engine, session, good, mode) : 0;
  const { bad, counts } = report(inserted);
  if (bad.length === 0 || mode === 'all') return counts;
  const title = (name?: string) => (name ? `${engine.model.byName.get(name)?.title ?? name}：` : '');
  const rejected = await rejectedWorkbook(
    engine.model,
    sheet.fields,
    bad.map((c) => ({ line: c.line, reasons: c.errors.map((e) => (e.message.includes(title(e.field).slice(0, -1)) ? e.message : `${title(e.field)}${e.message}`)) })),
  );
  return { ...counts, rejectedFile: rejected.toString('base64') };
}
