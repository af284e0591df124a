/**
 * S3Storage against an in-memory S3 that re-derives every request's SigV4 signature with the
 * secret it knows: a request signed wrongly (path, host, payload, date) is refused as S3 would.
 */
import { describe, expect, it } from 'vitest';
import {
  S3Storage,
  StorageError,
  StorageNotFoundError,
  addressing,
  storageFor,
} from '../../server/lib/storage/index.js';
import { sha256Hex, sign } from '../../server/lib/storage/sigv4.js';

const SECRET = 'minio-secret-key';
const NOW = new Date('2026-05-01T08:00:00Z');

function fakeS3() {
  const objects = new Map<string, { bytes: Uint8Array; type: string | null }>();
  const seen: { method: string; url: string }[] = [];
  const impl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    seen.push({ method, url: url.toString() });
    const headers = new Headers(init?.headers);
    const body = init?.body ? new Uint8Array(init.body as Buffer) : undefined;
    const auth = headers.get('authorization') ?? '';
    const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1].split(';') ?? [];
    const toSign: Record<string, string> = {};
    for (const name of signedNames) toSign[name] = name === 'host' ? url.host : (headers.get(name) ?? '');
    const payloadHash = headers.get('x-amz-content-sha256') ?? '';
    if (body && sha256Hex(body) !== payloadHash)
      return new Response('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>', { status: 400 });
    const expected = sign({
      method,
      canonicalPath: url.pathname,
      headers: toSign,
      payloadHash,
      region: 'cn-south-1',
      accessKey: 'AK',
      secretKey: SECRET,
    });
    if (expected.authorization !== auth)
      return new Response('<Error><Code>SignatureDoesNotMatch</Code></Error>', { status: 403 });
    const key = `${url.host}${decodeURIComponent(url.pathname)}`;
    if (method === 'PUT') {
      objects.set(key, { bytes: body ?? new Uint8Array(), type: headers.get('content-type') });
      return new Response(null, { status: 200 });
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return new Response(null, { status: 204 });
    }
    const found = objects.get(key);
    return found
      ? new Response(Buffer.from(found.bytes), { status: 200 })
      : new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 });
  };
  return { objects, seen, fetch: impl as typeof fetch };
}

const options = (fetchImpl: typeof fetch, secretKey = SECRET) => ({
  service: 'minio',
  endpoint: 'http://minio.test:9000',
  region: 'cn-south-1',
  bucket: 'certs',
  accessKey: 'AK',
  secretKey,
  pathStyle: true,
  prefix: 'safecert',
  fetch: fetchImpl,
  now: () => NOW,
});

describe('S3Storage', () => {
  it('puts, gets and deletes with valid signatures (path-style, prefix, encoded key)', async () => {
    const s3 = fakeS3();
    const store = new S3Storage(options(s3.fetch));
    const bytes = new TextEncoder().encode('%PDF-1.4 hello');
    await store.put('2026/05/01/证书 1.pdf', bytes, 'application/pdf');
    expect(s3.seen[0].url).toBe('http://minio.test:9000/certs/safecert/2026/05/01/%E8%AF%81%E4%B9%A6%201.pdf');
    expect(s3.objects.get('minio.test:9000/certs/safecert/2026/05/01/证书 1.pdf')?.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await store.get('2026/05/01/证书 1.pdf'))).toBe('%PDF-1.4 hello');
    await store.delete('2026/05/01/证书 1.pdf');
    await expect(store.get('2026/05/01/证书 1.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('addresses the bucket as a host name when the endpoint says {bucket}', async () => {
    const s3 = fakeS3();
    const { endpoint, pathStyle } = addressing('https://{bucket}.oss-cn-guangzhou.aliyuncs.com');
    expect({ endpoint, pathStyle }).toEqual({ endpoint: 'https://oss-cn-guangzhou.aliyuncs.com', pathStyle: false });
    const store = new S3Storage({ ...options(s3.fetch), endpoint, pathStyle, prefix: null });
    await store.put('a/b.png', new Uint8Array([1]), 'image/png');
    expect(s3.seen[0].url).toBe('https://certs.oss-cn-guangzhou.aliyuncs.com/a/b.png');
    expect(Array.from(await store.get('a/b.png'))).toEqual([1]);
  });

  it("reports the store's refusal (wrong secret) as a StorageError with the S3 code", async () => {
    const s3 = fakeS3();
    const store = new S3Storage(options(s3.fetch, 'wrong'));
    await expect(store.put('x.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    await expect(store.get('x.pdf')).rejects.toBeInstanceOf(StorageError);
    expect(s3.objects.size).toBe(0);
  });

  it('is chosen for a complete S3 config and refused for an incomplete one', () => {
    const full = {
      configKey: 'minio',
      endpoint: 'http://minio.test:9000',
      region: '',
      bucketName: 'certs',
      prefix: null,
      accessKey: 'AK',
      secretKey: 'SK',
    };
    expect(storageFor(full, '/tmp')).toBeInstanceOf(S3Storage);
    expect(storageFor(full, '/tmp').service).toBe('minio');
    expect(() => storageFor({ ...full, secretKey: null }, '/tmp')).toThrow(/lacks/);
  });
});
