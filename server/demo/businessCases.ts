/**
 * Demo persons made for the certificate business of the three demo enterprises (ent_gz, ent_sz,
 * ent_prov): exam passers who may apply for a new certificate, arrivals from other provinces,
 * holders who moved here from another enterprise (inner transfer), and one certificate per delay
 * eligibility answer 0–9 with exactly the facts that produce it. Deterministic: the identity
 * numbers follow from the enterprise index, the case and the date, so tests find each case with
 * {@link caseIdNo}.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.js';
import {
  certificate,
  educationRecord,
  employmentRecord,
  enterprise,
  examResult,
  person,
  regConstructor,
  sysUser,
} from '../db/schema.js';
import { nextCertNo, newQueryCode } from '../modules/certificate/numbering.js';
import { certExpiryDate, certIssueDateFor, type CertCategory } from '../db/seed/certNo.js';
import { loadCertificates } from '../modules/certificate/writer.js';
import { ISSUING_AUTHORITY } from '../db/seed/dictionaries.js';
import { makeIdCard } from '../db/seed/idcard.js';
import { addDays, addYears, chinaDate, chinaDayStart } from '../lib/days.js';
import { addDemoAccount } from './accounts.js';

/** The purpose of each case person. */
export type CaseKey =
  | 'newC3a'
  | 'newC3b'
  | 'newC1'
  | 'newB'
  | 'newA'
  | 'newExamFailed'
  | 'inProvA'
  | 'inProvB'
  | 'inProvC'
  | 'innerA'
  | 'innerB'
  | 'innerC'
  | 'delayOk1'
  | 'delayOk2'
  | 'delayOk3'
  | 'delayWindow'
  | 'delayHours'
  | 'delayReg'
  | 'delayAge'
  | 'delayNoEmployment'
  | 'delayEmployer'
  | 'delayConflict'
  | 'delaySuspended'
  | 'newC3c'
  | 'newC3d'
  | 'newC2'
  | 'newA2'
  | 'inProvD'
  | 'inProvE'
  | 'delayDemo1'
  | 'delayDemo2'
  | 'delayDemo3'
  | 'delayDemo4'
  | 'innerD'
  | 'innerE'
  | 'innerF'
  | 'selfA'
  | 'selfB'
  | 'selfC'
  | 'selfD'
  | 'selfE'
  | 'selfF';

interface CaseSpec {
  key: CaseKey;
  name: string;
  sex: '0' | '1';
  age: number;
  /** Certificate the case holds (null: none yet). */
  cert?: { category: CertCategory; position: string; expiresInDays: number; atOtherEnterprise?: boolean };
  /** A second live certificate that conflicts (code 8). */
  conflictCategory?: CertCategory;
  exam?: { category: CertCategory; passed: boolean };
  employment: 'match' | 'none' | 'mismatch';
  hours?: number;
  reg?: 'valid' | 'lapsed';
}

const CASES: readonly CaseSpec[] = [
  { key: 'newC3a', name: '陈嘉豪', sex: '0', age: 31, exam: { category: 'C3', passed: true }, employment: 'match' },
  { key: 'newC3b', name: '黄诗琪', sex: '1', age: 29, exam: { category: 'C3', passed: true }, employment: 'match' },
  { key: 'newC1', name: '李俊杰', sex: '0', age: 36, exam: { category: 'C1', passed: true }, employment: 'match' },
  {
    key: 'newB',
    name: '张志明',
    sex: '0',
    age: 40,
    exam: { category: 'B', passed: true },
    employment: 'match',
    reg: 'valid',
  },
  { key: 'newA', name: '王雅婷', sex: '1', age: 44, exam: { category: 'A', passed: true }, employment: 'match' },
  {
    key: 'newExamFailed',
    name: '刘家明',
    sex: '0',
    age: 33,
    exam: { category: 'C3', passed: false },
    employment: 'match',
  },
  { key: 'inProvA', name: '周文斌', sex: '0', age: 38, employment: 'match' },
  { key: 'inProvB', name: '吴佩珊', sex: '1', age: 35, employment: 'match' },
  { key: 'inProvC', name: '郑国华', sex: '0', age: 47, employment: 'match' },
  {
    key: 'innerA',
    name: '孙浩然',
    sex: '0',
    age: 37,
    cert: { category: 'C3', position: '08', expiresInDays: 500, atOtherEnterprise: true },
    employment: 'match',
    hours: 40,
  },
  {
    key: 'innerB',
    name: '马晓丽',
    sex: '1',
    age: 34,
    cert: { category: 'C2', position: '08', expiresInDays: 700, atOtherEnterprise: true },
    employment: 'match',
    hours: 20,
  },
  {
    key: 'innerC',
    name: '朱永康',
    sex: '0',
    age: 45,
    cert: { category: 'C3', position: '08', expiresInDays: 300, atOtherEnterprise: true },
    employment: 'match',
    hours: 50,
  },
  {
    key: 'delayOk1',
    name: '胡建新',
    sex: '0',
    age: 42,
    cert: { category: 'C3', position: '08', expiresInDays: 40 },
    employment: 'match',
    hours: 80,
  },
  {
    key: 'delayOk2',
    name: '林淑华',
    sex: '1',
    age: 39,
    cert: { category: 'C3', position: '08', expiresInDays: 60 },
    employment: 'match',
    hours: 76,
  },
  {
    key: 'delayOk3',
    name: '何伟光',
    sex: '0',
    age: 48,
    cert: { category: 'B', position: '07', expiresInDays: 75 },
    employment: 'match',
    hours: 88,
    reg: 'valid',
  },
  {
    key: 'delayWindow',
    name: '高志强',
    sex: '0',
    age: 41,
    cert: { category: 'C3', position: '08', expiresInDays: 400 },
    employment: 'match',
    hours: 40,
  },
  {
    key: 'delayHours',
    name: '罗美玲',
    sex: '1',
    age: 36,
    cert: { category: 'C3', position: '08', expiresInDays: 50 },
    employment: 'match',
    hours: 32,
  },
  {
    key: 'delayReg',
    name: '梁振宇',
    sex: '0',
    age: 46,
    cert: { category: 'B', position: '07', expiresInDays: 55 },
    employment: 'match',
    hours: 80,
    reg: 'lapsed',
  },
  {
    key: 'delayAge',
    name: '宋德明',
    sex: '0',
    age: 61,
    cert: { category: 'C3', position: '08', expiresInDays: 45 },
    employment: 'match',
    hours: 80,
  },
  {
    key: 'delayNoEmployment',
    name: '谢丽娟',
    sex: '1',
    age: 37,
    cert: { category: 'C3', position: '08', expiresInDays: 65 },
    employment: 'none',
    hours: 80,
  },
  {
    key: 'delayEmployer',
    name: '韩国强',
    sex: '0',
    age: 43,
    cert: { category: 'C3', position: '08', expiresInDays: 70 },
    employment: 'mismatch',
    hours: 80,
  },
  {
    key: 'delayConflict',
    name: '唐晓峰',
    sex: '0',
    age: 39,
    cert: { category: 'C3', position: '08', expiresInDays: 35 },
    conflictCategory: 'C1',
    employment: 'match',
    hours: 80,
  },
  {
    key: 'delaySuspended',
    name: '冯雪梅',
    sex: '1',
    age: 40,
    cert: { category: 'C3', position: '08', expiresInDays: 30 },
    employment: 'match',
    hours: 80,
  },
  // (its 暂扣, approved by a second officer, comes from server/demo/credit.ts: delay answers 9)
  // More of the ordinary cases, for the demo applications in every queue.
  { key: 'newC3c', name: '邓子轩', sex: '0', age: 27, exam: { category: 'C3', passed: true }, employment: 'match' },
  { key: 'newC3d', name: '许晓敏', sex: '1', age: 32, exam: { category: 'C3', passed: true }, employment: 'match' },
  { key: 'newC2', name: '曾庆丰', sex: '0', age: 39, exam: { category: 'C2', passed: true }, employment: 'match' },
  { key: 'newA2', name: '彭立新', sex: '0', age: 50, exam: { category: 'A', passed: true }, employment: 'match' },
  { key: 'inProvD', name: '苏海涛', sex: '0', age: 42, employment: 'match' },
  { key: 'inProvE', name: '蒋丽萍', sex: '1', age: 36, employment: 'match' },
  {
    key: 'delayDemo1',
    name: '蔡振华',
    sex: '0',
    age: 44,
    cert: { category: 'C3', position: '08', expiresInDays: 20 },
    employment: 'match',
    hours: 84,
  },
  {
    key: 'delayDemo2',
    name: '贾春燕',
    sex: '1',
    age: 38,
    cert: { category: 'C3', position: '08', expiresInDays: 25 },
    employment: 'match',
    hours: 80,
  },
  {
    key: 'delayDemo3',
    name: '丁文涛',
    sex: '0',
    age: 46,
    cert: { category: 'C1', position: '08', expiresInDays: 33 },
    employment: 'match',
    hours: 80,
  },
  {
    key: 'delayDemo4',
    name: '魏红霞',
    sex: '1',
    age: 41,
    cert: { category: 'C2', position: '08', expiresInDays: 48 },
    employment: 'match',
    hours: 78,
  },
  {
    key: 'innerD',
    name: '薛志远',
    sex: '0',
    age: 35,
    cert: { category: 'C3', position: '08', expiresInDays: 640 },
    employment: 'match',
    hours: 30,
  },
  {
    key: 'innerE',
    name: '范丽君',
    sex: '1',
    age: 33,
    cert: { category: 'C3', position: '08', expiresInDays: 820 },
    employment: 'match',
    hours: 20,
  },
  {
    key: 'innerF',
    name: '石建军',
    sex: '0',
    age: 49,
    cert: { category: 'C1', position: '08', expiresInDays: 450 },
    employment: 'match',
    hours: 44,
  },
  // Holders with their own accounts (individual users) who may revoke their certificate themselves.
  {
    key: 'selfA',
    name: '潘永强',
    sex: '0',
    age: 52,
    cert: { category: 'C3', position: '08', expiresInDays: 600 },
    employment: 'match',
    hours: 30,
  },
  {
    key: 'selfB',
    name: '袁小燕',
    sex: '1',
    age: 45,
    cert: { category: 'C3', position: '08', expiresInDays: 720 },
    employment: 'match',
    hours: 28,
  },
  {
    key: 'selfC',
    name: '董海滨',
    sex: '0',
    age: 56,
    cert: { category: 'C2', position: '08', expiresInDays: 380 },
    employment: 'match',
    hours: 50,
  },
  {
    key: 'selfD',
    name: '程晓红',
    sex: '1',
    age: 47,
    cert: { category: 'C1', position: '08', expiresInDays: 500 },
    employment: 'match',
    hours: 40,
  },
  {
    key: 'selfE',
    name: '卢国平',
    sex: '0',
    age: 58,
    cert: { category: 'C3', position: '08', expiresInDays: 260 },
    employment: 'match',
    hours: 48,
  },
  {
    key: 'selfF',
    name: '汪晓琳',
    sex: '1',
    age: 39,
    cert: { category: 'C3', position: '08', expiresInDays: 900 },
    employment: 'match',
    hours: 12,
  },
];

/** Account names of the case holders who have their own login (person_gz1 … person_prov4). */
export type SelfCaseKey = 'selfA' | 'selfB' | 'selfC' | 'selfD' | 'selfE' | 'selfF';
export const selfAccountName = (entIndex: number, key: SelfCaseKey): string =>
  `person_${['gz', 'sz', 'prov'][entIndex]}${'ABCDEF'.indexOf(key.slice(-1)) + 1}`;

export const CASE_KEYS: readonly CaseKey[] = CASES.map((c) => c.key);

/** The demo enterprise accounts whose enterprises get the cases, in order (index 0, 1, 2). */
export const CASE_ENTERPRISE_USERS = ['ent_gz', 'ent_sz', 'ent_prov'] as const;
const BIRTHPLACES = ['440106', '440304', '440604'] as const;

/** The identity number of a case person (enterprise index 0–2) as seeded on `today`. */
export function caseIdNo(entIndex: number, key: CaseKey, today: string): string {
  const i = CASES.findIndex((c) => c.key === key);
  const spec = CASES[i]!;
  const birthDate = addDays(addYears(today, -spec.age), -(30 + i * 7));
  // Sequence 700+: far from the random demo persons' 0–999 range in practice; odd = male.
  const seq = 600 + i * 2 + (spec.sex === '0' ? 1 : 0) + entIndex * 60;
  return makeIdCard(BIRTHPLACES[entIndex]!, birthDate, seq);
}

/** A case's certificate, valid to about `expiryDate`: issued three years before through the certificate machine (a load: no application). */
async function insertCertificate(
  tx: Tx,
  fields: {
    personId: number;
    enterpriseId: number;
    category: CertCategory;
    position: string;
    expiryDate: string;
    now: Date;
  },
) {
  const issueDate = certIssueDateFor(fields.expiryDate);
  const certNo = await nextCertNo(tx, fields.category, Number(issueDate.slice(0, 4)));
  const [id] = await loadCertificates(tx, [
    {
      steps: [
        {
          at: new Date(chinaDayStart(issueDate).getTime() + 10 * 3_600_000),
          event: {
            type: 'ISSUE',
            certNo,
            category: fields.category,
            personId: fields.personId,
            enterpriseId: fields.enterpriseId,
            position: fields.position,
            issueDate,
            validFrom: issueDate,
            expiryDate: certExpiryDate(issueDate),
            queryCode: newQueryCode(),
            acceptedOn: null,
          },
        },
      ],
      extras: { issuingAuthority: ISSUING_AUTHORITY, printCount: 1, printedVersion: 1 },
    },
  ]);
  const [row] = await tx.select().from(certificate).where(eq(certificate.id, id!));
  return row!;
}

/** An individual user account (role person) for a case holder, with a welcome message. */
async function addAccount(tx: Tx, userName: string, p: typeof person.$inferSelect, passwordHash: string, now: Date) {
  await addDemoAccount(
    tx,
    {
      userName,
      userType: '04',
      nickName: p.name,
      enterpriseId: null,
      personId: p.id,
      phone: p.phone,
      sex: p.sex,
      roleKey: 'person',
      remark: '个人用户（持证人员，可申请注销本人证书）',
    },
    passwordHash,
    now,
  );
}

/** Inserts the cases for the three demo enterprises. Runs inside the seeding transaction. */
export async function seedBusinessCases(db: DbOrTx, now: Date, passwordHash: string): Promise<number> {
  const tx = db as Tx;
  const today = chinaDate(now);
  const users = await tx
    .select({ userName: sysUser.userName, enterpriseId: sysUser.enterpriseId })
    .from(sysUser)
    .where(inArray(sysUser.userName, [...CASE_ENTERPRISE_USERS]));
  let count = 0;
  for (const [entIndex, userName] of CASE_ENTERPRISE_USERS.entries()) {
    const entId = users.find((u) => u.userName === userName)?.enterpriseId;
    if (!entId) continue;
    const [ent] = await tx.select().from(enterprise).where(eq(enterprise.id, entId));
    // Inner transfers come from another enterprise of the same centre.
    const [other] = await tx
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(and(eq(enterprise.ownership, ent!.ownership), ne(enterprise.id, entId), eq(enterprise.status, '1')))
      .limit(1);
    const otherId = other?.id ?? entId;
    for (const [i, spec] of CASES.entries()) {
      const idNo = caseIdNo(entIndex, spec.key, today);
      const birthDate = addDays(addYears(today, -spec.age), -(30 + i * 7));
      const [p] = await tx
        .insert(person)
        .values({
          name: spec.name,
          sex: spec.sex,
          idType: '111',
          idNo,
          birthDate,
          education: '04',
          title: '05',
          phone: `139${String(entIndex)}${String(70000 + i).padStart(7, '0')}`.slice(0, 11),
          enterpriseId: entId,
          employStatus: '1',
        })
        .returning();
      const personId = p!.id;
      count += 1;
      const hiredOn = addYears(today, -4);
      if (spec.key.startsWith('self'))
        await addAccount(tx, selfAccountName(entIndex, spec.key as SelfCaseKey), p!, passwordHash, now);
      if (spec.key.startsWith('inner')) {
        // Worked at the other enterprise; the three databases already show the move here 20 days ago.
        await tx.insert(employmentRecord).values([
          {
            personId,
            enterpriseId: otherId,
            source: 'ent',
            startDate: addYears(today, -6),
            endDate: addDays(today, -30),
          },
          {
            personId,
            enterpriseId: otherId,
            source: 'social',
            startDate: addYears(today, -6),
            endDate: addDays(today, -30),
          },
          { personId, enterpriseId: entId, source: 'ent', startDate: addDays(today, -20), endDate: null },
          { personId, enterpriseId: entId, source: 'person', startDate: addDays(today, -20), endDate: null },
          { personId, enterpriseId: entId, source: 'social', startDate: addDays(today, -20), endDate: null },
        ]);
      } else if (spec.employment !== 'none') {
        await tx.insert(employmentRecord).values([
          { personId, enterpriseId: entId, source: 'ent', startDate: hiredOn, endDate: null },
          { personId, enterpriseId: entId, source: 'person', startDate: hiredOn, endDate: null },
          {
            personId,
            enterpriseId: spec.employment === 'mismatch' ? otherId : entId,
            source: 'social',
            startDate: hiredOn,
            endDate: null,
          },
        ]);
      }
      if (spec.exam) {
        const pass = spec.exam.passed ? '1' : '0';
        await tx.insert(examResult).values({
          personId,
          category: spec.exam.category,
          batchNo: `${today.slice(0, 4)}-GD-0${entIndex + 1}`,
          examDate: addDays(today, -45),
          attended: '1',
          knowledgeResult: '1',
          abilityResult: pass,
          knowledgeScore: 82,
          abilityScore: spec.exam.passed ? 76 : 48,
        });
      }
      if (spec.reg) {
        await tx.insert(regConstructor).values({
          personId,
          enterpriseId: entId,
          regNo: `粤244${today.slice(0, 4)}${String(800000 + entIndex * 100 + i)}`,
          major: '建筑工程',
          status: spec.reg === 'valid' ? '0' : '1',
          validTo: spec.reg === 'valid' ? addDays(today, 900) : addDays(today, -60),
        });
      }
      if (spec.cert) {
        const cert = await insertCertificate(tx, {
          personId,
          enterpriseId: spec.cert.atOtherEnterprise || spec.key.startsWith('inner') ? otherId : entId,
          category: spec.cert.category,
          position: spec.cert.position,
          expiryDate: addDays(today, spec.cert.expiresInDays),
          now,
        });
        if (spec.hours) {
          const sessions = Math.ceil(spec.hours / 8);
          await tx.insert(educationRecord).values(
            Array.from({ length: sessions }, (_, k) => ({
              personId,
              certNo: cert.certNo,
              course: '建设工程安全生产法律法规与政策解读',
              provider: '广东省建筑安全协会',
              hours: k === sessions - 1 && spec.hours! % 8 ? `${spec.hours! % 8}.0` : '8.0',
              finishedOn: addDays(cert.issueDate, 60 + k * 60),
            })),
          );
        }
        if (spec.conflictCategory) {
          await insertCertificate(tx, {
            personId,
            enterpriseId: entId,
            category: spec.conflictCategory,
            position: '08',
            expiryDate: addDays(today, 600),
            now,
          });
        }
      }
    }
  }
  return count;
}
