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
import { Readable, Transform } from 'node:stream';
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

/** The directory lists more entries than the caller allows (read no further). */
export class TooManyEntries extends ZipError {
  constructor(
    readonly count: number,
    readonly max: number,
  ) {
    super(`${count} entries, at most ${max}`);
  }
}

/** A part inflates to more than its directory entry says: the file lies about its sizes (a zip bomb's trick). */
export class LongerThanDeclared extends ZipError {}

/** The entries of the zip's central directory, by name; ZipError when there is none to read or more than `maxEntries`. */
export async function readZipDirectory(
  path: string,
  fileSize: number,
  maxEntries = 65_535,
): Promise<Map<string, ZipEntry>> {
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
    if (directoryOffset === ZIP64 || directoryOffset + directorySize > fileSize)
      throw new ZipError('central directory out of the file');
    if (count > maxEntries) throw new TooManyEntries(count, maxEntries);
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries = new Map<string, ZipEntry>();
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER)
        throw new ZipError('broken central directory');
      const nameLength = directory.readUInt16LE(at + 28);
      const entry: ZipEntry = {
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localOffset: directory.readUInt32LE(at + 42),
        name: directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      };
      if (entry.compressedSize === ZIP64 || entry.size === ZIP64 || entry.localOffset === ZIP64)
        throw new ZipError('zip64 entries');
      entries.set(entry.name, entry);
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * Stops a part's bytes at the size its directory entry declared: the checks of the declared sizes
 * (xlsx-file.ts) then bound what is really unpacked, whatever the compressed data says.
 */
function declaredSizeGuard(entry: ZipEntry): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > entry.size)
        done(new LongerThanDeclared(`${entry.name} unpacks to more than the ${entry.size} bytes declared`));
      else done(null, chunk);
    },
  });
}

/** One part of the zip as a stream of UTF-8 text, never longer than its declared size. */
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
  let bytes: Readable = raw;
  if (entry.method === 8) {
    const inflate = zlib.createInflateRaw();
    raw.on('error', (err) => inflate.destroy(err));
    bytes = raw.pipe(inflate);
  }
  const out = declaredSizeGuard(entry);
  bytes.on('error', (err) => out.destroy(err));
  // Reading stops when the guard refuses: the inflater is not left unpacking into a full buffer.
  out.on('close', () => {
    bytes.destroy();
    raw.destroy();
  });
  bytes.pipe(out);
  out.setEncoding('utf8');
  return out;
}
