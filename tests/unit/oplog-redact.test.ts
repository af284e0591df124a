import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../server/plugins/oplog.js';

describe('operation log parameters', () => {
  it('hide passwords, tokens, secrets and verification codes, at any depth', () => {
    const out = redactSecrets({
      body: { username: 'admin', password: 'Demo#2026', oldPassword: 'x', code: '123456', smsCode: '654321', uuid: 'u', captcha: 'ab12' },
      query: { token: 't', nested: [{ secretKey: 's', accessKey: 'AK' }] },
    });
    expect(out).toEqual({
      body: { username: 'admin', password: '******', oldPassword: '******', code: '******', smsCode: '******', uuid: 'u', captcha: '******' },
      query: { token: '******', nested: [{ secretKey: '******', accessKey: 'AK' }] },
    });
  });

  it('keep the codes an auditor needs (dictCode, creditCode); a bare `code` is the login calls\' verification code and stays hidden', () => {
    expect(redactSecrets({ code: 'fileTag01', dictCode: 12, creditCode: '91440101MA59XXXX1Y' })).toEqual({ code: '******', dictCode: 12, creditCode: '91440101MA59XXXX1Y' });
  });
});
