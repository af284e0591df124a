/** One uploaded file (field `file`) and the text fields beside it, with the size limit turned into a clear 400. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../lib/errors.js';

export interface UploadedPart {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

export const formatMb = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export async function readMultipart(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ file: UploadedPart | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件（字段 file）', 'file');
  const fields: Record<string, string> = {};
  let file: UploadedPart | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`文件大小超过限制：最大 ${formatMb(maxBytes)}`, 'file');
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件', 'file');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('表单字段过多', 'file');
    throw err;
  }
  return { file, fields };
}
