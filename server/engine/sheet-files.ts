// The files an import accepts (docs/metadata.md "Import"), each read into the same grid of cells: .xlsx
// (exceljs), .xls — BIFF8, as old Excel and WPS save — (SheetJS Community Edition, the npm package
// @e965/xlsx), and .csv in UTF-8 (with or without a BOM) or GBK, as Chinese Excel saves it. The file's
// first bytes must be its kind's (upload-rules.ts); anything else is refused with the import's message.
// Each kind is held to the import's limits before the full parse (sheet-limits.ts).
import ExcelJS from 'exceljs';
import * as XLS from '@e965/xlsx';
import { BadRequest } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { checkXlsx, IMPORT_LIMITS, tooManyColumns, tooManyRows } from './sheet-limits';
import { extensionOf, KINDS } from './upload-rules';

export const IMPORT_KINDS = ['xlsx', 'xls', 'csv'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * One cell as the sheet holds it: text, a number, a yes/no, a date (its wall-clock time as UTC, as exceljs
 * gives it: a sheet's date has no zone), or nothing.
 */
export type Cell = string | number | boolean | Date | null;
/**
 * The rows of the first visible sheet, header first (a blank row may be empty: a missing cell is null);
 * `typed` is false for a CSV, where every cell is text (a number there is digits the spreadsheet wrote
 * when it saved the file).
 */
export type Grid = { rows: Cell[][]; typed: boolean };

const MAGIC: Readonly<Record<ImportKind, (data: Buffer) => boolean>> = {
  xlsx: KINDS.xlsx.magic,
  xls: KINDS.xls.magic,
  // Text: no NUL byte early (a renamed .xlsx or .xls has them in its first bytes).
  csv: KINDS.txt.magic,
};

/** The kind of an import file by its name, when its first bytes are that kind's; else null. */
export function importKind(fileName: string, data: Buffer): ImportKind | null {
  const ext = extensionOf(fileName);
  const kind = IMPORT_KINDS.find((k) => k === ext);
  return kind && data.length > 0 && MAGIC[kind](data) ? kind : null;
}

const invalid = () => new BadRequest(ENGINE_MESSAGES.importFileInvalid);

/** One shared empty row for every blank one: a sheet formatted far down holds many, and they are skipped. */
const EMPTY_ROW: Cell[] = [];
const filled = (row: Cell[]): Cell[] => (row.every((c) => c === null) ? EMPTY_ROW : row);

export async function readGrid(kind: ImportKind, data: Buffer): Promise<Grid> {
  switch (kind) {
    case 'xlsx':
      return { rows: await xlsxRows(data), typed: true };
    case 'xls':
      return { rows: xlsRows(data), typed: true };
    case 'csv':
      return { rows: csvRows(decodeText(data), EMPTY_ROW), typed: false };
  }
}

/** What exceljs made of a cell (rich text, formula, hyperlink), as a plain cell. */
function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return excelCell(value.result as ExcelJS.CellValue);
  if ('text' in value) return excelCell(value.text as ExcelJS.CellValue);
  return null;
}

async function xlsxRows(data: Buffer): Promise<Cell[][]> {
  // Sizes and rows from the archive's own parts, inflated with a cap, before exceljs inflates them again.
  await checkXlsx(data);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw invalid();
  }
  const sheet = workbook.worksheets.find((w) => w.state === 'visible') ?? workbook.worksheets[0];
  if (!sheet) throw invalid();
  // The header row's width up to its last title (columns right of it are not read, as for .xls).
  const header = sheet.getRow(1);
  let width = 0;
  for (let c = 1; c <= header.cellCount; c += 1) if (excelCell(header.getCell(c).value) !== null) width = c;
  if (width > IMPORT_LIMITS.columns) throw tooManyColumns();
  // Only the rows the sheet holds with a value: asking exceljs for a missing row creates it, and one cell
  // at row 1,048,576 would make a million.
  const rows: Cell[][] = [];
  let failed = false;
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    if (r > IMPORT_LIMITS.xlsxRowNumber) failed = true;
    else rows[r - 1] = filled(Array.from({ length: width }, (_, i) => excelCell(row.getCell(i + 1).value)));
  });
  if (failed) throw invalid();
  for (let i = 0; i < rows.length; i += 1) rows[i] ??= EMPTY_ROW;
  return rows;
}

/** Day 0 of the 1900 date system as Excel counts it (1899-12-30, so that 60 is its 1900-02-29). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
/** The 1904 date system (old Mac workbooks) starts 1,462 days later. */
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** Whether a number format shows a date or time (SheetJS's own test of format codes). */
const isDateFormat = (format: string): boolean => (XLS.SSF as { is_date: (f: string) => boolean }).is_date(format);

/** A BIFF cell (SheetJS) as a plain cell: a number in a date format becomes that wall-clock time as UTC. */
function xlsCell(cell: XLS.CellObject | undefined, date1904: boolean): Cell {
  if (!cell) return null;
  switch (cell.t) {
    case 'n': {
      const n = cell.v as number;
      const format = typeof cell.z === 'string' ? cell.z : '';
      if (format && format !== 'General' && isDateFormat(format)) {
        return new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + Math.round(n * 86_400) * 1000);
      }
      return n;
    }
    case 's':
      return String(cell.v ?? '');
    case 'b':
      return cell.v === true;
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    case 'e':
      // An error value (#N/A, #DIV/0!) as the sheet shows it.
      return cell.w ?? null;
    default:
      return null;
  }
}

function xlsRows(data: Buffer): Cell[][] {
  let book: XLS.WorkBook;
  try {
    // Values and their number formats only: no formulas, HTML or styles are kept.
    // At most IMPORT_LIMITS.xlsRows rows (sheetRows): the cells below are not kept, and `!fullref` tells.
    book = XLS.read(data, {
      type: 'buffer',
      cellNF: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      dense: true,
      sheetRows: IMPORT_LIMITS.xlsRows,
    });
  } catch {
    throw invalid();
  }
  const visible = book.SheetNames.findIndex((_, i) => !book.Workbook?.Sheets?.[i]?.Hidden);
  const name = book.SheetNames[visible >= 0 ? visible : 0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) throw invalid();
  const date1904 = book.Workbook?.WBProps?.date1904 === true;
  const dense = (sheet as { '!data'?: (XLS.CellObject | undefined)[][] })['!data'] ?? [];
  const ref = sheet['!ref'];
  if (!ref) return [];
  // The used range goes past the rows read: more rows than any import may hold.
  if (sheet['!fullref']) throw tooManyRows();
  const range = XLS.utils.decode_range(ref);
  const header = dense[range.s.r] ?? [];
  // The header row's width, as for .xlsx: columns right of the last title are not read.
  let width = 0;
  for (let c = range.s.c; c <= range.e.c; c += 1) if (xlsCell(header[c], date1904) !== null) width = c - range.s.c + 1;
  const rows: Cell[][] = [];
  let valued = 0;
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const row = dense[r];
    const cells = row ? filled(Array.from({ length: width }, (_, i) => xlsCell(row[range.s.c + i], date1904))) : EMPTY_ROW;
    if (cells !== EMPTY_ROW && ++valued > IMPORT_LIMITS.sheetRows) throw tooManyRows();
    rows.push(cells);
  }
  return rows;
}

/**
 * A CSV file's text: a UTF-8 BOM means UTF-8; text that is valid UTF-8 is UTF-8; anything else is read
 * as GBK (GB 18030, its superset), as Chinese Excel and WPS save "CSV (逗号分隔)".
 */
export function decodeText(data: Buffer): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return new TextDecoder('utf-8').decode(data.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('gbk').decode(data);
  }
}

/**
 * RFC 4180 rows: comma-separated, a quoted cell may hold commas, line breaks and "" for a quote; lines end
 * in CRLF, LF or CR. A quote left open refuses the file. Every row is as wide as the header. Reading stops
 * at the first row with a value past the import's limit (IMPORT_LIMITS.sheetRows), or past
 * IMPORT_LIMITS.csvRecords records; a header wider than IMPORT_LIMITS.columns is refused. Blank records
 * are one shared row: `blank` when given (the import's empty row, which it skips at once), else nulls.
 */
export function csvRows(text: string, blank?: Cell[]): Cell[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  let valued = 0;
  const push = (r: string[]) => {
    if (r.some((c) => c !== '') && ++valued > IMPORT_LIMITS.sheetRows) throw tooManyRows();
    if (rows.push(r) > IMPORT_LIMITS.csvRecords) throw tooManyRows();
    if (rows.length === 1 && r.length > IMPORT_LIMITS.columns) throw tooManyColumns();
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      push(row);
      row = [];
      cell = '';
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += ch;
    i += 1;
  }
  if (quoted) throw invalid();
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    push(row);
  }
  const width = rows[0]?.length ?? 0;
  const empty = blank ?? Array.from({ length: width }, () => null);
  return rows.map((r) => (r.every((c) => c === '') ? empty : Array.from({ length: width }, (_, c) => (r[c] === undefined || r[c] === '' ? null : r[c]))));
}
