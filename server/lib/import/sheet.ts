/**
 * The rows of an import file, read one by one with exceljs' streaming WorkbookReader: the first
 * row names the columns (the template's, in any order, with or without the * of required ones),
 * every later non-empty row comes out as one cell per column. Memory holds one row at a time
 * (plus the workbook's shared strings), whatever the file's length.
 */
import { Transform, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { excel } from '../excel.js';
import { badRequest } from '../errors.js';
import { toDateStr } from '../days.js';
import { entryText, LongerThanDeclared, type ZipEntry } from './zip.js';

export interface ImportColumn {
  key: string;
  /** The column's title in the template (Chinese, as users know it). */
  header: string;
  /** Other titles users write for the same column (身份证号 for 证件号码). */
  aliases?: readonly string[];
  required: boolean;
  /** What to write, for the template's instructions sheet. */
  hint: string;
  example: string;
  width?: number;
  /** Kept as text in the template (identity numbers: no 4.40106E+17). */
  text?: boolean;
  /** The words the template's drop-down offers. */
  choices?: readonly string[];
}

/** One cell as the file holds it: the text a user sees, and the number or day when it is one. */
export interface Cell {
  text: string;
  number?: number;
  /** A date cell's day (Excel stores days without a zone: read as written). */
  day?: string;
}

export interface SheetRow {
  /** The row's number in the sheet (1 is the header), as the error report names it. */
  rowNumber: number;
  cells: Record<string, Cell>;
}

const EMPTY: Cell = { text: '' };

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return EMPTY;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? EMPTY : { text: toDateStr(value), day: toDateStr(value) };
  if (typeof value === 'number') return { text: String(value), number: value };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  if (typeof value === 'string') return { text: value.trim() };
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText))
      return {
        text: v.richText
          .map((r) => r.text)
          .join('')
          .trim(),
      };
    if ('result' in v) return cellOf(v.result);
    if ('text' in v) return cellOf(v.text);
    if ('error' in v) return { text: String(v.error) };
  }
  return EMPTY;
}

/** A header as written, without the required mark, blanks and a trailing note in brackets. */
export const normaliseHeader = (text: string) =>
  text
    .replace(/\s+/g, '')
    .replace(/^\*|\*$/g, '')
    .replace(/[（(][^）)]*[）)]$/, '')
    .replace(/\*$/, '');

function headerIndex(values: unknown[], columns: readonly ImportColumn[]): Map<string, number> {
  const byTitle = new Map<string, ImportColumn>();
  for (const c of columns) for (const t of [c.header, ...(c.aliases ?? [])]) byTitle.set(normaliseHeader(t), c);
  const index = new Map<string, number>();
  values.forEach((value, col) => {
    const column = byTitle.get(normaliseHeader(cellOf(value).text));
    if (!column) return;
    if (index.has(column.key)) throw badRequest(`第1行的列名“${column.header}”出现了两次，请使用导入模板`, 'file');
    index.set(column.key, col);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.key)).map((c) => c.header);
  if (missing.length) throw badRequest(`缺少必填列：${missing.join('、')}（第1行应为列名，请使用导入模板）`, 'file');
  return index;
}

export interface SheetOptions {
  /** Most data rows a file may have; one more is refused with the limit named. */
  maxRows: number;
  /** Most rows the sheet may list, empty ones included (they cost reading time but count for nothing). */
  maxSheetRows: number;
  /** The longest stretch of XML without a tag (MAX_TEXT_RUN unless said). */
  maxTextRun?: number;
}

/**
 * The longest stretch of a part's XML without a tag. No Excel cell holds more than 32,767
 * characters, and the XML parser holds a whole stretch (a text, an attribute) in memory: a
 * megabyte-long one is a crafted file, refused before it is held.
 */
export const MAX_TEXT_RUN = 1_048_576;

class TextRunTooLong extends Error {}

/** A part's text with the tag-less stretches bounded (MAX_TEXT_RUN). */
function boundedText(text: Readable, maxRun: number): Readable {
  let run = 0;
  const guard = new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: string, _enc, done) {
      // Only a stretch across chunks can be long: one inside a chunk is shorter than the chunk (16–64 KiB).
      const first = chunk.indexOf('<');
      const longest = run + (first < 0 ? chunk.length : first);
      run = first < 0 ? longest : chunk.length - chunk.lastIndexOf('<') - 1;
      if (longest > maxRun) done(new TextRunTooLong());
      else done(null, chunk);
    },
  });
  text.on('error', (err) => guard.destroy(err));
  guard.on('close', () => text.destroy());
  return text.pipe(guard);
}

/** The template's second sheet, which explains the columns. */
export const INSTRUCTIONS_SHEET = '填写说明';

/**
 * The parsers of exceljs' WorkbookReader, driven part by part over our own zip reading (zip.ts
 * says why). Not in exceljs' typings; exceljs is pinned, and the import tests read real files.
 */
interface ReaderParts {
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(
    rows: AsyncIterable<string>,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** The data sheet's part: the workbook's first sheet that is not the instructions. */
function dataSheetPart(parts: ReaderParts, entries: Map<string, ZipEntry>): ZipEntry | null {
  const rels = new Map((parts.workbookRels ?? []).map((r) => [r.Id, r.Target]));
  for (const sheet of parts.model?.sheets ?? []) {
    if (sheet.name === INSTRUCTIONS_SHEET) continue;
    const target = rels.get(sheet.rId);
    if (!target) continue;
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    const entry = entries.get(name);
    if (entry) return entry;
  }
  return null;
}

/** Day 0 of Excel's serial dates (its 1900 leap-year bug makes it 30 December 1899), in ms. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const ISO_DATE_CELL = /<c\b([^>]*?)\st="d"([^>]*)>\s*<v>([^<]*)<\/v>/g;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date cell (`t="d"`, as LibreOffice and SheetJS may write them) as the serial number
 * Excel itself stores. exceljs reads the ISO text as a number (2025-03-01 → 2025 → 1905-07-17);
 * as a serial it reads like every other date cell: a Date when the cell has a date format, else the
 * number, which readDay takes as a serial day. The day and time are the written ones (Excel keeps
 * no zone); a value that is no ISO date stays as text.
 */
export function isoDateCellAsSerial(xml: string): string {
  return xml.replace(ISO_DATE_CELL, (_all, before: string, after: string, value: string) => {
    const m = ISO_DATE_TIME.exec(value.trim());
    if (!m) return `<c${before} t="str"${after}><v>${value}</v>`;
    const [y, mo, d, h = '0', mi = '0', sec = '0'] = m.slice(1);
    const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)) - EXCEL_EPOCH_MS;
    return `<c${before}${after}><v>${ms / 86_400_000}</v>`;
  });
}

/**
 * Where the text may be cut without splitting a date cell: after its last closed cell, row or
 * self-closed element. A sheet of empty rows (`<row r="9"/>`) has no `</c>` at all; waiting for one
 * would carry the whole part in memory and rescan it for every chunk.
 */
function safeCut(text: string): number {
  let cut = -1;
  for (const tag of ['</c>', '</row>', '/>']) {
    const at = text.lastIndexOf(tag);
    if (at >= 0) cut = Math.max(cut, at + tag.length);
  }
  return cut;
}

/** The worksheet's text with its ISO date cells as serials; a cell cut between two chunks waits for its end. */
export async function* isoDatesAsSerials(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carry = '';
  for await (const chunk of chunks) {
    const text = carry + chunk;
    const cut = safeCut(text);
    if (cut < 0) {
      carry = text;
      continue;
    }
    carry = text.slice(cut);
    yield isoDateCellAsSerial(text.slice(0, cut));
  }
  if (carry) yield isoDateCellAsSerial(carry);
}

/**
 * The data rows of the file's sheet. Throws a 400 (field file) when the file is not a readable
 * workbook, the header lacks a required column, there is no data row, or there are too many.
 */
export async function* sheetRows(
  path: string,
  entries: Map<string, ZipEntry>,
  columns: readonly ImportColumn[],
  opts: SheetOptions,
): AsyncGenerator<SheetRow> {
  const reader = new (await excel()).stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const parts = reader as unknown as ReaderParts;
  const part = async (name: string) => {
    const entry = entries.get(name);
    return entry ? entryText(path, entry) : null;
  };
  const maxTextRun = opts.maxTextRun ?? MAX_TEXT_RUN;
  let read = 0;
  let listed = 0;
  let text: Readable | null = null;
  try {
    await parts._parseRels((await part('xl/_rels/workbook.xml.rels'))!);
    await parts._parseWorkbook((await part('xl/workbook.xml'))!);
    const styles = await part('xl/styles.xml');
    if (styles) await parts._parseStyles(styles);
    const strings = await part('xl/sharedStrings.xml');
    if (strings)
      for await (const _ of parts._parseSharedStrings(boundedText(strings, maxTextRun))) {
        /* 'cache': fills the reader's table */
      }
    const sheet = dataSheetPart(parts, entries);
    if (!sheet) throw badRequest('Excel 文件中没有数据工作表', 'file');
    text = boundedText(await entryText(path, sheet), maxTextRun);
    const [event] = [
      ...parts._parseWorksheet(isoDatesAsSerials(text as AsyncIterable<string>), sheet.name.replace(/\D/g, '') || '1'),
    ];
    if (!event) throw badRequest('无法读取工作表', 'file');
    let index: Map<string, number> | null = null;
    for await (const row of event.value) {
      listed += 1;
      if (listed > opts.maxSheetRows) {
        throw badRequest(
          `工作表行数超过上限：含空行最多 ${opts.maxSheetRows.toLocaleString('en')} 行，请删除多余的空行或拆分后分批导入`,
          'file',
        );
      }
      const values = row.values as unknown[];
      if (!index) {
        if (row.number !== 1) throw badRequest('第1行应为列名，请使用导入模板', 'file');
        index = headerIndex(values, columns);
        continue;
      }
      const cells: Record<string, Cell> = {};
      let any = false;
      for (const c of columns) {
        const col = index.get(c.key);
        const cell = col === undefined ? EMPTY : cellOf(values[col]);
        if (cell.text) any = true;
        cells[c.key] = cell;
      }
      if (!any) continue;
      read += 1;
      if (read > opts.maxRows) {
        throw badRequest(
          `文件超过行数上限：一次最多导入 ${opts.maxRows.toLocaleString('en')} 行数据，请拆分后分批导入`,
          'file',
        );
      }
      yield { rowNumber: row.number, cells };
    }
    if (!index) throw badRequest('文件是空的：第1行应为列名，请使用导入模板', 'file');
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    if (err instanceof LongerThanDeclared)
      throw badRequest('文件已损坏：解压后的内容比文件目录记录的大小更长，不是有效的 .xlsx 工作簿', 'file');
    if (err instanceof TextRunTooLong) {
      throw badRequest(
        `文件中有超过 ${Math.round(maxTextRun / 1_048_576)} MB 的单个单元格或标记（Excel 单元格最多 32,767 个字符），不是有效的 .xlsx 工作簿`,
        'file',
      );
    }
    throw badRequest('无法读取文件：不是有效的 .xlsx 工作簿或文件已损坏', 'file');
  } finally {
    text?.destroy();
  }
  if (read === 0) throw badRequest('文件中没有数据行（第1行为列名，从第2行起每行一条记录）', 'file');
}
