// Export workbooks (docs/metadata.md): one sheet, the header row is the field titles in schema order
// (frozen, filtered), codes of a static dictionary appear as their labels, project and company ids as
// their names (the row's `labels`, labels.ts), uploads as 有/无 or a count, never an address or an id.
// Import reads the same sheet back (excel-import.ts); the import template is excel-template.ts.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { booleanLabels, rowLabel } from '../../common/field-types';
import { storedAddresses } from '../../common/uploads';
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

/** What an upload column says in a sheet: never the stored address (an image 有/无, files their count). */
function uploadCell(field: ModelField, value: unknown): string {
  const count = storedAddresses(String(value ?? '')).length;
  if (field.type === 'image') return count > 0 ? '有' : '无';
  return count > 0 ? `${count}个文件` : '无';
}

export function cellOf(field: ModelField, row: ApiRow, dictionaries: Dictionaries): ExcelJS.CellValue {
  const value = row[field.name];
  if (field.type === 'image' || field.type === 'file') return uploadCell(field, value);
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
    for (const row of rows) width = Math.max(width, textWidth(row[i]));
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
function openSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, header: readonly string[], widths: readonly number[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0, topLeftCell: 'A2', activeCell: 'A2' }] });
  sheet.columns = widths.map((width) => ({ width }));
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
  const header = fields.map((f) => f.title);
  // Level 1 deflate: the zip is the slow step of a million-row export; the file is only slightly larger.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  let sheet: ExcelJS.Worksheet | null = null;
  let held: ExcelJS.CellValue[][] = [];
  let written = 0;
  const start = () => (sheet ??= openSheet(workbook, sheetName(model.entity.title), header, fittedWidths(header, held)));
  const flush = () => {
    const open = start();
    for (const cells of held) open.addRow(cells).commit();
    held = [];
  };
  for await (const rows of batches) {
    for (const row of rows.slice(0, SHEET_ROWS - written)) held.push(fields.map((f) => cellOf(f, row, dictionaries)));
    written += Math.min(rows.length, SHEET_ROWS - written);
    if (sheet || held.length >= WIDTH_SAMPLE) flush();
    if (written >= SHEET_ROWS) break;
    if (sheet) await zipCaughtUp(sheet);
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  flush();
  start().commit();
  await workbook.commit();
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
