/**
 * File storage: the interface, its two implementations and the choice between them from a
 * sys_oss_config row ('local' or no row → the local disk).
 */
import { LocalDiskStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { FileStorage } from './types.js';

export { LocalDiskStorage } from './local.js';
export { S3Storage, type S3Options } from './s3.js';
export { StorageError, StorageNotFoundError, assertSafeKey, type FileStorage } from './types.js';

/** The columns of sys_oss_config a store needs. */
export interface StorageConfig {
  configKey: string;
  endpoint: string | null;
  region: string | null;
  bucketName: string | null;
  prefix: string | null;
  accessKey: string | null;
  secretKey: string | null;
}

export const LOCAL_SERVICE = 'local';

/**
 * An endpoint written with a {bucket} placeholder (https://{bucket}.oss-cn-guangzhou.aliyuncs.com)
 * asks for virtual-hosted addressing; a plain endpoint (https://minio.internal:9000) is path-style.
 */
export function addressing(endpoint: string): { endpoint: string; pathStyle: boolean } {
  if (!endpoint.includes('{bucket}')) return { endpoint, pathStyle: true };
  return { endpoint: endpoint.replace(/\{bucket\}\.?/, ''), pathStyle: false };
}

export function storageFor(
  config: StorageConfig | null | undefined,
  fileRoot: string,
  fetchImpl?: typeof fetch,
): FileStorage {
  if (!config || config.configKey === LOCAL_SERVICE) return new LocalDiskStorage(fileRoot);
  if (!config.endpoint || !config.bucketName || !config.accessKey || !config.secretKey) {
    throw new Error(`storage config ${config.configKey} lacks endpoint, bucket or keys`);
  }
  const { endpoint, pathStyle } = addressing(config.endpoint);
  return new S3Storage({
    service: config.configKey,
    endpoint,
    pathStyle,
    region: config.region || 'us-east-1',
    bucket: config.bucketName,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    prefix: config.prefix,
    fetch: fetchImpl,
  });
}
