/**
 * Loading the generated COPY files. PostgreSQL: `COPY … FROM STDIN` through node-postgres (the
 * protocol's CopyIn, driven by a small submittable: pg-copy-streams is not a dependency), with the
 * tables' secondary indexes dropped first and built again after (one sort each instead of millions
 * of inserts into them; a duplicate would make the unique ones fail there). PGlite: `COPY … FROM
 * '/dev/blob'` in slices of whole lines.
 */
import fs from 'node:fs';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** The part of node-postgres's connection a CopyIn needs. */
interface CopyConnection {
  stream: { writableNeedDrain: boolean; once(event: 'drain', cb: () => void): unknown };
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(msg: string): void;
}

/**
 * `COPY table (columns) FROM STDIN` fed from a file, as a node-postgres submittable: the client sends
 * the statement, the server answers CopyInResponse, the file goes out as CopyData, then CopyDone.
 */
class CopyFromFile {
  callback?: (err: Error | null) => void;
  private failed: Error | null = null;

  constructor(
    readonly text: string,
    private readonly file: string,
    private readonly onBytes: (n: number) => void,
  ) {}

  submit(connection: { query(text: string): void }): null {
    connection.query(this.text);
    return null;
  }

  handleCopyInResponse(connection: CopyConnection): void {
    const input = fs.createReadStream(this.file, { highWaterMark: 1 << 20 });
    input.on('data', (chunk) => {
      const buf = chunk as Buffer;
      connection.sendCopyFromChunk(buf);
      this.onBytes(buf.length);
      // Backpressure: wait for the socket before reading more.
      if (connection.stream.writableNeedDrain) {
        input.pause();
        connection.stream.once('drain', () => input.resume());
      }
    });
    input.on('end', () => connection.endCopyFrom());
    input.on('error', (err) => connection.sendCopyFail(err.message));
  }

  handleError(err: Error): void {
    this.failed = err;
  }

  handleReadyForQuery(): void {
    this.callback?.(this.failed);
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handleCopyData(): void {}
  handlePortalSuspended(): void {}
}

export async function copyIntoPostgres(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  file: string,
  onBytes: (n: number) => void = () => undefined,
): Promise<void> {
  const q = new CopyFromFile(`copy ${table} (${columns.join(', ')}) from stdin`, file, onBytes);
  await new Promise<void>((resolve, reject) => {
    q.callback = (err) => (err ? reject(err) : resolve());
    (client as unknown as { query(q: unknown): void }).query(q);
  });
}

/** Slices of a file that end at line ends (PGlite receives each as one blob). */
function* slices(file: string, size = 32 << 20): Generator<Buffer> {
  const fd = fs.openSync(file, 'r');
  try {
    let carry = Buffer.alloc(0);
    const buf = Buffer.alloc(size);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, size, null);
      if (n === 0) break;
      const chunk = Buffer.concat([carry, buf.subarray(0, n)]);
      const cut = chunk.lastIndexOf(0x0a) + 1;
      if (cut > 0) yield chunk.subarray(0, cut);
      carry = Buffer.from(chunk.subarray(cut));
    }
    if (carry.length) yield carry;
  } finally {
    fs.closeSync(fd);
  }
}

export async function copyIntoPglite(
  client: PGlite,
  table: string,
  columns: readonly string[],
  file: string,
  onBytes: (n: number) => void = () => undefined,
): Promise<void> {
  for (const part of slices(file)) {
    await client.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], {
      blob: new Blob([new Uint8Array(part)]),
    });
    onBytes(part.length);
  }
}

export interface IndexDef {
  table: string;
  name: string;
  definition: string;
}

/** The secondary indexes of the tables (primary keys stay: they are filled in order). */
export const SECONDARY_INDEXES = `
  select i.tablename as "table", i.indexname as name, i.indexdef as definition
  from pg_indexes i
  where i.schemaname = current_schema() and i.tablename = any($1::text[])
    and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.contype in ('p'))`;
