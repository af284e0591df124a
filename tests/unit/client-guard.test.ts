import { describe, expect, it } from 'vitest';
import { decide, targetAfterLoad } from '@/app/guard';
import { deviceOf, headerHidden, sidebarOpenFor, DEFAULT_SETTINGS, COLOR_LIST } from '@/app/settings';

const base = { search: '', hasToken: false, userLoaded: false, mustChangePassword: false };

describe('route guard decision (SPEC 2 steps 1-5)', () => {
  it('1. /oldExam opens the legacy site', () => {
    expect(decide({ ...base, pathname: '/oldExam' })).toEqual({ type: 'oldExam' });
  });
  it('2. /web*, /certificateInfo*, /cert/* pass with or without a token', () => {
    for (const hasToken of [false, true]) {
      expect(decide({ ...base, hasToken, pathname: '/web' }).type).toBe('pass');
      expect(decide({ ...base, hasToken, pathname: '/web/certSearch' }).type).toBe('pass');
      expect(decide({ ...base, hasToken, pathname: '/certificateInfo/abc' }).type).toBe('pass');
      expect(decide({ ...base, hasToken, pathname: '/cert/abc' }).type).toBe('pass');
    }
  });
  it('3. with a token: login → /, no user → load, forced password change, else pass', () => {
    const t = { ...base, hasToken: true };
    expect(decide({ ...t, pathname: '/user/login' })).toEqual({ type: 'redirect', to: '/' });
    expect(decide({ ...t, pathname: '/dashboard' })).toEqual({ type: 'loadUser' });
    expect(decide({ ...t, userLoaded: true, pathname: '/dashboard' })).toEqual({ type: 'pass' });
    expect(decide({ ...t, userLoaded: true, mustChangePassword: true, pathname: '/dashboard' })).toEqual({
      type: 'redirect',
      to: '/system/updatePwd',
    });
    expect(decide({ ...t, userLoaded: true, mustChangePassword: true, pathname: '/system/updatePwd' })).toEqual({
      type: 'pass',
    });
  });
  it('4. without a token: pre-login pages pass, t → SSO, else /web', () => {
    expect(decide({ ...base, pathname: '/user/login' }).type).toBe('pass');
    expect(decide({ ...base, pathname: '/user/register' }).type).toBe('pass');
    expect(decide({ ...base, pathname: '/user/registerResult' }).type).toBe('pass');
    expect(decide({ ...base, pathname: '/', search: '?t=abc' })).toEqual({ type: 'sso', t: 'abc' });
    expect(decide({ ...base, pathname: '/', search: '?t=NOT_FOUND' })).toEqual({ type: 'sso', t: 'NOT_FOUND' });
    expect(decide({ ...base, pathname: '/dashboard' })).toEqual({ type: 'redirect', to: '/web' });
  });
  it('goes to the redirect query value or the target path', () => {
    expect(targetAfterLoad('/', '?redirect=%2Fsystem%2FUserList')).toBe('/system/UserList');
    expect(targetAfterLoad('/business/x', '?a=1&t=z')).toBe('/business/x?a=1');
    expect(targetAfterLoad('/x', '?redirect=https://evil')).toBe('/x');
  });
});

describe('layout settings', () => {
  it('defaults of SPEC 9', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      primaryColor: '#1890FF',
      navTheme: 'dark',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      fixedHeader: false,
      fixSiderbar: false,
      autoHideHeader: false,
      colorWeak: false,
      multiTab: true,
    });
    expect(COLOR_LIST).toHaveLength(8);
  });
  it('device by width: 576 / 1200', () => {
    expect(deviceOf(575)).toBe('mobile');
    expect(deviceOf(576)).toBe('tablet');
    expect(deviceOf(1199)).toBe('tablet');
    expect(deviceOf(1200)).toBe('desktop');
    expect(sidebarOpenFor('mobile')).toBe(true);
    expect(sidebarOpenFor('tablet')).toBe(false);
    expect(sidebarOpenFor('desktop')).toBe(true);
  });
  it('header hides when scrolling down past 300 px', () => {
    expect(headerHidden(250, 301)).toBe(true);
    expect(headerHidden(400, 350)).toBe(false);
    expect(headerHidden(0, 200)).toBe(false);
  });
});
