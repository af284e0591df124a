/**
 * Security and business limits an administrator can change without a release: sys_config rows
 * override the environment defaults. Read through a short cache so several processes sharing one
 * PostgreSQL pick up a change within seconds.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { sysConfig } from '../db/schema.js';
import type { AppConfig } from '../config.js';

export interface Policy {
  sessionAbsoluteMs: number;
  sessionIdleMs: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginCaptchaAfter: number;
  /** Failures at one account from any address that lock it for everyone (LOGIN_MAX_FAILURES locks it from one address). */
  loginAccountLockAfter: number;
  /** Failures from one address at any accounts (15 minutes) after which every sign-in there needs the captcha. */
  loginAddressCaptchaAfter: number;
  passwordMinLength: number;
  passwordExpireDays: number;
  passwordHistoryCount: number;
  smsCodeTtlSeconds: number;
}

const KEYS: Record<keyof Policy, string> = {
  sessionAbsoluteMs: 'sys.session.absoluteMs',
  sessionIdleMs: 'sys.session.idleMs',
  loginMaxFailures: 'sys.login.maxFailures',
  loginLockMinutes: 'sys.login.lockMinutes',
  loginCaptchaAfter: 'sys.login.captchaAfter',
  loginAccountLockAfter: 'sys.login.accountLockAfter',
  loginAddressCaptchaAfter: 'sys.login.addressCaptchaAfter',
  passwordMinLength: 'sys.password.minLength',
  passwordExpireDays: 'sys.password.expireDays',
  passwordHistoryCount: 'sys.password.historyCount',
  smsCodeTtlSeconds: 'sys.sms.codeTtlSeconds',
};

export function defaultPolicy(config: AppConfig): Policy {
  return {
    sessionAbsoluteMs: config.session.absoluteMs,
    sessionIdleMs: config.session.idleMs,
    loginMaxFailures: config.login.maxFailures,
    loginLockMinutes: config.login.lockMinutes,
    loginCaptchaAfter: config.login.captchaAfter,
    loginAccountLockAfter: config.login.accountLockAfter,
    loginAddressCaptchaAfter: config.login.addressCaptchaAfter,
    passwordMinLength: 8,
    passwordExpireDays: 90,
    passwordHistoryCount: 5,
    smsCodeTtlSeconds: Math.round(config.sms.codeTtlMs / 1000),
  };
}

const CACHE_MS = 5_000;

export class PolicyStore {
  private cached: { at: number; policy: Policy } | null = null;
  constructor(
    private readonly db: DbOrTx,
    private readonly defaults: Policy,
  ) {}

  async get(): Promise<Policy> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.policy;
    const rows = await this.db
      .select({ key: sysConfig.configKey, value: sysConfig.configValue })
      .from(sysConfig)
      .where(inArray(sysConfig.configKey, Object.values(KEYS)));
    const byKey = new Map(rows.map((r) => [r.key, r.value]));
    const policy = { ...this.defaults };
    for (const [field, key] of Object.entries(KEYS) as [keyof Policy, string][]) {
      const n = Number(byKey.get(key));
      if (byKey.has(key) && Number.isFinite(n) && n > 0) policy[field] = n;
    }
    this.cached = { at: Date.now(), policy };
    return policy;
  }

  invalidate(): void {
    this.cached = null;
  }
}
