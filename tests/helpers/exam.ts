/**
 * What the exam suites share: a batch's terms relative to the suite's China day, candidates made
 * to pass (or fail exactly one of) the sign-up rules, and the walk of a batch through its life.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { employmentRecord, person, sysUser } from '../../server/db/schema.js';
import { makeIdCard } from '../../server/db/seed/idcard.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';
import type { TestApp } from './app.js';
import type { Suite } from './api.js';

/** China-time wall clock for the API: 'YYYY-MM-DD HH:mm'. */
export const wall = (day: string, hhmm: string) => `${day} ${hhmm}`;

export interface BatchTerms {
  name: string;
  category: string;
  area: string;
  place: string;
  knowledgeStart: string;
  knowledgeEnd: string;
  abilityStart: string;
  abilityEnd: string;
  capacity: number;
  signupFrom: string;
  signupTo: string;
}

/** A batch whose sign-up runs from `today` for `window` days and whose exam is on `examIn` days from today. */
export function batchTerms(today: string, over: Partial<BatchTerms> = {}, examIn = 30, window = 20): BatchTerms {
  const examDay = addDays(today, examIn);
  return {
    name: '测试批次 C3 考核',
    category: 'C3',
    area: '1',
    place: '广州市天河区天寿路 32 号考点',
    knowledgeStart: wall(examDay, '09:00'),
    knowledgeEnd: wall(examDay, '11:00'),
    abilityStart: wall(examDay, '14:00'),
    abilityEnd: wall(examDay, '16:30'),
    capacity: 40,
    signupFrom: today,
    signupTo: addDays(today, Math.min(window, examIn)),
    ...over,
  };
}

export const todayOf = (t: TestApp) => chinaDate(t.clock.now());

export async function enterpriseOf(t: TestApp, userName: string): Promise<number> {
  const [u] = await t.database.db
    .select({ enterpriseId: sysUser.enterpriseId })
    .from(sysUser)
    .where(eq(sysUser.userName, userName));
  if (!u?.enterpriseId) throw new Error(`${userName} has no enterprise`);
  return u.enterpriseId;
}

export interface CandidateSpec {
  enterpriseId: number;
  age?: number;
  sex?: '0' | '1';
  education?: string | null;
  title?: string | null;
  /** Years of work at the enterprise (the three databases). */
  workYears?: number;
  /** match: current records at the enterprise; none: no record; mismatch: social insurance paid by another. */
  employment?: 'match' | 'none' | 'mismatch';
  otherEnterpriseId?: number;
  name?: string;
}

let seq = 0;

/** Inserts a person who passes the sign-up rules unless the spec says otherwise; answers the row. */
export async function addCandidate(t: TestApp, spec: CandidateSpec) {
  const today = todayOf(t);
  const age = spec.age ?? 35;
  const sex = spec.sex ?? '0';
  // Far from the demo's sequences; odd for men.
  seq += 1;
  const birthDate = addDays(addYears(today, -age), -(40 + seq));
  const idNo = makeIdCard('430102', birthDate, 800 + ((seq * 2) % 190) + (sex === '0' ? 1 : 0));
  const [p] = await t.database.db
    .insert(person)
    .values({
      name: spec.name ?? `考生${String(seq).padStart(3, '0')}`,
      sex,
      idType: '111',
      idNo,
      birthDate,
      education: spec.education === undefined ? '04' : spec.education,
      title: spec.title === undefined ? '05' : spec.title,
      phone: null,
      enterpriseId: spec.enterpriseId,
      employStatus: '1',
    })
    .returning();
  const start = addYears(today, -(spec.workYears ?? 4));
  const employment = spec.employment ?? 'match';
  if (employment !== 'none') {
    await t.database.db.insert(employmentRecord).values([
      { personId: p!.id, enterpriseId: spec.enterpriseId, source: 'ent', startDate: start, endDate: null },
      {
        personId: p!.id,
        enterpriseId: employment === 'mismatch' ? spec.otherEnterpriseId! : spec.enterpriseId,
        source: 'social',
        startDate: start,
        endDate: null,
      },
    ]);
  }
  return p!;
}

/** A call that must succeed: answers the body. */
export async function okJson(api: Suite, user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await api.as(user, method, url, payload);
  expect(res.statusCode, `${user} ${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Creates a batch as `staff` and opens it; answers the open batch view. */
export async function openBatch(api: Suite, staff: string, terms: BatchTerms) {
  const saved = (await okJson(api, staff, 'POST', '/api/exam/batch/save', terms)).data;
  return (
    await okJson(api, staff, 'POST', `/api/exam/batch/event/${saved.id}`, { type: 'OPEN', version: saved.version })
  ).data;
}

/** Sends a lifecycle event with the batch's current version (read as the provincial administrator, who sees every batch). */
export async function batchEvent(api: Suite, user: string, id: number, type: string, comment?: string) {
  const b = (await okJson(api, 'province', 'GET', `/api/exam/batch/get/${id}`)).data;
  return api.as(user, 'POST', `/api/exam/batch/event/${id}`, {
    type,
    version: b.version,
    ...(comment !== undefined ? { comment } : {}),
  });
}

/**
 * Runs `fn` with the server's clock `days` ahead, then puts it back. Sessions do not survive a
 * jump of days (idle limit), so every caller signs in again on each side of it.
 */
export async function daysLater<T>(t: TestApp, api: Suite, days: number, fn: () => Promise<T>): Promise<T> {
  const start = t.clock.now();
  const forget = () => {
    for (const k of Object.keys(api.tokens)) delete api.tokens[k];
  };
  t.clock.advance(days * 86_400_000);
  forget();
  try {
    return await fn();
  } finally {
    t.clock.set(start);
    forget();
  }
}
