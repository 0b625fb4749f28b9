// Import of the generic protocol (docs/metadata.md "Import"): every line of the sheet goes through the
// same path as create (validator, hook, scope) and every problem of every line is reported (each field
// the validator refuses, each name that names nothing), with its sheet row number. Three modes:
// `preview` writes nothing and answers every line with its cells and problems; `all` inserts every line
// in one transaction or, if any line is bad, nothing; `valid` inserts the good lines in one transaction
// and answers the bad ones as an .xlsx with an 错误原因 column (excel-template.ts). The file is an .xlsx,
// .xls or .csv (sheet-files.ts); the rejected lines always come back as .xlsx.
import type { ImportLine, ImportMode, ImportReport } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import { rightsOf, type EntityEngine } from './entity-engine';
import { hiddenFields } from './field-rights';
import { inTransaction, insertPrepared, prepareInsert, type PreparedInsert } from './entity-writes';
import { BadRequest, FieldRefusal, Refusal } from './errors';
import { readImportSheet, type SheetLine } from './excel-import';
import { rejectedWorkbook } from './excel-template';
import type { ImportKind } from './sheet-files';
import { isLabelled } from '../../common/field-types';
import { labelResolver, type LabelResolver } from './labels';
import { ENGINE_MESSAGES, typeMessage } from './messages';

type LineError = ImportLine['errors'][number];

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

/** The export writes project and company names (labels.ts); the sheet's names become ids again, in place. */
function unresolvedLabels(engine: EntityEngine, line: SheetLine, resolve: LabelResolver): LineError[] {
  const errors: LineError[] = [];
  for (const field of engine.model.fields) {
    const cell = line.values[field.name];
    if (!isLabelled(field) || (typeof cell !== 'string' && typeof cell !== 'number')) continue;
    const id = resolve(field, cell);
    if (id === undefined) {
      errors.push({ field: field.name, message: ENGINE_MESSAGES.labelUnknown(field.title, String(cell)) });
      // Left out, so the validator does not report the same cell again (a required one as missing).
      delete line.values[field.name];
    } else {
      line.values[field.name] = id;
    }
  }
  return errors;
}

type Checked = { line: SheetLine; errors: LineError[]; prepared?: PreparedInsert };

async function checkLine(engine: EntityEngine, session: SessionContext, line: SheetLine, resolve: LabelResolver): Promise<Checked> {
  // The sheet's own problems first (a long number in a text field): they name the fix, and are the
  // field's one problem (uniqueByField) rather than the 必填 the validator sees for the cell left out.
  const labelErrors = [...line.problems, ...unresolvedLabels(engine, line, resolve)];
  try {
    const prepared = await prepareInsert(engine, session, line.values);
    return labelErrors.length > 0 ? { line, errors: labelErrors } : { line, errors: [], prepared };
  } catch (error) {
    const errors = [...labelErrors, ...lineErrors(engine, error)];
    // A cell of the wrong type stops the validator before its rules: check the rest of the line without
    // those cells, so the other fields' problems are listed too (a required one then missing is not).
    if (error instanceof BadRequest && error.fields.length > 0) {
      const rest = { ...line.values };
      for (const name of error.fields) delete rest[name];
      try {
        await prepareInsert(engine, session, rest);
      } catch (again) {
        if (!(again instanceof BadRequest)) errors.push(...lineErrors(engine, again));
      }
    }
    return { line, errors: uniqueByField(errors) };
  }
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
  const resolve = await labelResolver(engine.db, session, engine.model, lines.map((l) => l.values));
  const checked: Checked[] = [];
  for (const line of lines) checked.push(await checkLine(engine, session, line, resolve));
  const bad = checked.filter((c) => c.errors.length > 0);
  const errors = bad.flatMap((c) => c.errors.map((e) => ({ row: c.line.row, ...e })));
  const counts = { total: lines.length, valid: lines.length - bad.length, exampleSkipped: sheet.exampleSkipped };

  if (mode === 'preview') {
    return {
      inserted: 0,
      errors,
      ...counts,
      columns: sheet.fields.map((f) => ({ field: f.name, title: f.title, required: f.required === true })),
      lines: checked.map((c) => ({ row: c.line.row, cells: c.line.cells, errors: c.errors })),
    };
  }
  if (mode === 'all' && bad.length > 0) return { inserted: 0, errors, ...counts };
  const good = checked.flatMap((c) => (c.prepared ? [c.prepared] : []));
  if (good.length > 0) {
    await inTransaction(engine, 'write', async (trx) => {
      for (const row of good) await insertPrepared(engine, session, trx, row, 'import');
    });
  }
  if (bad.length === 0) return { inserted: good.length, errors: [], ...counts };
  const title = (name?: string) => (name ? `${engine.model.byName.get(name)?.title ?? name}：` : '');
  const rejected = await rejectedWorkbook(
    engine.model,
    sheet.fields,
    bad.map((c) => ({ line: c.line, reasons: c.errors.map((e) => (e.message.includes(title(e.field).slice(0, -1)) ? e.message : `${title(e.field)}${e.message}`)) })),
  );
  return { inserted: good.length, errors, ...counts, rejectedFile: rejected.toString('base64') };
}
