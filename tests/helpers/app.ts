/** The whole API on a fresh database, driven through app.inject, with a login helper. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '../../server/config.js';
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';
import { ManualClock, setFallbackClock } from '../../server/lib/clock.js';
import type { SmsSender } from '../../server/modules/auth/sms-sender.js';
import { openTestDatabase } from './db.js';

/** The suite's instant (see clock.ts): the seed's moment, where every test app's clock starts. */
export const testNow = (): Date => new Date(inject('testNow'));

export const DEMO_PASSWORD = 'Demo#2026';

/** Keeps the texts the SMS gateway would have delivered. */
export class CapturingSms implements SmsSender {
  readonly sent: { mobile: string; text: string }[] = [];
  fail: Error | null = null;
  async send(mobile: string, text: string) {
    if (this.fail) throw this.fail;
    this.sent.push({ mobile, text });
  }
  lastCode(mobile: string): string {
    const msg = [...this.sent].reverse().find((m) => m.mobile === mobile);
    const code = msg?.text.match(/\d{6}/)?.[0];
    if (!code) throw new Error(`no SMS code sent to ${mobile}`);
    return code;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  clock: ManualClock;
  sms: CapturingSms;
  /** Signs in by password and returns the token. */
  login(userName: string, password?: string): Promise<string>;
  /** app.inject with the token header set. */
  call(token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-api-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CLIENT_DIR: '', ...env });
  // The seeded rows point at the demo's stored files: this app's store starts with them.
  fs.cpSync(inject('seedFiles'), config.fileRoot, { recursive: true });
  const database = await openTestDatabase();
  const clock = new ManualClock(testNow());
  // Rows the test inserts itself are stamped by the same clock as the server's.
  setFallbackClock(clock);
  const sms = new CapturingSms();
  const app = await buildApp({ config, database, clock, sms, logger: false });
  await app.ready();
  const call: TestApp['call'] = (token, opts) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { token } : {}) } });
  return {
    app,
    database,
    config,
    clock,
    sms,
    call,
    async login(userName, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { username: userName, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
