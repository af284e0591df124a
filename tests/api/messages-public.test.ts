import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certCheckRecord, certificate, enterprise, sysMsgInfo, sysUser } from '../../server/db/schema.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('messages and to-dos of the header panel', () => {
  it('counts unread messages per type and marks one read', async () => {
    const token = await t.login('gz_sl');
    const stats = await t.call(token, { url: '/api/system/sysMsgInfo/getNotReadMsgStats' });
    expect(stats.json().code).toBe(0);
    const rows = stats.json().rows as { msgType: string; count: number }[];
    expect(rows.map((r) => r.msgType).sort()).toEqual(['supervisionType', 'systemType', 'warnType']);
    const total = rows.reduce((s, r) => s + r.count, 0);
    expect(total).toBeGreaterThan(0);

    const list = await t.call(token, { url: '/api/system/sysMsgInfo/list?pageNum=1&pageSize=5&ckzt=0' });
    expect(list.json().rows.length).toBeGreaterThan(0);
    expect(list.json().rows.length).toBeLessThanOrEqual(5);
    expect(list.json().pageNum).toBe(1);
    const id = list.json().rows[0].id as number;
    expect((await t.call(token, { method: 'POST', url: `/api/system/sysMsgInfo/readMsg/${id}` })).statusCode).toBe(200);
    const after = (await t.call(token, { url: '/api/system/sysMsgInfo/getNotReadMsgStats' })).json().rows as {
      count: number;
    }[];
    expect(after.reduce((s, r) => s + r.count, 0)).toBe(total - 1);
  });

  it("does not let one user read another user's message", async () => {
    const [other] = await t.database.db
      .select({ id: sysMsgInfo.id })
      .from(sysMsgInfo)
      .innerJoin(sysUser, eq(sysUser.userId, sysMsgInfo.userId))
      .where(and(eq(sysUser.userName, 'admin')));
    const res = await t.call(await t.login('ent_gz'), {
      method: 'POST',
      url: `/api/system/sysMsgInfo/readMsg/${other.id}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('lists to-dos page by page', async () => {
    const res = await t.call(await t.login('gz_sl'), { url: '/api/system/sysTodo/list?pageNum=1&pageSize=5' });
    expect(res.json().code).toBe(0);
    expect(typeof res.json().total).toBe('number');
    const bad = await t.call(await t.login('gz_sl'), { url: '/api/system/sysTodo/list?pageNum=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('pageNum');
  });
});

describe('dictionaries', () => {
  it('answers numbers for numeric dictionaries and strings for the ones SPEC 3 keeps as strings', async () => {
    const token = await t.login('ent_gz');
    const sex = (await t.call(token, { url: '/api/system/dict/data/type?dictType=sys_user_sex' })).json().data;
    expect(sex.length).toBeGreaterThan(1);
    expect(typeof sex[0].dictValue).toBe('number');
    const positions = (await t.call(token, { url: '/api/system/dict/data/type?dictType=ministerial_position' })).json()
      .data;
    expect(positions.find((p: { dictLabel: string }) => p.dictLabel === '法定代表人').dictValue).toBe('01');
  });
});

describe('public calls', () => {
  it('serve health and the client settings without a token', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({ code: 0 });
    expect((await t.app.inject({ url: '/api/public/settings' })).json().data.production).toBe(false);
  });

  it('show a certificate by its query code and record the check', async () => {
    const [cert] = await t.database.db.select().from(certificate).where(eq(certificate.status, '01')).limit(1);
    const res = await t.app.inject({ url: `/api/cert/${cert.queryCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.certNo).toBe(cert.certNo);
    expect(res.json().data.statusLabel).toBe('有效');
    expect(res.json().data.idNoMasked).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    const missing = await t.app.inject({ url: '/api/cert/ZZZZZZZZZZZZZZZZ' });
    expect(missing.statusCode).toBe(404);
    const records = await t.database.db.select().from(certCheckRecord);
    expect(records.map((r) => r.found).sort()).toEqual([false, true]);
  });

  it('serve the OpenAPI description at /api/docs', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    for (const p of ['/api/login/login', '/api/system/user/getLoginUser', '/api/menu/user/{id}', '/api/auth/sso/login'])
      expect(paths).toContain(p);
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answer an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('接口不存在');
  });
});

describe('operation guide', () => {
  it('is a PDF for enterprise users', async () => {
    const res = await t.call(await t.login('ent_gz'), { url: '/api/file/preview?name=guide' });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('public disclosure and registration', () => {
  it('lists published notices page by page', async () => {
    const res = await t.app.inject({ url: '/api/public/disclosure?pageNum=1&pageSize=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.length).toBeLessThanOrEqual(2);
    expect(res.json().total).toBeGreaterThan(0);
    expect(res.json().rows[0].title.length).toBeGreaterThan(0);
  });

  it('registers an enterprise user as a submission that cannot sign in before review', async () => {
    const [ent] = await t.database.db.select().from(enterprise).limit(1);
    const body = {
      creditCode: ent.creditCode,
      enterpriseName: ent.name,
      contactName: '陈晓明',
      phone: '13912345678',
      loginName: 'chenxm2026',
      password: 'Strong#Pass1',
    };
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, password: 'weakpass' },
    });
    expect(weak.json()).toMatchObject({ code: 400, field: 'password' });
    const wrongName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, enterpriseName: '不存在的公司' },
    });
    expect(wrongName.json()).toMatchObject({ code: 400, field: 'enterpriseName' });
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'chenxm2026'))).toHaveLength(0);

    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(ok.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'chenxm2026'));
    expect(user).toMatchObject({ userType: '03', checkStatus: '0', enterpriseId: ent.id });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'chenxm2026', password: 'Strong#Pass1' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().msg).toBe('账号正在审核中，审核通过后方可登录');
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(again.statusCode).toBe(409);
  });
});
