/** Any S3-compatible object store, spoken to with fetch and SigV4 headers (no SDK). */
import { amzDate, EMPTY_SHA256, sha256Hex, sign, uriEncode } from './sigv4.js';
import { assertSafeKey, StorageError, StorageNotFoundError, type FileStorage } from './types.js';

export interface S3Options {
  /** sys_oss.service value for files written here (the config key). */
  service: string;
  /** e.g. https://minio.example.gov.cn:9000 (a missing scheme means https). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** true: https://host/bucket/key (MinIO, Ceph); false: https://bucket.host/key (AWS, Aliyun, COS). */
  pathStyle: boolean;
  /** Folder inside the bucket. */
  prefix?: string | null;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

export class S3Storage implements FileStorage {
  readonly service: string;
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly opts: S3Options) {
    this.service = opts.service;
    const endpoint = /^https?:\/\//i.test(opts.endpoint) ? opts.endpoint : `https://${opts.endpoint}`;
    this.base = new URL(endpoint);
    this.fetchImpl = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  /** The object's URL; its path is the canonical path of the signature (encoded once, here). */
  objectUrl(key: string): URL {
    assertSafeKey(key);
    const prefix = (this.opts.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const objectKey = uriEncode(prefix ? `${prefix}/${key}` : key, false);
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const url = new URL(this.base.origin);
    if (this.opts.pathStyle) {
      url.pathname = `${basePath}/${uriEncode(this.opts.bucket)}/${objectKey}`;
    } else {
      url.host = `${this.opts.bucket}.${this.base.host}`;
      url.pathname = `${basePath}/${objectKey}`;
    }
    return url;
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Uint8Array,
    contentType?: string,
  ): Promise<Response> {
    const url = this.objectUrl(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = {
      'x-amz-date': amzDate(this.now()),
      'x-amz-content-sha256': payloadHash,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const signed = sign({
      method,
      canonicalPath: url.pathname,
      headers: { ...headers, host: url.host },
      payloadHash,
      region: this.opts.region,
      accessKey: this.opts.accessKey,
      secretKey: this.opts.secretKey,
    });
    try {
      // fetch sets Host from the URL itself: the same value that was signed.
      return await this.fetchImpl(url, {
        method,
        headers: { ...headers, authorization: signed.authorization },
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
      });
    } catch (err) {
      throw new StorageError(`S3 ${method} ${url.host}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async fail(res: Response, what: string): Promise<never> {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new StorageError(`S3 ${what} failed: HTTP ${res.status}${code ? ` ${code}` : ''}`, res.status);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, contentType);
    if (!res.ok) await this.fail(res, 'PUT');
    await res.arrayBuffer().catch(() => undefined);
  }

  async get(key: string): Promise<Uint8Array> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      throw new StorageNotFoundError(key);
    }
    if (!res.ok) await this.fail(res, 'GET');
    return new Uint8Array(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await this.fail(res, 'DELETE');
    await res.arrayBuffer().catch(() => undefined);
  }
}
