// Export workbooks (docs/metadata.md): one sheet, the header row is the field titles in schema order
// (frozen, filtered), codes of a static dictionary appear as their labels, project and company ids as
// their names, another entity's row as its label and uploads as their file names (the row's `labels`,
// labels.ts sheetLabels), never an address.
// Typed cells (issue 23): dates and datetimes are Excel dates (the China wall clock), numbers numbers,
// every text a string cell in a Text-formatted column, so Excel neither turns an ID number into
// 5.11002E+17 nor runs a stored `=…` as a formula. Import reads the same sheet back unchanged
// (excel-import.ts); the import template is excel-template.ts.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { booleanLabels, isLabelled, rowLabel } from '../../common/field-types';
import type { DictOption } from '../../common/wire';
import { answeredFields, type EntityModel, type ModelField } from './model';
import type { ApiRow } from './row-codec';

type Dictionaries = (name: string) => readonly DictOption[] | undefined;

/**
 * The columns of an export: every answered field the caller may see (never a writeOnly field, nor one
 * `omit`ted by field permissions; a masked field stays, with masked values), but no internal id (the row
 * key and other id fields). Project and company columns carry names (labels.ts).
 */
export const sheetFields = (model: EntityModel, omit: ReadonlySet<string> = new Set()): readonly ModelField[] =>
  answeredFields(model).filter((f) => !omit.has(f.name) && f.type !== 'id');

const staticDictionary = (field: ModelField, dictionaries: Dictionaries): readonly DictOption[] | undefined =>
  field.dictionary && 'type' in field.dictionary ? dictionaries(field.dictionary.type) : undefined;

/** Excel number formats of the typed columns: a date, a China wall-clock time, text (`@`). */
export const DATE_FORMAT = 'yyyy-mm-dd';
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';
export const TEXT_FORMAT = '@';

/** `2026-11-21` or `2026-11-21 18:05:00` (a row's China Standard Time text) → a date whose UTC clock is that wall clock. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
function wallClockDate(text: string): Date | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0'))));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The number format of a field's column: dates and datetimes as dates, numbers in General, everything
 * else (text, codes' labels, names, uploads' 有/无, json) Text — a digit string stays a string, and a cell
 * typed into later stays text too (no formula, no 5.11002E+17).
 */
export function columnFormat(field: ModelField, dictionaries: Dictionaries): string | undefined {
  if (staticDictionary(field, dictionaries) || field.type === 'boolean' || isLabelled(field)) return TEXT_FORMAT;
  if (field.type === 'date') return DATE_FORMAT;
  if (field.type === 'datetime') return DATETIME_FORMAT;
  if (field.type === 'integer' || field.type === 'number' || field.type === 'money') return undefined;
  return TEXT_FORMAT;
}

/** A column's style: its number format, and for uploads lines wrapped (several file names, one a line). */
function columnStyle(field: ModelField, dictionaries: Dictionaries): Partial<ExcelJS.Style> {
  const numFmt = columnFormat(field, dictionaries);
  const wrap = field.type === 'image' || field.type === 'file';
  return { ...(numFmt ? { numFmt } : {}), ...(wrap ? { alignment: { wrapText: true, vertical: 'top' } } : {}) };
}

/**
 * Text as an .xlsx string can hold it: a control character XML 1.0 cannot carry (below U+0020 but tab,
 * line feed and CR) would make the file unreadable, so it is written as its OOXML escape `_x0001_`. A CR
 * stays, but every XML reader (Excel, exceljs) reads a CR or CR LF back as a line feed.
 */
// The control characters themselves are what this finds.
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
export const xlsxText = (text: string): string =>
  text.replace(XML_ILLEGAL, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);

/**
 * One cell of a row. Text is always an exceljs string value (an inline string of the sheet, type string,
 * never a formula, whatever it begins with: `=1+1`, `+86…`, `-5`, `@SUM(…)`, a tab or CR): the stored
 * value exactly (but xlsxText), so the sheet imports back unchanged — no quote is prefixed (the CSV practice; an .xlsx
 * string cell needs none, and the column's Text format keeps a retyped cell from becoming a formula).
 */
export function cellOf(field: ModelField, row: ApiRow, dictionaries: Dictionaries): ExcelJS.CellValue {
  const value = row[field.name];
  // Projects and companies by name, other entities' rows by their label, uploads by their file names, one
  // a line (labels.ts sheetLabels); import reads them back. Never an upload's address.
  const label = rowLabel(row, field.name);
  if (label !== undefined) return xlsxText(label);
  if (field.type === 'image' || field.type === 'file' || value === null || value === undefined) return null;
  const options = staticDictionary(field, dictionaries);
  if (options) return xlsxText(options.find((o) => o.xuHao === String(value))?.selContent ?? String(value));
  if (field.type === 'boolean') return booleanLabels(field)[value === true ? 'true' : 'false'];
  if (field.type === 'date' || field.type === 'datetime') return wallClockDate(String(value)) ?? String(value);
  if (field.type === 'integer' || field.type === 'number' || field.type === 'money') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  return xlsxText(typeof value === 'object' ? JSON.stringify(value) : String(value));
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

/** Display width of a text in Excel's character units: a CJK (full-width) character counts two. */
export function textWidth(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const lines = String(value).split('\n');
  return Math.max(...lines.map((line) => [...line].reduce((w, c) => w + (/[\u1100-\uffff]/.test(c) ? 2 : 1), 0)));
}

/** Column widths that fit the header and the given cells: 8 to 60 characters, plus a margin. */
export function fittedWidths(header: readonly string[], rows: readonly (readonly ExcelJS.CellValue[])[]): number[] {
  return header.map((title, i) => {
    let width = textWidth(title) + 2; // the filter button of the header
    // A date cell shows 2026-11-21 18:05 (16 characters), not its JavaScript text.
    for (const row of rows) width = Math.max(width, row[i] instanceof Date ? 16 : textWidth(row[i]));
    return Math.min(60, Math.max(8, width + 2));
  });
}

/** Rows read before the sheet starts, to fit the column widths (the rest stream through). */
const WIDTH_SAMPLE = 500;

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

/** A new streaming sheet whose header row is frozen and filtered, columns as wide as `widths`. */
function openSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  header: readonly string[],
  widths: readonly number[],
  styles: readonly Partial<ExcelJS.Style>[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0, topLeftCell: 'A2', activeCell: 'A2' }] });
  // Each cell takes its column's number format (exceljs merges the column style into new cells).
  sheet.columns = widths.map((width, i) => ({ width, ...(Object.keys(styles[i] ?? {}).length > 0 ? { style: styles[i] } : {}) }));
  if (header.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  const row = sheet.addRow([...header]);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F3F5' } };
  row.commit();
  return sheet;
}

/**
 * The export workbook, streamed: each batch of rows is written and committed as it comes (exceljs's
 * streaming writer, inline strings), so memory holds one batch however many rows there are. The first
 * WIDTH_SAMPLE rows are held back to fit the column widths; the header is frozen and filtered. Titles,
 * dictionary labels, project and company names and the sheet name are those of the list (cellOf); each
 * column has its number format (columnFormat). Rows past what a sheet holds are left out. `out` waits for
 * a slow reader between batches. Answers the number of data rows written.
 */
export async function streamWorkbook(
  model: EntityModel,
  batches: AsyncIterable<readonly ApiRow[]>,
  dictionaries: Dictionaries,
  out: Writable,
  omit?: ReadonlySet<string>,
): Promise<number> {
  const fields = sheetFields(model, omit);
  const header = fields.map((f) => f.title);
  const styles = fields.map((f) => columnStyle(f, dictionaries));
  // Level 1 deflate: the zip is the slow step of a million-row export; the file is only slightly larger.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  let sheet: ExcelJS.Worksheet | null = null;
  let held: ExcelJS.CellValue[][] = [];
  let written = 0;
  const start = () => (sheet ??= openSheet(workbook, sheetName(model.entity.title), header, fittedWidths(header, held), styles));
  const write = (open: ExcelJS.Worksheet, cells: ExcelJS.CellValue[]) => {
    const row = open.addRow(cells);
    // Each cell takes its column's own style object: exceljs merges a new copy into every cell, and its style
    // index then turns each copy into XML and keeps it in a WeakMap; one shared object is looked up once.
    for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i];
    row.commit();
  };
  const flush = () => {
    const open = start();
    for (const cells of held) write(open, cells);
    held = [];
  };
  for await (const rows of batches) {
    const taken = Math.min(rows.length, SHEET_ROWS - written);
    for (let r = 0; r < taken; r++) {
      const cells = fields.map((f) => cellOf(f, rows[r], dictionaries));
      // Once the sheet is open each row is written as it is made: no batch of cells is held.
      if (sheet) write(sheet, cells);
      else held.push(cells);
    }
    written += taken;
    if (!sheet && held.length >= WIDTH_SAMPLE) flush();
    if (written >= SHEET_ROWS) break;
    if (sheet) await zipCaughtUp(sheet);
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  flush();
  start().commit();
  await workbook.commit();
  return written;
}

/** Today in China Standard Time, as the file name's date (20260315). */
const chinaDay = (now = new Date()): string => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

/** A title safe in a file name: no path or reserved characters, no control characters, at most 50. */
export const fileTitle = (title: string): string =>
  [...title]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'\\/:*?"<>|'.includes(c))
    .join('')
    .trim()
    .slice(0, 50) || '数据';

/**
 * `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987): the page's title (or the
 * entity's) and the day, e.g. 巡检模板_20260315.xlsx; `suffix` names a template or rejected rows.
 */
export const contentDisposition = (model: EntityModel, title?: string, suffix = '', now = new Date()): string => {
  const name = `${fileTitle(title || model.entity.title)}${suffix}_${chinaDay(now)}.xlsx`;
  return `attachment; filename="${model.api.base}_${chinaDay(now)}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`;
};
