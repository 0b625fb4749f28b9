// The import template and the rejected rows (docs/metadata.md "Import"). The template is made from the
// schema: one column per importable field but uploads (excel-import.ts templateFields), a * before a required title,
// a note with what the column takes, a drop-down (Excel data validation) for each dictionary and yes/no
// column fed by a hidden 选项 sheet, one example line (skipped on import when left unchanged), the
// header frozen, text columns formatted as text (an ID number typed there keeps its 18 digits); a 填写说明
// sheet lists every column. The rejected rows are the lines an import left
// out, as they were written, with an 错误原因 column.
import ExcelJS from 'exceljs';
import { booleanLabels, sheetLabelOf } from '../../common/field-types';
import type { DictOption } from '../../common/wire';
import { fittedWidths, sheetName } from './excel';
import { exampleCells, MAX_IMPORT_ROWS, staticDictionary, templateFields, type SheetLine } from './excel-import';
import type { EntityModel, ModelField } from './model';

type Dictionaries = (name: string) => readonly DictOption[] | undefined;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F3F5' } };
const OPTIONS_SHEET = '选项';

/** The choices of a drop-down column, or none. */
function choicesOf(field: ModelField, dictionaries: Dictionaries): string[] | null {
  const options = staticDictionary(field, dictionaries);
  if (options?.length) return options.map((o) => o.selContent);
  if (field.type === 'boolean') {
    const words = booleanLabels(field);
    return [words.true, words.false];
  }
  return null;
}

/** What a column takes, in words (the header note and the 填写说明 sheet). */
function hintOf(field: ModelField, choices: string[] | null): string {
  const parts: string[] = [field.required ? '必填' : '选填'];
  if (choices) parts.push(`从下拉列表选择：${choices.join('、')}`);
  else if (field.type === 'date') parts.push('日期，格式 2026-01-01');
  else if (field.type === 'datetime') parts.push('时间，格式 2026-01-01 08:00:00');
  else if (field.type === 'integer') parts.push('整数');
  else if (field.type === 'number' || field.type === 'money') parts.push('数字');
  else if (field.type === 'project') parts.push('项目名称，须为您可见的项目；有重名时填写其编号');
  else if (field.type === 'company') parts.push('单位名称，须为您可见的单位；有重名时填写其编号');
  else if (sheetLabelOf(field) === 'row') parts.push('名称，须为您可见的记录；有重名时填写其编号');
  else if (field.type === 'json') parts.push('JSON 文本');
  else if (isText(field)) parts.push('文本格式（身份证号、银行卡号等长数字请勿改为数字格式，否则会丢失末几位）');
  if (field.maxLength) parts.push(`不超过${field.maxLength}个字`);
  return parts.join('；');
}

/** A text column without a drop-down: formatted as text (@), so a long number typed in it keeps every digit. */
const isText = (field: ModelField) => field.type === 'string' || field.type === 'text';

const columnLetter = (n: number): string => (n <= 26 ? String.fromCharCode(64 + n) : columnLetter(Math.floor((n - 1) / 26)) + columnLetter(((n - 1) % 26) + 1));

export async function templateWorkbook(model: EntityModel, dictionaries: Dictionaries, omit?: ReadonlySet<string>): Promise<Buffer> {
  const fields = templateFields(model, omit);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(model.entity.title), { views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
  const options = workbook.addWorksheet(OPTIONS_SHEET, { state: 'veryHidden' });
  const guide = workbook.addWorksheet('填写说明');

  const header = fields.map((f) => (f.required ? `*${f.title}` : f.title));
  const example = fields.map((f) => exampleCells(f, dictionaries));
  sheet.columns = fittedWidths(header, [example]).map((width) => ({ width }));
  const head = sheet.addRow(header);
  head.font = { bold: true };
  head.fill = HEADER_FILL;
  const sample = sheet.addRow(example);
  sample.font = { italic: true, color: { argb: 'FF8C8C8C' } };

  const hints: string[] = [];
  let optionColumn = 0;
  for (const [i, field] of fields.entries()) {
    const choices = choicesOf(field, dictionaries);
    hints.push(hintOf(field, choices));
    const cell = head.getCell(i + 1);
    if (field.required) cell.font = { bold: true, color: { argb: 'FFCF1322' } };
    cell.note = hints[i];
    // A column style: the cells a person fills in take it (Excel, WPS and LibreOffice alike).
    if (!choices && isText(field)) sheet.getColumn(i + 1).numFmt = '@';
    if (!choices) continue;
    optionColumn += 1;
    const letter = columnLetter(optionColumn);
    choices.forEach((choice, j) => (options.getCell(`${letter}${j + 1}`).value = choice));
    const target = columnLetter(i + 1);
    (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(`${target}2:${target}${MAX_IMPORT_ROWS + 1}`, {
      type: 'list',
      allowBlank: !field.required,
      formulae: [`'${OPTIONS_SHEET}'!$${letter}$1:$${letter}$${choices.length}`],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: '输入值无效',
      error: `请从下拉列表中选择${field.title}`,
    });
  }

  guide.columns = [{ width: 24 }, { width: 10 }, { width: 60 }, { width: 30 }];
  const guideHead = guide.addRow(['列名', '是否必填', '填写要求', '示例']);
  guideHead.font = { bold: true };
  guideHead.fill = HEADER_FILL;
  fields.forEach((f, i) => guide.addRow([f.title, f.required ? '是' : '否', hints[i], example[i]]));
  guide.addRow([]);
  guide.addRow([`第2行是示例，不修改时导入会跳过它；一次最多导入${MAX_IMPORT_ROWS}行。`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The lines an import left out, as written, each with its 错误原因 (every problem of the line). */
export async function rejectedWorkbook(
  model: EntityModel,
  fields: readonly ModelField[],
  lines: readonly { line: SheetLine; reasons: readonly string[] }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(model.entity.title), { views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
  const header = [...fields.map((f) => (f.required ? `*${f.title}` : f.title)), '原行号', '错误原因'];
  const rows = lines.map(({ line, reasons }) => [...fields.map((f) => line.cells[f.name] ?? ''), line.row, reasons.join('；')]);
  sheet.columns = fittedWidths(header, rows).map((width) => ({ width }));
  const head = sheet.addRow(header);
  head.font = { bold: true };
  head.fill = HEADER_FILL;
  for (const row of rows) sheet.addRow(row).getCell(header.length).font = { color: { argb: 'FFCF1322' } };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
