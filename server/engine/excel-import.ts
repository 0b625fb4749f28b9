// Reading an import sheet (docs/metadata.md "Import"): the header row names the columns by field title
// (a leading * marks a required one in the template), in any order, so both the template
// (excel-template.ts) and an export (excel.ts) import; a column of a field that cannot be imported (the
// key, read-only fields) is ignored; a title no field has is refused. Project, company and reference
// columns hold names or labels and upload columns file names (labels.ts resolves them). Each non-blank line
// becomes one wire row plus the text of its cells (the preview shows them). The template's example line
// is skipped when left unchanged. The file may be .xlsx, .xls or .csv (sheet-files.ts reads each). A text
// field's cell that the spreadsheet holds as a number is taken as its exact digits, but one of more than
// 15 digits has lost its last ones already (Excel, WPS and LibreOffice keep 15 significant digits — an ID
// number 511002198503018270 typed as a number is 511002198503018000): that cell is refused with a hint.
import { booleanLabels, isLabelled, sheetLabelOf } from '../../common/field-types';
import type { DictOption } from '../../common/wire';
import { INPUT_MESSAGES, isIllegalText } from '../http/input-guard';
import { BadRequest } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { answeredFields, writableFields, type EntityModel, type ModelField } from './model';
import { readGrid, type Cell, type ImportKind } from './sheet-files';
import { MAX_IMPORT_ROWS, tooManyRows } from './sheet-limits';

type Dictionaries = (name: string) => readonly DictOption[] | undefined;

/** A problem the sheet itself shows in a cell (a long number in a text field), before any validation. */
export type CellProblem = { field: string; message: string };
export type SheetLine = { row: number; values: Record<string, unknown>; cells: Record<string, string>; problems: CellProblem[] };
export type ImportSheet = { lines: SheetLine[]; fields: readonly ModelField[]; exampleSkipped: boolean };
export { MAX_IMPORT_ROWS };

/**
 * Fields a sheet may fill: the writable ones the caller may see. An upload column holds file names
 * (an export's, labels.ts): read when the sheet has it.
 */
export const importFields = (model: EntityModel, omit: ReadonlySet<string> = new Set()): readonly ModelField[] =>
  writableFields(model).filter((f) => !omit.has(f.name) && !f.writeOnly);

/** The template's columns: the importable fields but uploads (a new row's files are uploaded in the page). */
export const templateFields = (model: EntityModel, omit?: ReadonlySet<string>): readonly ModelField[] =>
  importFields(model, omit).filter((f) => f.type !== 'image' && f.type !== 'file');

export const staticDictionary = (field: ModelField, dictionaries: Dictionaries): readonly DictOption[] | undefined =>
  field.dictionary && 'type' in field.dictionary ? dictionaries(field.dictionary.type) : undefined;

/** A header cell's title: the template's required mark (*) and blanks taken off. */
export const headerTitle = (text: string): string => text.replace(/^\s*[*＊]\s*/, '').replace(/\s*[*＊]\s*$/, '').trim();

/** The template's example line, cell by cell (excel-template.ts writes it; an unchanged one is skipped). */
export function exampleCells(field: ModelField, dictionaries: Dictionaries): string {
  const options = staticDictionary(field, dictionaries);
  if (options?.length) return options[0].selContent;
  if (sheetLabelOf(field) === 'row') return `（${field.title}名称）`;
  switch (field.type) {
    case 'integer':
      return String(Math.max(field.minimum ?? 1, Math.min(field.maximum ?? 1, 1)));
    case 'number':
    case 'money':
      return String(Math.max(field.minimum ?? 0, Math.min(field.maximum ?? 100, 100)));
    case 'boolean':
      return booleanLabels(field).true;
    case 'date':
      return '2026-01-01';
    case 'datetime':
      return '2026-01-01 08:00:00';
    case 'project':
      return '（项目名称）';
    case 'company':
      return '（单位名称）';
    case 'json':
      return '[]';
    case 'image':
    case 'file':
      return '';
    default:
      return `示例${field.title}`.slice(0, Math.max(1, field.maxLength ?? 50));
  }
}

/**
 * The text or value of a cell for a field. A date cell has no zone: its wall-clock time comes as UTC, so
 * a datetime field gets that wall-clock text (read as China Standard Time like any zoneless time), other
 * fields the day.
 */
function plain(value: Cell, field?: ModelField): string | number | boolean | null {
  if (value === null) return null;
  if (value instanceof Date) return field?.type === 'datetime' ? value.toISOString().slice(0, 19).replace('T', ' ') : value.toISOString().slice(0, 10);
  return value;
}

/** The most digits a spreadsheet keeps exactly in a number cell (IEEE doubles, shown to 15 digits). */
const EXACT_DIGITS = 15;
/** A number as a spreadsheet writes it in a CSV once it has lost digits: 5.11002198503018E+017. */
const SCIENTIFIC = /^\s*[+-]?\d+(\.\d+)?[eE][+-]?\d+\s*$/;

/**
 * A number cell of a text field as the digits typed (13812345678, not 1.3812345678E+10 or 13812345678.0),
 * or null when the number has more digits than a spreadsheet keeps, so the typed ones are lost.
 */
export function numberAsText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  if (Number.isInteger(n)) return Math.abs(n) < 10 ** EXACT_DIGITS ? n.toFixed(0) : null;
  const text = String(Number(n.toPrecision(EXACT_DIGITS)));
  return /e/i.test(text) ? null : text;
}

/** Labels a dictionary cell's message lists before it counts the rest (the template's drop-down has them all). */
const CHOICES_SHOWN = 12;

/** A dictionary cell holding none of its labels: what may be written (性别只能是：男、女). */
export const dictionaryChoiceMessage = (title: string, options: readonly DictOption[]): string => {
  const labels = options.map((o) => o.selContent);
  const shown = labels.length <= CHOICES_SHOWN ? labels.join('、') : `${labels.slice(0, CHOICES_SHOWN).join('、')}等${labels.length}项（见模板中该列的下拉选项）`;
  return `${title}只能是：${shown}`;
};

/** The refusal of such a cell, with how to fix it. */
export const numberAsTextMessage = (title: string) => `${title}须以文本格式填写，数字格式会丢失末几位`;

const isTextField = (field: ModelField) => field.type === 'string' || field.type === 'text';

/** A cell → the value the write validator expects on the wire for this field. */
function wireValue(field: ModelField, cell: unknown, dictionaries: Dictionaries): unknown {
  if (cell === null || cell === '') return null;
  // A name, a label or file names, resolved to ids as a whole (labels.ts): its text as written.
  if (isLabelled(field)) return typeof cell === 'number' || typeof cell === 'boolean' ? String(cell) : cell;
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
    case 'date':
    case 'datetime':
      return typeof value === 'string' ? dateText(value) : value;
    default:
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }
}

/**
 * A date written as text the way spreadsheets write it in a CSV (Chinese Excel and WPS: 2026/3/1,
 * 2026/3/1 8:05; 2026年3月1日) in the form the validator reads (2026-03-01, 2026-03-01 08:05:00); other
 * text as given, so the validator reports it.
 */
export function dateText(text: string): string {
  const m = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(text);
  if (!m) return text;
  const two = (v: string) => v.padStart(2, '0');
  const day = `${m[1]}-${two(m[2])}-${two(m[3])}`;
  return m[4] === undefined ? day : `${day} ${two(m[4])}:${m[5]}:${m[6] ?? '00'}`;
}

/** The columns a rejected-rows file adds (excel-template.ts): a corrected file imports as it is. */
export const REJECTED_COLUMNS: ReadonlySet<string> = new Set(['原行号', '错误原因']);

/**
 * Which field each column holds (null: ignored), by title; two fields sharing a title take the columns
 * of that title in schema order. A title no answered or importable field has refuses the sheet.
 */
function columnsOf(model: EntityModel, header: readonly string[], omit: ReadonlySet<string> | undefined): (ModelField | null)[] {
  const importable = new Set(importFields(model, omit));
  // Any answered field's column is known (an older export's 编号 too), but only importable ones are read.
  const known = [...new Set([...answeredFields(model).filter((f) => !omit?.has(f.name)), ...importable])];
  const taken = new Set<ModelField>();
  const columns = header.map((title) => {
    if (title === '' || REJECTED_COLUMNS.has(title)) return null;
    const field = known.find((f) => f.title === title && !taken.has(f));
    if (!field) throw new BadRequest(ENGINE_MESSAGES.importColumnUnknown(title));
    taken.add(field);
    return importable.has(field) ? field : null;
  });
  if (!columns.some((c) => c !== null)) throw new BadRequest(ENGINE_MESSAGES.importHeaderMismatch);
  return columns;
}

export async function readImportSheet(
  model: EntityModel,
  file: Buffer,
  kind: ImportKind,
  dictionaries: Dictionaries,
  omit?: ReadonlySet<string>,
): Promise<ImportSheet> {
  const grid = await readGrid(kind, file);
  const [headerCells = []] = grid.rows;
  const header = headerCells.map((c) => headerTitle(String(plain(c) ?? '')));
  const columns = columnsOf(model, header, omit);
  const fields = columns.filter((c): c is ModelField => c !== null);
  const example = Object.fromEntries(fields.map((f) => [f.name, exampleCells(f, dictionaries)]));
  // Each dictionary column's labels and codes, looked up once for the sheet rather than once a cell.
  const allowed = columns.map((f) => {
    const options = f ? staticDictionary(f, dictionaries) : undefined;
    return options?.length ? { options, values: new Set(options.flatMap((o) => [o.selContent, o.xuHao])) } : undefined;
  });

  const lines: SheetLine[] = [];
  let exampleSkipped = false;
  for (let index = 1; index < grid.rows.length; index += 1) {
    const r = index + 1;
    const row = grid.rows[index];
    // A blank row (the shared empty one): nothing to read. A sheet may have a million below its lines.
    if (row.length === 0) continue;
    const cells: Record<string, string> = {};
    const raw: Record<string, unknown> = {};
    const problems: CellProblem[] = [];
    for (const [i, field] of columns.entries()) {
      if (!field) continue;
      let value = plain(row[i] ?? null, field);
      // A sheet's text is request text too (input-guard.ts): no NUL, no lone surrogate.
      if (typeof value === 'string' && isIllegalText(value)) throw new BadRequest(`第${r}行：${INPUT_MESSAGES.illegalText}`);
      cells[field.name] = value === null ? '' : String(value);
      if (isTextField(field) && (typeof value === 'number' || (!grid.typed && typeof value === 'string' && SCIENTIFIC.test(value)))) {
        const text = typeof value === 'number' ? numberAsText(value) : null;
        if (text === null) {
          problems.push({ field: field.name, message: numberAsTextMessage(field.title) });
          value = null;
        } else {
          value = cells[field.name] = text;
        }
      }
      const dictionary = allowed[i];
      if (dictionary && value !== null && String(value).trim() !== '' && !dictionary.values.has(String(value))) {
        problems.push({ field: field.name, message: dictionaryChoiceMessage(field.title, dictionary.options) });
        value = null;
      }
      raw[field.name] = value;
    }
    if (Object.values(cells).every((c) => c.trim() === '')) continue;
    if (!exampleSkipped && lines.length === 0 && fields.every((f) => cells[f.name] === example[f.name])) {
      exampleSkipped = true;
      continue;
    }
    if (lines.length >= MAX_IMPORT_ROWS) throw tooManyRows();
    // An empty cell is "not given", so the field's default applies as in a create without it.
    const values = Object.fromEntries(fields.map((f) => [f.name, wireValue(f, raw[f.name] ?? null, dictionaries)]).filter(([, v]) => v !== null));
    lines.push({ row: r, values, cells, problems });
  }
  return { lines, fields, exampleSkipped };
}
