/**
 * Writes rows to a gzip'd JSON-lines file, one row per line, under a temporary name that becomes
 * the final one only once the file is complete and on disk: a half-written archive is never taken
 * for a whole one, and the rows it holds are deleted only after that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';

export interface ArchiveWriter {
  write(rows: readonly unknown[]): Promise<void>;
  /** Flushes, syncs and renames the file into place; answers its final path. */
  finish(): Promise<string>;
  /** Removes the partial file (nothing was archived). */
  abandon(): Promise<void>;
}

export function openArchive(dir: string, name: string): ArchiveWriter {
  fs.mkdirSync(dir, { recursive: true });
  const final = path.join(dir, `${name}.jsonl.gz`);
  const partial = `${final}.partial`;
  const file = fs.createWriteStream(partial);
  const gzip = createGzip();
  gzip.pipe(file);
  const closed = once(file, 'close');
  return {
    async write(rows) {
      for (const row of rows) {
        if (!gzip.write(`${JSON.stringify(row)}\n`)) await once(gzip, 'drain');
      }
    },
    async finish() {
      gzip.end();
      await closed;
      const fd = fs.openSync(partial, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(partial, final);
      return final;
    },
    async abandon() {
      gzip.end();
      await closed;
      fs.rmSync(partial, { force: true });
    },
  };
}
