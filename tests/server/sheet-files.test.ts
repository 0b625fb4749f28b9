// The import's file readers without a server (server/engine/sheet-files.ts, docs/metadata.md "Import"):
// RFC 4180 CSV, the encoding of a CSV (BOM, UTF-8, else GBK), the kind of a file by its name and first
// bytes, and a text field's number cell as its digits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberAsText } from '../../server/engine/excel-import';
import { csvRows, decodeText, importKind } from '../../server/engine/sheet-files';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'import', name));

describe('CSV', () => {
  it('reads quoted cells with commas, quotes and line breaks, CRLF, LF or CR line ends, a row as wide as the header', () => {
    const text = '姓名,备注,班组\r\n"张,伟","他说""好""",钢筋班\n李娜,"两行\r\n备注"\r王强\n\n';
    expect(csvRows(text)).toEqual([
      ['姓名', '备注', '班组'],
      ['张,伟', '他说"好"', '钢筋班'],
      ['李娜', '两行\r\n备注', null],
      ['王强', null, null],
      [null, null, null],
    ]);
    expect(csvRows('a,b')).toEqual([['a', 'b']]);
    expect(() => csvRows('a,"b\n')).toThrow();
  });

  it('decodes UTF-8 with or without a BOM, and GBK, to the same text', () => {
    const utf8 = decodeText(fixture('roster-utf8.csv'));
    expect(utf8.startsWith('"所属项目"')).toBe(true);
    expect(decodeText(fixture('roster-utf8-bom.csv'))).toBe(utf8);
    expect(decodeText(fixture('roster-gbk.csv'))).toBe(utf8);
    // GBK bytes of 张伟 are no valid UTF-8.
    expect(decodeText(Buffer.from([0xd5, 0xc5, 0xce, 0xb0]))).toBe('张伟');
  });
});

describe('the kind of an import file', () => {
  it('is its extension when the first bytes are that kind’s', () => {
    expect(importKind('花名册.XLSX', fixture('roster-text.xlsx'))).toBe('xlsx');
    expect(importKind('花名册.xls', fixture('roster-text.xls'))).toBe('xls');
    expect(importKind('花名册.csv', fixture('roster-gbk.csv'))).toBe('csv');
    expect(importKind('花名册.xls', fixture('roster-text.xlsx'))).toBeNull();
    expect(importKind('花名册.csv', fixture('roster-text.xls'))).toBeNull();
    expect(importKind('花名册.xlsx', fixture('roster-utf8.csv'))).toBeNull();
    expect(importKind('花名册.txt', fixture('roster-utf8.csv'))).toBeNull();
    expect(importKind('花名册.csv', Buffer.alloc(0))).toBeNull();
  });
});

describe('a number cell of a text field', () => {
  it('is its digits up to 15 of them, else nothing (the last digits are lost)', () => {
    expect(numberAsText(13812345678)).toBe('13812345678');
    expect(numberAsText(511002850301827)).toBe('511002850301827');
    expect(numberAsText(999999999999999)).toBe('999999999999999');
    expect(numberAsText(1e15)).toBeNull();
    expect(numberAsText(Number('511002198503018270'))).toBeNull();
    expect(numberAsText(12.5)).toBe('12.5');
    expect(numberAsText(0.1 + 0.2)).toBe('0.3');
    expect(numberAsText(-42)).toBe('-42');
    expect(numberAsText(Number.NaN)).toBeNull();
  });
});
