/** LocalDiskStorage: bytes in, the same bytes out, and no way out of its root. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, StorageNotFoundError, storageFor } from '../../server/lib/storage/index.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  const store = new LocalDiskStorage(root);

  it('round-trips bytes under date folders and deletes them', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0, 255, 10]);
    await store.put('2026/05/01/a.pdf', bytes, 'application/pdf');
    expect(fs.existsSync(path.join(root, '2026', '05', '01', 'a.pdf'))).toBe(true);
    expect(Array.from(await store.get('2026/05/01/a.pdf'))).toEqual(Array.from(bytes));
    // No temporary file is left next to it.
    expect(fs.readdirSync(path.join(root, '2026', '05', '01'))).toEqual(['a.pdf']);
    await store.delete('2026/05/01/a.pdf');
    await expect(store.get('2026/05/01/a.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(store.delete('2026/05/01/a.pdf')).resolves.toBeUndefined();
  });

  it('overwrites a key with new bytes', async () => {
    await store.put('k/x.png', new Uint8Array([1, 2, 3]), 'image/png');
    await store.put('k/x.png', new Uint8Array([4]), 'image/png');
    expect(Array.from(await store.get('k/x.png'))).toEqual([4]);
  });

  it.each(['../escape.pdf', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b', ''])('refuses the key %j', async (key) => {
    await expect(store.put(key, new Uint8Array([1]), 'application/pdf')).rejects.toThrow(/unsafe storage key/);
    expect(fs.existsSync(path.join(root, '..', 'escape.pdf'))).toBe(false);
  });

  it('is what no config (or the local config) selects', () => {
    expect(storageFor(null, root)).toBeInstanceOf(LocalDiskStorage);
    expect(
      storageFor(
        {
          configKey: 'local',
          endpoint: null,
          region: null,
          bucketName: null,
          prefix: null,
          accessKey: null,
          secretKey: null,
        },
        root,
      ).service,
    ).toBe('local');
  });
});
