/** /system/online: the security administrator sees the active sessions and forces one or a user offline (next call 401). */
import { describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite, namedRows } from '../helpers/api.js';
import { sysSession } from '../../server/db/schema.js';

let t: TestApp;
const { users: ids, load } = namedRows();
const { tokens, token } = apiSuite({
  ready: async (app) => {
    t = app;
    await load(app);
  },
});

interface OnlineRow {
  sessionId: string;
  userName: string;
  deptName: string | null;
  browser: string;
  current: boolean;
  canForce: boolean;
  canForceUser: boolean;
  loginTime: string;
  lastActiveTime: string;
  ipaddr: string | null;
}
const online = async (query = '') =>
  (await t.call(await token('secadmin'), { url: `/api/system/online/list?pageSize=30${query}` })).json() as {
    rows: OnlineRow[];
    total: number;
  };

async function openSessions() {
  return (await t.database.db.select().from(sysSession).where(isNull(sysSession.endedAt))).length;
}

describe('who may call what', () => {
  it('only holders of system:online:list and :forceLogout (secadmin)', async () => {
    const victim = await t.login('gz_sl');
    for (const user of ['admin', 'auditor', 'ent_gz']) {
      expect((await t.call(await token(user), { url: '/api/system/online/list' })).statusCode).toBe(403);
      const before = await openSessions();
      const res = await t.call(await token(user), {
        method: 'POST',
        url: '/api/system/online/offline',
        payload: { userId: ids.get('gz_sl') },
      });
      expect(res.statusCode).toBe(403);
      expect(await openSessions()).toBe(before);
    }
    expect((await t.call(victim, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(200);
    expect((await t.call(await token('secadmin'), { url: '/api/system/online/list' })).statusCode).toBe(200);
  });
});

describe('online users', () => {
  it('lists active sessions with user, department, browser and times; ended ones drop out', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'gz_cb', password: 'Demo#2026' },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      },
    });
    const res = await online('&userName=gz_cb');
    expect(res.total).toBe(1);
    expect(res.rows[0]).toMatchObject({
      userName: 'gz_cb',
      deptName: '广州区域中心',
      browser: 'Chrome 126',
      current: false,
      canForce: true,
      canForceUser: true,
    });
    expect(res.rows[0]!.sessionId).toMatch(/^[0-9a-f]{16}$/);
    const mine = (await online('&userName=secadmin')).rows;
    expect(mine.some((r) => r.current)).toBe(true);
    // What the force buttons may do is the server's answer: never oneself (the same refusals as /offline).
    expect(mine.every((r) => !r.canForceUser && r.canForce === !r.current)).toBe(true);
    // Idle past the limit: not online any more.
    t.clock.advance(31 * 60_000);
    const fresh = await t.login('secadmin');
    tokens.secadmin = fresh;
    expect((await online('&userName=gz_cb')).total).toBe(0);
  });

  it('forcing one session offline: its next call is 401 with the reason, other sessions go on', async () => {
    const one = await t.login('gz_sh');
    const two = await t.login('gz_sh');
    const rows = (await online('&userName=gz_sh')).rows;
    expect(rows).toHaveLength(2);
    const [a] = await t.database.db
      .select()
      .from(sysSession)
      .where(eq(sysSession.userId, ids.get('gz_sh')!));
    const target = rows.find((r) => a!.tokenHash.startsWith(r.sessionId))!;
    const res = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: { sessionId: target.sessionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = await Promise.all([one, two].map((tok) => t.call(tok, { url: '/api/system/user/getLoginUser' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(results.find((r) => r.statusCode === 401)!.json().msg).toBe('您已被管理员强制下线，请重新登录');
    const again = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: { sessionId: target.sessionId },
    });
    expect(again.statusCode).toBe(404);
  });

  it('forcing a user offline ends all his sessions', async () => {
    const tokensOf = [await t.login('ent_sz'), await t.login('ent_sz')];
    const res = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: { userId: ids.get('ent_sz') },
    });
    expect(res.statusCode).toBe(200);
    for (const tok of tokensOf)
      expect((await t.call(tok, { url: '/api/system/user/getLoginUser' })).statusCode).toBe(401);
    expect((await online('&userName=ent_sz')).total).toBe(0);
  });

  it('refuses forcing oneself and bad input', async () => {
    const self = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: { userId: ids.get('secadmin') },
    });
    expect(self.statusCode).toBe(400);
    const mine = (await online('&userName=secadmin')).rows.find((r) => r.current)!;
    const selfSession = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: { sessionId: mine.sessionId },
    });
    expect(selfSession.statusCode).toBe(400);
    const neither = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: {},
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().msg).toBe('请指定要强退的会话或用户');
    const bad = await t.call(await token('secadmin'), {
      method: 'POST',
      url: '/api/system/online/offline',
      payload: { sessionId: 'xyz' },
    });
    expect(bad.json()).toMatchObject({ field: 'sessionId', msg: '会话编号格式不正确' });
  });
});
