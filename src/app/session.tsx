/**
 * The app-wide session actor (machines/session.machine.ts). Pages only render the snapshot and
 * send events through useSession():
 * - loginSucceeded(token): while a login request is out (loggingIn), stores the token
 *   (setToken) and sends LOGIN.SUCCESS; a late answer (the session already ended or replaced) is dropped;
 * - document clicks send ACTIVITY and store the access time;
 * - idleWarning shows 用户超时登录30分钟无任何操作，将自动登出 (logout on confirm);
 * - unauthorized shows the server's 401 message (default 授权过期) (logout on confirm);
 * - logout(): POST /login/logout, then the identity provider's end-session page or /user/login.
 *
 * The end of a session is one synchronous step, run by the actor subscription as soon as the
 * snapshot loses its token: remove the stored token, replace the route by /user/login, reset the
 * stores. The subscription is made once per actor (navigate is read through a ref, because
 * BrowserRouter gives a new navigate on every location), so no transition can slip between an
 * unsubscribe and a resubscribe. Nothing stores a token afterwards: loginSucceeded only accepts a
 * token while a login request is out, and the route guard drops answers to calls made for a
 * session that has ended since (src/app/RouteGuard.tsx).
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import {
  sessionMachine,
  DEFAULT_UNAUTHORIZED_MESSAGE,
  type LoginMethod,
  type SessionSnapshot,
  type SessionEvent,
} from '@machines/session.machine';
import { clearToken, getToken, readSessionStamps, setAccessFlag, setToken, touchAccessTime } from '@/utils/storage';
import { setUnauthorizedHandler } from '@/services/request';
import { loginLogout } from '@/services/generated/api';
import { resetUserStore } from '@/store/user';
import { loadPublicSettings } from './publicSettings';
import { resetTabs } from '@/store/tabs';

export type SessionStateName = 'loggedOut' | 'loggingIn' | 'active' | 'idleWarning' | 'unauthorized' | 'loggingOut';

export interface SessionApi {
  /** top-level state name */
  state: SessionStateName;
  snapshot: SessionSnapshot;
  send: (event: SessionEvent) => void;
  /** The login page starts a login request (LOGIN.START). */
  loginStarted: (method: LoginMethod) => void;
  /**
   * A login request answered with a token: stores it (setToken) and sends LOGIN.SUCCESS, only while
   * that request is out (loggingIn). False for a late answer (the attempt was ended or replaced):
   * nothing is stored and the caller must not navigate.
   */
  loginSucceeded: (token: string) => boolean;
  /** The login page's request failed (LOGIN.FAILURE). */
  loginFailed: (error: string) => void;
  /** Route guard: resume a stored token (RESTORE); true when the session is active afterwards. */
  restore: () => boolean;
  /** User-confirmed logout: POST /login/logout, then end-session page or /user/login. */
  logout: () => Promise<void>;
  /** Local logout without the server call (failures during startup). */
  logoutLocally: () => void;
}

const SessionContext = createContext<SessionApi | null>(null);

const loadSessionModals = () => import('./SessionModals');
const SessionModals = lazy(loadSessionModals);

function topState(snapshot: SessionSnapshot): SessionStateName {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v)[0]) as SessionStateName;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const actor = useActorRef(sessionMachine, { input: {} });
  const snapshot = useSelector(actor, (s) => s);
  const state = topState(snapshot);
  /** set while the browser leaves for the identity provider's end-session page */
  const leaving = useRef(false);
  // BrowserRouter hands out a new navigate on every location change; the session reads the latest
  // one through this ref so that its callbacks (and the actor subscription) never change.
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  /** Local end of a session: token first, then the route, then the stores (avoids a guard pass on the old route). */
  const endLocally = useCallback((redirect: boolean) => {
    clearToken();
    if (redirect) void navigateRef.current('/user/login', { replace: true });
    resetUserStore();
    resetTabs();
  }, []);

  // 401 from any call while a token is stored → UNAUTHORIZED.
  useEffect(() => {
    setUnauthorizedHandler((msg) => actor.send({ type: 'UNAUTHORIZED', message: msg }));
    return () => setUnauthorizedHandler(null);
  }, [actor]);

  // Clicks are activity: restart the idle timer and store the access time.
  useEffect(() => {
    const onClick = () => {
      if (!actor.getSnapshot().matches('active')) return;
      touchAccessTime();
      actor.send({ type: 'ACTIVITY' });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [actor]);

  // Watch the snapshot: a modal state ends the stored session; token gone → local cleanup.
  // Subscribed once for the actor's life (actor and endLocally never change).
  useEffect(() => {
    let hadToken = actor.getSnapshot().context.token !== null;
    const sub = actor.subscribe((snap) => {
      const name = topState(snap);
      if (name === 'idleWarning' || name === 'unauthorized') setAccessFlag(false);
      const hasToken = snap.context.token !== null;
      const ended = hadToken && !hasToken;
      hadToken = hasToken;
      if (ended) endLocally(!leaving.current);
    });
    return () => sub.unsubscribe();
  }, [actor, endLocally]);

  const loginStarted = useCallback((method: LoginMethod) => actor.send({ type: 'LOGIN.START', method }), [actor]);

  const loginSucceeded = useCallback(
    (token: string) => {
      // Only the answer to the login request that is out may start a session. Anything else is
      // late (a second answer, or one that arrives after the session ended or was replaced) and
      // must not bring a token back into storage.
      const snap = actor.getSnapshot();
      if (!snap.matches('loggingIn')) return false;
      setToken(token);
      actor.send({ type: 'LOGIN.SUCCESS', token, at: Date.now() });
      return true;
    },
    [actor],
  );

  const loginFailed = useCallback((error: string) => actor.send({ type: 'LOGIN.FAILURE', error }), [actor]);

  const restore = useCallback(() => {
    // The route guard (a child) runs its effects before this provider's useActorRef starts the actor.
    actor.start();
    const snap = actor.getSnapshot();
    if (snap.context.token !== null) return true;
    const now = Date.now();
    const stamps = readSessionStamps(now);
    if (!stamps.token) return false;
    actor.send({
      type: 'RESTORE',
      token: stamps.token,
      loginAt: stamps.loginAt,
      lastActiveAt: stamps.lastActiveAt,
      now,
      activeFlag: stamps.activeFlag,
    });
    const ok = actor.getSnapshot().matches('active');
    if (ok) touchAccessTime(now);
    else {
      clearToken();
      resetUserStore();
      resetTabs();
    }
    return ok;
  }, [actor]);

  const logoutLocally = useCallback(() => {
    const snap = actor.getSnapshot();
    if (snap.matches('active')) {
      actor.send({ type: 'LOGOUT' });
      actor.send({ type: 'LOGOUT.DONE' });
    } else if (snap.matches('idleWarning') || snap.matches('unauthorized')) {
      actor.send({ type: 'CONFIRM' });
    } else if (snap.matches('loggingOut')) {
      actor.send({ type: 'LOGOUT.DONE' });
    } else {
      endLocally(true);
    }
  }, [actor, endLocally]);

  const logout = useCallback(async () => {
    const snap = actor.getSnapshot();
    if (snap.matches('active')) actor.send({ type: 'LOGOUT' });
    let hint: string | null = null;
    if (getToken()) {
      try {
        const res = await loginLogout({ isLogin: true });
        hint = typeof res?.data === 'string' && res.data ? res.data : null;
      } catch {
        hint = null;
      }
    }
    const settings = hint ? await loadPublicSettings() : null;
    if (hint && settings?.ssoEndSessionUrl) {
      leaving.current = true;
      clearToken();
      window.location.href = `${settings.ssoEndSessionUrl}?id_token_hint=${encodeURIComponent(hint)}`;
    }
    const now = actor.getSnapshot();
    if (now.matches('loggingOut')) actor.send({ type: 'LOGOUT.DONE' });
    else if (now.matches('idleWarning') || now.matches('unauthorized')) actor.send({ type: 'CONFIRM' });
    else if (!leaving.current) endLocally(true);
  }, [actor, endLocally]);

  // A session can end in one of the two modals: have their code ready while it runs.
  useEffect(() => {
    if (state === 'active') void loadSessionModals().catch(() => undefined);
  }, [state]);

  // The two modals of the statechart: confirm = logout (server call for a normal/SSO logout).
  const confirmModal = useCallback(() => {
    void logout();
  }, [logout]);

  const api = useMemo<SessionApi>(
    () => ({
      state,
      snapshot,
      send: actor.send,
      loginStarted,
      loginSucceeded,
      loginFailed,
      restore,
      logout,
      logoutLocally,
    }),
    [state, snapshot, actor, loginStarted, loginSucceeded, loginFailed, restore, logout, logoutLocally],
  );

  return (
    <SessionContext.Provider value={api}>
      {children}
      {state === 'idleWarning' || state === 'unauthorized' ? (
        <Suspense fallback={null}>
          <SessionModals
            state={state}
            message={snapshot.context.message || DEFAULT_UNAUTHORIZED_MESSAGE}
            onConfirm={confirmModal}
          />
        </Suspense>
      ) : null}
    </SessionContext.Provider>
  );
}

/** The session: snapshot, events and the login/logout helpers. */
export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession() outside <SessionProvider>');
  return ctx;
}
