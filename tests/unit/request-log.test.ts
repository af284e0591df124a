import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggedError, redactedUrl } from '../../server/lib/requestLog.js';

describe('what the server log keeps of a request', () => {
  it('keeps the names of query parameters, never their values', () => {
    expect(redactedUrl('/api/auth/sso/login?t=eyJhbGciOiJFUzI1NiJ9.e30.sig')).toBe('/api/auth/sso/login?t=***');
    expect(redactedUrl('/api/login/verifyMessageCode?code=123456&x')).toBe(
      '/api/login/verifyMessageCode?code=***&x=***',
    );
    expect(redactedUrl('/api/search/staff?idNo=440106199001011234&pageNum=1')).toBe(
      '/api/search/staff?idNo=***&pageNum=***',
    );
    expect(redactedUrl('/api/health')).toBe('/api/health');
  });

  it('keeps a failed statement but not its parameters', () => {
    const err = new DrizzleQueryError(
      'insert into sys_sms_code (code_hash) values ($1)',
      ['a1b2c3secret', 'line\nbreak'],
      new Error('duplicate key'),
    );
    const logged = loggedError(err);
    expect(logged.message).toContain('insert into sys_sms_code');
    expect(JSON.stringify(logged)).not.toContain('a1b2c3secret');
    expect(JSON.stringify(logged)).not.toContain('break');
    expect(logged.stack).toContain('params: ***');
    expect((logged.cause as { message: string }).message).toBe('duplicate key');
  });

  it('drops the values PostgreSQL quotes in detail', () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'sys_user_phone_key',
      detail: 'Key (phone)=(13800000001) already exists.',
    });
    const logged = loggedError(err);
    expect(logged).toMatchObject({ code: '23505', constraint: 'sys_user_phone_key' });
    expect(JSON.stringify(logged)).not.toContain('13800000001');
  });
});
