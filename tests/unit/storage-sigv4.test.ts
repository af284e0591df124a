/** SigV4 against the worked examples AWS publishes for S3 (Authenticating Requests: Using the Authorization Header). */
import { describe, expect, it } from 'vitest';
import { amzDate, canonicalQuery, EMPTY_SHA256, sha256Hex, sign, uriEncode } from '../../server/lib/storage/sigv4.js';

const CREDENTIALS = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const HOST = 'examplebucket.s3.amazonaws.com';
const STAMP = '20130524T000000Z';

describe('AWS SigV4 published S3 examples', () => {
  it('GET Object (first 10 bytes of test.txt)', () => {
    const signed = sign({
      ...CREDENTIALS,
      method: 'GET',
      canonicalPath: '/test.txt',
      payloadHash: EMPTY_SHA256,
      headers: { Host: HOST, Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-date': STAMP },
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        `host:${HOST}`,
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        `x-amz-date:${STAMP}`,
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      `AWS4-HMAC-SHA256\n${STAMP}\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972`,
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object (test$file.text with a body)', () => {
    const body = new TextEncoder().encode('Welcome to Amazon S3.');
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = sign({
      ...CREDENTIALS,
      method: 'PUT',
      canonicalPath: `/${uriEncode('test$file.text', false)}`,
      payloadHash,
      headers: {
        Host: HOST,
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': STAMP,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payloadHash,
      },
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.stringToSign.endsWith('9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d')).toBe(true);
    expect(signed.signedHeaders).toBe('date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket Lifecycle (a query parameter without a value)', () => {
    const signed = sign({
      ...CREDENTIALS,
      method: 'GET',
      canonicalPath: '/',
      query: { lifecycle: '' },
      payloadHash: EMPTY_SHA256,
      headers: { Host: HOST, 'x-amz-date': STAMP, 'x-amz-content-sha256': EMPTY_SHA256 },
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('lifecycle=');
    expect(signed.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('Get Bucket (List Objects) with two query parameters sorted', () => {
    const signed = sign({
      ...CREDENTIALS,
      method: 'GET',
      canonicalPath: '/',
      query: { prefix: 'J', 'max-keys': '2' },
      payloadHash: EMPTY_SHA256,
      headers: { Host: HOST, 'x-amz-date': STAMP, 'x-amz-content-sha256': EMPTY_SHA256 },
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('changes the signature when anything signed changes', () => {
    const base = {
      ...CREDENTIALS,
      method: 'GET',
      canonicalPath: '/test.txt',
      payloadHash: EMPTY_SHA256,
      headers: { Host: HOST, 'x-amz-date': STAMP, 'x-amz-content-sha256': EMPTY_SHA256 },
    };
    const reference = sign(base).signature;
    expect(sign({ ...base, canonicalPath: '/test2.txt' }).signature).not.toBe(reference);
    expect(sign({ ...base, secretKey: 'other' }).signature).not.toBe(reference);
    expect(sign({ ...base, region: 'cn-south-1' }).signature).not.toBe(reference);
    expect(() => sign({ ...base, headers: { Host: HOST } })).toThrow(/x-amz-date/);
  });
});

describe('SigV4 helpers', () => {
  it('encodes as RFC 3986 wants, keeping key slashes only when asked', () => {
    expect(uriEncode('a b/c~d_e-f.g')).toBe('a%20b%2Fc~d_e-f.g');
    expect(uriEncode('a b/c', false)).toBe('a%20b/c');
    expect(uriEncode("(x)!*'")).toBe('%28x%29%21%2A%27');
    expect(uriEncode('证书.pdf')).toBe('%E8%AF%81%E4%B9%A6.pdf');
  });

  it('formats the timestamp and sorts the query', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
    expect(canonicalQuery({ b: '2', a: 'x y', 'a-b': '' })).toBe('a=x%20y&a-b=&b=2');
  });
});
