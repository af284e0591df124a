/**
 * The work search of the few enterprises a word names (server/modules/search/work.ts) and the
 * certificate list of those enterprises (server/modules/certificate/query.ts): with nothing else
 * asked, the page and its count are prepared once per connection (one plan serves any enterprises:
 * their index, then a sort); otherwise each call is planned for its values, as is a typed name or ID
 * number (a range of the applications' own indexes, migrations 0032 and 0039, whose best plan
 * depends on how many share the start). The rows are the same either way.
 */
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { eq, isNotNull } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { recording } from '../helpers/recording.js';
import type { AuthUser } from '../../server/context.js';
import { wrapPool, type Db } from '../../server/db/client.js';
import { application, certificate, enterprise } from '../../server/db/schema.js';
import { loadLabels } from '../../server/modules/certificate/labels.js';
import { listCertificates } from '../../server/modules/certificate/query.js';
import { certificateListQuery } from '../../server/modules/certificate/schemas.js';
import { listWork } from '../../server/modules/search/work.js';
import { workListQuery } from '../../server/modules/search/schemas.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const province = {
  area: 'all',
  userType: '02',
  enterpriseId: null,
  personId: null,
  userId: 1,
  permissions: new Set<string>(),
  roleKeys: ['adminProvince'],
} as unknown as AuthUser;
const centre = { ...province, area: '1', roleKeys: [] } as unknown as AuthUser;

/**
 * Lists once through a recording handle and once plainly (same rows and total), and answers whether
 * the page filtered on `column = any(` and the count were sent as named (kept-plan) statements.
 */
async function keptPlans(
  list: (db: Db) => Promise<{ rows: { id: number }[]; total: number }>,
  column: string,
  what: string,
): Promise<[boolean, boolean]> {
  const rec = recording(t.database.db);
  const listed = await list(rec.db as Db);
  const plain = await list(t.database.db);
  expect(
    listed.rows.map((r) => r.id),
    what,
  ).toEqual(plain.rows.map((r) => r.id));
  expect(listed.total, what).toBe(plain.total);
  return [
    rec.named.some((s) => s.includes(' order by ') && s.includes(`"${column}" = any(`)),
    rec.named.some((s) => s.startsWith('select count(*)')),
  ];
}
const parsed = (query: string) => Object.fromEntries(new URLSearchParams(query));

/** The start of the enterprise's name: a word few enterprises have. */
async function enterpriseWord(db: Db, enterpriseId: number) {
  const [{ name }] = (await db
    .select({ name: enterprise.name })
    .from(enterprise)
    .where(eq(enterprise.id, enterpriseId))) as [{ name: string }];
  return name.slice(0, 4);
}

describe('lists of the enterprises a word names', () => {
  it('work search: keeps one plan for the page and the count when the enterprises are all it asks, and plans the others per call', async () => {
    const db = t.database.db;
    const [{ id }] = (await db
      .select({ id: application.enterpriseId })
      .from(application)
      .where(isNotNull(application.enterpriseId))
      .limit(1)) as [{ id: number }];
    const word = await enterpriseWord(db, id);
    const now = t.clock.now();
    for (const [user, query, prepared] of [
      [province, `enterpriseName=${word}`, true],
      [province, `enterpriseName=${word}&sortField=submittedAt&sortOrder=descend`, true],
      [province, `enterpriseName=${word}&status=8`, false],
      [centre, `enterpriseName=${word}`, false],
    ] as const) {
      const q = workListQuery.parse(parsed(query));
      expect(
        await keptPlans((on) => listWork(on, user, q, now), 'enterprise_id', `${user.area} ${query}`),
        `${user.area} ${query}`,
      ).toEqual([prepared, prepared]);
    }
    // The enterprise's own applications are among those the word finds.
    expect((await listWork(db, province, workListQuery.parse({ enterpriseName: word }), now)).total).toBeGreaterThan(0);
  });

  it("work search: plans a typed holder's name or ID number start per call, page and count", async () => {
    const db = t.database.db;
    const [{ name, idNo }] = (await db
      .select({ name: application.holderName, idNo: application.holderIdNo })
      .from(application)
      .where(isNotNull(application.holderIdNo))
      .limit(1)) as [{ name: string; idNo: string }];
    const now = t.clock.now();
    for (const [query, column] of [
      [`personName=${name.slice(0, 1)}`, 'holder_name'],
      [`idNo=${idNo.slice(0, 6)}`, 'holder_id_no'],
    ] as const) {
      const rec = recording(db);
      const listed = await listWork(rec.db as Db, province, workListQuery.parse(parsed(query)), now);
      expect(listed.total, query).toBeGreaterThan(0);
      const filtering = (s: string) => s.includes(`"${column}" collate "C" like`);
      // Both sent (the page and its count), neither under a name.
      expect(rec.sent.filter(filtering).length, query).toBeGreaterThanOrEqual(2);
      expect(rec.named.filter(filtering), query).toEqual([]);
    }
  });

  it('certificate list: the same', async () => {
    const db = t.database.db;
    const [{ id }] = (await db.select({ id: certificate.enterpriseId }).from(certificate).limit(1)) as [{ id: number }];
    const word = await enterpriseWord(db, id);
    const labels = await loadLabels(db);
    for (const [user, query, prepared] of [
      [province, `enterpriseName=${word}`, true],
      [province, `enterpriseName=${word}&sortField=expiryDate&sortOrder=descend`, true],
      [province, `enterpriseName=${word}&status=01`, false],
      [province, `enterpriseName=${word}&category=A`, false],
      [centre, `enterpriseName=${word}`, false],
    ] as const) {
      const q = certificateListQuery.parse(parsed(query));
      expect(
        await keptPlans((on) => listCertificates(on, user, q, labels), 'enterprise_id', `${user.area} ${query}`),
        `${user.area} ${query}`,
      ).toEqual([prepared, prepared]);
    }
    expect(
      (await listCertificates(db, province, certificateListQuery.parse({ enterpriseName: word }), labels)).total,
    ).toBeGreaterThan(0);
  });
});

describe.runIf(inject('postgresAdminUrl'))('kept plans on PostgreSQL', () => {
  it("plans the pages of a word's enterprises once per connection, not on every call", async () => {
    // One connection, so that its prepared statements are the ones these lists sent.
    const one = wrapPool(new pg.Pool({ connectionString: t.database.pool!.options.connectionString, max: 1 }));
    try {
      const db = t.database.db;
      const [{ id }] = (await db
        .select({ id: application.enterpriseId })
        .from(application)
        .where(isNotNull(application.enterpriseId))
        .limit(1)) as [{ id: number }];
      const word = await enterpriseWord(db, id);
      const labels = await loadLabels(db);
      const now = t.clock.now();
      // PostgreSQL plans a named statement for its values five times, then keeps a generic plan if it costs no more.
      for (let i = 0; i < 8; i += 1) {
        await listCertificates(one.db, province, certificateListQuery.parse({ enterpriseName: word }), labels);
        await listWork(one.db, province, workListQuery.parse({ enterpriseName: word }), now);
      }
      const { rows } = await one.pool!.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
      );
      const pages = rows.filter(
        (r) => r.statement.includes(' order by ') && r.statement.includes('"enterprise_id" = any('),
      );
      expect(pages.map((r) => r.statement.slice(0, 40))).toHaveLength(2);
      for (const page of pages) expect(Number(page.generic_plans), page.statement).toBeGreaterThan(0);
    } finally {
      await one.close();
    }
  });
});
