// What an import file may cost, checked before it is parsed (docs/metadata.md "Import", docs/security-input.md
// "Uploads"). An .xlsx is a zip whose parts may inflate a thousandfold: its central directory is read first
// (yauzl), the sizes it declares are summed against the cap, then every part is inflated as a stream
// (node:zlib, through yauzl) with a byte counter that stops at the cap, since a directory may lie (yauzl also
// refuses a part inflating past the size declared for it), and the rows of each worksheet that hold a value
// are counted on the way. Only a workbook within the limits reaches exceljs. An .xls (BIFF8, not compressed)
// and a .csv are bounded by the upload's 10 MB and by rows: SheetJS reads an .xls to a fixed row at most, the
// CSV reader stops at the first row over the limit (sheet-files.ts).
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { BadRequest } from './errors';
import { ENGINE_MESSAGES } from './messages';

/** The lines one import may hold (the header and the template's example line aside). */
export const MAX_IMPORT_ROWS = 5000;

const MB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** Rows with a value a sheet may hold: the lines, the header and the template's example line. */
  sheetRows: MAX_IMPORT_ROWS + 2,
  /**
   * All parts of an .xlsx, inflated. A 5,000-line sheet of 60 columns of distinct 20-character texts is
   * 22 MB (sheet 10 MB, shared strings 12 MB); exceljs parses 32 MB in about 2 s with some 350 MB of memory.
   */
  unzippedBytes: 32 * MB,
  /** Parts of an .xlsx (one of ours has 11; each costs exceljs a parser). */
  zipEntries: 1000,
  /** Columns up to the last title of the header row (an entity has at most a few dozen fields). */
  columns: 1000,
  /**
   * An .xls is read to this row at most (SheetJS `sheetRows`): formatted blank rows below the lines are
   * tolerated, a sheet whose used range goes further is refused.
   */
  xlsRows: 20_000,
  /** Records of a CSV, blank ones included (Excel's own row limit). */
  csvRecords: 1_048_576,
  /** The last row number an .xlsx may use (Excel's own limit). */
  xlsxRowNumber: 1_048_576,
} as const;

export const tooManyRows = () => new BadRequest(ENGINE_MESSAGES.importTooManyRows(MAX_IMPORT_ROWS));
export const tooManyColumns = () => new BadRequest(ENGINE_MESSAGES.importTooManyColumns(IMPORT_LIMITS.columns));
const tooLarge = () => new BadRequest(ENGINE_MESSAGES.importTooLarge(IMPORT_LIMITS.unzippedBytes / MB));
const invalid = () => new BadRequest(ENGINE_MESSAGES.importFileInvalid);

/** The part of yauzl (3.x, CommonJS without types) used here. */
type ZipEntry = { fileName: string; uncompressedSize: number };
type ZipFile = {
  entryCount: number;
  eachEntry(): AsyncIterable<ZipEntry>;
  openReadStreamPromise(entry: ZipEntry): Promise<Readable>;
};
const yauzl = createRequire(import.meta.url)('yauzl') as {
  fromBufferPromise(data: Buffer, options: { validateEntrySizes: boolean; strictFileNames: boolean }): Promise<ZipFile>;
};

/** A worksheet part as exceljs recognises one (xlsx.js: every entry matching this is parsed as a sheet). */
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;

/**
 * Counts a sheet part's rows that hold a value (a `<v>` or an inline `<is>` inside the `<row>`), chunk by
 * chunk: a self-closing or styled-only row counts as blank, as the import skips it. The tags are ASCII, so
 * the bytes are read as latin1 and a chunk boundary cannot split a character; a tag cut at the boundary is
 * carried into the next chunk.
 */
export class RowCounter {
  private static readonly TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?(row|v|is)(?=[\s/>])/g;
  count = 0;
  private open = false;
  private valued = false;
  private carry = '';

  push(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    const tag = RowCounter.TAG;
    tag.lastIndex = 0;
    let last = 0;
    for (let m = tag.exec(text); m; m = tag.exec(text)) {
      last = tag.lastIndex;
      if (m[2] === 'row') {
        this.close();
        this.open = m[1] === '';
      } else if (m[1] === '' && this.open) this.valued = true;
    }
    // A `<` after the last tag found, close to the end, may be one of ours cut in two.
    const lt = text.lastIndexOf('<');
    this.carry = lt >= last && text.length - lt < 64 ? text.slice(lt) : '';
  }

  /** The row open so far ends (its `</row>`, the next `<row`, or the end of the part). */
  close(): void {
    if (this.open && this.valued) this.count += 1;
    this.open = false;
    this.valued = false;
  }
}

/** What the check of an .xlsx found: bytes inflated, rows with a value per worksheet part. */
export type XlsxCheck = { declaredBytes: number; inflatedBytes: number; sheetRows: Record<string, number> };

/**
 * Refuses an .xlsx over the limits before exceljs sees it: more parts than allowed or a directory that
 * cannot be read (导入文件格式不正确…), declared or inflated sizes over the cap (导入文件过大：解压后超过32MB),
 * a part inflating past its declared size (格式不正确: the directory lies), a worksheet with more rows
 * holding a value than the limit (一次最多导入5000行). Inflating is node:zlib's, on the thread pool, in
 * chunks of 16 KB, so other requests are answered meanwhile.
 */
export async function checkXlsx(data: Buffer): Promise<XlsxCheck> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw invalid();
  }
  if (zip.entryCount > IMPORT_LIMITS.zipEntries) throw invalid();
  const entries: ZipEntry[] = [];
  let declaredBytes = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      declaredBytes += entry.uncompressedSize;
    }
  } catch {
    throw invalid();
  }
  // The directory's word first: an honest bomb is refused without inflating a byte.
  if (declaredBytes > IMPORT_LIMITS.unzippedBytes) throw tooLarge();

  let inflatedBytes = 0;
  const sheetRows: Record<string, number> = {};
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    const rows = WORKSHEET.test(entry.fileName) ? new RowCounter() : null;
    let stream: Readable | undefined;
    try {
      stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflatedBytes += chunk.length;
        if (inflatedBytes > IMPORT_LIMITS.unzippedBytes) throw tooLarge();
        if (rows) {
          rows.push(chunk);
          if (rows.count > IMPORT_LIMITS.sheetRows) throw tooManyRows();
        }
      }
    } catch (error) {
      throw error instanceof BadRequest ? error : invalid();
    } finally {
      stream?.destroy();
    }
    if (rows) {
      rows.close();
      if (rows.count > IMPORT_LIMITS.sheetRows) throw tooManyRows();
      sheetRows[entry.fileName] = rows.count;
    }
  }
  return { declaredBytes, inflatedBytes, sheetRows };
}
