/**
 * The events a list row offers (allowedEventsFor) are kept by the stored snapshot and the asker:
 * whoever asked first, each user gets the machine's own answer for them, and a changed snapshot a new one.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import type { AuthUser } from '../../server/context.js';
import { application } from '../../server/db/schema.js';
import { resolveSession } from '../../server/modules/auth/session.service.js';
import { allowedEventsFor } from '../../server/workflow/allowedEvents.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

/** The same snapshot written with its keys in the other order: the same machine state, another text, so asked anew. */
const rewritten = <T extends { snapshot: unknown }>(row: T): T => {
  const s = row.snapshot as { value: unknown; context: Record<string, unknown> };
  return { ...row, snapshot: { context: Object.fromEntries(Object.entries(s.context).reverse()), value: s.value } };
};

describe('the events a row offers, kept between calls', () => {
  it("are each user's own whoever asked first, and a changed snapshot is asked anew", async () => {
    const users: AuthUser[] = [];
    for (const name of ['gz_sl', 'gz_cb', 'gz_cs', 'gz_sh', 'gz_sp', 'gz_bj', 'ent_gz', 'province'])
      users.push(await resolveSession(t.app.ctx, await t.login(name)));
    const rows = await t.database.db
      .select()
      .from(application)
      .where(and(eq(application.deleted, false), inArray(application.status, [0, 1, 2, 3])))
      .limit(300);
    // Kept: every user asks every row, in one order.
    const first = users.map((u) => rows.map((r) => allowedEventsFor(u, r)));
    // Anew: the same rows as another text, the users in the other order.
    const anew = [...users]
      .reverse()
      .map((u) => rows.map((r) => allowedEventsFor(u, rewritten(r))))
      .reverse();
    expect(first).toEqual(anew);
    // The rows offer something, and not the same to everyone: the answers depend on who asks.
    const offered = first.flat().filter((events) => events.length > 0);
    expect(offered.length).toBeGreaterThan(20);
    expect(new Set(first.map((answers) => JSON.stringify(answers))).size).toBeGreaterThan(3);

    // A row asked again after its step changed: the new step's holder now has the events, the old one's not.
    const atAcceptance = rows.findIndex(
      (r) => (r.snapshot as { value: unknown }).value === 'submitted' && r.area === '1',
    );
    expect(atAcceptance).toBeGreaterThanOrEqual(0);
    const row = rows[atAcceptance]!;
    const [sl, cb] = [users[0]!, users[1]!];
    expect(allowedEventsFor(sl, row).length).toBeGreaterThan(0);
    const moved = {
      ...row,
      snapshot: {
        ...(row.snapshot as object),
        value: { inReview: 'cb' },
        context: { ...(row.snapshot as { context: object }).context, actedBy: { sl: sl.userId } },
      },
    };
    expect(allowedEventsFor(cb, moved)).toEqual(allowedEventsFor(cb, rewritten(moved)));
    expect(allowedEventsFor(cb, moved).length).toBeGreaterThan(0);
    expect(allowedEventsFor(cb, row)).toEqual([]);
    // The answer is the caller's copy: changing it changes nobody else's.
    allowedEventsFor(sl, row).push('SUBMIT');
    expect(allowedEventsFor(sl, row)).not.toContain('SUBMIT');
  });
});
