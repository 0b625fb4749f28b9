// Export and import workbooks (docs/metadata.md): one sheet, the header row is the field titles in
// schema order, codes of a static dictionary appear as their labels, project and company ids as their
// names (the row's `labels`, labels.ts). Import takes the same header
// row (compared by position, since two fields may share a title) and yields one wire row per line.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { booleanLabels, rowLabel } from '../../common/field-types';
import type { DictOption } from '../../common/wire';
import { INPUT_MESSAGES, isIllegalText } from '../http/input-guard';
import { BadRequest } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { answeredFields, type EntityModel, type ModelField } from './model';
import type { ApiRow } from './row-codec';

type Dictionaries = (name: string) => readonly DictOption[] | undefined;

/**
 * Every answered field is a column: what the list answers is what the sheet holds (never a writeOnly field,
 * nor one the caller may not see: `omit`, field permissions). A masked field stays, with masked values.
 */
export const sheetFields = (model: EntityModel, omit: ReadonlySet<string> = new Set()): readonly ModelField[] =>
  answeredFields(model).filter((f) => !omit.has(f.name));

const staticDictionary = (field: ModelField, dictionaries: Dictionaries): readonly DictOption[] | undefined =>
  field.dictionary && 'type' in field.dictionary ? dictionaries(field.dictionary.type) : undefined;

function cellOf(field: ModelField, row: ApiRow, dictionaries: Dictionaries): ExcelJS.CellValue {
  const value = row[field.name];
  if (value === null || value === undefined) return null;
  // Projects and companies by name, as list cells show them (labels.ts); import reads names back.
  const label = rowLabel(row, field.name);
  if (label !== undefined) return label;
  const options = staticDictionary(field, dictionaries);
  if (options) return options.find((o) => o.xuHao === String(value))?.selContent ?? String(value);
  if (field.type === 'boolean') return booleanLabels(field)[value === true ? 'true' : 'false'];
  if (typeof value === 'number') return value;
  return String(value);
}

/**
 * A worksheet name Excel accepts: none of \ / ? * [ ] : (each becomes 、), no leading or trailing
 * apostrophe, at most 31 characters, not blank (塔吊/升降机运行数据 → 塔吊、升降机运行数据).
 */
export function sheetName(title: string): string {
  const name = title
    .replace(/[\\/?*[\]:]/g, '、')
    .replace(/^'+|'+$/g, '')
    .trim();
  return [...name].slice(0, 31).join('') || '数据';
}

/** Data rows of one worksheet: an .xlsx sheet holds 1,048,576 rows, the header included. */
export const SHEET_ROWS = 1_048_575;

const columnWidth = (field: ModelField): number => Math.min(60, Math.max(10, field.title.length * 2 + 4));

/** Uncompressed sheet text allowed to wait for the zip (a batch is about 3 MB). */
const ZIP_BACKLOG = 8 * 1024 * 1024;

/**
 * exceljs writes a sheet's text into the zip's input without waiting for it (its StreamBuf ignores
 * backpressure), so a fast database would pile the whole sheet up in memory: between batches, wait
 * until the zip has taken in all but ZIP_BACKLOG bytes. (The input is the sheet stream's pipe, an exceljs
 * internal; without one there is nothing to wait for.)
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  type Input = Writable & { _writableState?: { length: number; needDrain: boolean } };
  const pipes = (sheet as unknown as { stream?: { pipes?: Input[] } }).stream?.pipes ?? [];
  // archiver's input is a readable-stream v2 PassThrough: its state, not Node's writableLength getters.
  const pending = (input: Input) => input._writableState ?? { length: input.writableLength ?? 0, needDrain: input.writableNeedDrain ?? false };
  for (const input of pipes) {
    while (pending(input).length > ZIP_BACKLOG && pending(input).needDrain) await once(input, 'drain');
  }
}

/**
 * The export workbook, streamed: each batch of rows is written and committed as it comes (exceljs's
 * streaming writer, inline strings), so memory holds one batch however many rows there are. Titles,
 * dictionary labels, project and company names and the sheet name are those of the list (cellOf). Rows
 * past what a sheet holds are left out. `out` waits for a slow reader between batches.
 */
export async function streamWorkbook(
  model: EntityModel,
  batches: AsyncIterable<readonly ApiRow[]>,
  dictionaries: Dictionaries,
  out: Writable,
  omit?: ReadonlySet<string>,
): Promise<void> {
  const fields = sheetFields(model, omit);
  // Level 1 deflate: the zip is the slow step of a million-row export; the file is only slightly larger.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const sheet = workbook.addWorksheet(sheetName(model.entity.title));
  sheet.columns = fields.map((f) => ({ width: columnWidth(f) }));
  const header = sheet.addRow(fields.map((f) => f.title));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for await (const rows of batches) {
    for (const row of rows.slice(0, SHEET_ROWS - written)) sheet.addRow(fields.map((f) => cellOf(f, row, dictionaries))).commit();
    written += Math.min(rows.length, SHEET_ROWS - written);
    if (written >= SHEET_ROWS) break;
    await zipCaughtUp(sheet);
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987), e.g. 巡检模板.xlsx. */
export const contentDisposition = (model: EntityModel): string =>
  `attachment; filename="${model.api.base}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${model.entity.title}.xlsx`)}`;

// ---- import ----

export type SheetLine = { row: number; values: Record<string, unknown> };
export const MAX_IMPORT_ROWS = 5000;

/**
 * The text or value a cell shows, whatever exceljs made of it (rich text, formula, hyperlink, date). A
 * date cell has no zone: exceljs gives its wall-clock time as UTC, so a datetime field gets that wall-clock
 * text (read as China Standard Time like any zoneless time), other fields the day.
 */
function plain(value: ExcelJS.CellValue, field: ModelField): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return field.type === 'datetime' ? value.toISOString().slice(0, 19).replace('T', ' ') : value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return plain(value.result as ExcelJS.CellValue, field);
  if ('text' in value) return plain(value.text as ExcelJS.CellValue, field);
  return null;
}

/** A cell → the value the write validator expects on the wire for this field. */
function wireValue(field: ModelField, cell: unknown, dictionaries: Dictionaries): unknown {
  if (cell === null || cell === '') return null;
  const options = staticDictionary(field, dictionaries);
  // A label becomes its code; a numeric field then takes the code as a number like any typed number.
  const value = options ? (options.find((o) => o.selContent === String(cell))?.xuHao ?? String(cell)) : cell;
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'money':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean': {
      // The field's own words (在线 / 离线) as the export writes them, or 是 / 否.
      const words = booleanLabels(field);
      if (value === words.true || value === '是') return true;
      return value === words.false || value === '否' ? false : value;
    }
    default:
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }
}

export async function readImportSheet(model: EntityModel, file: Buffer, dictionaries: Dictionaries, omit?: ReadonlySet<string>): Promise<SheetLine[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new BadRequest(ENGINE_MESSAGES.importFileInvalid);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BadRequest(ENGINE_MESSAGES.importFileInvalid);
  const fields = sheetFields(model, omit);
  const header = fields.map((f, i) => String(plain(sheet.getRow(1).getCell(i + 1).value, f) ?? '').trim());
  if (header.some((title, i) => title !== fields[i].title)) throw new BadRequest(ENGINE_MESSAGES.importHeaderMismatch);

  const lines: SheetLine[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const cells = fields.map((f, i) => plain(sheet.getRow(r).getCell(i + 1).value, f));
    // A sheet's text is request text too (input-guard.ts): no NUL, no lone surrogate.
    if (cells.some((c) => typeof c === 'string' && isIllegalText(c))) throw new BadRequest(`第${r}行：${INPUT_MESSAGES.illegalText}`);
    if (cells.every((c) => c === null || String(c).trim() === '')) continue;
    if (lines.length >= MAX_IMPORT_ROWS) throw new BadRequest(`一次最多导入${MAX_IMPORT_ROWS}行`);
    // An empty cell is "not given", so the field's default applies as in a create without it.
    const values = Object.fromEntries(fields.map((f, i) => [f.name, wireValue(f, cells[i], dictionaries)]).filter(([, v]) => v !== null));
    lines.push({ row: r, values });
  }
  return lines;
}
