/**
 * Random access to the parts of a zip file (an .xlsx is one): the central directory, then any part
 * as a stream of text. Why not unzipper's streaming parse, which exceljs' WorkbookReader uses: it
 * now and then drops the zip's last part (exceljs writes xl/workbook.xml last, and the read then
 * fails), and it hands the XML parser raw byte chunks, so a Chinese character split between two
 * chunks comes out as U+FFFD. Here each part is inflated on its own and decoded as UTF-8 across
 * chunk boundaries.
 */
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const TAIL = 22 + 65_535;
const ZIP64 = 0xffffffff;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export class ZipError extends Error {}

/** The entries of the zip's central directory, by name; ZipError when there is none to read. */
export async function readZipDirectory(path: string, fileSize: number): Promise<Map<string, ZipEntry>> {
  const handle = await fs.open(path, 'r');
  try {
    const tailLength = Math.min(fileSize, TAIL);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, fileSize - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new ZipError('no end of central directory');
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset === ZIP64 || directoryOffset + directorySize > fileSize) throw new ZipError('central directory out of the file');
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries = new Map<string, ZipEntry>();
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipError('broken central directory');
      const nameLength = directory.readUInt16LE(at + 28);
      const entry: ZipEntry = {
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localOffset: directory.readUInt32LE(at + 42),
        name: directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      };
      if (entry.compressedSize === ZIP64 || entry.size === ZIP64 || entry.localOffset === ZIP64) throw new ZipError('zip64 entries');
      entries.set(entry.name, entry);
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** One part of the zip as a stream of UTF-8 text. */
export async function entryText(path: string, entry: ZipEntry): Promise<Readable> {
  if (entry.compressedSize === 0) return Readable.from([]);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`compression method ${entry.method}`);
  const handle = await fs.open(path, 'r');
  const header = Buffer.alloc(30);
  try {
    await handle.read(header, 0, 30, entry.localOffset);
  } finally {
    await handle.close();
  }
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipError(`no local header for ${entry.name}`);
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  let out: Readable = raw;
  if (entry.method === 8) {
    const inflate = zlib.createInflateRaw();
    raw.on('error', (err) => inflate.destroy(err));
    out = raw.pipe(inflate);
  }
  out.setEncoding('utf8');
  return out;
}
