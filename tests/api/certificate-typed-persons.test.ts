/**
 * The certificate list of a typed name or ID number: many persons' newest rows found by walking the
 * list's order a bounded way (listOrder.ts newestOfPersons), and the persons' page and count keeping
 * one plan when nothing else is asked (client.ts preparedOnMain); the same pages as otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { AuthUser } from '../../server/context.js';
import type { Db } from '../../server/db/client.js';
import { certificate, person } from '../../server/db/schema.js';
import { loadLabels } from '../../server/modules/certificate/labels.js';
import { listCertificates } from '../../server/modules/certificate/query.js';
import { certificateListQuery } from '../../server/modules/certificate/schemas.js';
import { newestOfPersons } from '../../server/services/listOrder.js';
import { recording } from '../helpers/recording.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const province = { area: 'all', userType: '02', enterpriseId: null, personId: null, userId: 1 } as AuthUser;
const centre = { area: '1', userType: '02', enterpriseId: null, personId: null, userId: 1 } as AuthUser;

describe('a typed name many persons share', () => {
  it('lists the same pages by walking the newest rows as by sorting all of them, and only where nothing else is asked', async () => {
    const db = t.database.db;
    const labels = await loadLabels(db);
    const [{ name }] = await db.select({ name: person.name }).from(certificate).innerJoin(person, eq(person.id, certificate.personId)).orderBy(desc(certificate.issueDate)).limit(1) as [{ name: string }];
    const surname = name.slice(0, 1);
    const cases: [AuthUser, string][] = [
      [province, `name=${surname}`], [province, `name=${surname}&pageNum=2&pageSize=5`], [province, `name=${surname}&pageNum=400`],
      [province, `name=${surname}&category=C3`], [province, `name=${surname}&sortField=expiryDate&sortOrder=descend`], [centre, `name=${surname}`],
    ];
    let walks = 0;
    for (const [user, query] of cases) {
      const q = certificateListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const sorted = await listCertificates(db, user, q, labels);
      const rec = recording(db);
      const walked = await listCertificates(rec.db as Db, user, q, labels, { walkPersonsFrom: 1 });
      const walkedHere = rec.sent.some((s) => s.includes('select w.id from'));
      if (walkedHere) walks++;
      expect(walkedHere, query).toBe(user === province && !query.includes('category') && !query.includes('sortField'));
      expect(walked.rows.map((r) => r.id), `${user.area} ${query}`).toEqual(sorted.rows.map((r) => r.id));
      expect(walked.total).toBe(sorted.total);
    }
    expect(walks).toBe(3);
  });

  it('keeps one plan for the page and the count of typed persons when nothing else is asked, and plans the others per call', async () => {
    const db = t.database.db;
    const labels = await loadLabels(db);
    const [{ name }] = await db.select({ name: person.name }).from(person).limit(1) as [{ name: string }];
    for (const [user, query, prepared] of [[province, `name=${name}`, true], [province, `name=${name}&sortField=certNo&sortOrder=ascend`, true],
      [province, `name=${name}&status=03`, false], [centre, `name=${name}`, false]] as const) {
      const rec = recording(db);
      const q = certificateListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const listed = await listCertificates(rec.db as Db, user, q, labels, { walkPersonsFrom: Infinity });
      expect(listed.rows.map((r) => r.id), query).toEqual((await listCertificates(db, user, q, labels)).rows.map((r) => r.id));
      const page = rec.named.some((s) => s.includes('inner join "enterprise"') && s.includes('"person_id" = any('));
      const count = rec.named.some((s) => s.startsWith('select count(*)'));
      expect([page, count], `${user.area} ${query}`).toEqual([prepared, prepared]);
    }
  });

  it('gives up when the newest rows hold fewer than the page', async () => {
    const db = t.database.db;
    const [newest] = await db.select({ id: certificate.id, personId: certificate.personId }).from(certificate).orderBy(desc(certificate.issueDate), desc(certificate.id)).limit(1);
    const at = { table: 'certificate', order: 'issue_date, id' };
    expect(await newestOfPersons(db, at, [newest!.personId], { limit: 1, offset: 0 }, 1)).toEqual([newest!.id]);
    // A window of one row cannot hold a page of two, nor the second page.
    expect(await newestOfPersons(db, at, [newest!.personId], { limit: 2, offset: 0 }, 1)).toBeNull();
    expect(await newestOfPersons(db, at, [newest!.personId], { limit: 1, offset: 1 }, 1)).toBeNull();
  });
});
