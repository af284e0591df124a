/**
 * 文件存储 /api/system/oss and the product-wide /api/file/upload, /api/file/download: access,
 * type and size checks, the local disk round trip, and an S3-compatible store (a small in-process
 * S3 that checks every SigV4 signature) chosen through the storage configuration.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certificate, sysConfig, sysOss, sysOssConfig, sysUser } from '../../server/db/schema.js';
import { sign } from '../../server/lib/storage/sigv4.js';
import { storeUpload } from '../../server/modules/system/oss/upload.js';

let t: TestApp;
const USERS = ['admin', 'secadmin', 'auditor', 'ent_gz', 'ent_sz', 'gz_sl', 'sz_staff', 'person1'] as const;
type User = (typeof USERS)[number];
const { tokens, as } = apiSuite({
  users: USERS,
  ready: (app) => {
    t = app;
  },
});

const S3_SECRET = 'fake-s3-secret';
const s3Objects = new Map<string, Buffer>();
const s3Refused: string[] = [];
let s3: http.Server;
let s3Endpoint = '';

beforeAll(async () => {
  s3 = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = String(req.headers.authorization ?? '');
      const names = /SignedHeaders=([^,]+)/.exec(auth)?.[1].split(';') ?? [];
      const headers = Object.fromEntries(names.map((n) => [n, String(req.headers[n] ?? '')]));
      const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const expected = sign({
        method: req.method ?? 'GET',
        canonicalPath: url.pathname,
        headers,
        payloadHash,
        region: 'cn-south-1',
        accessKey: 'AKTEST',
        secretKey: S3_SECRET,
      });
      if (
        auth !== expected.authorization ||
        (body.length && createHash('sha256').update(body).digest('hex') !== payloadHash)
      ) {
        s3Refused.push(`${req.method} ${url.pathname}`);
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = decodeURIComponent(url.pathname);
      if (req.method === 'PUT') {
        s3Objects.set(key, body);
        res.writeHead(200).end();
        return;
      }
      if (req.method === 'DELETE') {
        s3Objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      const found = s3Objects.get(key);
      if (!found) {
        res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      res.writeHead(200, { 'content-length': found.length }).end(found);
    });
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  s3Endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => s3.close(resolve));
});

const db = () => t.database.db;
const ossCount = async () => (await db().select({ n: count() }).from(sysOss))[0]!.n;
const filesOnDisk = (): string[] => {
  const root = t.config.fileRoot;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
};

const pdf = (text = 'hello') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

function upload(
  user: User | null,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = {},
  type = 'application/octet-stream',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return t.call(user ? tokens[user] : null, {
    method: 'POST',
    url: '/api/file/upload',
    payload: form as unknown as object,
  });
}

describe('uploads', () => {
  it('stores a PDF on the local disk, records sha256 and uploader, and gives it back byte for byte', async () => {
    const bytes = pdf('申请材料');
    const res = await upload('ent_gz', bytes, '营业执照 副本.pdf', { ownerRef: 'application:12' }, 'application/pdf');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      originalName: '营业执照 副本.pdf',
      size: bytes.length,
      mimeType: 'application/pdf',
      url: `/api/file/download/${data.ossId}`,
    });
    const [row] = await db().select().from(sysOss).where(eq(sysOss.id, data.ossId));
    expect(row).toMatchObject({
      service: 'local',
      ownerRef: 'application:12',
      fileSuffix: '.pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(row!.storageKey).toMatch(/^\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(t.config.fileRoot, row!.storageKey))).toEqual(bytes);

    const back = await as('ent_gz', 'GET', data.url);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(String(back.headers['content-disposition'])).toMatch(/^attachment;.*filename\*=UTF-8''%E8%90%A5/);
    expect(back.rawPayload).toEqual(bytes);
    const inline = await as('ent_gz', 'GET', `${data.url}?inline=1`);
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline;/);
  });

  it.each([
    ['photo.png', PNG, 'image/png'],
    ['photo.JPG', JPEG, 'image/jpeg'],
    ['scan.jpeg', JPEG, 'image/jpeg'],
  ])('accepts %s', async (name, bytes, mime) => {
    const res = await upload('auditor', bytes, name);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mimeType).toBe(mime);
  });

  it.each([
    ['an .exe renamed .pdf', EXE, 'setup.pdf', '文件类型不符'],
    ['a PNG named .pdf', PNG, 'scan.pdf', '文件类型不符：文件内容是 PNG，扩展名却是 .pdf'],
    ['a text file', Buffer.from('hello'), 'notes.txt', '文件类型不支持：只能上传 PDF、JPG、PNG 文件（不支持 .txt）'],
    ['an .exe', EXE, 'setup.exe', '文件类型不支持'],
    ['a file without a name extension', pdf(), 'README', '文件类型不支持'],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', '文件不能为空'],
  ])('refuses %s and writes nothing', async (_name, bytes, name, msg) => {
    const before = { rows: await ossCount(), files: filesOnDisk().length };
    const res = await upload('ent_gz', bytes, name);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('file');
    expect(res.json().msg).toContain(msg);
    expect({ rows: await ossCount(), files: filesOnDisk().length }).toEqual(before);
  });

  it('refuses a file whose declared type contradicts its content', async () => {
    const res = await upload('ent_gz', pdf(), 'a.pdf', {}, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('声明的类型 image/png');
  });

  it('refuses files over 10 MB, and over sys.upload.maxSizeMb when an administrator sets it', async () => {
    const before = { rows: await ossCount(), files: filesOnDisk().length };
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1_048_576)]);
    const res = await upload('ent_gz', big, 'big.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('文件大小超过限制：最大 10 MB');
    expect((await upload('ent_gz', Buffer.concat([pdf(), Buffer.alloc(2 * 1_048_576)]), 'two.pdf')).statusCode).toBe(
      200,
    );

    await db().update(sysConfig).set({ configValue: '1' }).where(eq(sysConfig.configKey, 'sys.upload.maxSizeMb'));
    const over = await upload('ent_gz', Buffer.concat([pdf(), Buffer.alloc(1_100_000)]), 'one.pdf');
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toContain('大小超过限制：最大 1 MB');
    await db().update(sysConfig).set({ configValue: '10' }).where(eq(sysConfig.configKey, 'sys.upload.maxSizeMb'));
    expect({ rows: await ossCount(), files: filesOnDisk().length }).toEqual({
      rows: before.rows + 1,
      files: before.files + 1,
    });
  });

  it('needs a signed-in caller and a file field', async () => {
    expect((await upload(null, pdf(), 'a.pdf')).statusCode).toBe(401);
    const noFile = await t.call(tokens.ent_gz, { method: 'POST', url: '/api/file/upload', payload: { file: 'x' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().field).toBe('file');
  });

  it('lets other modules store an upload inside their own transaction (storeUpload)', async () => {
    const stored = await db().transaction((tx) =>
      storeUpload(t.app.ctx, tx, {
        bytes: PNG,
        originalName: 'C:\\fakepath\\证件照.png',
        mimeType: 'image/png',
        ownerRef: 'punishment:3',
        userId: null,
      }),
    );
    expect(stored).toMatchObject({ originalName: '证件照.png', mimeType: 'image/png', size: PNG.length });
    await expect(
      db().transaction((tx) => storeUpload(t.app.ctx, tx, { bytes: EXE, originalName: 'x.png', userId: null })),
    ).rejects.toThrow(/文件类型不符/);
  });
});

describe('downloads', () => {
  it('are for the uploader and the file-storage administrator; a material also for whoever may see its application', async () => {
    const id = (await upload('ent_gz', pdf('mine'), 'mine.pdf')).json().data.ossId as number;
    // Attached to nothing: private to the uploader (and the administrator of the file store).
    const alone: Record<User, number> = {
      ent_gz: 200,
      admin: 200,
      gz_sl: 403,
      sz_staff: 403,
      ent_sz: 403,
      secadmin: 403,
      auditor: 403,
      person1: 403,
    };
    for (const user of USERS)
      expect((await as(user, 'GET', `/api/file/download/${id}`)).statusCode, `${user} (unattached)`).toBe(alone[user]);
    // A material of ent_gz's delay for person1 (area 1): the Guangzhou centre and the holder may read it, Shenzhen may not.
    const [p1] = await db().select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const [c3] = await db()
      .select()
      .from(certificate)
      .where(and(eq(certificate.personId, p1!.personId!), eq(certificate.status, '01')))
      .limit(1);
    const saved = await as('ent_gz', 'POST', '/api/apply/delay/save', {
      certificateId: c3!.id,
      payload: { materials: [id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const attached: Record<User, number> = { ...alone, gz_sl: 200, person1: 200 };
    for (const user of USERS)
      expect((await as(user, 'GET', `/api/file/download/${id}`)).statusCode, `${user} (material)`).toBe(attached[user]);
    expect((await as('admin', 'GET', '/api/file/download/999999')).statusCode).toBe(404);
  });

  it('refuse a file whose bytes no longer match the recorded sha256, and one gone from the store', async () => {
    const id = (await upload('ent_gz', pdf('tamper'), 'tamper.pdf')).json().data.ossId as number;
    const [row] = await db().select().from(sysOss).where(eq(sysOss.id, id));
    const file = path.join(t.config.fileRoot, row!.storageKey);
    fs.writeFileSync(file, pdf('changed'));
    const tampered = await as('ent_gz', 'GET', `/api/file/download/${id}`);
    expect(tampered.statusCode).toBe(500);
    expect(tampered.json().msg).toContain('文件校验失败');
    fs.rmSync(file);
    expect((await as('ent_gz', 'GET', `/api/file/download/${id}`)).statusCode).toBe(404);
  });
});

describe('file storage administration', () => {
  it('who may list, configure and remove: only admin; others get 403 and change nothing', async () => {
    const id = (await upload('ent_gz', pdf('keep'), 'keep.pdf')).json().data.ossId as number;
    for (const user of ['admin', 'secadmin', 'auditor', 'ent_gz'] as const) {
      for (const url of ['/api/system/oss/list', '/api/system/oss/config']) {
        expect((await as(user, 'GET', url)).statusCode, `${user} ${url}`).toBe(user === 'admin' ? 200 : 403);
      }
    }
    const before = { rows: await ossCount(), configs: (await db().select({ n: count() }).from(sysOssConfig))[0]!.n };
    for (const user of ['secadmin', 'auditor', 'ent_gz'] as const) {
      const calls: Array<[string, unknown]> = [
        [
          '/api/system/oss/save',
          { configKey: 'probe', endpoint: s3Endpoint, bucketName: 'certs', accessKey: 'a', secretKey: 'b' },
        ],
        [
          '/api/system/oss/update',
          { ossConfigId: 1, configKey: 'probe', endpoint: s3Endpoint, bucketName: 'certs', accessKey: 'a' },
        ],
        ['/api/system/oss/saveConfig', { ossConfigId: 0 }],
        [`/api/system/oss/remove?ids=${id}`, undefined],
      ];
      for (const [url, payload] of calls)
        expect((await as(user, 'POST', url, payload)).statusCode, `${user} ${url}`).toBe(403);
    }
    expect({ rows: await ossCount(), configs: (await db().select({ n: count() }).from(sysOssConfig))[0]!.n }).toEqual(
      before,
    );
    expect((await as('ent_gz', 'GET', `/api/file/download/${id}`)).statusCode).toBe(200);
  });

  it("lists files with filters and the uploader's name", async () => {
    const all = (await as('admin', 'GET', '/api/system/oss/list?pageSize=30')).json();
    expect(all.total).toBe(await ossCount());
    const pngs = (await as('admin', 'GET', '/api/system/oss/list?fileSuffix=png&pageSize=30')).json().rows as Array<{
      fileSuffix: string;
    }>;
    expect(pngs.length).toBeGreaterThan(0);
    expect(pngs.every((r) => r.fileSuffix === '.png')).toBe(true);
    const named = (
      await as('admin', 'GET', `/api/system/oss/list?originalName=${encodeURIComponent('营业执照 副本')}`)
    ).json().rows;
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({ createdByName: '张伟强', service: 'local', ownerRef: 'application:12' });
    expect((await as('admin', 'GET', '/api/system/oss/list?service=minio')).json().total).toBe(0);
  });

  it('saves an S3 configuration without ever returning its secret, and switches new uploads to it', async () => {
    const saved = await as('admin', 'POST', '/api/system/oss/save', {
      configKey: 'minio',
      endpoint: s3Endpoint,
      region: 'cn-south-1',
      bucketName: 'certs',
      prefix: 'safecert',
      accessKey: 'AKTEST',
      secretKey: 'wrong-secret',
      remark: '测试存储',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('wrong-secret');
    expect(saved.json().data).toMatchObject({ configKey: 'minio', hasSecret: true, status: '1' });
    const id = saved.json().data.ossConfigId as number;
    const beforeSwitch = (await as('admin', 'GET', '/api/system/oss/config')).json().data as Array<{
      configKey: string;
      inUse: boolean;
    }>;
    expect(beforeSwitch.map((c) => [c.configKey, c.inUse])).toEqual([
      ['local', true],
      ['minio', false],
    ]);
    const missingSecret = await as('admin', 'POST', '/api/system/oss/save', {
      configKey: 'other',
      endpoint: s3Endpoint,
      bucketName: 'certs',
      accessKey: 'AK',
    });
    expect(missingSecret.json()).toMatchObject({ field: 'secretKey' });
    expect(
      (
        await as('admin', 'POST', '/api/system/oss/save', {
          configKey: 'minio',
          endpoint: s3Endpoint,
          bucketName: 'certs',
          accessKey: 'a',
          secretKey: 'b',
        })
      ).statusCode,
    ).toBe(409);

    expect((await as('admin', 'POST', '/api/system/oss/saveConfig', { ossConfigId: id })).json().msg).toBe(
      '已切换为存储配置「minio」',
    );
    // The wrong secret: the store refuses the upload, and nothing is recorded.
    const before = await ossCount();
    const refused = await upload('ent_gz', pdf(), 's3.pdf');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().msg).toContain('文件存储暂时无法写入');
    expect(await ossCount()).toBe(before);
    expect(s3Refused.length).toBeGreaterThan(0);

    // A blank secret on update keeps the stored one; a new one replaces it.
    const keep = await as('admin', 'POST', '/api/system/oss/update', {
      ossConfigId: id,
      configKey: 'minio',
      endpoint: s3Endpoint,
      region: 'cn-south-1',
      bucketName: 'certs',
      prefix: 'safecert',
      accessKey: 'AKTEST',
      secretKey: '',
    });
    expect(keep.json().data.hasSecret).toBe(true);
    expect((await db().select().from(sysOssConfig).where(eq(sysOssConfig.ossConfigId, id)))[0]!.secretKey).toBe(
      'wrong-secret',
    );
    await as('admin', 'POST', '/api/system/oss/update', {
      ossConfigId: id,
      configKey: 'minio',
      endpoint: s3Endpoint,
      region: 'cn-south-1',
      bucketName: 'certs',
      prefix: 'safecert',
      accessKey: 'AKTEST',
      secretKey: S3_SECRET,
    });

    const config = (await as('admin', 'GET', '/api/system/oss/config')).json();
    expect(JSON.stringify(config)).not.toContain(S3_SECRET);
    // The local disk stays a choice (id 0), no longer in use; the page renders inUse as it comes.
    expect(config.data).toEqual([
      expect.objectContaining({ ossConfigId: 0, configKey: 'local', inUse: false, hasSecret: false }),
      expect.objectContaining({ configKey: 'minio', status: '0', inUse: true, hasSecret: true, accessKey: 'AKTEST' }),
    ]);
  });

  it('stores, serves and removes files in the S3 store; old local files stay readable', async () => {
    const bytes = pdf('在 S3 中');
    const res = await upload('ent_gz', bytes, 's3 file.pdf');
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(sysOss).where(eq(sysOss.id, res.json().data.ossId));
    expect(row!.service).toBe('minio');
    expect(s3Objects.get(`/certs/safecert/${row!.storageKey}`)).toEqual(bytes);
    expect((await as('ent_gz', 'GET', res.json().data.url)).rawPayload).toEqual(bytes);
    const local = (
      await as('admin', 'GET', `/api/system/oss/list?originalName=${encodeURIComponent('营业执照')}`)
    ).json().rows[0];
    expect((await as('admin', 'GET', local.url)).statusCode).toBe(200);
    const localFile = path.join(
      t.config.fileRoot,
      (await db().select().from(sysOss).where(eq(sysOss.id, local.id)))[0]!.storageKey,
    );
    expect(fs.existsSync(localFile)).toBe(true);

    const rename = await as('admin', 'POST', '/api/system/oss/update', {
      ossConfigId: (await db().select().from(sysOssConfig))[0]!.ossConfigId,
      configKey: 'minio2',
      endpoint: s3Endpoint,
      bucketName: 'certs',
      accessKey: 'AKTEST',
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().msg).toContain('不能改名');

    const removed = await as('admin', 'POST', `/api/system/oss/remove?ids=${row!.id},${local.id}`);
    expect(removed.json()).toMatchObject({ code: 0, msg: '已删除 2 个文件' });
    expect(s3Objects.has(`/certs/safecert/${row!.storageKey}`)).toBe(false);
    expect(fs.existsSync(localFile)).toBe(false);
    expect(await db().select().from(sysOss).where(eq(sysOss.id, row!.id))).toEqual([]);
    expect((await as('admin', 'GET', local.url)).statusCode).toBe(404);
  });

  it('switches back to the local disk', async () => {
    expect((await as('admin', 'POST', '/api/system/oss/saveConfig', { ossConfigId: 0 })).json().msg).toBe(
      '已切换为本地磁盘存储',
    );
    const res = await upload('ent_gz', pdf(), 'back.pdf');
    const [row] = await db().select().from(sysOss).where(eq(sysOss.id, res.json().data.ossId));
    expect(row!.service).toBe('local');
    expect((await as('admin', 'POST', '/api/system/oss/saveConfig', { ossConfigId: 999 })).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/api/system/oss/remove?ids=999999')).statusCode).toBe(404);
  });
});
