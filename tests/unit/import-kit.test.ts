/**
 * The import kit below the routes: what counts as an .xlsx, how the sheet's rows are read (header
 * matching, the row limit, Chinese text intact across stream chunks, the data sheet chosen by the
 * workbook's order), and how each cell becomes a value or a reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { assertXlsxFile } from '../../server/lib/import/xlsx-file.js';
import { sheetRows, type ImportColumn, type SheetRow } from '../../server/lib/import/sheet.js';
import { readAmount, readChoice, readDay, readIdNo, readText } from '../../server/lib/import/cells.js';
import { AppError } from '../../server/lib/errors.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-kit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const save = (bytes: Buffer) => {
  const file = path.join(dir, `f${++n}.xlsx`);
  fs.writeFileSync(file, bytes);
  return { file, size: bytes.length };
};

const COLUMNS: ImportColumn[] = [
  { key: 'name', header: '姓名', required: true, hint: '', example: '' },
  { key: 'idNo', header: '证件号码', aliases: ['身份证号'], required: true, hint: '', example: '' },
  { key: 'day', header: '日期', required: false, hint: '', example: '' },
];

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const r of rows) sheet.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function rowsOf(bytes: Buffer, maxRows = 100_000): Promise<SheetRow[]> {
  const { file, size } = save(bytes);
  const parts = await assertXlsxFile(file, size);
  const out: SheetRow[] = [];
  for await (const r of sheetRows(file, parts, COLUMNS, { maxRows, maxSheetRows: 2 * maxRows + 1 })) out.push(r);
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).statusCode).toBe(400);
  expect((err as AppError).field).toBe('file');
  return (err as AppError).message;
}

describe('an .xlsx, by its bytes', () => {
  const check = (bytes: Buffer) => {
    const { file, size } = save(bytes);
    return assertXlsxFile(file, size);
  };

  it('accepts a workbook and lists its parts', async () => {
    const parts = await check(await workbook({ Sheet1: [['姓名']] }));
    expect([...parts.keys()]).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
    );
  });

  it('names what it is instead', async () => {
    expect(await refusal(check(Buffer.from('a,b\n1,2\n')))).toContain('该文件不是 .xlsx 工作簿');
    expect(await refusal(check(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0])))).toContain('.xls');
    const docx = new JSZip();
    docx.file('[Content_Types].xml', '<Types/>');
    docx.file('word/document.xml', '<w:document/>');
    expect(await refusal(check(await docx.generateAsync({ type: 'nodebuffer' })))).toContain('Word 文档');
    const noSheet = new JSZip();
    for (const p of ['[Content_Types].xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels']) noSheet.file(p, '<x/>');
    expect(await refusal(check(await noSheet.generateAsync({ type: 'nodebuffer' })))).toBe('Excel 文件中没有工作表');
    const good = await workbook({ Sheet1: [['姓名']] });
    expect(await refusal(check(good.subarray(0, good.length - 30)))).toContain('文件已损坏');
  });

  it('refuses a zip bomb by the sizes its directory declares', async () => {
    const bytes = await workbook({ Sheet1: [['姓名']] });
    // The directory entry of the sheet says it unpacks to 2 GB.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    for (let at = bytes.length - 22; at > 0; at--) {
      if (bytes.readUInt32LE(at) === 0x02014b50 && bytes.subarray(at + 46, at + 46 + name.length).equals(name))
        bytes.writeUInt32LE(0x80000000, at + 24);
    }
    expect(await refusal(check(bytes))).toBe('文件解压后过大：解压后共 2,049 MB，上限 160 MB，请拆分后分批导入');
  });
});

describe('the rows of the sheet', () => {
  it('maps headers by name (with *, notes in brackets or an alias), skips empty rows, keeps row numbers', async () => {
    const rows = await rowsOf(
      await workbook({
        导入: [
          ['日期（YYYY-MM-DD）', '身份证号*', '无关列', '*姓名'],
          ['2025-01-02', '440106199001011234', 'x', ' 张三 '],
          [],
          ['', '', '', ''],
          [null, 'A', null, '李四'],
        ],
      }),
    );
    expect(rows).toEqual([
      {
        rowNumber: 2,
        cells: { name: { text: '张三' }, idNo: { text: '440106199001011234' }, day: { text: '2025-01-02' } },
      },
      { rowNumber: 5, cells: { name: { text: '李四' }, idNo: { text: 'A' }, day: { text: '' } } },
    ]);
  });

  it('takes the workbook’s first sheet that is not the instructions, whatever the order of the zip', async () => {
    const rows = await rowsOf(
      await workbook({
        填写说明: [['列名'], ['姓名']],
        数据: [
          ['姓名', '证件号码'],
          ['王五', 'B'],
        ],
      }),
    );
    expect(rows.map((r) => r.cells.name!.text)).toEqual(['王五']);
  });

  it('reads exceljs’ own files every time (its streaming reader now and then lost the last zip part)', async () => {
    const bytes = await workbook({
      Sheet1: [
        ['姓名', '证件号码'],
        ['赵六', 'C'],
      ],
    });
    for (let i = 0; i < 100; i++) expect(await rowsOf(bytes)).toHaveLength(1);
  });

  it('keeps Chinese text whole across the inflated stream’s chunks', async () => {
    const names = Array.from(
      { length: 20_000 },
      (_, i) =>
        `欧阳${String.fromCharCode(0x4e00 + (i % 20_000))}${String.fromCharCode(0x4e00 + ((i * 7) % 20_000))}娜`,
    );
    const rows = await rowsOf(
      await workbook({ Sheet1: [['姓名', '证件号码'], ...names.map((nm, i) => [nm, `ID${i}`])] }),
    );
    expect(rows.map((r) => r.cells.name!.text)).toEqual(names);
  }, 60_000);

  it('gives date cells their day and numbers their value', async () => {
    const rows = await rowsOf(
      await workbook({
        Sheet1: [
          ['姓名', '证件号码', '日期'],
          ['甲', 440106199001011234, new Date(Date.UTC(2025, 2, 1))],
        ],
      }),
    );
    expect(rows[0]!.cells.day).toEqual({ text: '2025-03-01', day: '2025-03-01' });
    expect(rows[0]!.cells.idNo!.number).toBe(440106199001011234);
  });

  it('refuses a missing or doubled column, a sheet without header or data, and one row over the limit', async () => {
    expect(await refusal(rowsOf(await workbook({ Sheet1: [['姓名'], ['甲']] })))).toBe(
      '缺少必填列：证件号码（第1行应为列名，请使用导入模板）',
    );
    expect(
      await refusal(
        rowsOf(
          await workbook({
            Sheet1: [
              ['姓名', '证件号码', '身份证号'],
              ['甲', '1', '2'],
            ],
          }),
        ),
      ),
    ).toBe('第1行的列名“证件号码”出现了两次，请使用导入模板');
    expect(await refusal(rowsOf(await workbook({ Sheet1: [['姓名', '证件号码']] })))).toBe(
      '文件中没有数据行（第1行为列名，从第2行起每行一条记录）',
    );
    expect(await refusal(rowsOf(await workbook({ Sheet1: [] })))).toBe('文件是空的：第1行应为列名，请使用导入模板');
    const four = await workbook({
      Sheet1: [
        ['姓名', '证件号码'],
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
        ['d', '4'],
      ],
    });
    expect(await rowsOf(four, 4)).toHaveLength(4);
    expect(await refusal(rowsOf(four, 3))).toBe('文件超过行数上限：一次最多导入 3 行数据，请拆分后分批导入');
  });
});

describe('cells into values', () => {
  it('identity numbers: text upper-cased, numbers refused (Excel rounded them)', () => {
    expect(readIdNo({ text: ' 11010519491231002x ' })).toEqual({ ok: true, value: '11010519491231002X' });
    // Checked as the routes check them (machines/residentIdNumber.ts): check character, real and past birth date.
    expect(readIdNo({ text: '44010619900101123x' })).toEqual({ ok: false, msg: '证件号码校验位不正确，请核对号码' });
    expect(readIdNo({ text: '440106199006310012' })).toEqual({ ok: false, msg: '证件号码中的出生日期不是有效日期' });
    expect(readIdNo({ text: '440106208901011237' })).toEqual({ ok: false, msg: '证件号码中的出生日期晚于今天' });
    // Another document's number (letters) is left as it is.
    expect(readIdNo({ text: 'e1234567(8)' })).toEqual({ ok: true, value: 'E1234567(8)' });
    expect(readIdNo({ text: '440106199001011000', number: 440106199001011000 })).toMatchObject({
      ok: false,
      msg: expect.stringContaining('文本'),
    });
    expect(readIdNo({ text: '4401<script>' })).toEqual({ ok: false, msg: '证件号码格式不正确' });
  });

  it('days: date cells, Excel serials, common written forms; impossible days refused', () => {
    expect(readDay({ text: '2025-03-01', day: '2025-03-01' }, '日期')).toEqual({ ok: true, value: '2025-03-01' });
    expect(readDay({ text: '45717', number: 45717 }, '日期')).toEqual({ ok: true, value: '2025-03-01' });
    for (const t of ['2025/3/1', '2025.03.01', '2025年3月1日', ' 2025-3-1 '])
      expect(readDay({ text: t }, '日期')).toEqual({ ok: true, value: '2025-03-01' });
    expect(readDay({ text: '2025-02-29' }, '日期')).toEqual({ ok: false, msg: '日期“2025-02-29”不是有效日期' });
    expect(readDay({ text: '3月1日' }, '日期')).toMatchObject({ ok: false });
    expect(readDay({ text: '1.5', number: 1.5 }, '日期')).toMatchObject({ ok: false });
  });

  it('amounts: positive, bounded, at most the decimals allowed', () => {
    expect(readAmount({ text: '7.5', number: 7.5 }, '学时', 200, 1)).toEqual({ ok: true, value: 7.5 });
    expect(readAmount({ text: '8.0' }, '学时', 200, 1)).toEqual({ ok: true, value: 8 });
    expect(readAmount({ text: '7.25' }, '学时', 200, 1)).toEqual({ ok: false, msg: '学时最多保留1位小数' });
    expect(readAmount({ text: '-1' }, '学时', 200, 1)).toEqual({ ok: false, msg: '学时应为数字' });
    expect(readAmount({ text: '0' }, '学时', 200, 1)).toEqual({ ok: false, msg: '学时应大于 0' });
    expect(readAmount({ text: '201' }, '学时', 200, 1)).toEqual({ ok: false, msg: '学时不能超过 200' });
  });

  it('choices and text', () => {
    const choices = new Map([
      ['参考', '1'],
      ['缺考', '0'],
      ['1', '1'],
      ['0', '0'],
    ] as const);
    expect(readChoice({ text: ' 缺考 ' }, '考试情况', choices)).toEqual({ ok: true, value: '0' });
    expect(readChoice({ text: '1', number: 1 }, '考试情况', choices)).toEqual({ ok: true, value: '1' });
    expect(readChoice({ text: 'toString' }, '考试情况', choices)).toMatchObject({ ok: false });
    expect(readChoice({ text: '' }, '考试情况', choices, false)).toEqual({ ok: true, value: null });
    expect(readText({ text: 'a\nb' }, '专业', 10)).toEqual({ ok: false, msg: '专业含有换行或无效字符' });
    expect(readText({ text: '一二三' }, '专业', 2)).toEqual({ ok: false, msg: '专业不能超过2个字符' });
  });
});
