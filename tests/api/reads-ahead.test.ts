/**
 * A list or figures call (RouteAccess.readsOnly) on a session this process read lately starts its
 * reads while the database confirms the session, and answers only once it has: a session ended, a
 * right taken or a scope moved outside the API since (psql, another process, an administrator) is
 * seen by that very call, as it is by a call that reads the session first.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysDept, sysUser, sysUserRole } from '../../server/db/schema.js';
import { sha256 } from '../../server/lib/tokens.js';
import { readsAhead } from '../../server/plugins/auth.js';

let t: TestApp;
const ENTERPRISES = '/api/search/enterprise/list?pageNum=1&pageSize=50';

/** What `fn` did: calls started on the known session, and those run again on changed rights. */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; started: number; redone: number }> {
  const before = { ...readsAhead };
  const result = await fn();
  return { result, started: readsAhead.started - before.started, redone: readsAhead.redone - before.redone };
}
const userId = async (userName: string) =>
  (await t.database.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName)))[0]!.id;

apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('reads started on a known session', () => {
  it('start before the session is read again once the process knows it, and answer the same', async () => {
    const token = await t.login('gz_sl');
    const first = await counted(() => t.call(token, { url: ENTERPRISES }));
    expect(first.result.statusCode, first.result.body).toBe(200);
    // The login wrote the session; this process has not read it for a call yet.
    expect(first.started).toBe(0);
    const again = await counted(() => t.call(token, { url: ENTERPRISES }));
    expect(again.started).toBe(1);
    expect(again.redone).toBe(0);
    expect(again.result.statusCode).toBe(200);
    expect(again.result.json().rows).toEqual(first.result.json().rows);
    expect(first.result.json().rows.length).toBeGreaterThan(0);
  });

  it('refuse a session ended outside the API since, with its reason and without the list', async () => {
    const token = await t.login('gz_sl');
    expect((await t.call(token, { url: ENTERPRISES })).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update sys_session set ended_at = now(), end_reason = 'offline' where token_hash = ${sha256(token)}`,
    );
    const { result, started } = await counted(() => t.call(token, { url: ENTERPRISES }));
    expect(started).toBe(1);
    expect(result.statusCode).toBe(401);
    expect(result.json()).toMatchObject({ msg: '您已被管理员强制下线，请重新登录' });
    expect(result.json().rows).toBeUndefined();
    // Input refused before the route waits for the session: the ended session is still what it hears.
    const malformed = await t.call(token, { url: `${ENTERPRISES}&pageNum=abc` });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toMatchObject({ msg: '您已被管理员强制下线，请重新登录' });
  });

  it('refuse bad input of a known session as before, naming the field', async () => {
    const token = await t.login('gz_sl');
    expect((await t.call(token, { url: ENTERPRISES })).statusCode).toBe(200);
    const { result, started } = await counted(() => t.call(token, { url: `${ENTERPRISES}&pageNum=abc` }));
    expect(started).toBe(1);
    expect(result.statusCode).toBe(400);
    expect(result.json()).toMatchObject({ field: 'pageNum' });
  });

  it('refuse a caller whose roles were taken since', async () => {
    const token = await t.login('gz_cb');
    expect((await t.call(token, { url: ENTERPRISES })).statusCode).toBe(200);
    const roles = await t.database.db
      .select()
      .from(sysUserRole)
      .where(eq(sysUserRole.userId, await userId('gz_cb')));
    await t.database.db.delete(sysUserRole).where(eq(sysUserRole.userId, await userId('gz_cb')));
    try {
      const { result, started } = await counted(() => t.call(token, { url: ENTERPRISES }));
      expect(started).toBe(1);
      expect(result.statusCode).toBe(403);
      expect(result.json()).toMatchObject({ msg: '没有权限，请联系管理员授权' });
    } finally {
      await t.database.db.insert(sysUserRole).values(roles);
    }
  });

  it('answer on the scope the caller has now when it moved since', async () => {
    const token = await t.login('gz_sh');
    const before = await t.call(token, { url: ENTERPRISES });
    expect(before.statusCode).toBe(200);
    const [shenzhen] = await t.database.db
      .select({ deptId: sysDept.deptId })
      .from(sysDept)
      .where(eq(sysDept.area, '2'))
      .limit(1);
    await t.database.db.update(sysUser).set({ deptId: shenzhen!.deptId }).where(eq(sysUser.userName, 'gz_sh'));
    const moved = await counted(() => t.call(token, { url: ENTERPRISES }));
    expect(moved.started).toBe(1);
    expect(moved.redone).toBe(1);
    expect(moved.result.statusCode).toBe(200);
    // What a call that reads the session first answers: Shenzhen's enterprises, not Guangzhou's.
    const read = await t.call(await t.login('gz_sh'), { url: ENTERPRISES });
    expect(moved.result.json().rows).toEqual(read.json().rows);
    expect(moved.result.json().rows).not.toEqual(before.json().rows);
    expect(new Set(moved.result.json().rows.map((r: { ownership: string }) => r.ownership))).toEqual(new Set(['2']));
  });
});
