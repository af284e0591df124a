/** Small rules of the user screens: separation of duties, random initial passwords, user agents in words. */
import { describe, expect, it } from 'vitest';
import { assertSeparationOfDuties, dutyOf } from '../../server/modules/system/review/duties';
import { randomPassword } from '../../server/modules/system/users/initial-password';
import { passwordPolicyViolation } from '../../server/lib/password';
import { describeUserAgent } from '../../server/modules/system/online/user-agent';
import { AppError } from '../../server/lib/errors';

describe('separation of duties', () => {
  it('refuses two of the three duty roles on one account', () => {
    expect(() => assertSeparationOfDuties(['admin', 'secadmin'], '00')).toThrow(
      '三员分立：同一账号不能同时拥有系统管理员、安全管理员角色',
    );
    expect(() => assertSeparationOfDuties(['secadmin', 'step_sl', 'auditor'], '00')).toThrow(AppError);
  });
  it('gives a duty role only to type 00 accounts', () => {
    expect(() => assertSeparationOfDuties(['auditor'], '02')).toThrow(
      '审计管理员角色只能分配给系统管理员类型（00）的用户',
    );
    expect(() => assertSeparationOfDuties(['auditor'], '00')).not.toThrow();
    expect(() => assertSeparationOfDuties(['step_sl', 'step_cb'], '02')).not.toThrow();
  });
  it('names the duty of an account', () => {
    expect(dutyOf(['step_sl', 'secadmin'])).toBe('sec');
    expect(dutyOf(['enterprise'])).toBeNull();
  });
});

describe('randomPassword', () => {
  it('always meets the password policy and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const pw = randomPassword();
      expect(pw).toHaveLength(12);
      expect(passwordPolicyViolation(pw, 'someone')).toBeNull();
      expect(/[^A-Za-z0-9]/.test(pw) && /[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw)).toBe(true);
      seen.add(pw);
    }
    expect(seen.size).toBe(200);
  });
});

describe('describeUserAgent', () => {
  it('names the common browsers and systems', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      ),
    ).toEqual({ browser: 'Edge 126', os: 'Windows 10/11' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari 17', os: 'macOS' });
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toEqual({
      browser: 'Firefox 127',
      os: 'Linux',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49',
      ),
    ).toEqual({ browser: '微信 8', os: 'Android' });
    expect(describeUserAgent(null)).toEqual({ browser: '未知', os: '未知' });
  });
});
