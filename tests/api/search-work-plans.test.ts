/**
 * The work search of persons typed by ID number (server/modules/search/work.ts): with nothing else
 * asked, the page and its count are prepared once per connection (one plan serves any persons);
 * otherwise each call is planned for its values, as is a name alone (a range of the applications'
 * own index, migration 0032, whose best plan depends on how many share the name's start). The rows
 * are the same either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { recording } from '../helpers/recording.js';
import type { AuthUser } from '../../server/context.js';
import type { Db } from '../../server/db/client.js';
import { application, person } from '../../server/db/schema.js';
import { listWork } from '../../server/modules/search/work.js';
import { workListQuery } from '../../server/modules/search/schemas.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const province = { area: 'all', userType: '02', enterpriseId: null, personId: null, userId: 1, permissions: new Set<string>(), roleKeys: ['adminProvince'] } as unknown as AuthUser;
const centre = { ...province, area: '1', roleKeys: [] } as unknown as AuthUser;

describe('work search of persons typed by ID number', () => {
  it('keeps one plan for the page and the count when the persons are all it asks, and plans the others per call', async () => {
    const db = t.database.db;
    const [{ name, idNo }] = await db.select({ name: person.name, idNo: person.idNo }).from(application).innerJoin(person, eq(person.id, application.personId))
      .where(isNotNull(application.personId)).limit(1) as [{ name: string; idNo: string }];
    const now = t.clock.now();
    for (const [user, query, prepared] of [[province, `idNo=${idNo}`, true], [province, `idNo=${idNo}&sortField=submittedAt&sortOrder=descend`, true],
      [province, `idNo=${idNo.slice(0, 14)}&personName=${name}`, true],
      [province, `idNo=${idNo}&status=8`, false], [centre, `idNo=${idNo}`, false], [province, `personName=${name}`, false]] as const) {
      const rec = recording(db);
      const q = workListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const listed = await listWork(rec.db as Db, user, q, now);
      const plain = await listWork(db, user, q, now);
      expect(listed.rows.map((r) => r.id), query).toEqual(plain.rows.map((r) => r.id));
      expect(listed.total).toBe(plain.total);
      const page = rec.named.some((s) => s.includes(' order by ') && s.includes('"person_id" = any('));
      const count = rec.named.some((s) => s.startsWith('select count(*)'));
      expect([page, count], `${user.area} ${query}`).toEqual([prepared, prepared]);
    }
  });
});
