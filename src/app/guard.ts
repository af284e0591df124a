/**
 * Route guard decision (SPEC 2 "Route guard" steps 1-5), pure so it can be tested:
 * 1. /oldExam opens the legacy site;
 * 2. /web*, /certificateInfo* and /cert/* pass;
 * 3. with a token: login path → '/', no user yet → load user + menu, forced password change →
 *    /system/updatePwd, else pass (the idle/flag check is the session's RESTORE, done before);
 * 4. without a token: login, register, registerResult pass; a `t` parameter → single sign-on;
 *    otherwise /web.
 */
export const LOGIN_PATH = '/user/login';
export const UPDATE_PWD_PATH = '/system/updatePwd';
export const PRE_LOGIN_PATHS = ['/user', '/user/login', '/user/register', '/user/registerResult'];

export type GuardDecision =
  | { type: 'oldExam' }
  | { type: 'pass' }
  | { type: 'redirect'; to: string }
  | { type: 'loadUser' }
  | { type: 'sso'; t: string };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  userLoaded: boolean;
  mustChangePassword: boolean;
}

const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p).toLowerCase();

export function isPublicPath(pathname: string): boolean {
  const p = norm(pathname);
  return p === '/web' || p.startsWith('/web/') || p.includes('/certificateinfo') || p.startsWith('/cert/');
}

export function decide(input: GuardInput): GuardDecision {
  const p = norm(input.pathname);
  if (p === '/oldexam') return { type: 'oldExam' };
  if (isPublicPath(p)) return { type: 'pass' };
  if (input.hasToken) {
    if (p === LOGIN_PATH.toLowerCase() || p === '/user') return { type: 'redirect', to: '/' };
    if (!input.userLoaded) return { type: 'loadUser' };
    if (input.mustChangePassword && p !== UPDATE_PWD_PATH.toLowerCase())
      return { type: 'redirect', to: UPDATE_PWD_PATH };
    return { type: 'pass' };
  }
  if (PRE_LOGIN_PATHS.some((w) => w.toLowerCase() === p)) return { type: 'pass' };
  const t = new URLSearchParams(input.search).get('t');
  if (t) return { type: 'sso', t };
  return { type: 'redirect', to: '/web' };
}

/** Where to go once the user is loaded: the redirect query value, else the target path. */
export function targetAfterLoad(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect');
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//')) return redirect;
  params.delete('redirect');
  params.delete('t');
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : '');
}
