/** A prerendered list select (server/db/prerendered.ts) gives the rows drizzle gives for the same statement. */
import { describe, expect, it } from 'vitest';
import { asc, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import type { DbOrTx } from '../../server/db/client.js';
import { prerendered } from '../../server/db/prerendered.js';
import { application, certificate, enterprise, person } from '../../server/db/schema.js';
import { listedApplications, listedApplicationsPage } from '../../server/workflow/views.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('a prerendered select', () => {
  it('maps nested rows, dates, times, nulls and same-named columns as drizzle does', async () => {
    const db = t.database.db;
    // A printed certificate (a time) and one never printed (nulls) among the rows.
    const [printed] = await db.select({ id: certificate.id }).from(certificate).limit(1);
    await db
      .update(certificate)
      .set({ printedAt: new Date('2026-03-04T05:06:07.089Z'), printedVersion: 1 })
      .where(eq(certificate.id, printed!.id));
    // An expression read through its decoder (a text mapped to a number), and one parsed by the driver (json).
    const fields = {
      cert: getTableColumns(certificate),
      name: person.name,
      enterpriseName: enterprise.name,
      digits: sql<number>`length(${certificate.certNo})::text`.mapWith(Number),
      held: sql<{ no: string }>`json_build_object('no', ${certificate.certNo})`,
    };
    const joined = (on: DbOrTx) =>
      on
        .select(fields)
        .from(certificate)
        .innerJoin(person, eq(person.id, certificate.personId))
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));
    const page = prerendered<Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number]>(joined, fields);
    const rows = await page.rows(db, sql`where ${gt(certificate.id, 0)} order by ${asc(certificate.id)} limit 50`);
    expect(rows).toEqual(await joined(db).where(gt(certificate.id, 0)).orderBy(asc(certificate.id)).limit(50));
    expect(rows.length).toBeGreaterThan(1);
    expect(typeof rows[0]!.digits).toBe('number');
    expect(rows[0]!.held.no).toBe(rows[0]!.cert.certNo);
    expect(rows.find((r) => r.cert.id === printed!.id)?.cert.printedAt).toEqual(new Date('2026-03-04T05:06:07.089Z'));
    expect(rows.some((r) => r.cert.printedAt === null)).toBe(true);
    // The same again under a kept plan.
    expect(
      await page.rows(db, sql`where ${gt(certificate.id, 0)} order by ${asc(certificate.id)} limit 50`, {
        samePlan: true,
      }),
    ).toEqual(rows);
  });

  it("gives the queues' and work lists' page as drizzle would", async () => {
    const db = t.database.db;
    const where = eq(application.deleted, false);
    const order = [desc(application.id)];
    const joined = await listedApplications(db)
      .where(where)
      .orderBy(...order)
      .limit(30)
      .offset(2);
    expect(await listedApplicationsPage(db, { where, order, limit: 30, offset: 2 })).toEqual(joined);
    // The names looked up for the page's rows instead of joined: the same rows.
    expect(await listedApplicationsPage(db, { where, order, limit: 30, offset: 2, applicationOnly: true })).toEqual(
      joined,
    );
    expect(joined.some((r) => r.certNo === null) && joined.some((r) => r.certNo !== null)).toBe(true);
  });
});
