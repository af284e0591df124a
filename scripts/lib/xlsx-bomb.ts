/**
 * Crafted .xlsx files for the import's limits (tests/unit/import-limits.test.ts, npm run
 * bench:import): a real workbook whose sheet is a header row followed by millions of empty rows,
 * deflated by zlib so that well under a megabyte unpacks to hundreds. Empty rows are the worst case
 * for a reader without limits: they count as no data row, so it reads them all before it says so.
 * `lie` makes the zip's directory declare a small size for the sheet, as a bomb that hides does.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import zlib from 'node:zlib';
import JSZip from 'jszip';

const HEADER_CELLS = (headers: readonly string[]) =>
  headers.map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('');

const SHEET_HEAD = (headers: readonly string[]) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  `<row r="1">${HEADER_CELLS(headers)}</row>`;
const SHEET_TAIL = '</sheetData></worksheet>';
/** One empty row (exceljs reads it as a row without values; the number repeats, which no reader minds). */
const EMPTY_ROW = '<row r="2"/>';

/** The parts of a minimal workbook (one sheet), as Excel names them. */
function workbookParts(): Record<string, string> {
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="导入" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  };
}

interface Written {
  name: string;
  offset: number;
  compressed: number;
  size: number;
}

/** Deflates `chunks` into the file at its current end; answers the compressed and unpacked sizes. */
async function deflateInto(
  out: fs.WriteStream,
  chunks: Iterable<Buffer>,
): Promise<{ compressed: number; size: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9, memLevel: 9 });
  let compressed = 0;
  let size = 0;
  deflate.on('data', (c: Buffer) => {
    compressed += c.length;
    if (!out.write(c)) deflate.pause();
  });
  out.on('drain', () => deflate.resume());
  const ended = once(deflate, 'end');
  for (const chunk of chunks) {
    size += chunk.length;
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  out.removeAllListeners('drain');
  return { compressed, size };
}

function localHeader(name: Buffer, compressed: number, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6); // UTF-8 names
  h.writeUInt16LE(8, 8);
  h.writeUInt32LE(0, 14); // CRC left 0: the import's reader does not check it
  h.writeUInt32LE(compressed, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function centralHeader(e: Written & { declared: number }): Buffer {
  const name = Buffer.from(e.name);
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x0800, 8);
  h.writeUInt16LE(8, 10);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.declared, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(e.offset, 42);
  return Buffer.concat([h, name]);
}

export interface BombOptions {
  headers: readonly string[];
  /** Empty rows after the header. */
  emptyRows: number;
  /** Blanks after the header row instead (one run of text: the shape that unpacks a thousand times over). */
  padding?: number;
  /** Declare this many bytes for the sheet in the directory instead of its real size. */
  lie?: number;
  /** More (empty) parts in the zip. */
  extraEntries?: number;
}

/** Writes the crafted workbook to `file`; answers its size and what its sheet unpacks to. */
export async function writeXlsxBomb(file: string, opts: BombOptions): Promise<{ bytes: number; unpacked: number }> {
  const out = fs.createWriteStream(file);
  const written: (Written & { declared: number })[] = [];
  let offset = 0;
  // Each part: a local header with sizes patched in afterwards, then its deflated bytes.
  const parts: [string, () => Iterable<Buffer>][] = [
    ...Object.entries(workbookParts()).map(
      ([name, text]) => [name, () => [Buffer.from(text)]] as [string, () => Iterable<Buffer>],
    ),
    [
      'xl/worksheets/sheet1.xml',
      function* sheet() {
        yield Buffer.from(SHEET_HEAD(opts.headers));
        const unit = opts.padding ? ' ' : EMPTY_ROW;
        const count = opts.padding ?? opts.emptyRows;
        const block = Buffer.from(unit.repeat(65_536));
        for (let i = 0; i < Math.floor(count / 65_536); i++) yield block;
        yield Buffer.from(unit.repeat(count % 65_536));
        yield Buffer.from(SHEET_TAIL);
      },
    ],
    ...Array.from(
      { length: opts.extraEntries ?? 0 },
      (_, i) => [`xl/media/extra${i}.xml`, () => [Buffer.from('<x/>')]] as [string, () => Iterable<Buffer>],
    ),
  ];
  for (const [name, chunks] of parts) {
    const nameBytes = Buffer.from(name);
    const start = offset;
    const header = localHeader(nameBytes, 0, 0);
    out.write(header);
    const { compressed, size } = await deflateInto(out, chunks());
    offset += header.length + compressed;
    const declared = name === 'xl/worksheets/sheet1.xml' && opts.lie !== undefined ? opts.lie : size;
    written.push({ name, offset: start, compressed, size, declared });
  }
  const directory = Buffer.concat(written.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  out.write(directory);
  out.write(end);
  out.end();
  await once(out, 'close');
  // The local headers' sizes, now known (the reader takes the directory's, as Excel's does).
  const fd = fs.openSync(file, 'r+');
  try {
    for (const e of written) {
      const sizes = Buffer.alloc(8);
      sizes.writeUInt32LE(e.compressed, 0);
      sizes.writeUInt32LE(e.declared, 4);
      fs.writeSync(fd, sizes, 0, 8, e.offset + 18);
    }
  } finally {
    fs.closeSync(fd);
  }
  return { bytes: fs.statSync(file).size, unpacked: written.reduce((sum, e) => sum + e.size, 0) };
}

/** A sheet whose one cell holds `length` characters (no Excel cell holds more than 32,767). */
export async function longCellWorkbook(headers: readonly string[], length: number): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(workbookParts())) zip.file(name, text);
  zip.file(
    'xl/worksheets/sheet1.xml',
    `${SHEET_HEAD(headers)}<row r="2"><c r="A2" t="inlineStr"><is><t>${'字'.repeat(length)}</t></is></c></row>${SHEET_TAIL}`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
