/** Sign-in by password, SMS code or SSO token; lockout, captcha and the login log. */
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { sysCaptcha, sysLoginLog, sysSmsCode, sysUser } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { newToken, sha256, sixDigitCode } from '../../lib/tokens.js';
import { createSession, type LoginMethod } from './session.service.js';
import {
  accountLedger,
  addressAccountLedger,
  addressFailures,
  unknownNameLedger,
  type AttemptLedger,
} from './login-attempts.js';
import { claimSsoToken } from './sso-replay.js';
import { phoneOfUser } from './store.js';
import type { SsoIdentity } from '../../lib/ports.js';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const CAPTCHA_TTL_MS = 120_000;
const SMS_MAX_ATTEMPTS = 5;

async function writeLoginLog(
  ctx: AppContext,
  userName: string | null,
  method: LoginMethod,
  client: ClientInfo,
  ok: boolean,
  msg: string,
) {
  await ctx.db.insert(sysLoginLog).values({
    userName,
    method,
    ipaddr: client.ip,
    userAgent: client.userAgent ?? null,
    status: ok ? '0' : '1',
    msg,
    loginTime: ctx.clock.now(),
  });
}

/** Logs the refusal before it reaches the caller. */
async function refuse(
  ctx: AppContext,
  userName: string | null,
  method: LoginMethod,
  client: ClientInfo,
  error: AppError,
): Promise<never> {
  await writeLoginLog(ctx, userName, method, client, false, error.message);
  throw error;
}

export async function createCaptcha(ctx: AppContext): Promise<{ uuid: string; img: string }> {
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1ilI', color: true, background: '#f0f5ff' });
  const uuid = randomUUID();
  const now = ctx.clock.now();
  await ctx.db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, now));
  await ctx.db
    .insert(sysCaptcha)
    .values({ uuid, code: captcha.text.toLowerCase(), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** Single use: a captcha is deleted by the attempt that reads it. */
async function captchaMatches(ctx: AppContext, uuid: string, code: string): Promise<boolean> {
  const [row] = await ctx.db.delete(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)).returning();
  return !!row && row.expiresAt > ctx.clock.now() && row.code === code.trim().toLowerCase();
}

/** Users still waiting for their first approval, or disabled, cannot sign in. */
function accountRefusal(user: typeof sysUser.$inferSelect): AppError | null {
  if (user.status !== '1') return forbidden('账号已停用，请联系管理员');
  if (user.checkStatus === '0') return forbidden('账号正在审核中，审核通过后方可登录');
  return null;
}

/** Unknown names are checked against this hash, so that they take as long as a wrong password. */
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

const WRONG_PASSWORD = '用户名或密码错误';

/**
 * Unknown name and wrong password answer alike (status, msg, captcha, lock, time): both count
 * failures and both verify an argon2 hash. The counts are claimed atomically before the password
 * is checked, so parallel attempts cannot all slip under the captcha threshold. Which counts bring
 * the captcha and the locks: login-attempts.ts.
 */
export async function loginWithPassword(
  ctx: AppContext,
  input: { username: string; password: string; code?: string; uuid?: string },
  client: ClientInfo,
): Promise<string> {
  const policy = await ctx.policy.get();
  const now = ctx.clock.now();
  const userName = input.username.trim();
  const [user] = await ctx.db.select().from(sysUser).where(eq(sysUser.userName, userName));
  const account = user ? accountLedger(ctx, user) : unknownNameLedger(ctx, userName);
  const here = addressAccountLedger(ctx, client.ip, userName);
  const address = addressFailures(ctx, client.ip);
  const fail = (error: AppError) => refuse(ctx, userName, 'password', client, error);
  const captchaMissing = () => new AppError(400, '请输入验证码', 'code', 400, { needCaptcha: true });

  const lockedUntil = [await account.lockedUntil(), await here.lockedUntil()]
    .filter((d): d is Date => !!d && d > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (lockedUntil) {
    const minutes = Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
    return fail(new AppError(423, `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`));
  }
  const addressFailed = await address.count();
  const needsCaptcha = (accountFailed: number, hereFailed: number, addressFailedNow: number) =>
    accountFailed >= policy.loginCaptchaAfter ||
    hereFailed >= policy.loginCaptchaAfter ||
    addressFailedNow >= policy.loginAddressCaptchaAfter;
  let captchaSolved = false;
  if (needsCaptcha(await account.failures(), await here.failures(), addressFailed)) {
    if (!input.code || !input.uuid) return fail(captchaMissing());
    if (!(await captchaMatches(ctx, input.uuid, input.code))) {
      return fail(new AppError(400, '验证码错误或已过期', 'code', 400, { needCaptcha: true }));
    }
    captchaSolved = true;
  }
  const accountFailures = await account.claim();
  const hereFailures = await here.claim();
  const releaseClaims = async () => {
    await account.release();
    await here.release();
  };
  if (!captchaSolved && needsCaptcha(accountFailures - 1, hereFailures - 1, 0)) {
    // Another attempt crossed the threshold since the read above.
    await releaseClaims();
    return fail(captchaMissing());
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !passwordOk) {
    const addressFailures = await address.hit();
    const lockFor = (ledger: AttemptLedger) => ledger.lock(new Date(now.getTime() + policy.loginLockMinutes * 60_000));
    if (hereFailures >= policy.loginMaxFailures || accountFailures >= policy.loginAccountLockAfter) {
      await lockFor(hereFailures >= policy.loginMaxFailures ? here : account);
      return fail(new AppError(423, `密码错误次数过多，账号已锁定${policy.loginLockMinutes}分钟`));
    }
    const left = policy.loginMaxFailures - hereFailures;
    const needCaptcha = needsCaptcha(accountFailures, hereFailures, addressFailures);
    return fail(new AppError(401, `${WRONG_PASSWORD}，再错${left}次账号将被锁定`, undefined, 401, { needCaptcha }));
  }
  const refusal = accountRefusal(user);
  if (refusal) {
    await releaseClaims();
    return fail(refusal);
  }
  await here.clear();
  return startSession(ctx, user, 'password', client);
}

async function startSession(
  ctx: AppContext,
  user: typeof sysUser.$inferSelect,
  method: LoginMethod,
  client: ClientInfo,
  idTokenHint?: string,
) {
  // Read outside the transaction: on the embedded database a query on ctx.db inside it would wait for it forever.
  const { sessionAbsoluteMs: absoluteMs } = await ctx.policy.get();
  const token = await ctx.db.transaction(async (tx) => {
    await tx
      .update(sysUser)
      .set({ failCount: 0, lockedUntil: null, loginIp: client.ip, loginDate: ctx.clock.now() })
      .where(eq(sysUser.userId, user.userId));
    return createSession(ctx, tx, {
      userId: user.userId,
      method,
      ip: client.ip,
      userAgent: client.userAgent,
      idTokenHint,
      absoluteMs,
    });
  });
  await writeLoginLog(ctx, user.userName, method, client, true, '登录成功');
  return token;
}

export const MOBILE = /^1[3-9]\d{9}$/;
const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(7)}`;

/**
 * Sends a 6-digit single-use code; rate-limited per number in the database (shared by all processes).
 * A number without an account gets the same answer, limits and verification token, but no text,
 * and its stored code is one no six digits can match.
 */
export async function sendSmsCode(
  ctx: AppContext,
  mobile: string,
  client: ClientInfo,
  purpose: 'login' | 'verify' = 'login',
): Promise<{ token: string; mobile: string }> {
  const policy = await ctx.policy.get();
  const now = ctx.clock.now();
  const [user] = await ctx.db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.phone, mobile));
  const [last] = await ctx.db
    .select({ createdAt: sysSmsCode.createdAt })
    .from(sysSmsCode)
    .where(eq(sysSmsCode.phone, mobile))
    .orderBy(desc(sysSmsCode.createdAt))
    .limit(1);
  const waitMs = ctx.config.sms.resendSeconds * 1000;
  if (last && now.getTime() - last.createdAt.getTime() < waitMs) {
    const seconds = Math.ceil((waitMs - (now.getTime() - last.createdAt.getTime())) / 1000);
    throw tooMany(`发送过于频繁，请${seconds}秒后再试`);
  }
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.phone, mobile), gt(sysSmsCode.createdAt, new Date(now.getTime() - 3_600_000))));
  if (count >= ctx.config.sms.maxPerHour) throw tooMany('该手机号码发送次数过多，请一小时后再试');
  const code = sixDigitCode();
  const token = newToken();
  const minutes = Math.round(policy.smsCodeTtlSeconds / 60);
  await ctx.db.insert(sysSmsCode).values({
    phone: mobile,
    codeHash: sha256(user ? code : newToken()),
    createdAt: now,
    expiresAt: new Date(now.getTime() + policy.smsCodeTtlSeconds * 1000),
    ip: client.ip,
    verifyTokenHash: sha256(token),
    purpose,
  });
  if (user) {
    try {
      await ctx.sms.send(
        mobile,
        `【广东省安管人员考核管理平台】您的验证码为${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`,
      );
    } catch (err) {
      throw new AppError(502, err instanceof Error && err.message ? `发送短信失败：${err.message}` : '发送短信失败');
    }
  }
  return { token, mobile: maskMobile(mobile) };
}

type CodeCheck = { ok: true; rowId: number; phone: string } | { ok: false; error: string };

/** Checks a code against the newest code sent for this verification token; counts wrong tries. */
async function checkSmsCode(ctx: AppContext, verifyToken: string, code: string, mobile?: string): Promise<CodeCheck> {
  const [row] = await ctx.db
    .select()
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.verifyTokenHash, sha256(verifyToken)), isNull(sysSmsCode.usedAt)))
    .orderBy(desc(sysSmsCode.createdAt))
    .limit(1);
  if (!row || (mobile && row.phone !== mobile)) return { ok: false, error: '请先获取短信验证码' };
  if (row.expiresAt <= ctx.clock.now()) return { ok: false, error: '短信验证码已过期，请重新获取' };
  if (row.attempts >= SMS_MAX_ATTEMPTS) return { ok: false, error: '错误次数过多，请重新获取短信验证码' };
  if (row.codeHash !== sha256(code)) {
    await ctx.db
      .update(sysSmsCode)
      .set({ attempts: sql`${sysSmsCode.attempts} + 1` })
      .where(eq(sysSmsCode.id, row.id));
    return { ok: false, error: '短信验证码错误' };
  }
  return { ok: true, rowId: row.id, phone: row.phone };
}

export async function verifySmsCode(ctx: AppContext, verifyToken: string, code: string) {
  const result = await checkSmsCode(ctx, verifyToken, code);
  return result.ok ? { passStatus: true, errorMsg: null } : { passStatus: false, errorMsg: result.error };
}

export async function loginWithSms(
  ctx: AppContext,
  input: { mobile: string; code: string; verifyToken: string },
  client: ClientInfo,
) {
  const result = await checkSmsCode(ctx, input.verifyToken, input.code, input.mobile);
  if (!result.ok) return refuse(ctx, input.mobile, 'sms', client, badRequest(result.error, 'code'));
  // Single use: only the request that marks the row used may go on.
  const used = await ctx.db
    .update(sysSmsCode)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(sysSmsCode.id, result.rowId), isNull(sysSmsCode.usedAt)))
    .returning({ id: sysSmsCode.id });
  if (used.length === 0)
    return refuse(ctx, input.mobile, 'sms', client, badRequest('短信验证码已使用，请重新获取', 'code'));
  const [user] = await ctx.db.select().from(sysUser).where(eq(sysUser.phone, result.phone));
  // Not reached through a code (no number without an account is sent one); answered as a wrong code all the same.
  if (!user) return refuse(ctx, input.mobile, 'sms', client, badRequest('短信验证码错误', 'code'));
  const refusal = accountRefusal(user);
  if (refusal) return refuse(ctx, user.userName, 'sms', client, refusal);
  return startSession(ctx, user, 'sms', client);
}

export const SSO_NOT_FOUND = '统一认证登录失败，该用户不存在';

export const SSO_TOKEN_USED = '统一认证登录失败，该登录链接已使用，请重新从统一认证平台进入';

/**
 * A token signs in once: its use is recorded before anything else happens, so two requests with
 * one token (a replayed link, a copied address), in any process, get one session between them.
 * `warn` writes the replay to the server log (the login log has its row as well).
 */
export async function loginWithSso(
  ctx: AppContext,
  t: string,
  client: ClientInfo,
  warn: (msg: string) => void = () => undefined,
) {
  if (t === 'NOT_FOUND') return refuse(ctx, null, 'sso', client, notFound(SSO_NOT_FOUND));
  let identity: SsoIdentity;
  try {
    identity = await ctx.sso.verify(t, ctx.clock.now());
  } catch {
    return refuse(ctx, null, 'sso', client, unauthorized('统一认证登录失败，令牌无效或已过期'));
  }
  const { loginName } = identity;
  if (!(await claimSsoToken(ctx, t, identity, client.ip))) {
    warn(`SSO token replayed for ${loginName} from ${client.ip}: refused`);
    return refuse(ctx, loginName, 'sso', client, unauthorized(SSO_TOKEN_USED));
  }
  const [user] = await ctx.db.select().from(sysUser).where(eq(sysUser.userName, loginName));
  if (!user) return refuse(ctx, loginName, 'sso', client, notFound(SSO_NOT_FOUND));
  const refusal = accountRefusal(user);
  if (refusal) return refuse(ctx, user.userName, 'sso', client, refusal);
  return startSession(ctx, user, 'sso', client, t);
}

/** 向当前用户的手机发送验证码 GET /login/sendMessage: a verification code to the signed-in user's own phone. */
export async function sendSmsCodeToUser(
  ctx: AppContext,
  userId: number,
  client: ClientInfo,
): Promise<{ token: string; mobile: string }> {
  const phone = await phoneOfUser(ctx.db, userId);
  if (!phone) throw badRequest('当前用户未绑定手机号码', 'mobile');
  return sendSmsCode(ctx, phone, client, 'verify');
}
