/**
 * The "get code" button of the phone-code login modal (SPEC 4 "Phone-code login", SPEC 9 SMS
 * resend countdown 60 s). Pure statechart: the page sends SEND, calls the API, then SENT or
 * FAILED; the countdown is an `after` transition, so tests drive it with a simulated clock.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export interface SmsCountdownInput {
  /** Length of the countdown in seconds (SPEC 9: 60; the server's smsResendSeconds). */
  seconds?: number;
}

export interface SmsCountdownContext {
  seconds: number;
  /** Seconds left while counting; equals `seconds` otherwise. */
  remaining: number;
  /** A code was sent at least once since the modal opened (the label becomes 重新发送). */
  hasSent: boolean;
  /** Last send failure (server msg, default 发送短信失败), null when none. */
  error: string | null;
}

export type SmsCountdownEvent =
  | { type: 'SEND' }
  | { type: 'SENT' }
  | { type: 'FAILED'; error: string }
  | { type: 'RESET' };

export const DEFAULT_SMS_COUNTDOWN_SECONDS = 60;

const freshContext = (seconds: number): SmsCountdownContext => ({
  seconds,
  remaining: seconds,
  hasSent: false,
  error: null,
});

export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    input: {} as SmsCountdownInput,
  },
  actions: {
    clearError: assign({ error: null }),
    startCountdown: assign(({ context }) => ({ remaining: context.seconds, hasSent: true })),
    tick: assign(({ context }) => ({ remaining: context.remaining - 1 })),
    finishCountdown: assign(({ context }) => ({ remaining: context.seconds })),
    rememberError: assign(({ event }) => ({ error: event.type === 'FAILED' ? event.error : null })),
    resetCountdown: assign(({ context }) => freshContext(context.seconds)),
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
}).createMachine({
  id: 'smsCountdown',
  description:
    'The send-code button of the phone-code login modal. Idle until the user asks for a code; while the ' +
    'request is out the button is busy; after the SMS is sent the button is disabled and counts down one ' +
    'second at a time (60 s by default) and then offers 重新发送 (resend). A failed send returns to idle with ' +
    'the error (default 发送短信失败). Closing the modal (RESET) starts over from any state.',
  context: ({ input }) => freshContext(Math.max(1, Math.floor(input?.seconds ?? DEFAULT_SMS_COUNTDOWN_SECONDS))),
  initial: 'idle',
  on: {
    RESET: { target: '.idle', actions: 'resetCountdown' },
  },
  states: {
    idle: {
      description: 'The button is enabled: 获取验证码 before the first send, 重新发送 afterwards.',
      on: {
        SEND: { target: 'sending', actions: 'clearError' },
      },
    },
    sending: {
      description: 'The send request is out; the button is busy and SEND is refused.',
      on: {
        SENT: { target: 'counting', actions: 'startCountdown' },
        FAILED: { target: 'idle', actions: 'rememberError' },
      },
    },
    counting: {
      description: 'The button is disabled and shows the seconds left; SEND is refused.',
      after: {
        1000: [
          { guard: 'isLastSecond', target: 'idle', actions: 'finishCountdown' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});

export type SmsCountdownSnapshot = SnapshotFrom<typeof smsCountdownMachine>;

export interface SendButtonLabel {
  /** i18n key of the label: 获取验证码 / 重新发送 / "{seconds} s". */
  key: 'getCode' | 'resend' | 'countdown';
  /** Seconds left, only for `countdown`. */
  seconds?: number;
}

/** Whether the send button is enabled. */
export function canSend(snapshot: SmsCountdownSnapshot): boolean {
  return snapshot.matches('idle');
}

/** Whether the send button shows a spinner (request out). */
export function isSending(snapshot: SmsCountdownSnapshot): boolean {
  return snapshot.matches('sending');
}

/** What the send button says. While sending it keeps its previous label (the page adds a spinner). */
export function sendButtonLabel(snapshot: SmsCountdownSnapshot): SendButtonLabel {
  if (snapshot.matches('counting')) return { key: 'countdown', seconds: snapshot.context.remaining };
  return snapshot.context.hasSent ? { key: 'resend' } : { key: 'getCode' };
}
