/**
 * Demo applications: for every area and business type, items waiting in every queue (at least
 * two per queue), made by driving the real machine through the engine so their history replays.
 */
import { and, asc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  routeSteps,
  type BusinessType,
  type Step,
} from '../../machines/businessTypes.js';
import type { ApplicationEvent, ApplicationEventType } from '../../machines/application.machine.js';
import type { Tx } from '../db/client.js';
import { certificate, enterprise, examResult, person, sysUser } from '../db/schema.js';
import { CASE_KEYS, caseIdNo, type CaseKey } from './businessCases.js';
import { addDays, chinaDate } from '../lib/days.js';
import { statutoryExpiryOf } from '../../machines/certificate.machine.js';
import { holderUserOf } from '../modules/business/facts.js';
import { parsePayload } from '../modules/business/payloads.js';
import { checkDraft } from '../modules/business/rules.js';
import { ManualClock } from '../lib/clock.js';
import type { AppConfig } from '../config.js';
import { applyEvent, createApplication } from '../workflow/store.js';
import type { ApplicationRow } from '../workflow/types.js';
import { registerBusinessTypes } from '../modules/business/register.js';
import { seedDemoMaterials } from './materials.js';
import { addDemoAccount, type NewDemoAccount } from './accounts.js';

/** Where a demo item stops: `at_<step>` waits at that review step (firstReview: at the route's first step after 受理). */
type Stage =
  | 'saved'
  | 'personCheck'
  | 'submitted'
  | 'firstReview'
  | `at_${Exclude<Step, 'sl'>}`
  | 'closedApproved'
  | 'rejected';
/** How many demo items of each business type stop at each stage, per area. */
// Scarce subjects go to the stages that matter most first.
const PLAN: [Stage, number][] = [
  ['submitted', 2],
  ['firstReview', 2],
  ['personCheck', 1],
  ['closedApproved', 2],
  ['saved', 1],
  ['at_bj', 1],
  ['rejected', 1],
];

const AREAS: { area: '1' | '2' | '3'; enterpriseUser: string; staff: Record<Step, string> }[] = [
  {
    area: '1',
    enterpriseUser: 'ent_gz',
    staff: { sl: 'gz_sl', cb: 'gz_cb', cs: 'gz_cs', sh: 'gz_sh', sp: 'gz_sp', bj: 'gz_bj' },
  },
  {
    area: '2',
    enterpriseUser: 'ent_sz',
    staff: { sl: 'sz_staff', cb: 'sz_staff', cs: 'sz_staff', sh: 'sz_staff', sp: 'sz_staff', bj: 'sz_staff' },
  },
  {
    area: '3',
    enterpriseUser: 'ent_prov',
    staff: {
      sl: 'prov_staff',
      cb: 'prov_staff',
      cs: 'prov_staff',
      sh: 'prov_staff',
      sp: 'prov_staff',
      bj: 'prov_staff',
    },
  },
];

const COMMENTS: Partial<Record<ApplicationEventType, string>> = {
  AGREE: '材料齐全，符合要求，同意',
  DISAGREE: '申请材料与事实不符，不予受理',
  CONFIRM: '本人确认申请内容属实',
};

/** Case persons kept free of demo applications, for users (and tests) to apply for themselves. */
const RESERVED_CASES: readonly CaseKey[] = [
  'newC3b',
  'newC3d',
  'newB',
  'newExamFailed',
  'inProvC',
  'innerC',
  ...CASE_KEYS.filter((k) => k.startsWith('delay') && !k.startsWith('delayDemo')),
  'selfD',
];

export type Candidate = { personId: number | null; certificateId: number | null; payload: Record<string, unknown> };

/** Subjects an enterprise could plausibly apply for, per business type (the rules decide which may go on). */
export async function candidatesFor(
  tx: Tx,
  type: BusinessType,
  entId: number,
  today: string,
  reserved: Set<number>,
): Promise<Candidate[]> {
  const certsAt = (where: SQL | undefined) =>
    tx
      .select({ personId: certificate.personId, certificateId: certificate.id, category: certificate.category })
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(and(eq(certificate.status, '01'), where))
      .orderBy(asc(certificate.expiryDate))
      .limit(60);
  const free = <T extends { personId: number | null }>(rows: T[]) =>
    rows.filter((r) => r.personId === null || !reserved.has(r.personId));
  const year = Number(today.slice(0, 4));
  switch (type) {
    case 'newCert': {
      const rows = await tx
        .select({ personId: examResult.personId, category: examResult.category })
        .from(examResult)
        .innerJoin(person, eq(person.id, examResult.personId))
        .where(eq(person.enterpriseId, entId));
      return free(rows).map((r) => ({
        personId: r.personId,
        certificateId: null,
        payload: { category: r.category, position: r.category === 'A' ? '02' : r.category === 'B' ? '07' : '08' },
      }));
    }
    case 'delay':
      return free(
        await certsAt(and(eq(certificate.enterpriseId, entId), lte(certificate.expiryDate, addDays(today, 80)))),
      ).map((r) => ({ ...r, payload: {} }));
    case 'inner':
      return free(await certsAt(and(eq(person.enterpriseId, entId), ne(certificate.enterpriseId, entId)))).map((r) => ({
        ...r,
        payload: {},
      }));
    case 'inProvince': {
      const rows = await tx
        .select({ personId: person.id })
        .from(person)
        .where(
          and(
            eq(person.enterpriseId, entId),
            sql`not exists (select 1 from ${certificate} c where c.person_id = ${person.id})`,
            sql`not exists (select 1 from ${examResult} e where e.person_id = ${person.id})`,
          ),
        );
      return free(rows).map((r, i) => ({
        personId: r.personId,
        certificateId: null,
        payload: {
          originalCertNo: `湘建安C（${year - 1}）${String(31_200 + i * 17).padStart(7, '0')}`,
          originalProvince: '湖南省',
          category: 'C',
          issueDate: addDays(today, -400 - i * 30),
          expiryDate: statutoryExpiryOf(addDays(today, -400 - i * 30)),
          position: '08',
        },
      }));
    }
    case 'outProvince':
      return free(await certsAt(and(eq(certificate.enterpriseId, entId), ne(certificate.position, '01'))))
        .reverse()
        .map((r) => ({ ...r, payload: { targetProvince: '湖南省', reason: '调往湖南省建筑施工企业任职' } }));
    case 'modify':
      return free(await certsAt(and(eq(certificate.enterpriseId, entId), ne(certificate.position, '01'))))
        .reverse()
        .map((r) => ({ ...r, payload: { title: '04', reason: '取得中级技术职称，申请变更' } }));
    case 'revocation': {
      // Expired certificates first (ground 2: 有效期届满未延期), then holders who left.
      const rows = await tx
        .select({ personId: certificate.personId, certificateId: certificate.id, expiryDate: certificate.expiryDate })
        .from(certificate)
        .where(
          and(
            eq(certificate.enterpriseId, entId),
            inArray(certificate.status, ['01', '05']),
            ne(certificate.position, '01'),
          ),
        )
        .orderBy(asc(certificate.expiryDate))
        .limit(60);
      return free(rows).map((r) => ({
        personId: r.personId,
        certificateId: r.certificateId,
        payload:
          r.expiryDate < today
            ? { reason: '2', remark: '证书有效期届满未办理延期' }
            : { reason: '1', remark: '已与本企业解除劳动合同' },
      }));
    }
    case 'personRevocation': {
      // The case holders with their own accounts (person_gz1 …) revoke for themselves.
      const rows = await tx
        .select({ personId: certificate.personId, certificateId: certificate.id })
        .from(certificate)
        .innerJoin(sysUser, eq(sysUser.personId, certificate.personId))
        .where(
          and(
            eq(certificate.enterpriseId, entId),
            eq(certificate.status, '01'),
            sql`${sysUser.userName} like 'person!_%' escape '!'`,
          ),
        );
      return free(rows).map((r) => ({ ...r, payload: { reason: '4', remark: '本人申请注销' } }));
    }
    case 'rename': {
      const [ent] = await tx.select({ name: enterprise.name }).from(enterprise).where(eq(enterprise.id, entId));
      const base = ent!.name.replace(/(集团)?(股份)?有限公司$/, '');
      return [`${base}建工集团有限公司`, `${base}工程建设集团股份有限公司`, `${base}城建发展有限公司`].map(
        (newName) => ({ personId: null, certificateId: null, payload: { newName } }),
      );
    }
  }
}

type DemoUser = typeof sysUser.$inferSelect;

export async function seedDemoApplications(
  tx: Tx,
  config: AppConfig,
  now: Date,
  passwordHash: string,
): Promise<number> {
  // The engine runs the business types' rules and close effects: wire them before driving it.
  registerBusinessTypes();
  const users: DemoUser[] = await tx.select().from(sysUser);
  const byName = new Map(users.map((u) => [u.userName, u]));
  const today = chinaDate(now);
  let count = 0;
  const materialsOf = await seedDemoMaterials(
    tx,
    { config, clock: new ManualClock(now) },
    byName.get('ent_gz')?.userId ?? users[0]!.userId,
  );

  /** The clock of the next item: filed one to twelve days ago, the items spread over them. */
  const nextItemClock = () => new ManualClock(new Date(now.getTime() - (1 + (count % 12)) * 86_400_000));
  /**
   * An ended item's clock and the time between its steps: the ended items spread over the past year
   * (a year's chart looks like one; a delay within its last two months, near its certificate's end),
   * each step one to four days after the one before (handling takes days, working days among them).
   * Items still in work are filed in the last twelve days, an hour or so between steps.
   */
  let ended = 0;
  const timingOf = (stage: Stage, type: BusinessType): { clock: ManualClock; gapMs: () => number } => {
    if (stage !== 'closedApproved' && stage !== 'rejected')
      return { clock: nextItemClock(), gapMs: () => 3_600_000 + (count % 7) * 600_000 };
    const monthsBack = type === 'delay' ? ended % 2 : ended % 12;
    ended += 1;
    const filed = new Date(now.getTime() - (35 + 30 * monthsBack) * 86_400_000 - (ended % 5) * 3_600_000);
    return { clock: new ManualClock(filed), gapMs: () => (1 + ((ended + count) % 4)) * 86_400_000 + 2 * 3_600_000 };
  };
  /** Files one application for `subject` as `filer` and drives it through the machine to `stage`. */
  const file = async (
    type: BusinessType,
    stage: Stage,
    subject: Candidate,
    filer: DemoUser,
    enterpriseId: number,
    staff: Record<Step, string>,
    rejection?: string,
  ) => {
    const { clock, gapMs } = timingOf(stage, type);
    const env = { clock, config };
    const payload = parsePayload(type, { ...subject.payload, materials: materialsOf(type) });
    if (!payload.ok) throw new Error(`demo ${type}: ${payload.msg}`);
    let row = await createApplication(env, tx, {
      businessType: type,
      applicantUserId: filer.userId,
      enterpriseId,
      personId: subject.personId,
      holderUserId: subject.personId ? await holderUserOf(tx, subject.personId) : null,
      certificateId: subject.certificateId,
      payload: payload.value as Record<string, unknown>,
    });
    count += 1;
    const holderName = row.holderUserId ? (users.find((u) => u.userId === row.holderUserId)?.userName ?? null) : null;
    const send = async (type_: ApplicationEventType, userName: string, roleKey: string, comment?: string) => {
      const actor = byName.get(userName)!;
      clock.advance(gapMs());
      const event: ApplicationEvent = {
        type: type_,
        actorId: actor.userId,
        roleKey,
        comment: comment ?? COMMENTS[type_],
        version: row.version,
      };
      row = await applyEvent(env, tx, row, event, actor.nickName);
    };
    await driveTo(stage, type, row, send, staff, holderName, filer.userName, rejection);
  };
  /**
   * The subject of an item waiting for its holder (area 1): person2's change, else a holder given an
   * account of their own, so the confirmation waits on someone who can sign in.
   */
  const holderSubject = async (
    type: BusinessType,
    pool: Candidate[],
    applicant: DemoUser,
  ): Promise<Candidate | null> => {
    const person2 = byName.get('person2');
    if (type === 'modify' && person2?.personId) return person2Subject(tx, person2.personId);
    const account = HOLDER_ACCOUNTS[type];
    if (!account) return null;
    const subject = await firstEligible(tx, new ManualClock(now), type, applicant, pool);
    if (subject?.personId) await addUser(await holderAccount(tx, account, subject.personId));
    return subject;
  };
  const addUser = async (account: NewDemoAccount) => {
    const user = await addDemoAccount(tx, account, passwordHash, now);
    users.push(user);
    byName.set(user.userName, user);
    return user;
  };

  for (const [entIndex, areaPlan] of AREAS.entries()) {
    const applicant = byName.get(areaPlan.enterpriseUser);
    if (!applicant?.enterpriseId) continue;
    const reservedIdNos = RESERVED_CASES.map((k) => caseIdNo(entIndex, k, today));
    const reserved = new Set(
      (await tx.select({ id: person.id }).from(person).where(inArray(person.idNo, reservedIdNos))).map((r) => r.id),
    );
    // The demo individuals' certificates stay free for their own flows (person2's change below is the one exception).
    for (const u of users) if (u.userName === 'person1' || u.userName === 'person2') reserved.add(u.personId!);
    // The holders with accounts (person_gz1 …) are kept for their own revocations.
    const selfIds = (
      await tx
        .select({ id: person.id })
        .from(person)
        .where(
          inArray(
            person.idNo,
            (['selfA', 'selfB', 'selfC', 'selfE', 'selfF'] as const).map((k) => caseIdNo(entIndex, k, today)),
          ),
        )
    ).map((r) => r.id);
    for (const type of BUSINESS_TYPES) {
      const pool = await candidatesFor(
        tx,
        type,
        applicant.enterpriseId,
        today,
        type === 'personRevocation' ? reserved : new Set([...reserved, ...selfIds]),
      );
      // One rename at a time per enterprise (the rules): one done, one waiting for 受理.
      const plan = type === 'rename' ? RENAME_PLAN : PLAN;
      for (const [stage, n] of plan) {
        for (let i = 0; i < n; i++) {
          const subject =
            stage !== 'personCheck'
              ? await firstEligible(tx, nextItemClock(), type, applicant, pool)
              : areaPlan.area === '1'
                ? await holderSubject(type, pool, applicant)
                : null;
          if (!subject) continue;
          // A person's own revocation is filed by the holder's account.
          const filer =
            type === 'personRevocation'
              ? (users.find((u) => u.personId === subject.personId && u.userType === '04') ?? applicant)
              : applicant;
          await file(type, stage, subject, filer, applicant.enterpriseId, areaPlan.staff);
        }
      }
    }
    if (areaPlan.area === '1') {
      // person1's own history: a delay and a change their enterprise filed, which person1 confirmed
      // and the centre did not accept. Both ended without touching the certificate, which stays free
      // for the delay a user (or a test) applies for now.
      const personId = byName.get('person1')?.personId ?? null;
      const [c3] = await tx
        .select({ id: certificate.id })
        .from(certificate)
        .where(and(eq(certificate.personId, personId ?? 0), eq(certificate.status, '01')))
        .limit(1);
      if (c3) {
        const subject = (payload: Record<string, unknown>): Candidate => ({ personId, certificateId: c3.id, payload });
        await file(
          'delay',
          'rejected',
          subject({}),
          applicant,
          applicant.enterpriseId,
          areaPlan.staff,
          '继续教育学时证明未加盖培训机构公章，不予受理，请补齐后重新申请',
        );
        await file(
          'modify',
          'rejected',
          subject({ title: '04', reason: '取得中级技术职称，申请变更' }),
          applicant,
          applicant.enterpriseId,
          areaPlan.staff,
          '职称证书与人社部门备案信息不一致，不予受理',
        );
      }
    }
    // Renames waiting at the later steps come from other enterprises of the area (one rename per
    // enterprise at a time), each filed by that enterprise's own account.
    const others = await tx
      .select()
      .from(enterprise)
      .where(
        and(
          eq(enterprise.ownership, areaPlan.area),
          eq(enterprise.status, '1'),
          ne(enterprise.id, applicant.enterpriseId),
        ),
      )
      .orderBy(asc(enterprise.id))
      .limit(RENAME_QUEUE.length * 3);
    let filed = 0;
    for (const ent of others) {
      if (filed === RENAME_QUEUE.length) break;
      // The rename rules look at the enterprise only, so its account is made once they accept.
      const subject = await firstEligible(
        tx,
        new ManualClock(now),
        'rename',
        { userId: applicant.userId, enterpriseId: ent.id },
        await candidatesFor(tx, 'rename', ent.id, today, new Set()),
      );
      if (!subject) continue;
      const filer = await addUser({
        userName: `${areaPlan.enterpriseUser}${filed + 2}`,
        userType: '03',
        nickName: ent.legalRepresentative ?? ent.name.slice(0, 3),
        enterpriseId: ent.id,
        personId: null,
        sex: '0',
        roleKey: 'enterprise',
        remark: `企业用户（${ent.name}）`,
      });
      await file('rename', RENAME_QUEUE[filed]!, subject, filer, ent.id, areaPlan.staff);
      filed += 1;
    }
  }
  return count;
}

/** Renames waiting at each step of their route after 受理. */
const RENAME_QUEUE: Stage[] = routeSteps(BUSINESS_ROUTES.rename.middleSteps)
  .slice(1)
  .map((step) => `at_${step}` as Stage);

/** Holders with accounts of their own (area 1), each with one confirmation waiting. */
const HOLDER_ACCOUNTS: Partial<Record<BusinessType, string>> = {
  delay: 'person3',
  inner: 'person4',
  inProvince: 'person5',
  outProvince: 'person6',
  revocation: 'person7',
};

async function holderAccount(tx: Tx, userName: string, personId: number): Promise<NewDemoAccount> {
  const [p] = await tx.select().from(person).where(eq(person.id, personId));
  return {
    userName,
    userType: '04',
    nickName: p!.name,
    enterpriseId: null,
    personId,
    sex: p!.sex,
    phone: p!.phone,
    roleKey: 'person',
    remark: '个人用户（有一件业务等待本人确认）',
  };
}

const RENAME_PLAN: [Stage, number][] = [
  ['closedApproved', 1],
  ['submitted', 1],
];

async function person2Subject(tx: Tx, personId: number): Promise<Candidate | null> {
  const [cert] = await tx
    .select({ id: certificate.id })
    .from(certificate)
    .where(and(eq(certificate.personId, personId), eq(certificate.status, '01')))
    .limit(1);
  return cert
    ? { personId, certificateId: cert.id, payload: { title: '02', reason: '取得高级技术职称，申请变更' } }
    : null;
}

/** Takes the first candidate the rules accept (and removes it from the pool). */
export async function firstEligible(
  tx: Tx,
  clock: ManualClock,
  type: BusinessType,
  applicant: { userId: number; enterpriseId: number | null },
  pool: Candidate[],
): Promise<Candidate | null> {
  while (pool.length > 0) {
    const c = pool.shift()!;
    const answer = await checkDraft(tx, clock, {
      businessType: type,
      applicationId: null,
      enterpriseId: applicant.enterpriseId,
      personId: c.personId,
      certificateId: c.certificateId,
      payload: { ...c.payload, materials: [] },
      applicantUserId: applicant.userId,
    });
    if (answer.code === 0) return c;
  }
  return null;
}

type Send = (type: ApplicationEventType, userName: string, roleKey: string, comment?: string) => Promise<void>;

async function driveTo(
  stage: Stage,
  type: BusinessType,
  _row: ApplicationRow,
  send: Send,
  staff: Record<Step, string>,
  holder: string | null,
  applicant: string,
  rejection?: string,
) {
  if (stage === 'saved') return;
  await send('SUBMIT', applicant, 'enterprise');
  if (stage === 'personCheck' && holder) return;
  if (holder) await send('CONFIRM', holder, 'person');
  if (stage === 'submitted' || stage === 'personCheck') return;
  if (stage === 'rejected') {
    await send('DISAGREE', staff.sl, 'step_sl', rejection);
    return;
  }
  const steps = routeSteps(BUSINESS_ROUTES[type].middleSteps);
  // 受理, then the middle steps and 办结, each agreeing unless the item stops there.
  await send('AGREE', staff.sl, 'step_sl');
  if (stage === 'firstReview') return;
  for (const step of steps.slice(1)) {
    if (stage === `at_${step}`) return;
    await send('AGREE', staff[step], `step_${step}`);
  }
}
