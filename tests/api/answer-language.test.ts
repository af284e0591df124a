/**
 * Answers in the caller's language: the server writes its messages in Chinese (SPEC's words, what a
 * zh-CN caller reads exactly), and a caller whose Accept-Language names zh-TW, en-US or pt-BR reads
 * the same message in that language — failures and successes, composed messages, the refusals
 * before routing, and the stored notices, to-dos and login-log lines read back later.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const catalogue = (lang: string) =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../server/lib/locales/${lang}.json`), 'utf8'),
  ) as Record<string, string>;
const en = catalogue('en-US');
const CJK = /[\u3400-\u9fff]/;
const fill = (template: string, ...values: string[]) =>
  values.reduce((text, v, i) => text.replace(`{{${i}}}`, v), template);
const login = (payload: Record<string, unknown>, lang?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/login', payload, headers: lang ? { 'accept-language': lang } : {} });

describe('a refused sign-in', () => {
  it("is SPEC's Chinese without a language or for zh-CN, and the same words translated for the others", async () => {
    const zh = (await login({ username: 'sz_staff', password: 'wrong-1' })).json();
    expect(zh.msg).toMatch(/^用户名或密码错误，再错\d+次账号将被锁定$/);
    const left = zh.msg.match(/再错(\d+)次/)![1]! - 1;
    const english = (await login({ username: 'sz_staff', password: 'wrong-2' }, 'en-US,en;q=0.9')).json();
    expect(english.msg).toBe(fill(en['{{0}}，再错{{1}}次账号将被锁定']!, en['用户名或密码错误']!, String(left)));
    expect(english.msg).not.toMatch(CJK);
    const tw = (await login({ username: 'sz_staff', password: 'wrong-3' }, 'zh-TW')).json();
    expect(tw.msg).toBe(
      fill(
        catalogue('zh-TW')['{{0}}，再错{{1}}次账号将被锁定']!,
        catalogue('zh-TW')['用户名或密码错误']!,
        String(left - 1),
      ),
    );
  });

  it("names the missing field in the caller's language", async () => {
    const res = await login({ username: 'admin' }, 'pt-BR');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
    expect(res.json().msg).toBe(catalogue('pt-BR')['密码不能为空']);
    expect((await login({ username: 'admin' }, 'zh-CN')).json().msg).toBe('密码不能为空');
  });
});

describe('answers of a signed-in caller', () => {
  it('a success, a 404 and a refused event, in English', async () => {
    const token = await t.login('gz_sl');
    const headers = { 'accept-language': 'en-US' };
    const list = (await t.call(token, { url: '/api/workflow/queue/waitAccept', headers })).json();
    expect(list.msg).toBe(en['查询成功']);
    const missing = await t.call(token, { url: '/api/workflow/999999', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(en['业务不存在或已删除']);
    const id = list.rows[0].id as number;
    const stale = await t.call(token, {
      method: 'POST',
      url: `/api/workflow/${id}/events`,
      headers,
      payload: { type: 'AGREE', version: 999 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(en['数据已被他人更新，请刷新后重试']);
    // The same call in Chinese: the text of SPEC.
    const zh = await t.call(token, {
      method: 'POST',
      url: `/api/workflow/${id}/events`,
      payload: { type: 'AGREE', version: 999 },
    });
    expect(zh.json().msg).toBe('数据已被他人更新，请刷新后重试');
  });

  it('a path the router cannot decode', async () => {
    const res = await t.app.inject({ url: '/api/system/user/%zz', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(en['请求地址含有无法解码的字符']);
  });
});

describe('stored texts read back', () => {
  it("to-dos and notices the workflow wrote, and the login log, in the reader's language", async () => {
    const sl = await t.login('gz_sl');
    const headers = { 'accept-language': 'en-US' };
    const todos = (await t.call(sl, { url: '/api/system/sysTodo/list?status=0&pageSize=5', headers })).json().rows as {
      mc: string;
    }[];
    expect(todos.length).toBeGreaterThan(0);
    for (const todo of todos) expect(todo.mc, todo.mc).not.toMatch(CJK);
    const zhTodos = (await t.call(sl, { url: '/api/system/sysTodo/list?status=0&pageSize=5' })).json().rows as {
      mc: string;
    }[];
    expect(zhTodos[0]!.mc).toMatch(/^待受理：/);
    expect(todos[0]!.mc).toContain(zhTodos[0]!.mc.split(' ').at(-1));

    // The delay reminders the demo's holder has (the job's words): English around the certificate's number and the holder's name.
    const person = await t.login('person1');
    const notices = (
      await t.call(person, { url: '/api/system/sysMsgInfo/list?msgType=systemType&pageSize=50', headers })
    ).json().rows as { bt: string; nr: string; senderName: string | null }[];
    const reminders = notices.filter((n) => n.bt.startsWith('Certificate'));
    expect(reminders.length).toBeGreaterThan(0);
    for (const n of reminders) {
      const data = /粤建安\S+|[\u4e00-\u9fff]{2,4}(?='s)/g;
      expect(n.bt.replace(data, ''), n.bt).not.toMatch(CJK);
      expect(n.nr.replace(data, ''), n.nr).not.toMatch(CJK);
    }

    const auditor = await t.login('auditor');
    const log = (await t.call(auditor, { url: '/api/system/logininfor/list?pageSize=50', headers })).json().rows as {
      msg: string | null;
    }[];
    const stored = (await t.call(auditor, { url: '/api/system/logininfor/list?pageSize=50' })).json().rows as {
      msg: string | null;
    }[];
    expect(stored.map((r) => r.msg)).toContain('登录成功');
    expect(log.map((r) => r.msg)).toContain(en['登录成功']);
    expect(log.filter((r) => r.msg && CJK.test(r.msg))).toEqual([]);
  });

  it("the operation log's error messages (the refused event above), in the auditor's language", async () => {
    const auditor = await t.login('auditor');
    const failedEvents = async (h: Record<string, string>) =>
      (
        await t.call(auditor, {
          url: `/api/system/operlog/list?title=${encodeURIComponent('业务办理')}&status=1&pageSize=50`,
          headers: h,
        })
      ).json().rows as { errorMsg: string | null }[];
    // The log commits after the answer (batched): wait for the row.
    let stored: { errorMsg: string | null }[] = [];
    for (let i = 0; i < 40 && !stored.some((r) => r.errorMsg === '数据已被他人更新，请刷新后重试'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored = await failedEvents({});
    }
    expect(stored.map((r) => r.errorMsg)).toContain('数据已被他人更新，请刷新后重试');
    const english = await failedEvents({ 'accept-language': 'en-US' });
    expect(english.map((r) => r.errorMsg)).toContain(en['数据已被他人更新，请刷新后重试']);
    expect(english.filter((r) => r.errorMsg && CJK.test(r.errorMsg))).toEqual([]);
  });
});

describe('labels the server names for the page', () => {
  it('user types, in the list and its options', async () => {
    const admin = await t.login('admin');
    const headers = { 'accept-language': 'en-US' };
    const rows = (await t.call(admin, { url: '/api/system/user/list?pageSize=50', headers })).json().rows as {
      userType: string;
      userTypeLabel: string;
    }[];
    expect(rows.find((r) => r.userType === '03')!.userTypeLabel).toBe(en['企业用户']);
    expect(rows.filter((r) => CJK.test(r.userTypeLabel))).toEqual([]);
    const zh = (await t.call(admin, { url: '/api/system/user/list?pageSize=50' })).json().rows as {
      userType: string;
      userTypeLabel: string;
    }[];
    expect(zh.find((r) => r.userType === '03')!.userTypeLabel).toBe('企业用户');
  });
});

describe('notices and to-dos searched by what their reader sees', () => {
  it("finds by the words in the reader's language, and by the stored Chinese; a title filter no longer passes everything", async () => {
    const sl = await t.login('gz_sl');
    const headers = { 'accept-language': 'en-US' };
    const list = async (url: string, lang = headers) =>
      (await t.call(sl, { url, headers: lang })).json() as { total: number; rows: { mc?: string; bt?: string }[] };
    const allTodos = await list('/api/system/sysTodo/list?pageSize=100');
    const word = en['省内调动']!.toLowerCase(); // "in-province transfer"
    const found = await list(`/api/system/sysTodo/list?pageSize=100&mc=${encodeURIComponent(word)}`);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(allTodos.total);
    for (const row of found.rows) expect(row.mc!.toLowerCase()).toContain(word.toLowerCase());
    expect((await list('/api/system/sysTodo/list?mc=zzzz-nothing')).total).toBe(0);
    // The same to-dos by their stored Chinese, in Chinese.
    const zh = await list(
      `/api/system/sysTodo/list?pageSize=100&mc=${encodeURIComponent('省内调动')}`,
      {} as typeof headers,
    );
    expect(zh.total).toBe(found.total);

    const messages = await list('/api/system/sysMsgInfo/list?msgType=systemType&pageSize=100');
    const byTitle = await list(
      `/api/system/sysMsgInfo/list?msgType=systemType&pageSize=100&bt=${encodeURIComponent('awaiting acceptance')}`,
    );
    expect(byTitle.total).toBeGreaterThan(0);
    expect(byTitle.total).toBeLessThan(messages.total);
    for (const row of byTitle.rows) expect(row.bt!.toLowerCase()).toContain('awaiting acceptance');
  });
});
