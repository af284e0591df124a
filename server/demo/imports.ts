/**
 * Past imports for the demo, so the ExamImport and EducationImport histories are not empty: for
 * each demo enterprise's centre, one continuing-education import that brought in the hours of some
 * case holders, and one score import that brought in the case persons' exam results. The rows
 * already seeded are linked to them (and the education rows keyed as an import keys them, so
 * importing the same rows again writes nothing).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { dataImport, educationRecord, examResult, person, sysUser } from '../db/schema.js';
import { addDays, chinaDayStart } from '../lib/days.js';
import { educationRowKey } from '../modules/imports/keys.js';
import { caseIdNo, CASE_ENTERPRISE_USERS, type CaseKey } from './businessCases.js';

const CENTRES = [
  { staff: 'gz_sl', city: '广州' },
  { staff: 'sz_staff', city: '深圳' },
  { staff: 'prov_staff', city: '省中心' },
] as const;

const EDUCATION_CASES: readonly CaseKey[] = ['delayOk1', 'delayOk2', 'delayOk3', 'delayDemo1', 'delayDemo2', 'innerA'];
const EXAM_CASES: readonly CaseKey[] = [
  'newC3a',
  'newC3b',
  'newC1',
  'newB',
  'newA',
  'newExamFailed',
  'newC3c',
  'newC3d',
  'newC2',
  'newA2',
];

const fakeSha = (text: string) => createHash('sha256').update(text).digest('hex');
/** 10 o'clock China time on a day: when the centre's clerk imported. */
const morningOf = (day: string) => new Date(chinaDayStart(day).getTime() + 10 * 3_600_000);

/** Records the demo's past imports; answers how many. Runs inside the seeding transaction. */
export async function seedDemoImports(tx: Tx, today: string): Promise<number> {
  const year = today.slice(0, 4);
  let count = 0;
  for (const [entIndex, centre] of CENTRES.entries()) {
    const [staff] = await tx.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, centre.staff));
    if (!staff || !CASE_ENTERPRISE_USERS[entIndex]) continue;
    const ids = (keys: readonly CaseKey[]) => keys.map((k) => caseIdNo(entIndex, k, today));

    // Continuing education: the holders' hours, as the provider reported them.
    const rows = await tx
      .select({
        id: educationRecord.id,
        idNo: person.idNo,
        certNo: educationRecord.certNo,
        course: educationRecord.course,
        provider: educationRecord.provider,
        finishedOn: educationRecord.finishedOn,
      })
      .from(educationRecord)
      .innerJoin(person, eq(person.id, educationRecord.personId))
      .where(and(inArray(person.idNo, ids(EDUCATION_CASES)), isNull(educationRecord.importId)));
    const past = rows.filter((r) => r.finishedOn <= addDays(today, -40) && r.certNo && r.provider);
    if (past.length) {
      const name = `${year}年继续教育学时（${centre.city}）.xlsx`;
      const [edu] = await tx
        .insert(dataImport)
        .values({
          kind: 'education',
          fileName: name,
          sha256: fakeSha(name),
          rows: past.length,
          written: past.length,
          createdBy: staff.userId,
          createdAt: morningOf(addDays(today, -35 + entIndex)),
        })
        .returning({ id: dataImport.id });
      for (const r of past) {
        const startedOn = addDays(r.finishedOn, -1);
        await tx
          .update(educationRecord)
          .set({
            importId: edu!.id,
            startedOn,
            rowKey: educationRowKey({
              idNo: r.idNo,
              certNo: r.certNo!,
              course: r.course,
              provider: r.provider!,
              startedOn,
              finishedOn: r.finishedOn,
            }),
          })
          .where(eq(educationRecord.id, r.id));
      }
      count += 1;
    }

    // Scores: the exam results of the persons who passed (or failed) an earlier batch.
    const results = await tx
      .select({ id: examResult.id })
      .from(examResult)
      .innerJoin(person, eq(person.id, examResult.personId))
      .where(and(inArray(person.idNo, ids(EXAM_CASES)), isNull(examResult.importId)));
    if (results.length) {
      const name = `${year}年第${entIndex + 1}批安管人员考试成绩（${centre.city}）.xlsx`;
      const [exam] = await tx
        .insert(dataImport)
        .values({
          kind: 'exam',
          fileName: name,
          sha256: fakeSha(name),
          rows: results.length,
          written: results.length,
          createdBy: staff.userId,
          createdAt: morningOf(addDays(today, -44 + entIndex)),
        })
        .returning({ id: dataImport.id });
      await tx
        .update(examResult)
        .set({ importId: exam!.id })
        .where(
          inArray(
            examResult.id,
            results.map((r) => r.id),
          ),
        );
      count += 1;
    }
  }
  return count;
}
