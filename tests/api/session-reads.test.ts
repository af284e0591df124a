/**
 * Calls arriving together have their sessions read together (server/modules/auth/sessionReads.ts):
 * fewer statements than calls, yet each call is answered as its own caller, and a session ended
 * before the calls arrive is refused among the others.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sha256 } from '../../server/lib/tokens.js';
import { sessionReads } from '../../server/modules/auth/sessionReads.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const whoAmI = (token: string) => t.call(token, { url: '/api/system/user/getLoginUser' });

describe('session reads in batches', () => {
  it('answer each of many simultaneous calls as its own caller, in fewer statements than calls', async () => {
    const names = ['gz_sl', 'gz_cb', 'ent_gz', 'person1', 'admin', 'secadmin'];
    const tokens = new Map<string, string>();
    for (const name of names) tokens.set(name, await t.login(name));
    const reads = sessionReads(t.app.ctx.db).counts;
    const before = { ...reads };
    const calls = Array.from({ length: 48 }, (_, i) => names[i % names.length]!);
    const answers = await Promise.all(calls.map(async (name) => ({ name, res: await whoAmI(tokens.get(name)!) })));
    for (const { name, res } of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.userName).toBe(name);
    }
    expect(reads.calls - before.calls).toBe(48);
    expect(reads.statements - before.statements).toBeLessThan(48);
  });

  it('refuse a session ended before the calls, and only that one', async () => {
    const ended = await t.login('gz_sl');
    const open = await t.login('gz_cb');
    await t.database.db.execute(
      sql`update sys_session set ended_at = now(), end_reason = 'offline' where token_hash = ${sha256(ended)}`,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => whoAmI(i % 2 ? ended : open)));
    answers.forEach((res, i) => {
      if (i % 2) {
        expect(res.statusCode).toBe(401);
        expect(res.json().msg).toBe('您已被管理员强制下线，请重新登录');
      } else {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.userName).toBe('gz_cb');
      }
    });
  });

  it('answer an unknown token 401 among known ones', async () => {
    const open = await t.login('ent_gz');
    const answers = await Promise.all([whoAmI(open), whoAmI('no-such-token'), whoAmI(open)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 200]);
  });
});
