/**
 * Excel in and out for every list (RuoYi: list, export, import, template). Exports stream row
 * batches through exceljs' WorkbookWriter straight into the response, so 100k rows never sit in
 * memory at once; imports read a workbook, map headers to keys and report each bad row.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';

/** exceljs, loaded with the first workbook: it takes a second to load, and a starting server needs none (issue 14). */
export const excel = async () => (await import('exceljs')).default;
import type { FastifyReply } from 'fastify';
import { chinaDateTime } from './days.js';

export type CellValue = string | number | Date | null | undefined;

/**
 * What a column holds, when it is not text or a number: a calendar day ('YYYY-MM-DD', written as a
 * date cell yyyy-mm-dd) or an instant (a Date or ISO string, written as a date cell yyyy-mm-dd hh:mm
 * of its China time), so that Excel sorts and filters them as dates.
 */
export type ColumnType = 'date' | 'dateTime';

export interface ExcelColumn<T> {
  /** Column title in the sheet (Chinese, as users know it). */
  header: string;
  width?: number;
  type?: ColumnType;
  value: (row: T) => CellValue;
}

/** Excel's number formats of the column types. */
export const DATE_FORMATS: Record<ColumnType, string> = { date: 'yyyy-mm-dd', dateTime: 'yyyy-mm-dd hh:mm' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A value as the cell Excel should hold. Excel's dates have no zone: exceljs writes a Date's UTC
 * fields, so a day becomes its UTC midnight and an instant the UTC Date of its China wall time.
 * A value that is no date is written as it is (text stays text).
 */
export function cellValueOf(value: CellValue, type: ColumnType | undefined): CellValue {
  if (value === null || value === undefined || value === '' || !type) return value ?? null;
  if (type === 'date') {
    const day = typeof value === 'string' ? DAY.exec(value.slice(0, 10)) : null;
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    if (value instanceof Date) return cellValueOf(chinaDateTime(value).slice(0, 10), 'date');
    return value;
  }
  // An instant: a Date or an ISO string with a zone is read in China time; 'YYYY-MM-DD HH:mm[:ss]' is China time already.
  const wall =
    typeof value === 'string' && WALL_TIME.test(value)
      ? value
      : value instanceof Date || (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
        ? chinaDateTime(value)
        : null;
  const m = wall ? WALL_TIME.exec(wall) : null;
  if (!m) return value;
  return new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)),
  );
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition with a UTF-8 file name (Chinese names survive every browser). */
export function attachment(reply: FastifyReply, filename: string, type: string): FastifyReply {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
}

/**
 * Streams a one-sheet workbook to the reply. `rows` may be an array or an async iterable of
 * batches (see `batches`); each batch is committed before the next is read.
 */
export async function sendExcel<T>(
  reply: FastifyReply,
  filename: string,
  columns: readonly ExcelColumn<T>[],
  rows: readonly T[] | AsyncIterable<readonly T[]>,
  sheetName = 'Sheet1',
): Promise<FastifyReply> {
  const stream = new PassThrough();
  attachment(reply, filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`, XLSX);
  const ExcelJS = await excel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? (c.type === 'dateTime' ? 18 : c.type === 'date' ? 12 : Math.max(12, c.header.length * 2 + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const formats = columns.map((c) => (c.type ? { numFmt: DATE_FORMATS[c.type] } : undefined));
  const write = (batch: readonly T[]) => {
    for (const row of batch) {
      const added = sheet.addRow(columns.map((c) => cellValueOf(c.value(row), c.type)));
      formats.forEach((style, i) => {
        if (style) added.getCell(i + 1).numFmt = style.numFmt;
      });
      added.commit();
    }
  };
  const done = (async () => {
    if (Symbol.asyncIterator in rows) {
      for await (const batch of rows as AsyncIterable<readonly T[]>) {
        write(batch);
        // A slow client: the next batch waits until what was written has gone out, so the
        // workbook never piles up in memory ahead of the connection.
        if (stream.writableNeedDrain) await once(stream, 'drain');
      }
    } else {
      write(rows as readonly T[]);
    }
    sheet.commit();
    await workbook.commit();
  })();
  done.catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return reply.send(stream);
}

/** One sheet of a small workbook (sendSheets): its name, column headers and widths, and its cells. */
export interface Sheet {
  name: string;
  columns: { header: string; width?: number }[];
  rows: CellValue[][];
}

/** A sheet of rows, each cell the column's value. */
export const sheetOf = <T>({
  sheetName,
  columns,
  rows,
}: {
  sheetName: string;
  columns: readonly ExcelColumn<T>[];
  rows: readonly T[];
}): Sheet => ({
  name: sheetName,
  columns: columns.map((c) => ({ header: c.header, width: c.width })),
  rows: rows.map((r) => columns.map((c) => c.value(r) ?? null)),
});

/**
 * Sends a workbook of a few small sheets (a page's figures, each table on its own sheet); built in
 * memory, for rows counted in hundreds. Long lists stream through sendExcel.
 */
export async function sendSheets(
  reply: FastifyReply,
  filename: string,
  sheets: readonly Sheet[],
): Promise<FastifyReply> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name);
    sheet.columns = s.columns.map((c, i) => ({
      header: c.header,
      key: `c${i}`,
      width: c.width ?? Math.max(12, c.header.length * 2 + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) sheet.addRow(row);
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  attachment(reply, filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`, XLSX);
  return reply.send(buffer);
}

/** Pages through a query in batches (keyset or offset, as the caller's fetch decides). */
export async function* batches<T>(
  fetch: (offset: number, limit: number) => Promise<T[]>,
  size = 1000,
): AsyncIterable<T[]> {
  for (let offset = 0; ; offset += size) {
    const batch = await fetch(offset, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
  }
}

export interface ImportColumn {
  header: string;
  /** Key of the value in the parsed row. */
  key: string;
  required?: boolean;
  /** Sample value shown in the template's second row. */
  example?: string;
}

/** Sends an empty import template: the headers (required ones marked *) and one example row. */
export async function sendTemplate(
  reply: FastifyReply,
  filename: string,
  columns: readonly ImportColumn[],
): Promise<FastifyReply> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入模板');
  sheet.columns = columns.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.key,
    width: Math.max(14, c.header.length * 2 + 6),
  }));
  sheet.getRow(1).font = { bold: true };
  if (columns.some((c) => c.example)) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.example ?? ''])));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  attachment(reply, filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`, XLSX);
  return reply.send(buffer);
}

export interface ParsedRow {
  /** Row number in the sheet (1 is the header), for the error report. */
  rowNumber: number;
  values: Record<string, string>;
}

export interface ParsedSheet {
  rows: ParsedRow[];
  /** Required headers the sheet lacks. */
  missingHeaders: string[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/**
 * Reads the first sheet of an .xlsx file: headers (with or without the * mark) are matched to
 * the columns; empty rows are skipped; the example row of the template is not special (it is data).
 */
export async function readExcel(buffer: Buffer, columns: readonly ImportColumn[]): Promise<ParsedSheet> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new Error('文件不是有效的 Excel（.xlsx）文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], missingHeaders: columns.filter((c) => c.required).map((c) => c.header) };
  const index = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => index.set(cellText(cell.value).replace(/\*$/, '').trim(), col));
  const missingHeaders = columns.filter((c) => c.required && !index.has(c.header)).map((c) => c.header);
  const rows: ParsedRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    for (const c of columns) {
      const col = index.get(c.header);
      const text = col ? cellText(row.getCell(col).value) : '';
      if (text) any = true;
      values[c.key] = text;
    }
    if (any) rows.push({ rowNumber, values });
  });
  return { rows, missingHeaders };
}

/** One bad row of an import: nothing is written when any row is bad. */
export interface ImportRowError {
  rowNumber: number;
  field: string;
  msg: string;
}
