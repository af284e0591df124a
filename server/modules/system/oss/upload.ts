/**
 * Storing uploads for the whole product: check (type by magic bytes and extension, size against
 * sys.upload.maxSizeMb), put the bytes in the active store, write the sys_oss row. Other modules
 * call `storeUpload` inside their own transaction.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { LOCAL_SERVICE, storageFor, type FileStorage } from '../../../lib/storage/index.js';
import { ALLOWED_KINDS, extensionOf, sniff, type FileKind } from './filetype.js';
import { formatMb } from './multipart.js';
import { chinaDate } from '../../../lib/days.js';
import { configValueOf, insertOssRow, ossConfigByKey, ossConfigOfStatus } from './store.js';

export const MAX_SIZE_KEY = 'sys.upload.maxSizeMb';
export const DEFAULT_MAX_MB = 10;

export interface UploadInput {
  bytes: Uint8Array;
  originalName: string;
  /** What the browser said; the magic bytes decide, this is only cross-checked. */
  mimeType?: string | null;
  /** What the file belongs to, e.g. application:12. */
  ownerRef?: string | null;
  userId: number | null;
}

export interface StoredFile {
  ossId: number;
  originalName: string;
  size: number;
  mimeType: string;
  url: string;
}

export const downloadUrl = (ossId: number) => `/api/file/download/${ossId}`;

/** sys.upload.maxSizeMb when set to a positive number, else 10 MB. */
export async function uploadLimitBytes(db: DbOrTx): Promise<number> {
  const mb = Number(await configValueOf(db, MAX_SIZE_KEY));
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MAX_MB) * 1_048_576);
}

/** The store new files go to: the config in use (status '0'), else the local disk. */
export async function activeStorage(ctx: Pick<AppContext, 'config'>, db: DbOrTx): Promise<FileStorage> {
  const config = await ossConfigOfStatus(db, '0');
  return storageFor(config ?? null, ctx.config.fileRoot);
}

/** The store that holds files recorded under `service` (a config key; 'local' is the disk). */
export async function storageOfService(ctx: AppContext, db: DbOrTx, service: string): Promise<FileStorage> {
  if (service === LOCAL_SERVICE) return storageFor(null, ctx.config.fileRoot);
  const config = await ossConfigByKey(db, service);
  if (!config) throw new Error(`storage config ${service} is missing`);
  return storageFor(config, ctx.config.fileRoot);
}

/** A display name without folders or control characters, at most 255 characters with its extension kept. */
export function cleanName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= 255) return base;
  const ext = extensionOf(base);
  return `${base.slice(0, 254 - ext.length)}.${ext}`;
}

/** The kind of an acceptable upload; a 400 naming the problem (类型 or 大小) otherwise. */
export function checkUpload(
  bytes: Uint8Array,
  originalName: string,
  maxBytes: number,
  claimedType?: string | null,
): FileKind {
  const allowed = ALLOWED_KINDS.map((k) => k.label).join('、');
  if (bytes.length === 0) throw badRequest('文件不能为空', 'file');
  if (bytes.length > maxBytes)
    throw badRequest(`文件大小超过限制：最大 ${formatMb(maxBytes)}，该文件 ${formatMb(bytes.length)}`, 'file');
  const ext = extensionOf(originalName);
  const byName = ALLOWED_KINDS.find((k) => k.extensions.includes(ext));
  if (!byName) throw badRequest(`文件类型不支持：只能上传 ${allowed} 文件${ext ? `（不支持 .${ext}）` : ''}`, 'file');
  const kind = sniff(bytes);
  if (!kind) throw badRequest(`文件类型不符：文件内容不是 ${allowed}，扩展名 .${ext} 与内容不一致`, 'file');
  if (kind !== byName) throw badRequest(`文件类型不符：文件内容是 ${kind.label}，扩展名却是 .${ext}`, 'file');
  if (
    claimedType &&
    claimedType !== 'application/octet-stream' &&
    !(claimedType === 'image/jpg' && kind.mimeType === 'image/jpeg') &&
    claimedType !== kind.mimeType
  ) {
    throw badRequest(`文件类型不符：声明的类型 ${claimedType} 与文件内容（${kind.label}）不一致`, 'file');
  }
  return kind;
}

/** Checks an upload, puts its bytes in the active store and writes its sys_oss row (in the caller's transaction). */
export async function storeUpload(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  tx: DbOrTx,
  input: UploadInput,
): Promise<StoredFile> {
  const originalName = cleanName(input.originalName);
  if (!originalName) throw badRequest('文件名不能为空', 'file');
  const ownerRef = input.ownerRef?.trim() || null;
  if (ownerRef && (ownerRef.length > 64 || /[\u0000-\u001f]/.test(ownerRef)))
    throw badRequest('所属业务 ownerRef 不能超过64个字符', 'ownerRef');
  const kind = checkUpload(input.bytes, originalName, await uploadLimitBytes(tx), input.mimeType);
  // checkUpload made sure the name's extension is one of the kind's.
  const ext = extensionOf(originalName);
  const now = ctx.clock.now();
  const day = chinaDate(now).split('-').join('/');
  const fileName = `${randomUUID().replace(/-/g, '')}.${ext}`;
  const storageKey = `${day}/${fileName}`;
  const store = await activeStorage(ctx, tx);
  try {
    await store.put(storageKey, input.bytes, kind.mimeType);
  } catch (err) {
    const failure = new AppError(502, '文件存储暂时无法写入，请稍后再试或联系管理员检查存储配置');
    failure.cause = err;
    throw failure;
  }
  let ossId: number;
  try {
    ossId = await insertOssRow(tx, {
      fileName,
      originalName,
      fileSuffix: `.${ext}`,
      mimeType: kind.mimeType,
      size: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      service: store.service,
      storageKey,
      ownerRef,
      createdBy: input.userId,
      createdAt: now,
    });
  } catch (err) {
    // No row, no file: the bytes would otherwise sit in the store with nothing pointing at them.
    await store.delete(storageKey).catch(() => undefined);
    throw err;
  }
  return { ossId, originalName, size: input.bytes.length, mimeType: kind.mimeType, url: downloadUrl(ossId) };
}

/** 上传文件 POST /file/upload: stores one upload in a transaction of its own. */
export async function uploadFile(ctx: AppContext, input: UploadInput): Promise<StoredFile> {
  return ctx.db.transaction((tx) => storeUpload(ctx, tx, input));
}
