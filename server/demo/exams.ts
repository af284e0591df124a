/**
 * Demo exams for each area's centre: a batch whose results were published six weeks ago (the case
 * enterprise's C3 exam passers and the one who failed, with other qualified candidates of the area:
 * some pass, some fail a part, one was absent), a batch open for sign-up now (pending and accepted
 * sign-ups with tickets, one refused), and a draft for next season. Every snapshot is walked
 * through the examBatch machine with the facts of its day, every candidate passes the same sign-up
 * rules as on the platform, and the passers' results are the rows the new-certificate rule reads.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import {
  createExamBatchSnapshot,
  transitionExamBatch,
  type ExamBatchEvent,
  type PersistedExamBatchSnapshot,
} from '../../machines/examBatch.machine.js';
import type { DbOrTx, Tx } from '../db/client.js';
import { certificate, enterprise, examBatch, examResult, examSignup, person, sysUser } from '../db/schema.js';
import { fixedClock } from '../lib/clock.js';
import { addDays, chinaDate, chinaDayStart } from '../lib/days.js';
import type { Category } from '../modules/business/payloads.js';
import { checkExamCandidate } from '../modules/business/rules.js';
import { nextBatchNo } from '../modules/exam/batches.js';
import { nextTicket } from '../modules/exam/signups.js';
import { caseIdNo, CASE_ENTERPRISE_USERS, type CaseKey } from './businessCases.js';

const AREAS = [
  {
    area: '1',
    place: '广州市天河区天寿路 32 号 广东省建设职业培训中心考点',
    centre: 'gz_sl',
    open: 'C3' as Category,
    draft: 'C1' as Category,
  },
  {
    area: '2',
    place: '深圳市福田区上步中路 1011 号 深圳市建设科技大厦考点',
    centre: 'sz_staff',
    open: 'C2' as Category,
    draft: 'C3' as Category,
  },
  {
    area: '3',
    place: '佛山市禅城区季华五路 18 号 佛山市建设培训中心考点',
    centre: 'prov_staff',
    open: 'C1' as Category,
    draft: 'B' as Category,
  },
] as const;

/** The case persons of the published C3 batch (their earlier exam rows become its results). */
const C3_CASES: readonly CaseKey[] = ['newC3a', 'newC3b', 'newC3c', 'newC3d', 'newExamFailed'];

/** Categories a holder of which would not sit the exam of the key (DOMAIN.md holding rules). */
const CONFLICTING: Record<Category, readonly Category[]> = {
  A: ['A'],
  B: ['B'],
  C1: ['C1', 'C3'],
  C2: ['C2', 'C3'],
  C3: ['C1', 'C2', 'C3'],
};

/** An instant on a China day at hh:mm. */
const at = (day: string, hh: number, mm = 0) => new Date(chinaDayStart(day).getTime() + (hh * 60 + mm) * 60_000);

interface Walked {
  snapshot: PersistedExamBatchSnapshot;
  version: number;
}

/** The batch's snapshot after the events, each refused event a seed bug. */
function walk(schedule: Parameters<typeof createExamBatchSnapshot>[0], events: ExamBatchEvent[]): Walked {
  let snapshot = createExamBatchSnapshot(schedule);
  for (const e of events) {
    const r = transitionExamBatch(snapshot, e);
    if (!r.ok) throw new Error(`demo exam batch: ${e.type} refused in ${r.from}`);
    snapshot = r.snapshot;
  }
  return {
    snapshot,
    version: events.filter((e) => !['SIGN_UP', 'WITHDRAW', 'REVIEW', 'ENTER_RESULT', 'PRINT_TICKET'].includes(e.type))
      .length,
  };
}

async function insertBatch(
  tx: Tx,
  b: {
    name: string;
    category: Category;
    area: string;
    place: string;
    examDay: string;
    signupFrom: string;
    signupTo: string;
    capacity: number;
    walked: Walked;
    createdBy: number | null;
    createdAt: Date;
    publishedAt?: Date;
  },
) {
  const batchNo = await nextBatchNo(tx, b.examDay.slice(0, 4), b.area);
  const [row] = await tx
    .insert(examBatch)
    .values({
      batchNo,
      name: b.name,
      category: b.category,
      area: b.area,
      place: b.place,
      knowledgeStart: at(b.examDay, 9),
      knowledgeEnd: at(b.examDay, 11),
      abilityStart: at(b.examDay, 14),
      abilityEnd: at(b.examDay, 16, 30),
      capacity: b.capacity,
      signupFrom: b.signupFrom,
      signupTo: b.signupTo,
      state: b.walked.snapshot.value,
      snapshot: b.walked.snapshot,
      version: b.walked.version,
      createdBy: b.createdBy,
      publishedAt: b.publishedAt ?? null,
      createdAt: b.createdAt,
      updatedAt: b.publishedAt ?? b.createdAt,
    })
    .returning();
  return row!;
}

/** People of the area's enterprises (the demo enterprise's first) who may sit the category's exam and pass the sign-up rules. */
async function qualified(
  tx: Tx,
  area: string,
  category: Category,
  firstEnterprise: number | null,
  now: Date,
  exclude: Set<number>,
  limit: number,
) {
  const rows = await tx
    .select({ id: person.id, enterpriseId: person.enterpriseId })
    .from(person)
    .innerJoin(enterprise, eq(enterprise.id, person.enterpriseId))
    .where(
      and(
        eq(enterprise.ownership, area),
        eq(person.employStatus, '1'),
        // Nobody who holds this or a conflicting category, or already sat an exam of it.
        notExists(
          tx
            .select({ one: sql`1` })
            .from(certificate)
            .where(and(eq(certificate.personId, person.id), inArray(certificate.category, [...CONFLICTING[category]]))),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(examResult)
            .where(and(eq(examResult.personId, person.id), eq(examResult.category, category))),
        ),
      ),
    )
    .orderBy(sql`${person.enterpriseId} = ${firstEnterprise ?? -1} desc`, asc(person.id))
    .limit(400);
  const out: { id: number; enterpriseId: number }[] = [];
  for (const r of rows) {
    if (out.length >= limit) break;
    if (exclude.has(r.id) || r.enterpriseId === null) continue;
    const answer = await checkExamCandidate(tx, fixedClock(now), {
      personId: r.id,
      enterpriseId: r.enterpriseId,
      category,
      position: category === 'B' ? '07' : '08',
    });
    if (answer.code === 0) out.push({ id: r.id, enterpriseId: r.enterpriseId });
  }
  return out;
}

type SignupFields = {
  batch: typeof examBatch.$inferSelect;
  personId: number;
  enterpriseId: number;
  category: Category;
  signedBy: number;
  createdAt: Date;
};

async function addSignup(
  tx: Tx,
  f: SignupFields,
  decision: {
    status: 'pending' | 'accepted' | 'refused' | 'withdrawn';
    reviewer?: number;
    reviewedAt?: Date;
    reason?: string;
  },
) {
  const ticket = decision.status === 'accepted' ? await nextTicket(tx, f.batch) : null;
  const [row] = await tx
    .insert(examSignup)
    .values({
      batchId: f.batch.id,
      personId: f.personId,
      enterpriseId: f.enterpriseId,
      category: f.category,
      position: f.category === 'B' ? '07' : '08',
      status: decision.status,
      refuseReason: decision.reason ?? null,
      ...(ticket ?? {}),
      verifyCode: ticket ? randomBytes(12).toString('base64url') : null,
      signedBy: f.signedBy,
      reviewedBy: decision.reviewer ?? null,
      reviewedAt: decision.reviewedAt ?? null,
      createdAt: f.createdAt,
      updatedAt: decision.reviewedAt ?? f.createdAt,
    })
    .returning();
  return row!;
}

/** Attendance and the two parts for the n-th other candidate: mostly passes, then a failed part, an absence. */
const OUTCOMES = [
  ['1', '1', '1'],
  ['1', '1', '1'],
  ['1', '1', '0'],
  ['1', '1', '1'],
  ['0', '0', '0'],
  ['1', '0', '1'],
  ['1', '1', '1'],
  ['1', '1', '1'],
] as const;
const score = (pass: string, seed: number) => (pass === '1' ? 62 + ((seed * 7) % 35) : 35 + ((seed * 5) % 24));

/** Inserts the demo exams; runs inside the seeding transaction after the business cases and applications. */
export async function seedDemoExams(db: DbOrTx, now: Date): Promise<number> {
  const tx = db as Tx;
  const today = chinaDate(now);
  const accounts = await tx
    .select({ userId: sysUser.userId, userName: sysUser.userName, enterpriseId: sysUser.enterpriseId })
    .from(sysUser)
    .where(inArray(sysUser.userName, [...CASE_ENTERPRISE_USERS, ...AREAS.map((a) => a.centre), 'person2']));
  const userId = (name: string) => accounts.find((a) => a.userName === name)?.userId ?? null;
  let batches = 0;
  for (const [entIndex, a] of AREAS.entries()) {
    const entUser = accounts.find((u) => u.userName === CASE_ENTERPRISE_USERS[entIndex]);
    const centre = userId(a.centre);
    // The demo accounts' own persons sign up only where this seed says so (person2 in area 1).
    const demoPersons = await tx
      .select({ personId: sysUser.personId })
      .from(sysUser)
      .where(inArray(sysUser.userName, ['person1', 'person2']));
    const taken = new Set<number>(demoPersons.map((d) => d.personId).filter((id): id is number => id !== null));
    // The demo enterprise signs its own people up; others signed up at the centre's counter.
    const signer = (enterpriseId: number) => (enterpriseId === entUser?.enterpriseId ? entUser.userId : (centre ?? 0));

    // ---- published C3 batch, exam 45 days ago (the day of the case passers' results)
    const examDay = addDays(today, -45);
    const pSchedule = { capacity: 80, signupFrom: addDays(today, -90), signupTo: addDays(today, -55), examDay };
    const cases = entUser?.enterpriseId
      ? await tx
          .select()
          .from(person)
          .where(
            inArray(
              person.idNo,
              C3_CASES.map((k) => caseIdNo(entIndex, k, today)),
            ),
          )
      : [];
    const others = await qualified(tx, a.area, 'C3', entUser?.enterpriseId ?? null, now, taken, 8);
    if (a.area === '1') {
      // person2 (a B holder at ent_gz) sat this C3 exam and passed: her own sign-up and result under 个人 (ScoreSearch).
      const [p2] = await tx.select({ personId: sysUser.personId }).from(sysUser).where(eq(sysUser.userName, 'person2'));
      const [p] = p2?.personId ? await tx.select().from(person).where(eq(person.id, p2.personId)) : [];
      if (
        p?.enterpriseId &&
        (
          await checkExamCandidate(tx, fixedClock(now), {
            personId: p.id,
            enterpriseId: p.enterpriseId,
            category: 'C3',
            position: '08',
          })
        ).code === 0
      ) {
        others.unshift({ id: p.id, enterpriseId: p.enterpriseId });
      }
    }
    const accepted = cases.length + others.length;
    const published = await insertBatch(tx, {
      name: `${examDay.slice(0, 4)}年${Number(examDay.slice(5, 7))}月专职安全生产管理人员（C3）考核`,
      category: 'C3',
      area: a.area,
      place: a.place,
      examDay,
      signupFrom: pSchedule.signupFrom,
      signupTo: pSchedule.signupTo,
      capacity: pSchedule.capacity,
      walked: walk(pSchedule, [
        { type: 'OPEN', today: addDays(pSchedule.signupFrom, -2) },
        { type: 'CLOSE' },
        { type: 'HOLD', today: examDay, pending: 0 },
        { type: 'PUBLISH', accepted, withResults: accepted },
      ]),
      createdBy: centre,
      createdAt: at(addDays(pSchedule.signupFrom, -5), 10),
      publishedAt: at(addDays(examDay, 10), 10),
    });
    batches += 1;
    for (const [i, p] of cases.entries()) {
      taken.add(p.id);
      const s = await addSignup(
        tx,
        {
          batch: published,
          personId: p.id,
          enterpriseId: p.enterpriseId!,
          category: 'C3',
          signedBy: entUser!.userId,
          createdAt: at(addDays(pSchedule.signupFrom, 1 + i), 10),
        },
        { status: 'accepted', reviewer: centre ?? undefined, reviewedAt: at(addDays(pSchedule.signupFrom, 3 + i), 15) },
      );
      // The case person's exam row (written by the business cases) is this sign-up's result.
      await tx
        .update(examResult)
        .set({ signupId: s.id, batchNo: published.batchNo, examDate: examDay })
        .where(and(eq(examResult.personId, p.id), eq(examResult.category, 'C3'), isNull(examResult.signupId)));
    }
    for (const [i, p] of others.entries()) {
      taken.add(p.id);
      const s = await addSignup(
        tx,
        {
          batch: published,
          personId: p.id,
          enterpriseId: p.enterpriseId,
          category: 'C3',
          signedBy: signer(p.enterpriseId),
          createdAt: at(addDays(pSchedule.signupFrom, 2 + i), 11),
        },
        { status: 'accepted', reviewer: centre ?? undefined, reviewedAt: at(addDays(pSchedule.signupFrom, 4 + i), 16) },
      );
      const [attended, k, ab] = OUTCOMES[i % OUTCOMES.length]!;
      await tx.insert(examResult).values({
        personId: p.id,
        signupId: s.id,
        category: 'C3',
        batchNo: published.batchNo,
        examDate: examDay,
        attended,
        knowledgeResult: k,
        abilityResult: ab,
        knowledgeScore: attended === '1' ? score(k, p.id) : null,
        abilityScore: attended === '1' ? score(ab, p.id + 3) : null,
      });
    }

    // ---- batch open for sign-up now, exam in five weeks
    const openDay = addDays(today, 35);
    const oSchedule = { capacity: 50, signupFrom: addDays(today, -10), signupTo: addDays(today, 20), examDay: openDay };
    const open = await insertBatch(tx, {
      name: `${openDay.slice(0, 4)}年${Number(openDay.slice(5, 7))}月安全生产管理人员（${a.open}）考核`,
      category: a.open,
      area: a.area,
      place: a.place,
      examDay: openDay,
      signupFrom: oSchedule.signupFrom,
      signupTo: oSchedule.signupTo,
      capacity: oSchedule.capacity,
      walked: walk(oSchedule, [{ type: 'OPEN', today: addDays(today, -11) }]),
      createdBy: centre,
      createdAt: at(addDays(today, -14), 9),
    });
    batches += 1;
    const candidates = await qualified(tx, a.area, a.open, entUser?.enterpriseId ?? null, now, taken, 7);
    const plan: Array<'accepted' | 'pending' | 'refused'> = [
      'accepted',
      'accepted',
      'pending',
      'accepted',
      'pending',
      'refused',
      'pending',
    ];
    for (const [i, p] of candidates.entries()) {
      taken.add(p.id);
      const status = plan[i] ?? 'pending';
      await addSignup(
        tx,
        {
          batch: open,
          personId: p.id,
          enterpriseId: p.enterpriseId,
          category: a.open,
          signedBy: signer(p.enterpriseId),
          createdAt: at(addDays(today, -9 + i), 10),
        },
        {
          status,
          reviewer: status === 'pending' ? undefined : (centre ?? undefined),
          reviewedAt: status === 'pending' ? undefined : at(addDays(today, -8 + i), 15),
          reason: status === 'refused' ? '工作经历证明材料不全，请补充后重新报名' : undefined,
        },
      );
    }
    // ---- next season's draft
    const draftDay = addDays(today, 80);
    const dSchedule = { capacity: 60, signupFrom: addDays(today, 40), signupTo: addDays(today, 65), examDay: draftDay };
    await insertBatch(tx, {
      name: `${draftDay.slice(0, 4)}年${Number(draftDay.slice(5, 7))}月安全生产管理人员（${a.draft}）考核`,
      category: a.draft,
      area: a.area,
      place: a.place,
      examDay: draftDay,
      signupFrom: dSchedule.signupFrom,
      signupTo: dSchedule.signupTo,
      capacity: dSchedule.capacity,
      walked: walk(dSchedule, []),
      createdBy: centre,
      createdAt: at(addDays(today, -1), 16),
    });
    batches += 1;
  }
  return batches;
}
