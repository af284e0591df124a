/**
 * AWS Signature Version 4 for S3-compatible stores (AWS, MinIO, Aliyun OSS, Tencent COS, Ceph…),
 * with node:crypto only. Pure functions: the same input always gives the same signature, which is
 * what the unit tests check against AWS's published examples.
 */
import { createHash, createHmac } from 'node:crypto';

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const ALGORITHM = 'AWS4-HMAC-SHA256';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay; '/' stays when it separates key segments. */
export function uriEncode(value: string, encodeSlash = true): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return encodeSlash ? encoded : encoded.replace(/%2F/g, '/');
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface SignInput {
  method: string;
  /** The URI path exactly as sent, already encoded (e.g. /bucket/2026/05/a%20b.pdf). */
  canonicalPath: string;
  query?: Record<string, string>;
  /** Every header to sign; `host` and `x-amz-date` must be among them (any case). */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKey: string;
  secretKey: string;
}

export interface Signed {
  canonicalRequest: string;
  stringToSign: string;
  signedHeaders: string;
  signature: string;
  authorization: string;
}

export function canonicalQuery(query: Record<string, string> = {}): string {
  return Object.entries(query)
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function signingKey(secretKey: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date), region), service), 'aws4_request');
}

export function sign(input: SignInput): Signed {
  const service = input.service ?? 's3';
  const headers = Object.entries(input.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const stamp = headers.find(([k]) => k === 'x-amz-date')?.[1];
  if (!stamp || !/^\d{8}T\d{6}Z$/.test(stamp))
    throw new Error('SigV4: the x-amz-date header (YYYYMMDDTHHMMSSZ) is required');
  if (!headers.some(([k]) => k === 'host')) throw new Error('SigV4: the host header is required');
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.canonicalPath || '/',
    canonicalQuery(input.query),
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const day = stamp.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(input.secretKey, day, input.region, service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signedHeaders,
    signature,
    authorization: `${ALGORITHM} Credential=${input.accessKey}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
