/**
 * Issue 13, findings 9 and 11: the sign-in, SMS and registration answers do not tell whether an
 * account or a phone exists, and parallel wrong passwords cannot slip past the captcha.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, type TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { enterprise, sysCaptcha, sysUser } from '../../server/db/schema.js';
import { PHONE_TAKEN_NOTICE } from '../../server/modules/auth/register.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const login = (payload: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/login', payload, ...(remoteAddress ? { remoteAddress } : {}) });
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as unknown });

async function solveCaptcha() {
  const uuid = (await t.app.inject({ method: 'POST', url: '/api/code' })).json().data.uuid as string;
  const [row] = await t.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  return { uuid, code: row!.code };
}

async function unusedPhone(start: number): Promise<string> {
  for (let n = start; ; n++) {
    const phone = `139${String(n).padStart(8, '0')}`;
    if ((await t.database.db.select().from(sysUser).where(eq(sysUser.phone, phone))).length === 0) return phone;
  }
}

describe('password sign-in: an unknown name and a wrong password are told apart by nothing', () => {
  it('gives the same answers, captcha and lock to both, attempt by attempt', async () => {
    // Two accounts that exist and two names that do not, walked through the same attempts.
    const walk = async (username: string) => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(answer(await login({ username, password: 'Wrong#2026' })));
      answers.push(answer(await login({ username, password: 'Wrong#2026' }))); // no captcha: refused
      answers.push(
        answer(await login({ username, password: 'Wrong#2026', uuid: (await solveCaptcha()).uuid, code: 'zzzz' })),
      );
      answers.push(answer(await login({ username, password: 'Wrong#2026', ...(await solveCaptcha()) })));
      answers.push(answer(await login({ username, password: 'Wrong#2026', ...(await solveCaptcha()) })));
      answers.push(answer(await login({ username, password: DEMO_PASSWORD, ...(await solveCaptcha()) }))); // locked
      return answers;
    };
    const known = await walk('gz_sh');
    const unknown = await walk('nobody_gz_sh');
    expect(unknown).toEqual(known);
    // and they are the answers a user needs
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 400, 400, 401, 423, 423]);
    expect(known[0]!.body).toMatchObject({
      code: 401,
      msg: '用户名或密码错误，再错4次账号将被锁定',
      data: { needCaptcha: false },
    });
    expect(known[2]!.body).toMatchObject({ data: { needCaptcha: true } });
    expect(known[3]!.body).toMatchObject({ field: 'code', data: { needCaptcha: true } });
    expect(known[6]!.body).toMatchObject({ code: 423, msg: '密码错误次数过多，账号已锁定10分钟' });

    // Both locks end together. The failures before them still bring the captcha to both (an
    // account's count lasts until a success); the real account then signs in, the other name cannot.
    t.clock.advance(10 * 60_000 + 1000);
    const afterKnown = answer(await login({ username: 'gz_sh', password: DEMO_PASSWORD }));
    expect(answer(await login({ username: 'nobody_gz_sh', password: DEMO_PASSWORD }))).toEqual(afterKnown);
    expect(afterKnown).toMatchObject({ status: 400, body: { field: 'code', data: { needCaptcha: true } } });
    expect((await login({ username: 'gz_sh', password: DEMO_PASSWORD, ...(await solveCaptcha()) })).statusCode).toBe(
      200,
    );
    expect(
      answer(await login({ username: 'nobody_gz_sh', password: DEMO_PASSWORD, ...(await solveCaptcha()) })),
    ).toEqual({
      status: 401,
      body: { code: 401, msg: '用户名或密码错误，再错4次账号将被锁定', data: { needCaptcha: true } },
    });
  });

  it('takes about as long for an unknown name as for a wrong password (both verify an argon2 hash)', async () => {
    // One attempt per name, so that every one is checked (no captcha yet). The two kinds take turns,
    // so that whatever else the machine is doing (another test file in the next worker) weighs on both alike.
    const timeOf = async (username: string) => {
      const started = performance.now();
      // An address of its own: the walks above brought the captcha to the default one (20 failures there).
      const res = await login({ username, password: 'Wrong#2026' }, '198.18.0.1');
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 1; i <= 6; i++) {
      knownTimes.push(await timeOf(`person_gz${i}`));
      unknownTimes.push(await timeOf(`nobody_${i}`));
    }
    // The fastest of each kind: what the work itself costs, since a busy machine only ever adds time
    // (the medians of five, under another test file's load, once differed twice over; the fastest
    // differ by a few per cent).
    const known = Math.min(...knownTimes);
    const unknown = Math.min(...unknownTimes);
    // Without the dummy hash an unknown name answers in well under half the time (8 against 20 ms here).
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it('asks 20 parallel wrong attempts for a captcha once the threshold (3) is crossed', async () => {
    const policy = await t.app.ctx.policy.get();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login({ username: 'gz_bj', password: 'Wrong#2026' })),
    );
    const withoutCaptcha = answers.filter((res) => !(res.statusCode === 400 && res.json().data?.needCaptcha === true));
    expect(withoutCaptcha.length).toBeLessThanOrEqual(policy.loginCaptchaAfter);
    expect(withoutCaptcha.every((res) => res.statusCode === 401)).toBe(true);
    // The count is exactly the failures that were checked, so the lock still comes at the fifth.
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'gz_bj'));
    expect(row!.failCount).toBe(withoutCaptcha.length);
    expect(row!.lockedUntil).toBeNull();
    // The right password with a captcha still works and clears the count.
    expect((await login({ username: 'gz_bj', password: DEMO_PASSWORD, ...(await solveCaptcha()) })).statusCode).toBe(
      200,
    );
  });

  it('does the same for an unknown name', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login({ username: 'nobody_parallel', password: 'Wrong#2026' })),
    );
    const withoutCaptcha = answers.filter((res) => !(res.statusCode === 400 && res.json().data?.needCaptcha === true));
    expect(withoutCaptcha.length).toBeLessThanOrEqual(3);
  });
});

describe('SMS: a phone without an account gets the answers of one with an account', () => {
  const send = (mobile: string) => t.app.inject({ method: 'POST', url: '/api/login/sms/send', payload: { mobile } });
  const smsLogin = (mobile: string, code: string, verifyToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/login/sms/login', payload: { mobile, code }, headers: { verifyToken } });
  const shape = (res: LightMyRequestResponse) => {
    const body = res.json();
    return {
      status: res.statusCode,
      code: body.code,
      msg: body.msg,
      keys: Object.keys(body.data ?? {}).sort(),
      tokenLength: body.data?.token?.length,
    };
  };

  it('answers a send, a resend and a wrong code alike, and texts only the phone with an account', async () => {
    const known = '13800000002';
    const unknown = await unusedPhone(87_000_000);
    t.clock.advance(3_600_000); // past the resend limits of earlier tests
    const sentBefore = t.sms.sent.length;

    const knownSend = await send(known);
    const unknownSend = await send(unknown);
    expect(shape(unknownSend)).toEqual(shape(knownSend));
    expect(knownSend.json().data.mobile).toBe('138****0002');
    expect(unknownSend.json().data.mobile).toBe(`${unknown.slice(0, 3)}****${unknown.slice(7)}`);
    expect(t.sms.sent.slice(sentBefore).map((m) => m.mobile)).toEqual([known]);

    expect(answer(await send(unknown))).toEqual(answer(await send(known))); // 429 within 60 s

    const knownCode = t.sms.lastCode(known);
    const wrongForKnown = knownCode === '123456' ? '654321' : '123456';
    const k = await smsLogin(known, wrongForKnown, knownSend.json().data.token);
    const u = await smsLogin(unknown, '123456', unknownSend.json().data.token);
    expect(answer(u)).toEqual(answer(k));
    expect(k.json()).toMatchObject({ code: 400, msg: '短信验证码错误', field: 'code' });

    // Checking the code without using it says the same too.
    const check = (code: string, verifyToken: string) =>
      t.app.inject({ url: `/api/login/verifyMessageCode?code=${code}`, headers: { verifyToken } });
    expect(answer(await check('123456', unknownSend.json().data.token)).body).toEqual(
      answer(await check(wrongForKnown, knownSend.json().data.token)).body,
    );
  });
});

describe('registration: a taken name is refused, a taken phone is not confirmed', () => {
  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

  it('answers a taken phone as a success, makes no account and tells the phone', async () => {
    const [ent] = await t.database.db.select().from(enterprise).where(eq(enterprise.status, '1')).limit(1);
    const base = {
      creditCode: ent!.creditCode,
      enterpriseName: ent!.name,
      contactName: '林晓东',
      password: 'Strong#Pass1',
    };
    const freePhone = await unusedPhone(88_000_000);

    const fresh = await register({ ...base, loginName: 'linxd2026', phone: freePhone });
    const sentBefore = t.sms.sent.length;
    const takenPhone = await register({ ...base, loginName: 'linxd2027', phone: '13800000001' });
    expect(answer(takenPhone)).toEqual(answer(fresh));
    expect(fresh.json()).toMatchObject({ code: 0, msg: '注册申请已提交，审核通过后即可登录' });
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'linxd2027'))).toHaveLength(0);
    expect(t.sms.sent.slice(sentBefore)).toEqual([{ mobile: '13800000001', text: PHONE_TAKEN_NOTICE }]);
    const [owner] = await t.database.db.select().from(sysUser).where(eq(sysUser.phone, '13800000001'));
    expect(owner!.userName).toBe('person1');

    // Again within the hour: the same answer, but no second text to the phone.
    const again = await register({ ...base, loginName: 'linxd2028', phone: '13800000001' });
    expect(answer(again)).toEqual(answer(fresh));
    expect(t.sms.sent.slice(sentBefore)).toHaveLength(1);

    const takenName = await register({ ...base, loginName: 'linxd2026', phone: await unusedPhone(88_100_000) });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json()).toMatchObject({ code: 409, msg: '该登录账号已被使用，请更换' });
  });

  it('lets one of ten parallel registrations of a name through and refuses the others with 409', async () => {
    const [ent] = await t.database.db.select().from(enterprise).where(eq(enterprise.status, '1')).limit(1);
    const phones = [];
    for (let i = 0; i < 10; i++) phones.push(await unusedPhone(89_000_000 + i * 1000));
    const answers = await Promise.all(
      phones.map((phone) =>
        register({
          creditCode: ent!.creditCode,
          enterpriseName: ent!.name,
          contactName: '并发测试',
          password: 'Strong#Pass1',
          loginName: 'parallel2026',
          phone,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'parallel2026'))).toHaveLength(1);
  });
});
