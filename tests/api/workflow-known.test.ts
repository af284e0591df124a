/**
 * A transition decided on what the server process already knew (the caller's session, the
 * application as last read or written) is written only if both are still so in the same statement:
 * a session ended, a user disabled, a role taken or a row changed outside the API since — by psql,
 * another process, a job — is seen at once, and the caller gets what the database says now.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, applicationHistory, sysUser, sysUserRole } from '../../server/db/schema.js';
import { sha256 } from '../../server/lib/tokens.js';
import { applyEvent, createApplication, guardedTransitions } from '../../server/workflow/store.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
const detail = async (user: string, id: number) => {
  const res = await t.call(await as(user), { url: `/api/workflow/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    version: number;
    stateValue: unknown;
    payload: Record<string, unknown>;
    allowedEvents: string[];
  };
};
const send = async (user: string, id: number, type: string, version: number, comment?: string) =>
  t.call(await as(user), {
    method: 'POST',
    url: `/api/workflow/${id}/events`,
    payload: { type, version, ...(comment ? { comment } : {}) },
  });
const stored = async (id: number) => {
  const [row] = await t.database.db
    .select({ version: application.version, step: application.step })
    .from(application)
    .where(eq(application.id, id));
  const [{ n }] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationHistory)
    .where(eq(applicationHistory.applicationId, id));
  return { ...row!, history: n };
};
/** A new newCert of ent_gz (Guangzhou), submitted: waiting for 受理 by gz_sl. */
async function waitingForAcceptance(): Promise<number> {
  const [applicant] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
  const [holder] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'person1'));
  const row = await t.database.db.transaction(async (tx) => {
    const saved = await createApplication(t.app.ctx, tx, {
      businessType: 'newCert',
      applicantUserId: applicant!.userId,
      enterpriseId: applicant!.enterpriseId,
      personId: holder!.personId,
      holderUserId: null,
      certificateId: null,
      payload: { category: 'C3', position: '08' },
    });
    return applyEvent(
      t.app.ctx,
      tx,
      saved,
      { type: 'SUBMIT', actorId: applicant!.userId, roleKey: 'enterprise', version: 0 },
      applicant!.nickName,
    );
  });
  expect(row.area).toBe('1');
  return row.id;
}
/** How many guarded transitions were written / decided again while `fn` ran. */
async function counted(fn: () => Promise<void>) {
  const before = { ...guardedTransitions };
  await fn();
  return {
    written: guardedTransitions.written - before.written,
    decidedAgain: guardedTransitions.decidedAgain - before.decidedAgain,
  };
}

apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('transitions on what the server knew', () => {
  it('go through in one statement when nothing changed, and the next one too', async () => {
    const id = await waitingForAcceptance();
    const { version } = await detail('gz_sl', id);
    const counts = await counted(async () => {
      const agree = await send('gz_sl', id, 'AGREE', version);
      expect(agree.statusCode, agree.body).toBe(200);
      expect(agree.json().data, agree.body).toMatchObject({ version: version + 1, stateValue: { inReview: 'cb' } });
      // gz_cb does not open it (only their queue): the row as this process wrote it is what gz_cb acts on.
      expect(
        (await t.call(await as('gz_cb'), { url: '/api/workflow/queue/waitReview?businessType=newCert' })).statusCode,
      ).toBe(200);
      const back = await send('gz_cb', id, 'RETURN', version + 1, '请补充材料');
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().data).toMatchObject({ version: version + 2, stateValue: 'submitted' });
    });
    expect(counts).toEqual({ written: 2, decidedAgain: 0 });
    expect(await stored(id)).toMatchObject({ version: version + 2, history: 3 });
  });

  it('refuse a session ended outside the API since, and write nothing', async () => {
    const id = await waitingForAcceptance();
    const { version } = await detail('gz_sl', id);
    const before = await stored(id);
    await t.database.db.execute(
      sql`update sys_session set ended_at = now(), end_reason = 'offline' where token_hash = ${sha256(await as('gz_sl'))}`,
    );
    const counts = await counted(async () => {
      const res = await send('gz_sl', id, 'AGREE', version);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().msg).toBe('您已被管理员强制下线，请重新登录');
    });
    expect(counts).toEqual({ written: 0, decidedAgain: 1 });
    expect(await stored(id)).toEqual(before);
    tokens.delete('gz_sl');
  });

  it('refuse a user disabled outside the API since, and write nothing', async () => {
    const id = await waitingForAcceptance();
    const { version } = await detail('gz_sl', id);
    const before = await stored(id);
    await t.database.db.update(sysUser).set({ status: '0' }).where(eq(sysUser.userName, 'gz_sl'));
    try {
      const res = await send('gz_sl', id, 'AGREE', version);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().msg).toBe('账号已停用，请联系管理员');
      expect(await stored(id)).toEqual(before);
    } finally {
      await t.database.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userName, 'gz_sl'));
      tokens.delete('gz_sl');
    }
  });

  it('refuse a caller whose role was taken outside the API since, and write nothing', async () => {
    const id = await waitingForAcceptance();
    const { version } = await detail('gz_sl', id);
    const before = await stored(id);
    const [user] = await t.database.db
      .select({ userId: sysUser.userId })
      .from(sysUser)
      .where(eq(sysUser.userName, 'gz_sl'));
    const roles = await t.database.db
      .select({ roleId: sysUserRole.roleId })
      .from(sysUserRole)
      .where(eq(sysUserRole.userId, user!.userId));
    await t.database.db.delete(sysUserRole).where(eq(sysUserRole.userId, user!.userId));
    try {
      const counts = await counted(async () => {
        const res = await send('gz_sl', id, 'AGREE', version);
        expect(res.statusCode, res.body).toBe(403);
      });
      expect(counts).toEqual({ written: 0, decidedAgain: 1 });
      expect(await stored(id)).toEqual(before);
    } finally {
      await t.database.db.insert(sysUserRole).values(roles.map((r) => ({ userId: user!.userId, roleId: r.roleId })));
    }
    // With the role back, the same request goes through (the session was never ended).
    const res = await send('gz_sl', id, 'AGREE', version);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('act on the row as stored when it was changed outside the API without a new version', async () => {
    const id = await waitingForAcceptance();
    const { version, payload } = await detail('gz_sl', id);
    const changed = { ...payload, remark: '由数据维护人员直接更正' };
    await t.database.db.update(application).set({ payload: changed }).where(eq(application.id, id));
    const counts = await counted(async () => {
      const res = await send('gz_sl', id, 'AGREE', version);
      expect(res.statusCode, res.body).toBe(200);
      // The answer shows the payload the database holds, not the one this process had read.
      expect(res.json().data.payload).toEqual(changed);
    });
    expect(counts).toEqual({ written: 0, decidedAgain: 1 });
    expect(await stored(id)).toMatchObject({ version: version + 1, step: 'cb' });
  });

  it('answer a stale version with 409 as before, and write nothing', async () => {
    const id = await waitingForAcceptance();
    const { version } = await detail('gz_sl', id);
    const before = await stored(id);
    const res = await send('gz_sl', id, 'AGREE', version - 1 < 0 ? version + 5 : version - 1);
    expect(res.statusCode, res.body).toBe(409);
    expect(await stored(id)).toEqual(before);
  });
});
