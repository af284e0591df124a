import { describe, expect, it } from 'vitest';
import { access, checkButton, isNormalUser } from '@/app/access';
import type { AccessUser, LoginUser } from '@/app/access';

const user = (
  over: Partial<NonNullable<AccessUser>> = {},
  info: Partial<LoginUser['info']> = {},
): NonNullable<AccessUser> => ({
  roleIds: ['step_sl'],
  buttons: ['system:user:list'],
  permissions: [{ permissionId: 'revocation', actionList: ['add', 'query'] }],
  info: { userType: '02', loginName: 'u', area: '1', enterpriseInfo: null, ...info },
  ...over,
});

describe('access(currentUser)', () => {
  it('hasButton passes when buttons is undefined or null (everything allowed)', () => {
    expect(access(user({ buttons: undefined })).hasButton('anything')).toBe(true);
    expect(access(user({ buttons: null })).hasButton('anything')).toBe(true);
    expect(checkButton(undefined, 'x')).toBe(true);
    expect(checkButton(null, 'x')).toBe(true);
  });
  it('hasButton passes only for keys in the list', () => {
    const a = access(user());
    expect(a.hasButton('system:user:list')).toBe(true);
    expect(a.hasButton('system:user:add')).toBe(false);
    expect(checkButton([], 'x')).toBe(false);
  });
  it('without a user nothing passes', () => {
    const a = access(null);
    expect(a.isLoggedIn).toBe(false);
    expect(a.hasButton('x')).toBe(false);
    expect(a.hasAction('revocation', 'add')).toBe(false);
    expect(a.canSeeAnalysis).toBe(false);
    expect(a.canSeeGuide).toBe(false);
  });
  it('hasAction checks permissionId with actionList', () => {
    const a = access(user());
    expect(a.hasAction('revocation', 'add')).toBe(true);
    expect(a.hasAction('revocation', 'delete')).toBe(false);
    expect(a.hasAction('other', 'add')).toBe(false);
    expect(access(user({ permissions: null })).hasAction('x', 'add')).toBe(true);
  });
  it('canSeeAnalysis for adminProvince only', () => {
    expect(access(user({ roleIds: ['adminProvince'] })).canSeeAnalysis).toBe(true);
    expect(access(user({ roleIds: ['admin'] })).canSeeAnalysis).toBe(false);
    expect(access(user({ roleIds: ['adminProvince'] })).hasRole('adminProvince')).toBe(true);
  });
  it('canSeeGuide for type 03 only', () => {
    expect(access(user({}, { userType: '03' })).canSeeGuide).toBe(true);
    expect(access(user({}, { userType: '04' })).canSeeGuide).toBe(false);
    expect(access(user({}, { userType: '02' })).canSeeGuide).toBe(false);
  });
  it('a normal user is type 03 or 04 whose login name is not admin', () => {
    expect(isNormalUser(user({}, { userType: '03', loginName: 'ent_gz' }))).toBe(true);
    expect(isNormalUser(user({}, { userType: '04', loginName: 'person1' }))).toBe(true);
    expect(isNormalUser(user({}, { userType: '03', loginName: 'admin' }))).toBe(false);
    expect(isNormalUser(user({}, { userType: '02', loginName: 'province' }))).toBe(false);
    expect(isNormalUser(user({}, { userType: '00', loginName: 'admin' }))).toBe(false);
    expect(isNormalUser(null)).toBe(false);
  });
});
