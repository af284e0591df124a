/**
 * A list's total (server/services/listTotal.ts): exact up to the ceiling, else the planner's
 * estimate, which is asked once a minute per query and values rather than on every page.
 */
import { describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../server/context.js';
import { certificateWhere } from '../../server/modules/certificate/query.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certificate } from '../../server/db/schema.js';
import { estimatedRows, listTotal } from '../../server/services/listTotal.js';
import { recording } from '../helpers/recording.js';
import { fewOf } from '../../server/services/listOrder.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('list totals', () => {
  it('plan a query for its estimate once for the same values, again for other values', async () => {
    const { db, sent } = recording(t.database.db);
    const of = (category: string) =>
      t.database.db.select({ id: certificate.id }).from(certificate).where(eq(certificate.category, category));
    const first = await estimatedRows(db, of('C3'));
    expect(sent.length).toBe(1);
    expect(await estimatedRows(db, of('C3'))).toBe(first);
    expect(sent.length).toBe(1);
    await estimatedRows(db, of('A'));
    expect(sent.length).toBe(2);
  });

  it("give the estimate, labelled so, above a caller's own line, and count below it", async () => {
    const query = t.database.db.select({ id: certificate.id }).from(certificate).where(eq(certificate.category, 'C3'));
    const rows = await t.database.db
      .select({ id: certificate.id })
      .from(certificate)
      .where(eq(certificate.category, 'C3'));
    const estimate = await estimatedRows(t.database.db, query);
    expect(estimate).toBeGreaterThan(0);
    expect(await listTotal(t.database.db, query, undefined, undefined, { estimateOnlyAbove: estimate - 1 })).toEqual({
      total: estimate,
      totalExact: false,
    });
    expect(await listTotal(t.database.db, query, undefined, undefined, { estimateOnlyAbove: estimate })).toEqual({
      total: rows.length,
      totalExact: true,
    });
  });

  it("take a caller's word that more than the ceiling match: the estimate, never below the ceiling, not counted", async () => {
    const { db, sent } = recording(t.database.db);
    const query = t.database.db.select({ id: certificate.id }).from(certificate).where(eq(certificate.category, 'C1'));
    const estimate = await estimatedRows(t.database.db, query);
    expect(await listTotal(db, query, 5, undefined, { pastCeiling: true })).toEqual({
      total: Math.max(6, estimate),
      totalExact: false,
    });
    expect(await listTotal(db, query, estimate + 10, undefined, { pastCeiling: true })).toEqual({
      total: estimate + 11,
      totalExact: false,
    });
    expect(sent.some((s) => s.startsWith('select count(*)'))).toBe(false);
  });

  it('count exactly what matches, whatever estimate was kept', async () => {
    const rows = await t.database.db
      .select({ id: certificate.id })
      .from(certificate)
      .where(eq(certificate.category, 'C3'));
    const query = t.database.db.select({ id: certificate.id }).from(certificate).where(eq(certificate.category, 'C3'));
    expect(await listTotal(t.database.db, query)).toEqual({ total: rows.length, totalExact: true });
    expect(await listTotal(t.database.db, query)).toEqual({ total: rows.length, totalExact: true });
  });

  it('count past the ceiling once a minute for the same query and values, and every time up to it', async () => {
    const { db, sent } = recording(t.database.db);
    const counts = () => sent.filter((text) => text.startsWith('select count(*)')).length;
    const of = (category: string) =>
      t.database.db.select({ id: certificate.id }).from(certificate).where(eq(certificate.category, category));
    const matching = async (category: string) =>
      (await t.database.db.select({ n: count() }).from(certificate).where(eq(certificate.category, category)))[0]!.n;
    const c3 = await matching('C3');
    const b = await matching('B');
    expect(Math.min(c3, b)).toBeGreaterThan(2);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      // Up to the ceiling: counted on every call, exact.
      expect(await listTotal(db, of('C3'), c3)).toEqual({ total: c3, totalExact: true });
      expect(await listTotal(db, of('C3'), c3)).toEqual({ total: c3, totalExact: true });
      expect(counts()).toBe(2);
      // Past it: counted once, then the estimate for a minute, never labelled exact.
      const past = await listTotal(db, of('C3'), 2);
      expect(past.totalExact).toBe(false);
      expect(past.total).toBeGreaterThanOrEqual(3);
      expect(counts()).toBe(3);
      vi.advanceTimersByTime(59_000);
      expect(await listTotal(db, of('C3'), 2)).toEqual(past);
      expect(counts()).toBe(3);
      // Other values, or another ceiling, are counted.
      expect((await listTotal(db, of('B'), 2)).totalExact).toBe(false);
      expect(await listTotal(db, of('C3'), c3)).toEqual({ total: c3, totalExact: true });
      expect(counts()).toBe(5);
      vi.advanceTimersByTime(2_000);
      expect((await listTotal(db, of('C3'), 2)).totalExact).toBe(false);
      expect(counts()).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the estimate of valid certificates expiring within dates (certificate/query.ts, migration 0029)', () => {
  it("is read from the valid ones' own expiry dates, not from status and expiry taken as independent", async () => {
    const db = t.database.db;
    await db.execute(sql`analyze certificate`);
    const province = { area: 'all', userType: '02', enterpriseId: null, personId: null, userId: 1 } as AuthUser;
    const today = chinaDate(t.clock.now());
    // Windows ahead of today, where nearly every certificate expiring is a valid one.
    for (const days of [90, 365, 730]) {
      const q = { status: '01' as const, expiryFrom: today, expiryTo: addDays(today, days) };
      const [{ n }] = await db.select({ n: count() }).from(certificate).where(certificateWhere(province, q));
      const estimate = await estimatedRows(
        db,
        db
          .select({ id: certificate.id })
          .from(certificate)
          .where(certificateWhere(province, q, { storedStatus: true })),
      );
      expect(
        Math.abs(estimate - n),
        `valid, expiring within ${days} days: ${n} match, ${estimate} estimated`,
      ).toBeLessThanOrEqual(Math.max(3, n * 0.15));
    }
  });
});

describe('the few persons or enterprises a typed word names (listOrder.ts fewOf)', () => {
  const ofCategory = (category: string) =>
    t.database.db.select({ id: certificate.id }).from(certificate).where(eq(certificate.category, category));

  it('answer the ids when at most so many match, read again on every call', async () => {
    const { db, sent } = recording(t.database.db);
    const all = await t.database.db
      .select({ id: certificate.id })
      .from(certificate)
      .where(eq(certificate.category, 'C3'));
    const ids = await fewOf(db, ofCategory('C3'), all.length);
    expect([...(ids ?? [])].sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
    await fewOf(db, ofCategory('C3'), all.length);
    expect(sent.length).toBe(2);
  });

  it('believe "more than so many" for a minute without asking, for those values only', async () => {
    const { db, sent } = recording(t.database.db);
    const all = await t.database.db
      .select({ id: certificate.id })
      .from(certificate)
      .where(eq(certificate.category, 'B'));
    expect(all.length).toBeGreaterThan(2);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      expect(await fewOf(db, ofCategory('B'), 2)).toBeNull();
      vi.advanceTimersByTime(59_000);
      expect(await fewOf(db, ofCategory('B'), 2)).toBeNull();
      expect(sent.length).toBe(1);
      // Other values are asked.
      expect(await fewOf(db, ofCategory('A'), 2)).toBeNull();
      expect(sent.length).toBe(2);
      vi.advanceTimersByTime(2_000);
      expect(await fewOf(db, ofCategory('B'), 2)).toBeNull();
      expect(sent.length).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
