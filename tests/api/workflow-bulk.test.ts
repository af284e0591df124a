/**
 * Deciding several applications together (POST /workflow/bulk/events): each item goes through the
 * engine on its own, in its own transaction, and gets its own answer; an item the engine refuses
 * is left exactly as it was while the others are decided.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, applicationHistory, certificate } from '../../server/db/schema.js';

let t: TestApp;
const { get, post } = apiSuite({
  ready: (app) => {
    t = app;
  },
});

interface QueueRow {
  id: number;
  applyNo: string;
  version: number;
  status: number;
  step: string | null;
  businessType: string;
  allowedEvents: string[];
  certificateId?: number;
}

async function queue(user: string, name: string, businessType?: string): Promise<QueueRow[]> {
  const res = await get(
    user,
    `/api/workflow/queue/${name}?pageNum=1&pageSize=100${businessType ? `&businessType=${businessType}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

/** The stored row and its history, as text: "left exactly as it was" is a comparison of these. */
async function stored(ids: number[]) {
  const rows = await t.database.db
    .select()
    .from(application)
    .where(inArray(application.id, ids))
    .orderBy(asc(application.id));
  const history = await t.database.db
    .select({ id: applicationHistory.applicationId })
    .from(applicationHistory)
    .where(inArray(applicationHistory.applicationId, ids));
  return { rows: JSON.stringify(rows), history: history.length };
}

const bulk = (user: string, body: unknown) => post(user, '/api/workflow/bulk/events', body);

describe('bulk decisions', () => {
  it('accepts every selected item, each in its own transaction, with one answer per item in the order asked', async () => {
    const waiting = (await queue('gz_sl', 'waitAccept')).filter((r) => r.allowedEvents.includes('AGREE'));
    expect(waiting.length).toBeGreaterThanOrEqual(6);
    const picked = waiting.slice(0, 4);
    const res = await bulk('gz_sl', {
      type: 'AGREE',
      comment: '材料齐全，予以受理',
      items: picked.map((r) => ({ id: r.id, version: r.version })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ done: 4, failed: 0 });
    expect(data.results.map((r: { id: number }) => r.id)).toEqual(picked.map((r) => r.id));
    for (const [i, line] of data.results.entries()) {
      expect(line).toMatchObject({
        ok: true,
        code: 0,
        applyNo: picked[i]!.applyNo,
        version: picked[i]!.version + 1,
        status: 3,
      });
      // 受理 may take back what it just accepted: the answer says what the caller may do now.
      expect(line.allowedEvents).toContain('WITHDRAW');
    }
    for (const r of picked) {
      const history = await t.database.db
        .select()
        .from(applicationHistory)
        .where(eq(applicationHistory.applicationId, r.id))
        .orderBy(asc(applicationHistory.version));
      expect(history.at(-1)).toMatchObject({
        event: 'AGREE',
        step: 'sl',
        comment: '材料齐全，予以受理',
        version: r.version + 1,
      });
    }
    // They left the acceptance queue.
    const still = new Set((await queue('gz_sl', 'waitAccept')).map((r) => r.id));
    for (const r of picked) expect(still.has(r.id)).toBe(false);
  });

  it("a stale version, another centre's item and one no longer waiting are refused on their own line; the rest are decided", async () => {
    const mine = (await queue('gz_sl', 'waitAccept')).filter((r) => r.allowedEvents.includes('AGREE'));
    const [first, stale, last] = mine;
    expect(last).toBeDefined();
    const foreign = (await queue('sz_staff', 'waitAccept')).find((r) => r.allowedEvents.includes('AGREE'))!;
    expect(foreign).toBeDefined();
    // Decided already by the single route: the bulk call's version is stale and the machine has moved on.
    const single = await post('gz_sl', `/api/workflow/${stale!.id}/events`, {
      type: 'AGREE',
      version: stale!.version,
      comment: '同意',
    });
    expect(single.statusCode, single.body).toBe(200);
    const untouched = await stored([stale!.id, foreign.id]);

    const res = await bulk('gz_sl', {
      type: 'AGREE',
      items: [first!, stale!, foreign, last!].map((r) => ({ id: r.id, version: r.version })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { done, failed, results } = res.json().data;
    expect({ done, failed }).toEqual({ done: 2, failed: 2 });
    expect(results.map((r: { ok: boolean; code: number }) => [r.ok, r.code])).toEqual([
      [true, 0],
      [false, 409],
      [false, 403],
      [true, 0],
    ]);
    expect(results[1].msg).toBe('数据已被他人更新，请刷新后重试');
    expect(results[2].msg).toBe('您无权查看该业务');
    expect(results[2].applyNo).toBe(foreign.applyNo);
    // The refused items are exactly as they were: no row, no history written.
    expect(await stored([stale!.id, foreign.id])).toEqual(untouched);
    expect(res.json().msg).toBe('已办理 2 件，2 件未办理');
  });

  it("closing approved changes each certificate in the item's own transaction", async () => {
    const atClose = (await queue('gz_bj', 'waitReview')).filter((r) => r.allowedEvents.includes('AGREE'));
    expect(atClose.length).toBeGreaterThanOrEqual(1);
    const ids = atClose.map((r) => r.id);
    const certIds = (
      await t.database.db.select({ c: application.certificateId }).from(application).where(inArray(application.id, ids))
    )
      .map((r) => r.c)
      .filter((c): c is number => c !== null);
    const certsBefore = certIds.length
      ? await t.database.db.select().from(certificate).where(inArray(certificate.id, certIds))
      : [];
    expect(certsBefore.length).toBeGreaterThan(0);
    const res = await bulk('gz_bj', {
      type: 'AGREE',
      comment: '准予办结',
      items: atClose.map((r) => ({ id: r.id, version: r.version })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.failed).toBe(0);
    const rows = await t.database.db.select().from(application).where(inArray(application.id, ids));
    for (const row of rows) expect(row).toMatchObject({ status: 8, outcome: 'approved' });
    // Each certificate the items name was changed by its item's close effect (a new version, or a new status).
    for (const before of certsBefore) {
      const [after] = await t.database.db.select().from(certificate).where(eq(certificate.id, before.id));
      expect([after!.version, after!.status], before.certNo).not.toEqual([before.version, before.status]);
    }
  });

  it('refuses a malformed request whole, naming the field, and writes nothing', async () => {
    const [a, b] = (await queue('gz_sl', 'waitAccept')).filter((r) => r.allowedEvents.includes('RETURN'));
    const before = await stored([a!.id, b!.id]);
    const noComment = await bulk('gz_sl', { type: 'RETURN', items: [{ id: a!.id, version: a!.version }] });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json()).toMatchObject({ field: 'comment', msg: '请填写意见' });
    const twice = await bulk('gz_sl', {
      type: 'AGREE',
      items: [
        { id: a!.id, version: a!.version },
        { id: a!.id, version: a!.version },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('同一业务不能重复办理');
    const none = await bulk('gz_sl', { type: 'AGREE', items: [] });
    expect(none.statusCode).toBe(400);
    const tooMany = await bulk('gz_sl', {
      type: 'AGREE',
      items: Array.from({ length: 101 }, (_v, i) => ({ id: i + 1, version: 0 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('一次最多办理 100 件');
    const submit = await bulk('ent_gz', { type: 'SUBMIT', items: [{ id: a!.id, version: a!.version }] });
    expect(submit.statusCode).toBe(400);
    expect(await stored([a!.id, b!.id])).toEqual(before);
  });

  it("answers each line in the caller's language", async () => {
    const [a] = (await queue('gz_sl', 'waitAccept')).filter((r) => r.allowedEvents.includes('AGREE'));
    const res = await t.call(await t.login('gz_sl'), {
      method: 'POST',
      url: '/api/workflow/bulk/events',
      headers: { 'accept-language': 'en-US' },
      payload: { type: 'AGREE', items: [{ id: a!.id, version: a!.version + 5 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data.results[0];
    expect(line.ok).toBe(false);
    expect(line.msg).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
