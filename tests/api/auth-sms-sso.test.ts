import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { demoKeyPair, signSsoToken } from '../../server/modules/auth/sso.js';
import { generateKeyPair, SignJWT } from 'jose';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.js';
import { sysLoginLog } from '../../server/db/schema.js';
import { SSO_TOKEN_USED } from '../../server/modules/auth/login.service.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const send = (mobile: string) => t.app.inject({ method: 'POST', url: '/api/login/sms/send', payload: { mobile } });
const smsLogin = (mobile: string, code: string, verifyToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/sms/login', payload: { mobile, code }, headers: { verifyToken } });

describe('SMS code login', () => {
  it('sends a 6-digit code to a bound phone and signs in with it once', async () => {
    const res = await send('13800000001');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mobile).toBe('138****0001');
    const verifyToken = res.json().data.token as string;
    const code = t.sms.lastCode('13800000001');
    expect(code).toMatch(/^\d{6}$/);

    const check = await t.app.inject({ url: `/api/login/verifyMessageCode?code=${code}`, headers: { verifyToken } });
    expect(check.json().data).toEqual({ passStatus: true, errorMsg: null });

    const ok = await smsLogin('13800000001', code, verifyToken);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.token as string;
    const me = await t.call(token, { url: '/api/system/user/getLoginUser' });
    expect(me.json().data.userName).toBe('person1');

    const again = await smsLogin('13800000001', code, verifyToken);
    expect(again.statusCode).toBe(400);
  });

  it('accepts the right code after a wrong one', async () => {
    t.clock.advance(61_000);
    const res = await send('13800000001');
    const verifyToken = res.json().data.token as string;
    const code = t.sms.lastCode('13800000001');
    expect((await smsLogin('13800000001', code === '000000' ? '111111' : '000000', verifyToken)).statusCode).toBe(400);
    t.app.ctx.policy.invalidate();
    const ok = await smsLogin('13800000001', code, verifyToken);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a second send within 60 seconds, then allows it', async () => {
    expect((await send('13800000002')).statusCode).toBe(200);
    const tooSoon = await send('13800000002');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().msg).toMatch(/秒后再试/);
    t.clock.advance(61_000);
    expect((await send('13800000002')).statusCode).toBe(200);
  });

  it('refuses a wrong code, an expired code, and a malformed phone', async () => {
    t.clock.advance(61_000);
    const res = await send('13800000002');
    const verifyToken = res.json().data.token as string;
    const code = t.sms.lastCode('13800000002');
    const wrong = await smsLogin('13800000002', code === '000000' ? '111111' : '000000', verifyToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('短信验证码错误');
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await smsLogin('13800000002', code, verifyToken);
    expect(expired.json().msg).toBe('短信验证码已过期，请重新获取');
    const bad = await send('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'mobile', msg: '手机号码格式不正确' });
  });

  it('says 短信验证码不能为空-style errors for an empty code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/sms/login',
      payload: { mobile: '13800000001' },
      headers: { verifyToken: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('code');
  });

  it('reports a gateway failure as 发送短信失败', async () => {
    t.clock.advance(61_000);
    t.sms.fail = new Error('');
    const res = await send('13800000001');
    t.sms.fail = null;
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('发送短信失败');
  });
});

describe('single sign-on', () => {
  const sso = (tParam: string) =>
    t.app.inject({ method: 'POST', url: `/api/auth/sso/login?t=${encodeURIComponent(tParam)}` });

  it('signs in with a JWT from the identity provider and returns its hint at logout', async () => {
    const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
    const jwt = await signSsoToken(privateKey, {
      loginName: 'person2',
      issuer: t.config.sso.issuer,
      audience: t.config.sso.audience,
      now: t.clock.now(),
    });
    const res = await sso(jwt);
    expect(res.statusCode).toBe(200);
    const token = res.json().data as string;
    const me = await t.call(token, { url: '/api/system/user/getLoginUser' });
    expect(me.json().data.userName).toBe('person2');
    const out = await t.call(token, { method: 'POST', url: '/api/login/logout' });
    expect(out.json().data).toBe(jwt);
  });

  it('answers NOT_FOUND and unknown users with 统一认证登录失败，该用户不存在', async () => {
    expect((await sso('NOT_FOUND')).json().msg).toBe('统一认证登录失败，该用户不存在');
    const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
    const jwt = await signSsoToken(privateKey, {
      loginName: 'ghost',
      issuer: t.config.sso.issuer,
      audience: t.config.sso.audience,
      now: t.clock.now(),
    });
    const res = await sso(jwt);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('统一认证登录失败，该用户不存在');
  });

  it('signs in once per token: a replay is refused with 401 and written to the login log', async () => {
    const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
    const jwt = await signSsoToken(privateKey, {
      loginName: 'person2',
      issuer: t.config.sso.issuer,
      audience: t.config.sso.audience,
      now: t.clock.now(),
    });
    expect((await sso(jwt)).statusCode).toBe(200);
    const replay = await sso(jwt);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toBe(SSO_TOKEN_USED);
    const [row] = await t.database.db
      .select()
      .from(sysLoginLog)
      .where(eq(sysLoginLog.method, 'sso'))
      .orderBy(desc(sysLoginLog.infoId))
      .limit(1);
    expect(row).toMatchObject({ userName: 'person2', status: '1', msg: SSO_TOKEN_USED });
    // A fresh token of the same user still signs in.
    const fresh = await signSsoToken(privateKey, {
      loginName: 'person2',
      issuer: t.config.sso.issuer,
      audience: t.config.sso.audience,
      now: t.clock.now(),
    });
    expect((await sso(fresh)).statusCode).toBe(200);
  });

  it('refuses a replay in another API process on the same database, and two at once get one session', async () => {
    // A second app on the same database is what a second process behind the load balancer is: it shares nothing in memory.
    const other = await buildApp({ config: t.config, database: t.database, clock: t.clock, sms: t.sms, logger: false });
    try {
      const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
      const jwt = await signSsoToken(privateKey, {
        loginName: 'person1',
        issuer: t.config.sso.issuer,
        audience: t.config.sso.audience,
        now: t.clock.now(),
      });
      const url = `/api/auth/sso/login?t=${encodeURIComponent(jwt)}`;
      expect((await sso(jwt)).statusCode).toBe(200);
      expect((await other.inject({ method: 'POST', url })).statusCode).toBe(401);

      const twin = await signSsoToken(privateKey, {
        loginName: 'person1',
        issuer: t.config.sso.issuer,
        audience: t.config.sso.audience,
        now: t.clock.now(),
      });
      const both = await Promise.all([
        sso(twin),
        other.inject({ method: 'POST', url: `/api/auth/sso/login?t=${encodeURIComponent(twin)}` }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    } finally {
      await other.close();
    }
  });

  it('treats a rewritten signature of a used token (one without jti) as the same token', async () => {
    const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const jwt = await new SignJWT({ preferred_username: 'person2' })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(t.config.sso.issuer)
      .setAudience(t.config.sso.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    expect((await sso(jwt)).statusCode).toBe(200);
    // ECDSA: (r, s) and (r, n − s) both verify; the token is still the one already used.
    const [head, payload, sig] = jwt.split('.') as [string, string, string];
    const raw = Buffer.from(sig, 'base64url');
    const n = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const flipped = Buffer.concat([raw.subarray(0, 32), Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex')]);
    const twin = `${head}.${payload}.${flipped.toString('base64url')}`;
    const res = await sso(twin);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(SSO_TOKEN_USED);
  });

  it('refuses a token without an expiry', async () => {
    const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
    const forever = await new SignJWT({ preferred_username: 'admin' })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(t.config.sso.issuer)
      .setAudience(t.config.sso.audience)
      .setIssuedAt(Math.floor(t.clock.now().getTime() / 1000))
      .sign(privateKey);
    expect((await sso(forever)).statusCode).toBe(401);
  });

  it('refuses a token signed by another key, for another audience, or expired', async () => {
    const { privateKey: foreign } = await generateKeyPair('ES256');
    const forged = await signSsoToken(foreign, {
      loginName: 'admin',
      issuer: t.config.sso.issuer,
      audience: t.config.sso.audience,
      now: t.clock.now(),
    });
    expect((await sso(forged)).statusCode).toBe(401);
    const { privateKey } = await demoKeyPair(t.config.sso.demoKeyFile);
    const wrongAud = await signSsoToken(privateKey, {
      loginName: 'admin',
      issuer: t.config.sso.issuer,
      audience: 'someone-else',
      now: t.clock.now(),
    });
    expect((await sso(wrongAud)).statusCode).toBe(401);
    const old = await signSsoToken(privateKey, {
      loginName: 'admin',
      issuer: t.config.sso.issuer,
      audience: t.config.sso.audience,
      now: new Date(t.clock.now().getTime() - 3_600_000),
    });
    expect((await sso(old)).statusCode).toBe(401);
  });
});
