import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../server/plugins/oplog.js';

describe('operation log parameters', () => {
  it('hide passwords, tokens, secrets and verification codes, at any depth', () => {
    const out = redactSecrets({
      body: {
        username: 'admin',
        password: 'Demo#2026',
        oldPassword: 'x',
        code: '123456',
        smsCode: '654321',
        uuid: 'u',
        captcha: 'ab12',
      },
      query: { token: 't', nested: [{ secretKey: 's', accessKey: 'AK' }] },
    });
    expect(out).toEqual({
      body: {
        username: 'admin',
        password: '******',
        oldPassword: '******',
        code: '******',
        smsCode: '******',
        uuid: 'u',
        captcha: '******',
      },
      query: { token: '******', nested: [{ secretKey: '******', accessKey: 'AK' }] },
    });
  });

  it("keep the codes an auditor needs (dictCode, creditCode); a bare `code` is the login calls' verification code and stays hidden", () => {
    expect(redactSecrets({ code: 'fileTag01', dictCode: 12, creditCode: '91440101MA59XXXX1Y' })).toEqual({
      code: '******',
      dictCode: 12,
      creditCode: '91440101MA59XXXX1Y',
    });
  });
});

describe('operation log parameters of a hostile request', () => {
  it('bound the depth and width so the log row is always written (50,000 levels, 100,000 members)', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50_000; i += 1) deep = { a: deep, password: 'p' };
    const out = redactSecrets({ body: deep }) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text.length).toBeLessThan(2_000);
    expect(text).toContain('[…]');
    expect(text).not.toContain('"p"');
    const wide = redactSecrets({ list: Array.from({ length: 100_000 }, (_, i) => i) }) as { list: unknown[] };
    expect(wide.list).toHaveLength(201);
    expect(wide.list.at(-1)).toBe('[… 99800 more]');
  });
});
