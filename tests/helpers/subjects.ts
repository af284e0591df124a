/**
 * Real subjects for applications in tests: the first person or certificate of an enterprise that the
 * business rules accept for a type (as the demo seed picks them), so tests of the workflow run
 * through the same rules as users do.
 */
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { BusinessType } from '../../machines/businessTypes.js';
import { application, certificate, examResult, person, sysUser } from '../../server/db/schema.js';
import type { Tx } from '../../server/db/client.js';
import { chinaDate } from '../../server/lib/days.js';
import { candidatesFor, firstEligible, type Candidate } from '../../server/demo/applications.js';
import type { ManualClock } from '../../server/lib/clock.js';
import type { TestApp } from './app.js';

export async function eligibleSubject(t: TestApp, type: BusinessType, enterpriseUser = 'ent_gz'): Promise<Candidate> {
  const db = t.database.db;
  const [applicant] = await db.select().from(sysUser).where(eq(sysUser.userName, enterpriseUser));
  const entId = applicant!.enterpriseId!;
  const today = chinaDate(t.clock.now());
  const poolType = type === 'personRevocation' ? 'revocation' : type;
  const find = async () =>
    firstEligible(
      db as unknown as Tx,
      t.clock as ManualClock,
      type,
      applicant!,
      await candidatesFor(db as unknown as Tx, poolType, entId, today, new Set()),
    );
  const found = await find();
  if (found) return found;
  if (type === 'newCert') {
    // More exam passers: staff of the enterprise without any certificate or exam pass yet.
    const staff = await db
      .select({ id: person.id })
      .from(person)
      .where(
        and(
          eq(person.enterpriseId, entId),
          notExists(db.select({ one: sql`1` }).from(certificate).where(eq(certificate.personId, person.id))),
          notExists(db.select({ one: sql`1` }).from(examResult).where(eq(examResult.personId, person.id))),
        ),
      )
      .limit(10);
    if (staff.length) {
      await db.insert(examResult).values(
        staff.map((s) => ({
          personId: s.id,
          category: 'C3',
          batchNo: 'TEST',
          examDate: today,
          attended: '1',
          knowledgeResult: '1',
          abilityResult: '1',
        })),
      );
      const again = await find();
      if (again) return again;
    }
  }
  if (type === 'rename') {
    // Another rename in progress blocks a new one: take the enterprise's drafts and submissions out of the way.
    await db
      .update(application)
      .set({ deleted: true })
      .where(
        and(
          eq(application.enterpriseId, entId),
          eq(application.businessType, 'rename'),
          inArray(application.status, [0, 1, 2, 3]),
          isNull(application.closedAt),
        ),
      );
    const again = await find();
    if (again) return again;
  }
  throw new Error(`no eligible ${type} subject for ${enterpriseUser}`);
}
