import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { DEFAULT_ABSOLUTE_MS, DEFAULT_IDLE_MS, sessionMachine, type SessionEvent } from '@machines/session.machine';
import { describeTransitionCoverage } from './coverage';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);

/** Stored stamps read at page load (SPEC 2 step 3). */
const restore = (over: Partial<Extract<SessionEvent, { type: 'RESTORE' }>> = {}): SessionEvent => ({
  type: 'RESTORE',
  token: 'stored-token',
  loginAt: NOW - 2 * HOUR,
  lastActiveAt: NOW - 5 * MIN,
  now: NOW,
  activeFlag: true,
  ...over,
});

const samples: SessionEvent[] = [
  { type: 'LOGIN.START', method: 'password' },
  { type: 'LOGIN.SUCCESS', token: 'new-token', at: NOW },
  { type: 'LOGIN.FAILURE', error: '用户名或密码错误' },
  restore(),
  // Alive, but only 10 minutes of absolute life left: the 12 h limit beats the 30 min idle limit.
  restore({ loginAt: NOW - 11 * HOUR - 50 * MIN, lastActiveAt: NOW }),
  restore({ loginAt: NOW - 13 * HOUR }), // token too old
  restore({ lastActiveAt: NOW - 31 * MIN }), // idle stamp expired
  { type: 'ACTIVITY' },
  { type: 'UNAUTHORIZED', message: '已被强制下线' },
  { type: 'LOGOUT' },
  { type: 'LOGOUT.DONE' },
  { type: 'CONFIRM' },
];

describeTransitionCoverage(sessionMachine, { events: samples });

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(sessionMachine, { input: {}, clock });
  actor.start();
  const login = (): void => {
    actor.send({ type: 'LOGIN.START', method: 'password' });
    actor.send({ type: 'LOGIN.SUCCESS', token: 'tok', at: NOW + clock.now() });
  };
  return { actor, clock, login };
}

describe('session behaviour', () => {
  it('uses the SPEC 9 limits by default', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toMatchObject({ idleMs: DEFAULT_IDLE_MS, absoluteMs: DEFAULT_ABSOLUTE_MS });
    expect(DEFAULT_IDLE_MS).toBe(1_800_000);
    expect(DEFAULT_ABSOLUTE_MS).toBe(43_200_000);
  });

  it('logs in with a password and keeps the token', () => {
    const { actor, login } = start();
    login();
    const snap = actor.getSnapshot();
    expect(snap.matches('active')).toBe(true);
    expect(snap.context).toMatchObject({ token: 'tok', method: 'password', loginAt: NOW, error: null });
  });

  it('a failed login returns to loggedOut with the error', () => {
    const { actor } = start();
    actor.send({ type: 'LOGIN.START', method: 'sms' });
    actor.send({ type: 'LOGIN.FAILURE', error: '短信验证码登录失败' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, error: '短信验证码登录失败' });
  });

  it('30 minutes without a click open the idle warning; CONFIRM logs out with reason idle', () => {
    const { actor, clock, login } = start();
    login();
    clock.increment(30 * MIN - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idleWarning');
    expect(actor.getSnapshot().context.token).toBe('tok'); // not gone until the user confirms
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, reason: 'idle' });
  });

  it('a click at 29 minutes postpones the warning by a full 30 minutes', () => {
    const { actor, clock, login } = start();
    login();
    clock.increment(29 * MIN);
    actor.send({ type: 'ACTIVITY' });
    clock.increment(29 * MIN);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    clock.increment(MIN - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idleWarning');
  });

  it('ends the session 12 hours after login even with steady clicks (reason expired)', () => {
    const { actor, clock, login } = start();
    login();
    for (let t = 0; t < 12 * HOUR - 10 * MIN; t += 10 * MIN) {
      clock.increment(10 * MIN);
      actor.send({ type: 'ACTIVITY' });
      expect(actor.getSnapshot().matches('active')).toBe(true);
    }
    clock.increment(10 * MIN);
    expect(clock.now()).toBe(12 * HOUR);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, reason: 'expired' });
  });

  it('restores a live stored session and counts the absolute limit from the stored login time', () => {
    const { actor, clock } = start();
    actor.send(restore({ loginAt: NOW - 11 * HOUR - 50 * MIN, lastActiveAt: NOW - MIN }));
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'stored-token', loginAt: NOW - 11 * HOUR - 50 * MIN });
    clock.increment(10 * MIN);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.reason).toBe('expired');
  });

  it('a restored session counts the page load as activity: the warning comes a full 30 minutes later', () => {
    const { actor, clock } = start();
    actor.send(restore({ lastActiveAt: NOW - 20 * MIN }));
    clock.increment(30 * MIN - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idleWarning');
  });

  it('RESTORE with an expired idle stamp, a cleared flag or a too old token stays logged out', () => {
    for (const [event, reason] of [
      [restore({ lastActiveAt: NOW - 30 * MIN }), 'idle'],
      [restore({ activeFlag: false }), 'idle'],
      [restore({ loginAt: NOW - 12 * HOUR }), 'expired'],
    ] as const) {
      const { actor } = start();
      actor.send(event);
      expect(actor.getSnapshot().value).toBe('loggedOut');
      expect(actor.getSnapshot().context).toMatchObject({ token: null, reason });
    }
  });

  it('401 opens the logout modal with the server message (default 授权过期); CONFIRM logs out', () => {
    const { actor, login } = start();
    login();
    actor.send({ type: 'UNAUTHORIZED', message: '登录已超时' });
    expect(actor.getSnapshot().value).toBe('unauthorized');
    expect(actor.getSnapshot().context.message).toBe('登录已超时');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, reason: 'unauthorized' });

    const second = start();
    second.login();
    second.actor.send({ type: 'UNAUTHORIZED' });
    expect(second.actor.getSnapshot().context.message).toBe('授权过期');
  });

  it('no idle warning fires once the 401 modal is open', () => {
    const { actor, clock, login } = start();
    login();
    actor.send({ type: 'UNAUTHORIZED' });
    clock.increment(13 * HOUR);
    expect(actor.getSnapshot().value).toBe('unauthorized');
  });

  it('logout goes through loggingOut and clears the token; a new login clears the old reason', () => {
    const { actor, login } = start();
    login();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    actor.send({ type: 'LOGOUT.DONE' });
    expect(actor.getSnapshot().context).toMatchObject({ token: null, method: null, loginAt: null, reason: 'logout' });
    actor.send({ type: 'LOGIN.START', method: 'sso' });
    expect(actor.getSnapshot().context).toMatchObject({ method: 'sso', reason: null, message: null, error: null });
  });
});
