/**
 * Whether a file is an .xlsx workbook, judged by its bytes and not its name: a zip (PK\3\4) whose
 * central directory lists the parts every workbook has. Old .xls files, CSV, PDF and other zips
 * (.docx) get a 400 that says what they are. The directory also gives the unpacked size, so a
 * zip bomb is refused before anything unpacks it.
 */
import fs from 'node:fs/promises';
import { badRequest } from '../errors.js';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const TAIL = 22 + 65_535;
/** Far above what 100,000 rows unpack to (~50 MB); below what would exhaust the disk. */
export const MAX_UNPACKED_BYTES = 1024 * 1_048_576;

const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];

function notXlsx(first: Buffer): string {
  if (first.length >= 4 && first.readUInt32BE(0) === 0xd0cf11e0) return '文件类型不支持：这是旧版 Excel（.xls）文件，请在 Excel 中“另存为” .xlsx 后再导入';
  if (first.subarray(0, 4).toString('latin1') === '%PDF') return '文件类型不支持：这是 PDF 文件，请上传 .xlsx 格式的 Excel 文件';
  return '文件类型不支持：请上传 .xlsx 格式的 Excel 文件（该文件不是 .xlsx 工作簿）';
}

/** Refuses (400, field file) anything that is not an .xlsx workbook. */
export async function assertXlsxFile(path: string, size: number): Promise<void> {
  const handle = await fs.open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(8, size));
    await handle.read(head, 0, head.length, 0);
    if (head.length < 4 || head.readUInt32LE(0) !== LOCAL_HEADER) throw badRequest(notXlsx(head), 'file');
    const tailLength = Math.min(size, TAIL);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end < 0) throw badRequest('文件已损坏或不完整：不是有效的 .xlsx 文件（压缩目录缺失）', 'file');
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size) throw badRequest('文件已损坏或不完整：不是有效的 .xlsx 文件', 'file');
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names = new Set<string>();
    let unpacked = 0;
    let at = 0;
    for (let n = 0; n < entries && at + 46 <= directory.length; n++) {
      if (directory.readUInt32LE(at) !== CENTRAL_HEADER) break;
      unpacked += directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.add(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
      at += 46 + nameLength + extraLength + commentLength;
    }
    if (!REQUIRED_PARTS.every((p) => names.has(p))) {
      const word = names.has('word/document.xml') ? '这是 Word 文档' : names.has('ppt/presentation.xml') ? '这是 PowerPoint 文件' : '压缩包中没有 Excel 工作簿';
      throw badRequest(`文件类型不支持：${word}，请上传 .xlsx 格式的 Excel 文件`, 'file');
    }
    if (![...names].some((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))) throw badRequest('Excel 文件中没有工作表', 'file');
    if (unpacked > MAX_UNPACKED_BYTES) throw badRequest('文件解压后过大，请拆分后分批导入', 'file');
  } finally {
    await handle.close();
  }
}
