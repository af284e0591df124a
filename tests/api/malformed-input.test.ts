/**
 * The malformed inputs of issue #13 finding 5, each by name: every one used to answer HTTP 500.
 * Now a malformed request is a 400 naming the field, and a duplicate a 409.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { enterprise, sysNotice, sysUser } from '../../server/db/schema.js';

let t: TestApp;
let admin: string;
apiSuite({
  ready: async (app) => {
    t = app;
    admin = await t.login('admin');
  },
});

const noticeCount = async () => (await t.database.db.select({ n: count() }).from(sysNotice))[0]!.n;

describe('ids beyond a 32-bit integer', () => {
  it('answers 400 naming the id for 2^31 in a path, and 404 for the largest id', async () => {
    const big = await t.call(admin, { url: '/api/system/notice/get/2147483648' });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 400, field: 'id' });
    expect(big.json().msg).toMatch(/编号/);
    expect((await t.call(admin, { url: '/api/system/notice/get/2147483647' })).statusCode).toBe(404);
    expect((await t.call(admin, { url: '/api/system/notice/get/-1' })).json()).toMatchObject({
      code: 400,
      field: 'id',
    });
  });

  it('answers 400 for 2^31 in an id list and in a body id', async () => {
    const list = await t.call(admin, { method: 'POST', url: '/api/system/notice/remove?ids=1,2147483648' });
    expect(list.json()).toMatchObject({ code: 400, field: 'ids' });
    const before = await noticeCount();
    const body = await t.call(admin, {
      method: 'POST',
      url: '/api/system/notice/update',
      payload: { noticeId: 2 ** 31, noticeTitle: '标题', noticeType: '1', noticeContent: '内容' },
    });
    expect(body.json()).toMatchObject({ code: 400, field: 'noticeId' });
    expect(await noticeCount()).toBe(before);
  });
});

describe('a NUL byte in a query string', () => {
  it('answers 400 naming the field on an administration list', async () => {
    const res = await t.call(admin, { url: '/api/system/notice/list?noticeTitle=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'noticeTitle' });
  });

  it('answers 400 naming the field on the public certificate look-up', async () => {
    const byNo = await t.app.inject({ url: '/api/public/validCard?orgCode=%00' });
    expect(byNo.statusCode).toBe(400);
    expect(byNo.json()).toMatchObject({ code: 400, field: 'orgCode' });
    const byName = await t.app.inject({
      url: '/api/public/validCard?name=%E5%BC%A0%00&agentIdentityNo=440101199001011234',
    });
    expect(byName.json()).toMatchObject({ code: 400, field: 'name' });
  });
});

describe('impossible dates', () => {
  it.each(['9999-99-99', '2026-02-30', '2025-13-01', '2025-00-10'])('refuses beginTime=%s with 400', async (day) => {
    const res = await t.call(admin, { url: `/api/system/notice/list?beginTime=${day}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'beginTime' });
  });

  it('refuses endTime=2026-02-30 and still takes a leap day', async () => {
    expect((await t.call(admin, { url: '/api/system/notice/list?endTime=2026-02-30' })).json()).toMatchObject({
      code: 400,
      field: 'endTime',
    });
    expect(
      (await t.call(admin, { url: '/api/system/notice/list?beginTime=2024-02-29&endTime=2024-03-01' })).statusCode,
    ).toBe(200);
  });
});

describe('prototype keys as sort fields', () => {
  it('refuses sortField=__proto__, constructor and prototype with 400', async () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const res = await t.call(admin, { url: `/api/system/notice/list?sortField=${name}&sortOrder=ascend` });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field: 'sortField' });
    }
  });
});

describe('keys every object inherits, in a body', () => {
  it('treats payload keys toString and valueOf as unknown fields of a draft, not as a crash', async () => {
    const ent = await t.login('ent_gz');
    const [candidate] = (await t.call(ent, { url: '/api/apply/inner/candidates' })).json().data as {
      certificateId: number;
    }[];
    const res = await t.call(ent, {
      method: 'POST',
      url: '/api/apply/inner/save',
      payload: { certificateId: candidate!.certificateId, payload: { toString: 1, valueOf: 'x', remark: '内部变更' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payload).toEqual(expect.objectContaining({ remark: '内部变更' }));
    expect(Object.keys(res.json().data.payload)).not.toContain('toString');
  });
});

describe('lone surrogates in JSON text', () => {
  it('refuses {"noticeTitle":"\\ud800"} with 400 naming the field and saves nothing', async () => {
    const before = await noticeCount();
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/system/notice/save',
      headers: { 'content-type': 'application/json' },
      payload: '{"noticeTitle":"\\ud800","noticeType":"1","noticeContent":"内容"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'noticeTitle' });
    expect(await noticeCount()).toBe(before);
  });

  it('refuses a lone low surrogate nested in a free-form body', async () => {
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/system/notice/save',
      headers: { 'content-type': 'application/json' },
      payload: '{"noticeTitle":"标题","noticeType":"1","noticeContent":"a\\udc00b"}',
    });
    expect(res.json()).toMatchObject({ code: 400, field: 'noticeContent' });
  });
});

describe('concurrent registration of one user name', () => {
  it('gives exactly one success and 409 to the other nine', async () => {
    const [ent] = await t.database.db.select().from(enterprise).where(eq(enterprise.status, '1')).limit(1);
    const calls = Array.from({ length: 10 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          creditCode: ent!.creditCode,
          enterpriseName: ent!.name,
          contactName: '并发注册',
          phone: `1391234${String(5000 + i)}`,
          loginName: 'racer2026',
          password: 'Strong#Pass1',
        },
      }),
    );
    const answers = await Promise.all(calls);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toMatchObject({ code: 409 });
      expect(a.json().msg).toMatch(/已/);
    }
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'racer2026'))).toHaveLength(1);
  });
});
