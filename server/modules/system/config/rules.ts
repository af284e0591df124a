/**
 * Which configuration keys are security policy (等保: only the security administrator changes
 * them) and which values they accept. The numbers feed server/lib/policy.ts; a value outside its
 * range would weaken the policy or lock everyone out, so it is refused with the field named.
 */
import { badRequest } from '../../../lib/errors.js';

/**
 * sys.password.*, sys.login.*, sys.session.*, sys.sms.*: see server/lib/policy.ts; sys.log.*: how long
 * the audit logs are kept (server/jobs/housekeeping.ts) — not for the administrator whose actions they record.
 */
export const SECURITY_KEY = /^sys\.(password|login|session|sms|log)\./;
export const isSecurityKey = (key: string) => SECURITY_KEY.test(key);

/** The security administrator's duty on sys_user (三员分立). */
export const SECURITY_DUTY = 'sec';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Inclusive integer ranges of the known policy keys. */
export const POLICY_RANGES: Record<string, readonly [min: number, max: number]> = {
  'sys.session.absoluteMs': [HOUR, 24 * HOUR],
  'sys.session.idleMs': [MINUTE, 12 * HOUR],
  'sys.login.maxFailures': [1, 20],
  'sys.login.lockMinutes': [1, 24 * 60],
  'sys.login.captchaAfter': [1, 20],
  'sys.login.accountLockAfter': [5, 1000],
  'sys.login.addressCaptchaAfter': [3, 10_000],
  'sys.password.minLength': [8, 64],
  'sys.password.expireDays': [1, 3650],
  'sys.password.historyCount': [1, 24],
  'sys.sms.codeTtlSeconds': [60, 1800],
  // 等保: audit records at least six months.
  'sys.log.retentionDays': [180, 3650],
};

/** Policy keys that take one of a few words. */
export const POLICY_CHOICES: Record<string, readonly string[]> = {
  'sys.log.expiredAction': ['archive', 'delete'],
};

/** Refuses a value a policy key cannot take (field configValue). */
export function checkPolicyValue(key: string, value: string): void {
  const choices = POLICY_CHOICES[key];
  if (choices) {
    if (!choices.includes(value.trim()))
      throw badRequest(`参数键值：「${key}」的值应为 ${choices.join(' 或 ')}`, 'configValue');
    return;
  }
  const range = POLICY_RANGES[key];
  if (!range) {
    if (isSecurityKey(key) && !/^\d+$/.test(value.trim()))
      throw badRequest(`参数键值：安全策略参数「${key}」的值应为正整数`, 'configValue');
    return;
  }
  const [min, max] = range;
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
    throw badRequest(`参数键值：「${key}」的值应为 ${min} 到 ${max} 之间的整数`, 'configValue');
  }
}
