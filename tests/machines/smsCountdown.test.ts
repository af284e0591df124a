import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { canSend, sendButtonLabel, smsCountdownMachine, type SmsCountdownEvent } from '@machines/smsCountdown.machine';
import { describeTransitionCoverage } from './coverage';

const samples: SmsCountdownEvent[] = [
  { type: 'SEND' },
  { type: 'SENT' },
  { type: 'FAILED', error: '发送短信失败' },
  { type: 'RESET' },
];

// A short countdown keeps the explored graph small; the behaviour tests below use the real 60 s.
describeTransitionCoverage(smsCountdownMachine, { input: { seconds: 3 }, events: samples });

function start(seconds?: number) {
  const clock = new SimulatedClock();
  const actor = createActor(smsCountdownMachine, { input: seconds === undefined ? {} : { seconds }, clock });
  actor.start();
  /** Advance one simulated second at a time (each tick schedules the next one). */
  const wait = (ms: number): void => {
    for (let t = 0; t < ms; t += 1000) clock.increment(Math.min(1000, ms - t));
  };
  return { actor, clock, wait };
}

describe('smsCountdown behaviour', () => {
  it('offers 获取验证码 first, counts down from 60 and offers 重新发送 after 60 simulated seconds', () => {
    const { actor, wait } = start();
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'getCode' });
    expect(canSend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SEND' });
    expect(canSend(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'SENT' });
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'countdown', seconds: 60 });
    wait(1000);
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'countdown', seconds: 59 });
    wait(58_000);
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'countdown', seconds: 1 });
    expect(canSend(actor.getSnapshot())).toBe(false);
    wait(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(canSend(actor.getSnapshot())).toBe(true);
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'resend' });
    expect(actor.getSnapshot().context.remaining).toBe(60);
  });

  it('refuses SEND while sending and while counting', () => {
    const { actor, wait } = start();
    actor.send({ type: 'SEND' });
    const sending = actor.getSnapshot();
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot()).toBe(sending);
    actor.send({ type: 'SENT' });
    wait(5000);
    const counting = actor.getSnapshot();
    expect(counting.can({ type: 'SEND' })).toBe(false);
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.remaining).toBe(55);
  });

  it('returns to idle with the error when sending fails, and sends again', () => {
    const { actor } = start();
    actor.send({ type: 'SEND' });
    actor.send({ type: 'FAILED', error: '发送短信失败' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('发送短信失败');
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'getCode' });
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('closing the modal (RESET) mid-countdown starts over and stops the timer', () => {
    const { actor, wait } = start(10);
    actor.send({ type: 'SEND' });
    actor.send({ type: 'SENT' });
    wait(3000);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ seconds: 10, remaining: 10, hasSent: false, error: null });
    wait(20_000);
    expect(actor.getSnapshot().context.remaining).toBe(10);
    expect(sendButtonLabel(actor.getSnapshot())).toEqual({ key: 'getCode' });
  });
});
