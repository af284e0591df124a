/**
 * The uploaded file of an import, streamed to a temporary file while its size is counted and its
 * sha256 computed: nothing of it sits in memory, and a file over the limit stops at the limit.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

export interface ReceivedFile {
  /** The temporary copy; gone after dispose(). */
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  dispose(): void;
}

const mb = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/** Reads the multipart field `file` of the request into a temporary file. */
export async function receiveUpload(req: FastifyRequest, maxBytes: number): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传 Excel 文件（字段 file）', 'file');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-import-'));
  const dispose = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    let received: ReceivedFile | null = null;
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const target = path.join(dir, 'upload.xlsx');
      const hash = createHash('sha256');
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(part.file, count, fs.createWriteStream(target));
      if (part.file.truncated) throw badRequest(`文件大小超过限制：最大 ${mb(maxBytes)}`, 'file');
      received = { path: target, fileName: cleanName(part.filename), size, sha256: hash.digest('hex'), dispose };
    }
    if (!received) throw badRequest('请选择要导入的 Excel 文件（字段 file）', 'file');
    if (received.size === 0) throw badRequest('上传的文件是空的（0 字节）', 'file');
    return received;
  } catch (err) {
    dispose();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`文件大小超过限制：最大 ${mb(maxBytes)}`, 'file');
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件', 'file');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('表单字段过多', 'file');
    throw err;
  }
}

/** The file name as the import history shows it: no path, no control characters, at most 255 characters. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\uD800-\uDFFF]/g, '')
    .trim();
  return (clean || 'upload.xlsx').slice(0, 255);
}
