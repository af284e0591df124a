/**
 * Sign-ups reviewed together (POST /exam/sign/review): each sign-up on its own, in its own
 * transaction, with its own answer; one that cannot be reviewed leaves the others reviewed.
 */
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { examSignup } from '../../server/db/schema.js';

let t: TestApp;
const { get, post } = apiSuite({
  ready: (app) => {
    t = app;
  },
});

async function pending(user: string): Promise<number[]> {
  const res = await get(user, '/api/exam/sign/list?pageNum=1&pageSize=100&status=pending');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as { id: number; actions: string[] }[])
    .filter((r) => r.actions.includes('accept'))
    .map((r) => r.id);
}

describe('reviewing sign-ups together', () => {
  it('accepts each it may, and answers for each one it may not, in the order asked', async () => {
    const mine = await pending('gz_sl');
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const [decided, a, b] = mine;
    expect((await post('gz_sl', '/api/exam/sign/accept', { ids: [decided] })).statusCode).toBe(200);
    const before = await t.database.db
      .select()
      .from(examSignup)
      .where(inArray(examSignup.id, [decided!]));

    const res = await post('gz_sl', '/api/exam/sign/review', { action: 'accept', ids: [a, decided, b, 999_999] });
    expect(res.statusCode, res.body).toBe(200);
    const { done, failed, results } = res.json().data;
    expect({ done, failed }).toEqual({ done: 2, failed: 2 });
    expect(results.map((r: { id: number; ok: boolean; code: number }) => [r.id, r.ok, r.code])).toEqual([
      [a, true, 0],
      [decided, false, 409],
      [b, true, 0],
      [999_999, false, 404],
    ]);
    expect(results[1].msg).toMatch(/已审核通过，不能再审核$/);
    const rows = await t.database.db
      .select()
      .from(examSignup)
      .where(inArray(examSignup.id, [a!, b!]));
    for (const r of rows)
      expect(r).toMatchObject({ status: 'accepted', ticketNo: expect.any(String), seatNo: expect.any(String) });
    // The one decided before is exactly as it was.
    expect(
      await t.database.db
        .select()
        .from(examSignup)
        .where(inArray(examSignup.id, [decided!])),
    ).toEqual(before);
    expect(res.json().msg).toBe('已审核 2 条报名，2 条未审核');
  });

  it("refusing needs a reason; another centre's sign-ups are refused line by line", async () => {
    const theirs = await pending('sz_staff');
    expect(theirs.length).toBeGreaterThan(0);
    const noReason = await post('gz_sl', '/api/exam/sign/review', { action: 'refuse', ids: theirs.slice(0, 1) });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason', msg: '请填写不通过原因' });
    const res = await post('gz_sl', '/api/exam/sign/review', {
      action: 'refuse',
      ids: theirs.slice(0, 1),
      reason: '照片不清晰',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results[0]).toMatchObject({ ok: false, code: 403 });
    const twice = await post('gz_sl', '/api/exam/sign/review', { action: 'accept', ids: [theirs[0], theirs[0]] });
    expect(twice.statusCode).toBe(400);
  });
});
