/**
 * Whether a file is an .xlsx workbook, judged by its bytes and not its name: a zip (PK\3\4) whose
 * central directory lists the parts every workbook has. Old .xls files, CSV, PDF and other zips
 * (.docx) get a 400 that says what they are. The directory also gives the unpacked sizes, so a
 * zip bomb is refused before anything unpacks it, with the limit it passed named.
 */
import fs from 'node:fs/promises';
import { badRequest } from '../errors.js';
import { readZipDirectory, TooManyEntries, ZipError, type ZipEntry } from './zip.js';

const LOCAL_HEADER = 0x04034b50;
const MiB = 1_048_576;

/**
 * What an import file may unpack to, checked on the sizes its directory declares before anything
 * is unpacked (and each part is cut off at its declared size while it is read: zip.ts). A file of
 * 100,000 rows × 8 columns as exceljs or Excel write it unpacks to 31–42 MiB of sheet and up to
 * ~8 MiB of shared strings; these are three to four times that. Reading 128 MiB of sheet takes a
 * few seconds; the shared strings stay in memory while the sheet is read.
 */
export interface UnpackLimits {
  /** Parts in the zip (a workbook has about ten). */
  maxEntries: number;
  /** All parts together. */
  maxUnpackedBytes: number;
  /** Any one part (the worksheet). */
  maxPartBytes: number;
  /** xl/sharedStrings.xml, held in memory while the sheet is read. */
  maxSharedStringsBytes: number;
}

export const UNPACK_LIMITS: UnpackLimits = {
  maxEntries: 500,
  maxUnpackedBytes: 160 * MiB,
  maxPartBytes: 128 * MiB,
  maxSharedStringsBytes: 48 * MiB,
};

const mb = (bytes: number) => `${Math.ceil(bytes / MiB).toLocaleString('en')} MB`;

const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];

function notXlsx(first: Buffer): string {
  if (first.length >= 4 && first.readUInt32BE(0) === 0xd0cf11e0)
    return '文件类型不支持：这是旧版 Excel（.xls）文件，请在 Excel 中“另存为” .xlsx 后再导入';
  if (first.subarray(0, 4).toString('latin1') === '%PDF')
    return '文件类型不支持：这是 PDF 文件，请上传 .xlsx 格式的 Excel 文件';
  return '文件类型不支持：请上传 .xlsx 格式的 Excel 文件（该文件不是 .xlsx 工作簿）';
}

/** Refuses (400, field file) anything that is not an .xlsx workbook or unpacks past the limits; answers its parts. */
export async function assertXlsxFile(
  path: string,
  size: number,
  limits: UnpackLimits = UNPACK_LIMITS,
): Promise<Map<string, ZipEntry>> {
  const handle = await fs.open(path, 'r');
  const head = Buffer.alloc(Math.min(8, size));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (head.length < 4 || head.readUInt32LE(0) !== LOCAL_HEADER) throw badRequest(notXlsx(head), 'file');
  let entries: Map<string, ZipEntry>;
  try {
    entries = await readZipDirectory(path, size, limits.maxEntries);
  } catch (err) {
    if (err instanceof TooManyEntries) {
      throw badRequest(
        `文件结构异常：压缩包中有 ${err.count.toLocaleString('en')} 个部件，上限 ${err.max} 个（Excel 工作簿通常只有十几个），请上传 Excel 保存的 .xlsx 文件`,
        'file',
      );
    }
    if (err instanceof ZipError) throw badRequest('文件已损坏或不完整：不是有效的 .xlsx 文件', 'file');
    throw err;
  }
  const names = [...entries.keys()];
  if (!REQUIRED_PARTS.every((p) => entries.has(p))) {
    const word = entries.has('word/document.xml')
      ? '这是 Word 文档'
      : entries.has('ppt/presentation.xml')
        ? '这是 PowerPoint 文件'
        : '压缩包中没有 Excel 工作簿';
    throw badRequest(`文件类型不支持：${word}，请上传 .xlsx 格式的 Excel 文件`, 'file');
  }
  if (!names.some((p) => /^xl\/worksheets\/[^/]+\.xml$/.test(p))) throw badRequest('Excel 文件中没有工作表', 'file');
  const unpacked = [...entries.values()].reduce((sum, e) => sum + e.size, 0);
  if (unpacked > limits.maxUnpackedBytes) {
    throw badRequest(
      `文件解压后过大：解压后共 ${mb(unpacked)}，上限 ${mb(limits.maxUnpackedBytes)}，请拆分后分批导入`,
      'file',
    );
  }
  const strings = entries.get('xl/sharedStrings.xml');
  if (strings && strings.size > limits.maxSharedStringsBytes) {
    throw badRequest(
      `文件中的文字表（共享字符串）解压后 ${mb(strings.size)}，上限 ${mb(limits.maxSharedStringsBytes)}，请拆分后分批导入`,
      'file',
    );
  }
  const largest = [...entries.values()].reduce((a, b) => (b.size > a.size ? b : a));
  if (largest.size > limits.maxPartBytes) {
    throw badRequest(
      `文件中的“${largest.name.slice(0, 100)}”解压后 ${mb(largest.size)}，单个部分的上限为 ${mb(limits.maxPartBytes)}，请拆分后分批导入`,
      'file',
    );
  }
  return entries;
}
