/**
 * Sending a text message. The provincial SMS gateway cannot be reached from here, so the default
 * sender writes the message to an outbox file (read by the e2e tests and by a developer trying the
 * SMS login) and says so in the server log, without the text: codes never reach the log. The HTTP
 * sender posts to a configured gateway.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../lib/clock.js';
import type { SmsSender } from '../../lib/ports.js';

export interface SmsMessage {
  mobile: string;
  text: string;
  at: string;
}

export type { SmsSender };

export class LogSmsSender implements SmsSender {
  constructor(
    private readonly outboxFile: string,
    private readonly log: (line: string) => void,
    private readonly clock: Clock,
  ) {}

  async send(mobile: string, text: string): Promise<void> {
    const message: SmsMessage = { mobile, text, at: this.clock.now().toISOString() };
    fs.mkdirSync(path.dirname(this.outboxFile), { recursive: true });
    fs.appendFileSync(this.outboxFile, JSON.stringify(message) + '\n');
    // The text holds the code: the log names the number (masked) and where the message is, never the text.
    this.log(`SMS to ${mobile.slice(0, 3)}****${mobile.slice(7)} not sent (no gateway): written to ${this.outboxFile}`);
  }
}

export class HttpSmsSender implements SmsSender {
  constructor(private readonly gatewayUrl: string) {}

  async send(mobile: string, text: string): Promise<void> {
    const res = await fetch(this.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`短信网关返回 ${res.status}`);
  }
}

/** Reads the outbox file of LogSmsSender: the newest message to a number. */
export function lastSmsTo(outboxFile: string, mobile: string): SmsMessage | null {
  if (!fs.existsSync(outboxFile)) return null;
  const lines = fs.readFileSync(outboxFile, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    if (!line) continue;
    const msg = JSON.parse(line) as SmsMessage;
    if (msg.mobile === mobile) return msg;
  }
  return null;
}
