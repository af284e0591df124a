/**
 * Issue 45 item 4: an import reads a day the same whichever way the file holds it — an ISO date
 * cell (t="d", as SheetJS and LibreOffice may write it), a serial number with or without a date
 * format, a Date cell of exceljs, or text — and whichever program wrote the file: SheetJS,
 * LibreOffice Calc (headless; CI installs it, see .ci/run) and exceljs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { readDay } from '../../server/lib/import/cells.js';
import { isoDateCellAsSerial, isoDatesAsSerials, sheetRows, type ImportColumn } from '../../server/lib/import/sheet.js';
import { assertXlsxFile } from '../../server/lib/import/xlsx-file.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-dates-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const COLUMNS: ImportColumn[] = [
  { key: 'name', header: '名称', required: true, hint: '', example: '' },
  { key: 'day', header: '开始日期', required: true, hint: '', example: '' },
];

/** Each data row's name and the day the import reads from it. */
async function daysOf(file: string): Promise<Record<string, string>> {
  const entries = await assertXlsxFile(file, fs.statSync(file).size);
  const out: Record<string, string> = {};
  for await (const row of sheetRows(file, entries, COLUMNS, { maxRows: 100, maxSheetRows: 200 })) {
    const day = readDay(row.cells.day!, '开始日期');
    out[row.cells.name!.text] = day.ok ? day.value : `refused: ${day.msg}`;
  }
  return out;
}

const soffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('date cells of every kind read as the same day', () => {
  it('SheetJS: ISO date cells (t="d"), date and time, serials with and without a date format, text', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['名称', '开始日期'],
        // SheetJS writes a Date as the writer's local wall time (what its user typed), so the day is built locally:
        // a UTC midnight is the day before in a zone west of Greenwich, and the file then holds that day.
        ['iso', new Date(2025, 2, 1)],
        ['isoTime', new Date(2025, 2, 1, 8, 30)],
        ['serialDate', { t: 'n', v: 45717, z: 'yyyy-mm-dd' }],
        ['serial', 45717],
        ['text', '2025-03-01'],
        ['slashes', '2025/3/1'],
        ['chinese', '2025年3月1日'],
      ],
      { cellDates: true },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    const file = path.join(dir, 'sheetjs.xlsx');
    XLSX.writeFile(book, file, { cellDates: true });
    expect(await daysOf(file)).toEqual({
      iso: '2025-03-01',
      isoTime: '2025-03-01',
      serialDate: '2025-03-01',
      serial: '2025-03-01',
      text: '2025-03-01',
      slashes: '2025-03-01',
      chinese: '2025-03-01',
    });
  });

  it('exceljs: Date cells and serials', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['名称', '开始日期']);
    sheet.addRow(['date', new Date(Date.UTC(2025, 2, 1))]);
    const serial = sheet.addRow(['serialDate', 45717]);
    serial.getCell(2).numFmt = 'yyyy-mm-dd';
    sheet.addRow(['text', '2025-03-01']);
    const file = path.join(dir, 'exceljs.xlsx');
    await book.xlsx.writeFile(file);
    expect(await daysOf(file)).toEqual({ date: '2025-03-01', serialDate: '2025-03-01', text: '2025-03-01' });
  });

  // LibreOffice is the second writer CI installs; a developer machine without it skips this one.
  it.skipIf(!soffice && !process.env.CI)(
    'LibreOffice Calc (headless): a CSV converted to .xlsx, dates as date cells, other forms as text',
    async () => {
      const csv = path.join(dir, 'calc.csv');
      // Comma-separated, quoted by ", UTF-8 (76), from line 1.
      fs.writeFileSync(csv, '名称,开始日期\niso,2025-03-01\nslashes,2025/3/1\nchinese,2025年3月1日\n');
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${path.join(dir, 'lo-profile')}`,
          '--headless',
          '--infilter=CSV:44,34,76,1',
          '--convert-to',
          'xlsx',
          '--outdir',
          dir,
          csv,
        ],
        { stdio: 'ignore', timeout: 170_000 },
      );
      const file = path.join(dir, 'calc.xlsx');
      const book = XLSX.read(fs.readFileSync(file), { cellNF: true });
      // The file is LibreOffice's own: the ISO day is a number with a date format, not text.
      expect(book.Sheets[book.SheetNames[0]!]!.B2).toMatchObject({ t: 'n', v: 45717 });
      expect(await daysOf(file)).toEqual({ iso: '2025-03-01', slashes: '2025-03-01', chinese: '2025-03-01' });
    },
    180_000,
  );
});

describe('ISO date cells as serials', () => {
  it('rewrites t="d" cells to the serial Excel stores, keeping the style, and leaves a non-date as text', () => {
    expect(isoDateCellAsSerial('<c r="B2" s="1" t="d"><v>2025-03-01T00:00:00.000Z</v></c>')).toBe(
      '<c r="B2" s="1"><v>45717</v></c>',
    );
    expect(isoDateCellAsSerial('<c r="B3" t="d"><v>2025-03-01T12:00:00</v></c>')).toBe('<c r="B3"><v>45717.5</v></c>');
    expect(isoDateCellAsSerial('<c r="B4" t="d"><v>soon</v></c>')).toBe('<c r="B4" t="str"><v>soon</v></c>');
    expect(isoDateCellAsSerial('<c r="B5" t="s"><v>3</v></c>')).toBe('<c r="B5" t="s"><v>3</v></c>');
  });

  it('waits for a cell cut between two chunks of the sheet', async () => {
    const xml = '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" s="1" t="d"><v>2025-03-01T00:00:00Z</v></c></row>';
    for (let at = 1; at < xml.length; at++) {
      async function* chunks() {
        yield xml.slice(0, at);
        yield xml.slice(at);
      }
      let out = '';
      for await (const part of isoDatesAsSerials(chunks())) out += part;
      expect(out, `cut at ${at}`).toBe('<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" s="1"><v>45717</v></c></row>');
    }
  });

  it('passes a sheet of empty rows on chunk by chunk instead of holding it until a cell comes', async () => {
    // A zip bomb of millions of `<row r="n"/>` has no `</c>`: held back, it would be kept whole in
    // memory and rescanned for every chunk (import-limits.test.ts waits for its refusal).
    const chunk = (n: number) => `<row r="${n}"/>`.repeat(1000);
    let pulled = 0;
    async function* chunks() {
      for (let i = 0; i < 5; i++) {
        pulled += 1;
        yield chunk(i);
      }
    }
    const seenAfter: number[] = [];
    for await (const part of isoDatesAsSerials(chunks())) {
      expect(part.length).toBeGreaterThan(0);
      seenAfter.push(pulled);
    }
    expect(seenAfter).toEqual([1, 2, 3, 4, 5]);
  });
});
