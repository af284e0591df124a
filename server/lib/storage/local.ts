/** Files on the server's own disk, under <DATA_DIR>/files by default (FILE_ROOT overrides). */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, StorageNotFoundError, type FileStorage } from './types.js';

export class LocalDiskStorage implements FileStorage {
  readonly service = 'local';
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** The content type is not kept: sys_oss.mime_type is the record of it. */
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file, even if the process dies mid-write.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Uint8Array> {
    try {
      return new Uint8Array(await fs.readFile(this.pathOf(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
