// import of the generic protocol (docs/metadata.md): every line of the sheet goes through the same path
// as create (validator, hook, scope); any bad line means nothing is inserted, and the report names each
// bad line with its sheet row number; good sheets are inserted in one transaction.
import type { ImportReport } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import { rightsOf, type EntityEngine } from './entity-engine';
import { hiddenFields } from './field-rights';
import { inTransaction, insertPrepared, prepareInsert, type PreparedInsert } from './entity-writes';
import { BadRequest, FieldRefusal, Refusal } from './errors';
import { readImportSheet, type SheetLine } from './excel';
import { isLabelled } from '../../common/field-types';
import { labelResolver, type LabelResolver } from './labels';
import { ENGINE_MESSAGES, typeMessage } from './messages';

type ImportError = ImportReport['errors'][number];

function lineError(engine: EntityEngine, row: number, error: unknown): ImportError {
  if (error instanceof FieldRefusal) return { row, field: error.field, message: error.detail };
  if (error instanceof Refusal) return { row, message: error.detail };
  if (error instanceof BadRequest) {
    const field = error.field ? engine.model.byName.get(error.field) : undefined;
    return field ? { row, field: field.name, message: typeMessage(field) } : { row, message: error.reason };
  }
  throw error;
}

/** The export writes project and company names (labels.ts); the sheet's names become ids again, in place. */
function unresolvedLabel(engine: EntityEngine, line: SheetLine, resolve: LabelResolver): ImportError | null {
  for (const field of engine.model.fields) {
    const cell = line.values[field.name];
    if (!isLabelled(field) || (typeof cell !== 'string' && typeof cell !== 'number')) continue;
    const id = resolve(field, cell);
    if (id === undefined) return { row: line.row, field: field.name, message: ENGINE_MESSAGES.labelUnknown(field.title, String(cell)) };
    line.values[field.name] = id;
  }
  return null;
}

export async function importSheet(engine: EntityEngine, session: SessionContext, file: Buffer): Promise<ImportReport> {
  const lines = await readImportSheet(engine.model, file, engine.dictionary, hiddenFields(rightsOf(engine, session)));
  if (lines.length === 0) throw new Refusal(ENGINE_MESSAGES.importNothing);
  const resolve = await labelResolver(engine.db, session, engine.model, lines.map((l) => l.values));
  const prepared: PreparedInsert[] = [];
  const errors: ImportError[] = [];
  for (const line of lines) {
    const unknown = unresolvedLabel(engine, line, resolve);
    if (unknown) {
      errors.push(unknown);
      continue;
    }
    try {
      prepared.push(await prepareInsert(engine, session, line.values));
    } catch (error) {
      errors.push(lineError(engine, line.row, error));
    }
  }
  if (errors.length > 0) return { inserted: 0, errors };
  await inTransaction(engine, 'write', async (trx) => {
    for (const row of prepared) await insertPrepared(engine, session, trx, row, 'import');
  });
  return { inserted: prepared.length, errors: [] };
}
