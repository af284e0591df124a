/**
 * Whether a file is an .xlsx workbook, judged by its bytes and not its name: a zip (PK\3\4) whose
 * central directory lists the parts every workbook has. Old .xls files, CSV, PDF and other zips
 * (.docx) get a 400 that says what they are. The directory also gives the unpacked size, so a
 * zip bomb is refused before anything unpacks it.
 */
import fs from 'node:fs/promises';
import { badRequest } from '../errors.js';
import { readZipDirectory, ZipError, type ZipEntry } from './zip.js';

const LOCAL_HEADER = 0x04034b50;
/** Far above what 100,000 rows unpack to (~50 MB); below what would exhaust the disk. */
export const MAX_UNPACKED_BYTES = 1024 * 1_048_576;

const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];

function notXlsx(first: Buffer): string {
  if (first.length >= 4 && first.readUInt32BE(0) === 0xd0cf11e0) return '文件类型不支持：这是旧版 Excel（.xls）文件，请在 Excel 中“另存为” .xlsx 后再导入';
  if (first.subarray(0, 4).toString('latin1') === '%PDF') return '文件类型不支持：这是 PDF 文件，请上传 .xlsx 格式的 Excel 文件';
  return '文件类型不支持：请上传 .xlsx 格式的 Excel 文件（该文件不是 .xlsx 工作簿）';
}

/** Refuses (400, field file) anything that is not an .xlsx workbook; answers its parts. */
export async function assertXlsxFile(path: string, size: number): Promise<Map<string, ZipEntry>> {
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
    entries = await readZipDirectory(path, size);
  } catch (err) {
    if (err instanceof ZipError) throw badRequest('文件已损坏或不完整：不是有效的 .xlsx 文件', 'file');
    throw err;
  }
  const names = [...entries.keys()];
  if (!REQUIRED_PARTS.every((p) => entries.has(p))) {
    const word = entries.has('word/document.xml') ? '这是 Word 文档' : entries.has('ppt/presentation.xml') ? '这是 PowerPoint 文件' : '压缩包中没有 Excel 工作簿';
    throw badRequest(`文件类型不支持：${word}，请上传 .xlsx 格式的 Excel 文件`, 'file');
  }
  if (!names.some((p) => /^xl\/worksheets\/[^/]+\.xml$/.test(p))) throw badRequest('Excel 文件中没有工作表', 'file');
  const unpacked = [...entries.values()].reduce((sum, e) => sum + e.size, 0);
  if (unpacked > MAX_UNPACKED_BYTES) throw badRequest('文件解压后过大，请拆分后分批导入', 'file');
  return entries;
}
