/**
 * The client session (DESIGN.md "session and smsCountdown", SPEC 2 route guard step 3, SPEC 4
 * "Session", SPEC 8, SPEC 9 limits). Pure statechart, no I/O: the client stores/removes the token
 * by watching `snapshot.context.token`, opens the modals from the state, and sends events.
 *
 * Timers: `active` holds the absolute limit (12 h from loginAt, entered once per login or
 * restore); its child `active.watching` holds the idle limit (30 min), and ACTIVITY re-enters
 * only that child, so a click restarts the idle timer but never the absolute one.
 * `snapshot.matches('active')` is true while the user works.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export const DEFAULT_IDLE_MS = 1_800_000;
export const DEFAULT_ABSOLUTE_MS = 43_200_000;
/** SPEC 8: logout modal text when a 401 carries no message. */
export const DEFAULT_UNAUTHORIZED_MESSAGE = '授权过期';
/** SPEC 4 / 8: the idle warning. */
export const IDLE_WARNING_MESSAGE = '用户超时登录30分钟无任何操作，将自动登出';

export type LoginMethod = 'password' | 'sms' | 'sso';
export type LogoutReason = 'idle' | 'expired' | 'unauthorized' | 'logout';

export interface SessionInput {
  /** Idle limit in ms (SPEC 9: 1 800 000). */
  idleMs?: number;
  /** Absolute token life in ms (SPEC 9: 43 200 000). */
  absoluteMs?: number;
}

export interface SessionContext {
  idleMs: number;
  absoluteMs: number;
  token: string | null;
  method: LoginMethod | null;
  /** Epoch ms of the login (from LOGIN.SUCCESS.at or the stored stamp). */
  loginAt: number | null;
  /** Last login failure text, shown on the login page. */
  error: string | null;
  /** Why the session last ended; null while none ended or after a new login started. */
  reason: LogoutReason | null;
  /** Server message of the last 401 (default 授权过期). */
  message: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN.START'; method: LoginMethod }
  | { type: 'LOGIN.SUCCESS'; token: string; at: number }
  | { type: 'LOGIN.FAILURE'; error: string }
  | {
      type: 'RESTORE';
      token: string;
      loginAt: number;
      lastActiveAt: number;
      now: number;
      /** The stored inactivity flag (false = the session was ended). */
      activeFlag: boolean;
    }
  | { type: 'ACTIVITY' }
  | { type: 'UNAUTHORIZED'; message?: string }
  | { type: 'LOGOUT' }
  | { type: 'LOGOUT.DONE' }
  | { type: 'CONFIRM' };

type RestoreEvent = Extract<SessionEvent, { type: 'RESTORE' }>;

/** SPEC 2 step 3: the stored session may be resumed. */
export function isStoredSessionAlive(
  event: Pick<RestoreEvent, 'loginAt' | 'lastActiveAt' | 'now' | 'activeFlag'>,
  limits: { idleMs: number; absoluteMs: number },
): boolean {
  return (
    event.activeFlag && event.now - event.lastActiveAt < limits.idleMs && event.now - event.loginAt < limits.absoluteMs
  );
}

const positive = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    rememberMethod: assign(({ event }) => ({
      method: event.type === 'LOGIN.START' ? event.method : null,
      error: null,
      reason: null,
      message: null,
    })),
    storeToken: assign(({ event, context }) => {
      if (event.type === 'LOGIN.SUCCESS') return { token: event.token, loginAt: event.at, error: null };
      if (event.type === 'RESTORE') return { token: event.token, loginAt: event.loginAt, error: null };
      return { token: context.token, loginAt: context.loginAt };
    }),
    rememberError: assign(({ event }) => ({ error: event.type === 'LOGIN.FAILURE' ? event.error : null })),
    rememberMessage: assign(({ event }) => ({
      message: event.type === 'UNAUTHORIZED' && event.message ? event.message : DEFAULT_UNAUTHORIZED_MESSAGE,
    })),
    clearSession: assign({ token: null, method: null, loginAt: null }),
    rememberReason: assign((_, params: { reason: LogoutReason }) => ({ reason: params.reason })),
  },
  guards: {
    isStoredSessionAlive: ({ context, event }) => event.type === 'RESTORE' && isStoredSessionAlive(event, context),
    isStoredTokenTooOld: ({ context, event }) =>
      event.type === 'RESTORE' && event.now - event.loginAt >= context.absoluteMs,
  },
  delays: {
    /** Idle time allowed from entering `active.watching` (a login, a click, or a page load that restored the session). */
    idleLimit: ({ context }) => context.idleMs,
    /** Life left to the token when `active` is entered: absoluteMs minus the age of loginAt. */
    absoluteLimit: ({ context, event }) =>
      event.type === 'RESTORE' ? Math.max(0, context.absoluteMs - (event.now - event.loginAt)) : context.absoluteMs,
  },
}).createMachine({
  id: 'session',
  description:
    'The browser session. Logged out until a login (password, SMS code or single sign-on token t) succeeds ' +
    'or a stored token is restored at page load (only if the inactivity flag is set, the last click is less ' +
    'than 30 minutes old and the login less than 12 hours). While active, 30 minutes without a click opens ' +
    'the warning 用户超时登录30分钟无任何操作，将自动登出 and confirming it logs out; 12 hours after the ' +
    'login the session ends; a 401 from the server opens the logout modal with its message (default ' +
    '授权过期). The user may log out (您确定要退出系统吗 ?) at any time. The server enforces the same limits.',
  context: ({ input }) => ({
    idleMs: positive(input?.idleMs, DEFAULT_IDLE_MS),
    absoluteMs: positive(input?.absoluteMs, DEFAULT_ABSOLUTE_MS),
    token: null,
    method: null,
    loginAt: null,
    error: null,
    reason: null,
    message: null,
  }),
  initial: 'loggedOut',
  states: {
    loggedOut: {
      description: 'No token. The login page shows `error` or why the last session ended (`reason`).',
      on: {
        'LOGIN.START': { target: 'loggingIn', actions: 'rememberMethod' },
        RESTORE: [
          { guard: 'isStoredSessionAlive', target: 'active', actions: 'storeToken' },
          {
            guard: 'isStoredTokenTooOld',
            target: 'loggedOut',
            actions: ['clearSession', { type: 'rememberReason', params: { reason: 'expired' } }],
          },
          {
            target: 'loggedOut',
            actions: ['clearSession', { type: 'rememberReason', params: { reason: 'idle' } }],
          },
        ],
      },
    },
    loggingIn: {
      description: 'A login request (password, SMS code or SSO token) is out.',
      on: {
        'LOGIN.SUCCESS': { target: 'active', actions: 'storeToken' },
        'LOGIN.FAILURE': { target: 'loggedOut', actions: ['clearSession', 'rememberError'] },
      },
    },
    active: {
      description: 'Logged in. The absolute limit runs from the login time and is not restarted by clicks.',
      initial: 'watching',
      after: {
        absoluteLimit: {
          target: 'loggedOut',
          actions: ['clearSession', { type: 'rememberReason', params: { reason: 'expired' } }],
        },
      },
      on: {
        UNAUTHORIZED: { target: 'unauthorized', actions: 'rememberMessage' },
        LOGOUT: { target: 'loggingOut' },
      },
      states: {
        watching: {
          description: 'Waiting for clicks; each click (ACTIVITY) restarts the idle timer.',
          after: {
            idleLimit: { target: '#session.idleWarning' },
          },
          on: {
            ACTIVITY: { target: 'watching', reenter: true },
          },
        },
      },
    },
    idleWarning: {
      description: 'The modal 用户超时登录30分钟无任何操作，将自动登出 is open; confirming logs out.',
      on: {
        CONFIRM: {
          target: 'loggedOut',
          actions: ['clearSession', { type: 'rememberReason', params: { reason: 'idle' } }],
        },
      },
    },
    unauthorized: {
      description: 'The server answered 401: the logout modal shows `message`; confirming logs out.',
      on: {
        CONFIRM: {
          target: 'loggedOut',
          actions: ['clearSession', { type: 'rememberReason', params: { reason: 'unauthorized' } }],
        },
      },
    },
    loggingOut: {
      description: 'The user confirmed 您确定要退出系统吗 ?; the logout request is out (its outcome does not matter).',
      on: {
        'LOGOUT.DONE': {
          target: 'loggedOut',
          actions: ['clearSession', { type: 'rememberReason', params: { reason: 'logout' } }],
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The token the client should keep in storage (null: remove it). */
export function sessionToken(snapshot: SessionSnapshot): string | null {
  return snapshot.context.token;
}

/** Whether API calls may be made with the token (also while a modal is open, until confirmed). */
export function isLoggedIn(snapshot: SessionSnapshot): boolean {
  return snapshot.context.token !== null;
}
