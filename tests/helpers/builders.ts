/**
 * Data builders for API tests: the rows a test needs, made for it, instead of rows of the demo seed
 * picked by name (which break the test when the demo data changes). Each call makes new rows whose
 * names and numbers no demo row and no other call has: enterprises `…试建…工程有限公司` with a credit
 * code whose organisation code starts with 0 (the demo's never does), persons surnamed 试 born in
 * 360102 (the demo's are born in Guangdong), users `built_…`. Users sign in with DEMO_PASSWORD, so an
 * apiSuite's callers take their names: `api.get(ent.user.userName, url)`.
 *
 * Records with a life are made by their one writer, never by inserts beside it: certificates by the
 * certificate writer (a load through the machine; 暂扣, 吊销 and 撤销 by a punishment recorded and
 * approved over HTTP, as a centre does, so a punishment stands behind them), applications by the
 * workflow store after the rules at SUBMIT, as the demo seed drives them. Enterprises, persons and
 * users are inserted as the seed inserts them.
 */
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { BUSINESS_ROUTES, routeSteps, type BusinessType, type Step } from '../../machines/businessTypes.js';
import type { ApplicationEvent, ApplicationEventType } from '../../machines/application.machine.js';
import { statutoryExpiryOf, type CertStatus } from '../../machines/certificate.machine.js';
import type { Tx } from '../../server/db/client.js';
import {
  certificate,
  educationRecord,
  employmentRecord,
  enterprise,
  person,
  sysDept,
  sysPasswordHistory,
  sysRole,
  sysUser,
  sysUserRole,
} from '../../server/db/schema.js';
import type { CertCategory } from '../../server/db/seed/certNo.js';
import { makeCreditCode } from '../../server/db/seed/creditCode.js';
import { ISSUING_AUTHORITY } from '../../server/db/seed/dictionaries.js';
import { makeIdCard } from '../../server/db/seed/idcard.js';
import { AREA_CENTRES } from '../../server/lib/areas.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';
import { hashPassword } from '../../server/lib/password.js';
import { holderUserOf, readBizPolicy, requiredEducationHours } from '../../server/modules/business/facts.js';
import { parsePayload } from '../../server/modules/business/payloads.js';
import { checkDraft } from '../../server/modules/business/rules.js';
import { nextCertNo, newQueryCode } from '../../server/modules/certificate/numbering.js';
import { loadCertificates, sendCertificateEvent, type LifeStep } from '../../server/modules/certificate/writer.js';
import { applyEvent, createApplication } from '../../server/workflow/store.js';
import type { ApplicationRow } from '../../server/workflow/types.js';
import { DEMO_PASSWORD, type TestApp } from './app.js';

/** One number per call in this process: the files of a worker share it, each on its own database. */
let serial = 0;
const nextSerial = () => ++serial;

/** Two or more given-name characters that spell `n` (base 20): 试安宁, 试安泰, … */
const NAME_CHARS = '安宁泰和嘉明华建立新志文思远博浩雅静琳欣';
function spelled(n: number): string {
  let out = '';
  let k = n;
  do {
    out = NAME_CHARS[k % NAME_CHARS.length]! + out;
    k = Math.floor(k / NAME_CHARS.length);
  } while (k > 0);
  return out.length < 2 ? NAME_CHARS[0]! + out : out;
}

const today = (t: TestApp) => chinaDate(t.clock.now());

export type Area = '1' | '2' | '3';
/** A county of each centre's area: 广州 天河, 深圳 福田, 佛山 禅城 (the demo enterprises' own). */
const DISTRICT_OF_AREA: Record<Area, { code: string; city: string }> = {
  '1': { code: '440106', city: '广州市' },
  '2': { code: '440304', city: '深圳市' },
  '3': { code: '440604', city: '佛山市' },
};

// ---------------------------------------------------------------------------------------------
// Users

export interface BuiltUser {
  userId: number;
  userName: string;
  /** DEMO_PASSWORD: `t.login(userName)` and an apiSuite's callers sign in without it. */
  password: string;
  nickName: string;
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export interface UserOptions {
  /** Role keys (sys_role.role_key), e.g. ['step_sl'] or ['enterprise']. */
  roles: readonly string[];
  /** Department by name (sys_dept.dept_name); staff of a centre: `centreOf(area)`. */
  dept?: string;
  /** 00 system, 02 administrative unit (default), 03 enterprise, 04 individual. */
  userType?: '00' | '02' | '03' | '04';
  enterpriseId?: number | null;
  personId?: number | null;
  nickName?: string;
  phone?: string | null;
  /** 等保 duty of a type 00 administrator. */
  duty?: 'sys' | 'sec' | 'audit';
}

/** The department of a centre's staff. */
export const centreOf = (area: Area): string => AREA_CENTRES[area]!;

/** An active user with the roles, as the seed makes its accounts (no review pending). */
export async function aUser(t: TestApp, opts: UserOptions): Promise<BuiltUser> {
  const db = t.database.db;
  const n = nextSerial();
  const userName = `built_user${n}`;
  const nickName = opts.nickName ?? `试${spelled(n)}`;
  const roles = opts.roles.length
    ? await db
        .select()
        .from(sysRole)
        .where(inArray(sysRole.roleKey, [...opts.roles]))
    : [];
  const missing = opts.roles.filter((key) => !roles.some((r) => r.roleKey === key));
  if (missing.length) throw new Error(`aUser: no role ${missing.join(', ')}`);
  let deptId: number | null = null;
  if (opts.dept) {
    const [dept] = await db.select().from(sysDept).where(eq(sysDept.deptName, opts.dept));
    if (!dept) throw new Error(`aUser: no department ${opts.dept}`);
    deptId = dept.deptId;
  }
  const passwordHash = await hashOf(DEMO_PASSWORD);
  const now = t.clock.now();
  const [user] = await db
    .insert(sysUser)
    .values({
      userName,
      nickName,
      userType: opts.userType ?? '02',
      deptId,
      enterpriseId: opts.enterpriseId ?? null,
      personId: opts.personId ?? null,
      phone: opts.phone ?? null,
      sex: '0',
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: false,
      status: '1',
      checkStatus: null,
      duty: opts.duty ?? null,
      remark: 'built by a test',
    })
    .returning();
  if (roles.length) await db.insert(sysUserRole).values(roles.map((r) => ({ userId: user!.userId, roleId: r.roleId })));
  await db.insert(sysPasswordHistory).values({ userId: user!.userId, passwordHash, createdAt: now });
  return { userId: user!.userId, userName, password: DEMO_PASSWORD, nickName };
}

// ---------------------------------------------------------------------------------------------
// Enterprises and persons

export interface BuiltEnterprise {
  id: number;
  name: string;
  creditCode: string;
  area: Area;
  districtCode: string;
  /** Its enterprise account (role `enterprise`). */
  user: BuiltUser;
}

export interface EnterpriseOptions {
  /** The centre it belongs to (enterprise.ownership): '1' 广州 (default), '2' 深圳, '3' 省中心. */
  area?: Area;
  name?: string;
}

/** An active enterprise with a valid licence and its account. */
export async function anEnterprise(t: TestApp, opts: EnterpriseOptions = {}): Promise<BuiltEnterprise> {
  const n = nextSerial();
  const area = opts.area ?? '1';
  const district = DISTRICT_OF_AREA[area];
  const name = opts.name ?? `${district.city}试建${spelled(n)}工程有限公司`;
  // The demo's organisation codes are MA… or 8 digits without a leading zero.
  const creditCode = makeCreditCode(district.code, `0${String(n).padStart(7, '0')}`);
  const legalRepresentative = `试${spelled(n)}`;
  const [row] = await t.database.db
    .insert(enterprise)
    .values({
      creditCode,
      name,
      legalRepresentative,
      address: `${district.city}试建路${n}号`,
      districtCode: district.code,
      ownership: area,
      qualification: '建筑工程施工总承包二级',
      licenceNo: `(粤)JZ安许证字[2099]T${String(n).padStart(6, '0')}`,
      licenceValidTo: addYears(today(t), 2),
      status: '1',
    })
    .returning();
  const user = await aUser(t, {
    roles: ['enterprise'],
    userType: '03',
    enterpriseId: row!.id,
    nickName: legalRepresentative,
  });
  return { id: row!.id, name, creditCode, area, districtCode: district.code, user };
}

export interface BuiltPerson {
  id: number;
  name: string;
  idNo: string;
  birthDate: string;
  sex: '0' | '1';
  enterpriseId: number;
  /** Their own account (role `person`): the holder who confirms an enterprise's application. */
  user: BuiltUser;
}

export interface PersonOptions {
  /** Where they work (the staff register and the three databases say so since five years). */
  enterprise?: BuiltEnterprise;
  /** Default: about 35 years before today. */
  birthDate?: string;
  sex?: '0' | '1';
  /** education code; '04' (qualified for every category) by default. */
  education?: string;
}

/** A person employed by an enterprise (a new one unless given), with a GB 11643 identity number and an account. */
export async function aPerson(t: TestApp, opts: PersonOptions = {}): Promise<BuiltPerson> {
  const ent = opts.enterprise ?? (await anEnterprise(t));
  const n = nextSerial();
  const birthDate = opts.birthDate ?? addDays(addYears(today(t), -35), -(n % 3000));
  const sex = opts.sex ?? '0';
  // Odd sequence: male. 360102 (南昌 东湖区): no demo person is born outside Guangdong.
  const idNo = makeIdCard('360102', birthDate, 2 + 2 * (n % 499) + (sex === '0' ? 1 : 0));
  const name = `试${spelled(n)}`;
  const db = t.database.db;
  const [row] = await db
    .insert(person)
    .values({
      name,
      sex,
      idType: '111',
      idNo,
      birthDate,
      education: opts.education ?? '04',
      title: null,
      phone: null,
      enterpriseId: ent.id,
      employStatus: '1',
    })
    .returning();
  const hiredOn = addYears(today(t), -5);
  await db.insert(employmentRecord).values([
    { personId: row!.id, enterpriseId: ent.id, source: 'ent', startDate: hiredOn, endDate: null },
    { personId: row!.id, enterpriseId: ent.id, source: 'social', startDate: hiredOn, endDate: null },
  ]);
  const user = await aUser(t, { roles: ['person'], userType: '04', personId: row!.id, nickName: name });
  return { id: row!.id, name, idNo, birthDate, sex, enterpriseId: ent.id, user };
}

// ---------------------------------------------------------------------------------------------
// Certificates

export interface BuiltCertificate {
  id: number;
  certNo: string;
  queryCode: string;
  category: CertCategory;
  status: CertStatus;
  holder: BuiltPerson;
  enterprise: BuiltEnterprise;
  /** The punishment behind a 02, 03 or 07. */
  punishmentId: number | null;
}

export interface CertificateOptions {
  /** The state it is in (cert_status): 01 by default. */
  state?: CertStatus;
  category?: CertCategory;
  /** ministerial_position; 08 (专职安全员) for C, 07 for B, 02 for A by default. */
  position?: string;
  /** The holder (a new person at `enterprise` unless given). */
  holder?: BuiltPerson;
  enterprise?: BuiltEnterprise;
  /** Start of its validity: today for a live one, three years and ten days ago for an expired one. */
  validFrom?: string;
  /**
   * Continuing-education hours the holder has done within its validity (one record, finished today
   * or on its first day): `'required'` is what a delay needs (biz.delay.hoursPerYear × 3).
   */
  educationHours?: number | 'required';
}

const DEFAULT_POSITION: Record<CertCategory, string> = { A: '02', B: '07', C1: '08', C2: '08', C3: '08' };

/** The punishment that puts a certificate in each punished state, as a centre records it. */
const PUNISHMENT_OF: Partial<Record<CertStatus, { type: string; violateType: string; days: number | null }>> = {
  '02': { type: '暂扣', violateType: 'duty_failure', days: 90 },
  '03': { type: '撤销', violateType: 'fraud_bribery', days: null },
  '07': { type: '吊销', violateType: 'false_material', days: null },
};

/**
 * A certificate in the given state, through the certificate writer: issued (a load, as the seeds and
 * the older platform's data come), then ended by a load's CANCEL, TRANSFER_OUT or EXPIRE, or
 * punished by a punishment one officer of the centre records and a second approves.
 */
export async function aCertificate(t: TestApp, opts: CertificateOptions = {}): Promise<BuiltCertificate> {
  const state = opts.state ?? '01';
  const category = opts.category ?? 'C3';
  const ent = opts.enterprise ?? (await anEnterprise(t));
  const holder = opts.holder ?? (await aPerson(t, { enterprise: ent }));
  const day = today(t);
  const validFrom = opts.validFrom ?? (state === '05' ? addDays(addYears(day, -3), -10) : day);
  const expiryDate = statutoryExpiryOf(validFrom);
  if (state === '05' ? expiryDate >= day : expiryDate < day)
    throw new Error(`aCertificate: a validity from ${validFrom} does not fit state ${state}`);
  const queryCode = newQueryCode();
  const moment = (d: string) => (d === day ? t.clock.now() : new Date(`${d}T02:00:00Z`));
  const id = await t.database.db.transaction(async (tx) => {
    const certNo = await nextCertNo(tx as Tx, category, Number(validFrom.slice(0, 4)));
    const steps: LifeStep[] = [
      {
        at: moment(validFrom),
        event: {
          type: 'ISSUE',
          certNo,
          category,
          personId: holder.id,
          enterpriseId: ent.id,
          position: opts.position ?? DEFAULT_POSITION[category],
          issueDate: validFrom,
          validFrom,
          expiryDate,
          queryCode,
          acceptedOn: null,
        },
      },
    ];
    const [certId] = await loadCertificates(tx as Tx, [{ steps, extras: { issuingAuthority: ISSUING_AUTHORITY } }]);
    // The end of its life through the writer, one event at a time, as the jobs and the business send them.
    const loaded = { reason: 'load', actorId: null };
    if (state === '05') {
      const next = addDays(expiryDate, 1);
      await sendCertificateEvent(tx as Tx, certId!, { type: 'EXPIRE', today: next }, loaded, moment(next));
    }
    if (state === '04') await sendCertificateEvent(tx as Tx, certId!, { type: 'CANCEL' }, loaded, t.clock.now());
    if (state === '06') await sendCertificateEvent(tx as Tx, certId!, { type: 'TRANSFER_OUT' }, loaded, t.clock.now());
    return certId!;
  });
  if (opts.educationHours !== undefined) {
    const hours =
      opts.educationHours === 'required'
        ? requiredEducationHours(await readBizPolicy(t.database.db))
        : opts.educationHours;
    const [cert] = await t.database.db.select().from(certificate).where(eq(certificate.id, id));
    await t.database.db.insert(educationRecord).values({
      personId: holder.id,
      certNo: cert!.certNo,
      course: '安全生产管理继续教育',
      provider: '试建培训中心',
      hours: String(hours),
      finishedOn: day <= expiryDate ? day : validFrom,
    });
  }
  const punishment = PUNISHMENT_OF[state];
  const punishmentId = punishment ? await punish(t, ent.area, id, punishment) : null;
  const [row] = await t.database.db.select().from(certificate).where(eq(certificate.id, id));
  return {
    id,
    certNo: row!.certNo,
    queryCode,
    category,
    status: state,
    holder,
    enterprise: ent,
    punishmentId,
  };
}

/** Officers of a centre for punishments: one records, another approves (four eyes). */
const creditOfficers = new WeakMap<TestApp, Map<Area, Promise<[BuiltUser, BuiltUser]>>>();

async function punish(
  t: TestApp,
  area: Area,
  certificateId: number,
  p: { type: string; violateType: string; days: number | null },
): Promise<number> {
  let byArea = creditOfficers.get(t);
  if (!byArea) creditOfficers.set(t, (byArea = new Map()));
  let officers = byArea.get(area);
  if (!officers) {
    officers = (async () =>
      [
        await aUser(t, { roles: ['step_sl'], dept: centreOf(area) }),
        await aUser(t, { roles: ['step_sh'], dept: centreOf(area) }),
      ] as [BuiltUser, BuiltUser])();
    byArea.set(area, officers);
  }
  const [recorder, approver] = await officers;
  const day = today(t);
  const n = nextSerial();
  const saved = await t.call(await t.login(recorder.userName), {
    method: 'POST',
    url: '/api/credit/punishment/save',
    payload: {
      type: p.type,
      docNo: `试罚〔2099〕${n}号`,
      violateType: p.violateType,
      reason: '测试数据：处罚',
      startDate: day,
      endDate: p.days === null ? null : addDays(day, p.days),
      certificateIds: [certificateId],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { punishmentId, reviewId } = saved.json().data as { punishmentId: number; reviewId: number };
  const approved = await t.call(await t.login(approver.userName), {
    method: 'POST',
    url: '/api/credit/punishment/audit',
    payload: { reviewId, approved: true },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return punishmentId;
}

// ---------------------------------------------------------------------------------------------
// Applications

/**
 * Where a built application stops: `saved` (a draft), `personCheck` (waiting for its holder), a
 * review step (waiting there: `sl` is submitted and waiting for 受理), `closed` (approved at 办结,
 * its close effect done), `rejected` (不予受理 at 受理).
 */
export type ApplicationStep = 'saved' | 'personCheck' | Step | 'closed' | 'rejected';

export interface ApplicationOptions {
  businessType: BusinessType;
  step: ApplicationStep;
  /** The applying enterprise (a new one unless given, or the certificate's). */
  enterprise?: BuiltEnterprise;
  /** The certificate it is about (types about a certificate: a new valid C3 unless given). */
  certificate?: BuiltCertificate;
  /** The person it is about (新办 and 省外调入: a new person at the enterprise unless given). */
  person?: BuiltPerson;
  /** The form (merged over a default that passes the rules for the type). */
  payload?: Record<string, unknown>;
}

export interface BuiltApplication {
  id: number;
  applyNo: string;
  businessType: BusinessType;
  /** applyStatus as stored. */
  status: number;
  /** The user who filed it. */
  applicant: BuiltUser;
  /** The holder who confirms it (routes with a person check). */
  holder: BuiltUser | null;
  /** A member of staff of its centre holding every step's role (who agreed at each step so far). */
  staff: BuiltUser;
  enterprise: BuiltEnterprise;
  person: BuiltPerson | null;
  certificate: BuiltCertificate | null;
}

/** Staff of a centre with every step role (as the demo's sz_staff): one per app and area. */
const stepStaff = new WeakMap<TestApp, Map<Area, Promise<BuiltUser>>>();
function staffOf(t: TestApp, area: Area): Promise<BuiltUser> {
  let byArea = stepStaff.get(t);
  if (!byArea) stepStaff.set(t, (byArea = new Map()));
  let staff = byArea.get(area);
  if (!staff) {
    staff = aUser(t, {
      roles: ['step_sl', 'step_cb', 'step_cs', 'step_sh', 'step_sp', 'step_bj'],
      dept: centreOf(area),
    });
    byArea.set(area, staff);
  }
  return staff;
}

function defaultPayload(type: BusinessType, ent: BuiltEnterprise, day: string): Record<string, unknown> {
  switch (type) {
    case 'newCert':
      return { category: 'C3', position: '08' };
    case 'inProvince': {
      const issueDate = addDays(day, -400);
      return {
        originalCertNo: `湘建安C（${Number(day.slice(0, 4)) - 1}）${String(nextSerial()).padStart(7, '0')}`,
        originalProvince: '湖南省',
        category: 'C',
        issueDate,
        expiryDate: statutoryExpiryOf(issueDate),
        position: '08',
      };
    }
    case 'outProvince':
      return { targetProvince: '湖南省', reason: '调往湖南省建筑施工企业任职' };
    case 'modify':
      return { title: '04', reason: '取得中级技术职称，申请变更' };
    case 'revocation':
      return { reason: '1', remark: '已与本企业解除劳动合同' };
    case 'personRevocation':
      return { reason: '4', remark: '本人申请注销' };
    case 'rename':
      return { newName: ent.name.replace(/工程有限公司$/, '建设集团有限公司') };
    case 'delay':
    case 'inner':
      return {};
  }
}

/**
 * An application at a step, driven by the workflow store through the application machine from its
 * first save (its history replays), as the demo seed drives them: the rules at SUBMIT are asked
 * first (a refusal fails the builder with the rule's words), then SUBMIT by the applicant, CONFIRM by
 * the holder, and AGREE (or DISAGREE) by the centre's staff at each step up to `step`.
 */
export async function anApplication(t: TestApp, opts: ApplicationOptions): Promise<BuiltApplication> {
  const type = opts.businessType;
  const route = BUSINESS_ROUTES[type];
  const ent = opts.enterprise ?? opts.certificate?.enterprise ?? (await anEnterprise(t));
  const cert =
    route.target === 'certificate' ? (opts.certificate ?? (await aCertificate(t, { enterprise: ent }))) : null;
  const subject =
    route.target === 'person'
      ? (opts.person ?? (await aPerson(t, { enterprise: ent })))
      : route.target === 'certificate'
        ? cert!.holder
        : null;
  const staff = await staffOf(t, ent.area);
  const day = today(t);
  const parsed = parsePayload(type, { ...defaultPayload(type, ent, day), ...opts.payload });
  if (!parsed.ok) throw new Error(`anApplication ${type}: ${parsed.field} ${parsed.msg}`);
  const payload = parsed.value as Record<string, unknown>;
  const applicant = type === 'personRevocation' ? subject!.user : ent.user;
  const env = { clock: t.clock, config: t.config };
  const row = await t.database.db.transaction(async (txn) => {
    const tx = txn as Tx;
    const holderUserId = subject ? await holderUserOf(tx, subject.id) : null;
    let app: ApplicationRow = await createApplication(env, tx, {
      businessType: type,
      applicantUserId: applicant.userId,
      enterpriseId: ent.id,
      personId: subject?.id ?? null,
      holderUserId,
      certificateId: cert?.id ?? null,
      payload,
    });
    if (opts.step === 'saved') return app;
    const rules = await checkDraft(tx, t.clock, {
      businessType: type,
      applicationId: app.id,
      enterpriseId: ent.id,
      personId: subject?.id ?? null,
      certificateId: cert?.id ?? null,
      payload,
      applicantUserId: applicant.userId,
    });
    if (rules.code !== 0) throw new Error(`anApplication ${type}: the rules refuse (${rules.code}) ${rules.message}`);
    const send = async (event: ApplicationEventType, actor: BuiltUser, roleKey: string, comment?: string) => {
      const e: ApplicationEvent = { type: event, actorId: actor.userId, roleKey, version: app.version, comment };
      app = await applyEvent(env, tx, app, e, actor.nickName);
    };
    await send('SUBMIT', applicant, type === 'personRevocation' ? 'person' : 'enterprise');
    const holder = app.holderUserId ? subject!.user : null;
    if (opts.step === 'personCheck') {
      if (!holder) throw new Error(`anApplication ${type}: no person check on this route`);
      return app;
    }
    if (holder) await send('CONFIRM', holder, 'person', '本人确认申请内容属实');
    if (opts.step === 'sl') return app;
    if (opts.step === 'rejected') {
      await send('DISAGREE', staff, 'step_sl', '测试数据：不予受理');
      return app;
    }
    for (const step of routeSteps(route.middleSteps)) {
      if (opts.step === step) return app;
      await send('AGREE', staff, `step_${step}`, '材料齐全，符合要求，同意');
    }
    if (opts.step !== 'closed') throw new Error(`anApplication ${type}: no step ${opts.step} on this route`);
    return app;
  });
  return {
    id: row.id,
    applyNo: row.applyNo,
    businessType: type,
    status: row.status,
    applicant,
    holder: row.holderUserId ? subject!.user : null,
    staff,
    enterprise: ent,
    person: subject,
    certificate: cert,
  };
}
