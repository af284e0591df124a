/**
 * Issue 45 item 2: every route that takes an identity number or a credit code checks it with the
 * one validator (machines/residentIdNumber.ts, machines/creditCode.ts) and answers a format error
 * naming the field before any look-up; a lower-case x is accepted and stored as X.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '@machines/creditCode';
import { idNumberCheckChar } from '@machines/residentIdNumber';
import { certificate, enterprise, person, sysUser } from '../../server/db/schema.js';
import { chinaDate, addDays } from '../../server/lib/days.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

let t: TestApp;
const tokens: Record<string, string> = {};
apiSuite({
  ready: async (app) => {
    t = app;
    for (const u of ['admin', 'ent_gz']) tokens[u] = await t.login(u);
  },
});

const post = (user: string, url: string, payload: object) => t.call(tokens[user]!, { method: 'POST', url, payload });
const today = () => chinaDate(t.clock.now());
/** A valid number of someone born on `day`, with a sequence whose check character is X when `endsInX`. */
function idNumberBornOn(day: string, endsInX = false): string {
  for (let seq = 1; seq < 1000; seq++) {
    const body = `440106${day.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
    const check = idNumberCheckChar(body);
    if (!endsInX || check === 'X') return body + check;
  }
  throw new Error('no sequence');
}

describe('registration: a credit code with a wrong check character is a format error, not an unknown enterprise', () => {
  it('names creditCode with the format message before looking the enterprise up', async () => {
    const [ent] = await t.database.db.select().from(enterprise).where(eq(enterprise.status, '1')).limit(1);
    const body = ent!.creditCode.slice(0, 17);
    const wrong = body + (creditCodeCheckChar(body) === '1' ? '2' : '1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        creditCode: wrong,
        enterpriseName: ent!.name,
        contactName: '林晓东',
        phone: '13911112222',
        loginName: 'lin_xd45',
        password: 'Strong#Pass1',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'creditCode', msg: '统一社会信用代码校验位不正确，请核对代码' });

    const lower = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        creditCode: ent!.creditCode.toLowerCase(),
        enterpriseName: ent!.name,
        contactName: '林晓东',
        phone: '13911112222',
        loginName: 'lin_xd45',
        password: 'Strong#Pass1',
      },
    });
    expect(lower.statusCode, lower.body).toBe(200);
    const [made] = await t.database.db
      .select({ enterpriseId: sysUser.enterpriseId })
      .from(sysUser)
      .where(eq(sysUser.userName, 'lin_xd45'));
    expect(made!.enterpriseId).toBe(ent!.id);
  });
});

describe('persons: the identity number is checked to the day', () => {
  it('refuses a birth date after today and stores a lower-case x as X', async () => {
    const [ent] = await t.database.db.select().from(enterprise).limit(1);
    const base = { name: '测试四五', sex: '1', idType: '111', enterpriseId: ent!.id, employStatus: '1' };
    const future = idNumberBornOn(addDays(today(), 1));
    const refused = await post('admin', '/api/system/person/save', {
      ...base,
      idNo: future,
      sex: Number(future[16]) % 2 ? '0' : '1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'idNo', msg: '证件号码（居民身份证）中的出生日期晚于今天' });

    const withX = idNumberBornOn('1988-03-05', true);
    const saved = await post('admin', '/api/system/person/save', {
      ...base,
      idNo: withX.toLowerCase(),
      sex: Number(withX[16]) % 2 ? '0' : '1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.database.db
      .select({ idNo: person.idNo, birthDate: person.birthDate })
      .from(person)
      .where(eq(person.id, saved.json().data.id));
    expect(row).toEqual({ idNo: withX, birthDate: '1988-03-05' });
  });
});

describe('证书变更: the new identity number is checked, not only its shape', () => {
  it('refuses a wrong check character and 31 June, and keeps a lower-case x as X', async () => {
    const [user] = await t.database.db
      .select({ enterpriseId: sysUser.enterpriseId })
      .from(sysUser)
      .where(eq(sysUser.userName, 'ent_gz'));
    const certs = await t.database.db
      .select({ id: certificate.id })
      .from(certificate)
      .where(and(eq(certificate.enterpriseId, user!.enterpriseId!), eq(certificate.status, '01')));
    const good = idNumberBornOn('1979-11-02', true);
    const wrongCheck = good.slice(0, 17) + '1';
    const june31 = idNumberBornOn('1980-06-30').replace('19800630', '19800631');
    let saved: { id: number; payload: { idNo?: string } } | undefined;
    for (const c of certs) {
      for (const [idNo, msg] of [
        [wrongCheck, '身份证号码校验位不正确，请核对号码'],
        [june31, '身份证号码中的出生日期不是有效日期'],
      ] as const) {
        const res = await post('ent_gz', '/api/apply/modify/save', {
          certificateId: c.id,
          payload: { idNo, reason: '身份证号码更正' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ field: 'payload.idNo', msg });
      }
      const res = await post('ent_gz', '/api/apply/modify/save', {
        certificateId: c.id,
        payload: { idNo: good.toLowerCase(), reason: '身份证号码更正' },
      });
      if (res.statusCode === 200) {
        saved = res.json().data;
        break;
      }
    }
    expect(saved, 'some certificate of ent_gz may be changed').toBeDefined();
    expect(saved!.payload.idNo).toBe(good);
    await post('ent_gz', `/api/apply/modify/remove?ids=${saved!.id}`, {});
  });
});

describe('public look-ups: a mistyped identity number is said to be one', () => {
  it('certificate search, transfer-out search and exam result search answer 400 naming the field', async () => {
    const bad = idNumberBornOn('1985-01-01');
    const wrongCheck = (() => {
      const g = idNumberBornOn('1985-01-01');
      return g.slice(0, 17) + (g[17] === '1' ? '2' : '1');
    })();
    const asks = [
      [`/api/public/validCard?name=${encodeURIComponent('张三')}&agentIdentityNo=${wrongCheck}`, 'agentIdentityNo'],
      [`/api/public/outSearch?name=${encodeURIComponent('张三')}&idNo=${wrongCheck}`, 'idNo'],
      [`/api/public/gradeSearch?idNo=${wrongCheck}&ticketNo=T0001`, 'idNo'],
    ] as const;
    for (const [url, field] of asks) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
      expect(res.json().msg, url).toBe('证件号码校验位不正确，请核对号码');
    }
    // The old 15-digit form is no longer issued.
    expect(
      (await t.app.inject({ url: `/api/public/validCard?name=x&agentIdentityNo=${bad.slice(0, 15)}` })).json(),
    ).toMatchObject({ field: 'agentIdentityNo', msg: '证件号码应为 18 位：17 位数字加 1 位数字或 X' });
    // A passport-like number is another document's and still looked up.
    expect(
      (
        await t.app.inject({
          url: `/api/public/validCard?name=${encodeURIComponent('张三')}&agentIdentityNo=E12345678`,
        })
      ).statusCode,
    ).toBe(200);
  });
});
