/**
 * What an import file may unpack to (#46 item 4): crafted workbooks (scripts/lib/xlsx-bomb.ts) are
 * refused with the limit named, whether the zip declares its true sizes, lies about them, lists
 * empty rows by the million, hides a megabyte in one stretch or holds hundreds of parts; each
 * message is one a reader without that limit would not give. How fast, and at what memory:
 * `npm run bench:import` (the 629 MB one, with and without the limits).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertXlsxFile, UNPACK_LIMITS } from '../../server/lib/import/xlsx-file.js';
import { sheetRows, type ImportColumn } from '../../server/lib/import/sheet.js';
import { AppError } from '../../server/lib/errors.js';
import { longCellWorkbook, writeXlsxBomb } from '../../scripts/lib/xlsx-bomb.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-limits-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const COLUMNS: ImportColumn[] = [
  { key: 'name', header: '姓名', required: true, hint: '', example: '' },
  { key: 'idNo', header: '证件号码', required: true, hint: '', example: '' },
];
const headers = COLUMNS.map((c) => c.header);
const MiB = 1_048_576;

/** Checks the file and reads its rows as an import does; answers the refusal's message. */
async function importRefusal(file: string): Promise<{ msg: string }> {
  const err = await (async () => {
    const parts = await assertXlsxFile(file, fs.statSync(file).size);
    for await (const _ of sheetRows(file, parts, COLUMNS, { maxRows: 100_000, maxSheetRows: 200_001 })) {
      /* read on */
    }
  })().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).statusCode).toBe(400);
  expect((err as AppError).field).toBe('file');
  return { msg: (err as AppError).message };
}

describe('a zip bomb', () => {
  it('that declares its size (0.3 MB unpacking to 200 MB) is refused before anything unpacks, naming the limit', async () => {
    const file = path.join(dir, 'declared.xlsx');
    const { bytes, unpacked } = await writeXlsxBomb(file, { headers, emptyRows: 0, padding: 200 * MiB });
    expect(bytes).toBeLessThan(MiB);
    expect(unpacked).toBeGreaterThan(UNPACK_LIMITS.maxUnpackedBytes);
    const { msg } = await importRefusal(file);
    expect(msg).toBe('文件解压后过大：解压后共 201 MB，上限 160 MB，请拆分后分批导入');
  });

  it('that declares a small size and unpacks to 200 MB is cut off at the size it declared', async () => {
    const file = path.join(dir, 'lying.xlsx');
    await writeXlsxBomb(file, { headers, emptyRows: 0, padding: 200 * MiB, lie: 100_000 });
    const { msg } = await importRefusal(file);
    expect(msg).toBe('文件已损坏：解压后的内容比文件目录记录的大小更长，不是有效的 .xlsx 工作簿');
  });

  it('that hides a megabyte-long stretch within its declared size is refused before the parser holds it', async () => {
    const file = path.join(dir, 'run.xlsx');
    await writeXlsxBomb(file, { headers, emptyRows: 0, padding: 50 * MiB });
    const { msg } = await importRefusal(file);
    expect(msg).toBe('文件中有超过 1 MB 的单个单元格或标记（Excel 单元格最多 32,767 个字符），不是有效的 .xlsx 工作簿');
    fs.writeFileSync(path.join(dir, 'cell.xlsx'), await longCellWorkbook(headers, 1_100_000));
    expect((await importRefusal(path.join(dir, 'cell.xlsx'))).msg).toContain('超过 1 MB 的单个单元格');
  });

  it('made of empty rows stops at the sheet-row limit, not at its end', async () => {
    const file = path.join(dir, 'rows.xlsx');
    // 3 million empty rows (36 MB, within the size limits): a reader without the row limit reads them all.
    await writeXlsxBomb(file, { headers, emptyRows: 3_000_000 });
    const { msg } = await importRefusal(file);
    expect(msg).toBe('工作表行数超过上限：含空行最多 200,001 行，请删除多余的空行或拆分后分批导入');
  });

  it('with hundreds of parts is refused by the count of its entries', async () => {
    const file = path.join(dir, 'entries.xlsx');
    await writeXlsxBomb(file, { headers, emptyRows: 1, extraEntries: 600 });
    const { msg } = await importRefusal(file);
    expect(msg).toBe(
      '文件结构异常：压缩包中有 605 个部件，上限 500 个（Excel 工作簿通常只有十几个），请上传 Excel 保存的 .xlsx 文件',
    );
  });
});

describe('a workbook within the limits', () => {
  it('is read to its rows (the crafted files are real workbooks)', async () => {
    const file = path.join(dir, 'fine.xlsx');
    await writeXlsxBomb(file, { headers, emptyRows: 1000 });
    const parts = await assertXlsxFile(file, fs.statSync(file).size);
    const err = await (async () => {
      for await (const _ of sheetRows(file, parts, COLUMNS, { maxRows: 100_000, maxSheetRows: 200_001 })) {
        /* none */
      }
    })().then(
      () => null,
      (e: unknown) => e as AppError,
    );
    // Header found, 1000 empty rows read, no data: the ordinary answer to an empty file.
    expect(err?.message).toBe('文件中没有数据行（第1行为列名，从第2行起每行一条记录）');
  });
});
