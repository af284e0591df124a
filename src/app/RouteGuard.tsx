import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { getToken } from '@/utils/storage';
import { authSsoLogin, menuUser, systemUserGetLoginUser } from '@/services/generated/api';
import type { LoginUser } from '@/app/access';
import { isUnauthorized, toApiError } from '@/services/request';
import { userStore, useCurrentUser } from '@/store/user';
import PageLoading from '@/components/PageLoading';
import { decide, targetAfterLoad, LOGIN_PATH, UPDATE_PWD_PATH } from './guard';
import { buildUserRoutes } from './routeBuilder';
import { isNormalUser } from './access';
import { useSession } from './session';
import { loadPublicSettings } from './publicSettings';
import type { StartupDialogs } from './startupDialogs';

/** The start-up dialogs, loaded only when a start-up has something to say (src/app/startupDialogs.tsx). */
const dialogs = (): Promise<StartupDialogs> => import('./startupDialogs').then((m) => m.startupDialogs);

/** A startup failure whose text is already known (SPEC 8); shown in the error modal. */
class StartupError extends Error {
  constructor(
    message: string,
    readonly silent = false,
  ) {
    super(message);
  }
}

/** GET /system/user/getLoginUser with the SPEC 8 error texts; code 800 shows 温馨提示 and continues. */
export async function fetchLoginUser(t: TFunction): Promise<LoginUser> {
  let res;
  try {
    res = await systemUserGetLoginUser();
  } catch (e) {
    if (isUnauthorized(e)) throw new StartupError('', true);
    const msg = toApiError(e).msg;
    throw new StartupError(t('guard.userInfoRequestFailed', { msg: msg || t('guard.serverError') }));
  }
  if (!res || (res.code !== 0 && res.code !== 800) || !res.data) throw new StartupError(t('guard.userInfoFailed'));
  if (!res.data.roleIds || res.data.roleIds.length === 0) throw new StartupError(t('guard.noRole'));
  if (res.code === 800) {
    const notice = res.msg;
    void dialogs().then((d) => d.info({ title: t('guard.noticeTitle'), content: notice, okText: t('guard.gotIt') }));
  }
  return res.data;
}

/** SPEC 2 route guard; renders the page only when the decision is "pass". */
export default function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const user = useCurrentUser();
  const busy = useRef<string | null>(null);

  const hasToken = !!getToken();
  const decision = decide({
    pathname: location.pathname,
    search: location.search,
    hasToken,
    userLoaded: !!user,
    mustChangePassword: !!(user && (user.mustChangePassword || user.passwordExpired)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the decision's inputs change; session, navigate and t are stable
  useEffect(() => {
    // Step 3: a stored token must survive the idle / flag check (session RESTORE).
    if (getToken() && !session.restore()) {
      void navigate(LOGIN_PATH, { replace: true });
      return;
    }
    switch (decision.type) {
      case 'oldExam': {
        void loadPublicSettings().then((s) => {
          if (s.oldExamUrl) window.open(s.oldExamUrl, '_blank', 'noopener');
        });
        return;
      }
      case 'redirect':
        void navigate(decision.to, { replace: true });
        return;
      case 'loadUser': {
        const key = `load:${location.pathname}${location.search}`;
        if (busy.current === key) return;
        busy.current = key;
        const target = targetAfterLoad(location.pathname, location.search);
        // Answers for a session that has ended (logout, idle, 401) or been replaced meanwhile belong
        // to no one: they must neither fill the user store nor move the route (/user/login wins).
        const token = getToken();
        const stale = () => getToken() !== token;
        void (async () => {
          try {
            const loginUser = await fetchLoginUser(t);
            if (stale()) return;
            const menus = await menuUser(0);
            if (stale()) return;
            if (!menus || menus.code !== 0) throw new Error('menu');
            const routes = buildUserRoutes(menus.data ?? [], isNormalUser(loginUser));
            userStore.set({ user: loginUser, routes });
            const forced = loginUser.mustChangePassword || loginUser.passwordExpired;
            void navigate(forced ? UPDATE_PWD_PATH : target, { replace: true });
          } catch (e) {
            if (stale()) return;
            if (isUnauthorized(e) || (e instanceof StartupError && e.silent)) return; // the 401 modal speaks
            const content = e instanceof StartupError ? e.message : t('guard.unknownError');
            void dialogs().then((d) =>
              d.error({
                title: t('guard.errorTitle'),
                okText: t('guard.ok'),
                content,
                onOk: () => session.logoutLocally(),
              }),
            );
          } finally {
            busy.current = null;
          }
        })();
        return;
      }
      case 'sso': {
        const key = `sso:${decision.t}`;
        if (busy.current === key) return;
        busy.current = key;
        const fail = (text: string) => {
          void dialogs().then((d) => d.toast(text, 5));
          void navigate(LOGIN_PATH, { replace: true });
        };
        if (decision.t === 'NOT_FOUND') {
          busy.current = null;
          fail(t('guard.ssoNotFound'));
          return;
        }
        session.loginStarted('sso');
        void (async () => {
          try {
            const res = await authSsoLogin({ t: decision.t }, { isLogin: true });
            const token = typeof res?.data === 'string' ? res.data : null;
            if (!token) {
              session.loginFailed(t('guard.ssoNoToken'));
              fail(t('guard.ssoNoToken'));
              return;
            }
            // false: this sign-on is no longer the login that is out; nothing was stored
            if (!session.loginSucceeded(token)) return;
            void navigate(targetAfterLoad(location.pathname, location.search), { replace: true });
          } catch (e) {
            const err = toApiError(e);
            const text =
              err.status === 404 ? err.msg || t('guard.ssoNotFound') : t('guard.ssoServiceError', { detail: err.msg });
            session.loginFailed(text);
            fail(text);
          } finally {
            busy.current = null;
          }
        })();
        return;
      }
      default:
        return;
    }
  }, [decision.type, location.pathname, location.search, hasToken, !!user]);

  if (decision.type === 'pass' || decision.type === 'oldExam') return <>{children}</>;
  return <PageLoading />;
}
