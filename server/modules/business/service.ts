/**
 * The enterprise's (and the holder's) side of every business type: list, get, save, update, submit,
 * remove, and the pre-check. Saving creates or replaces the draft; every change of state goes
 * through the workflow engine (SAVE, SUBMIT, DELETE events), so the machine and the rules decide.
 */
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApplicationEvent } from '../../../machines/application.machine.js';
import { BUSINESS_ROUTES, type BusinessType } from '../../../machines/businessTypes.js';
import type { AppContext, AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { application, applicationHistory, certificate, enterprise, person, sysOss } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/reply.js';
import { assertCanSee, decide } from '../../workflow/decide.js';
import { assertRulesPass, rulesFor } from '../../workflow/ruleCheck.js';
import { applyEvent, createApplication, loadApplication, storeDecision } from '../../workflow/store.js';
import type { ApplicationRow } from '../../workflow/types.js';
import { applicationDetail, readDeadlineLimits, toQueueRow } from '../../workflow/views.js';
import { ageOn, employedAt, holderUserOf, todayOf } from './facts.js';
import {
  maskIdNo,
  personalDataOf,
  type Duty,
  type PersonValues,
  type Revealable,
} from '../../services/personalData.js';
import type { FileOwnerCheck } from '../system/oss/fileScope.js';
import { PAYLOADS, TARGET } from './payloads.js';
import { checkDraft, type Draft, type RuleAnswer } from './rules.js';
import { dateRange } from '../../lib/dateRange.js';

const holderPerson = alias(person, 'holder_person');

/** ID number as the public and lists show it: first 3 and last 4 digits (440***********1234). */

/** Who may see an application in the business lists: its enterprise's users, the applicant, the holder, staff of its area. */
function scopeOf(user: AuthUser, type: BusinessType): SQL | undefined {
  if (user.userType === '03') return user.enterpriseId ? eq(application.enterpriseId, user.enterpriseId) : sql`false`;
  if (user.userType === '04')
    return or(eq(application.applicantUserId, user.userId), eq(application.holderUserId, user.userId));
  if (user.area === 'all') return undefined;
  if (user.area) return eq(application.area, user.area);
  return type ? sql`false` : undefined;
}

export function assertCanSeeBusiness(user: AuthUser, app: ApplicationRow): void {
  if (user.userType === '03' && user.enterpriseId !== null && user.enterpriseId === app.enterpriseId) return;
  assertCanSee(user, app);
}

export interface BusinessListQuery extends PageQuery {
  status?: number;
  keyword?: string;
}

export async function listBusiness(ctx: AppContext, user: AuthUser, type: BusinessType, q: BusinessListQuery) {
  const conds: (SQL | undefined)[] = [
    eq(application.businessType, type),
    eq(application.deleted, false),
    scopeOf(user, type),
  ];
  if (q.status !== undefined) conds.push(eq(application.status, q.status));
  conds.push(...dateRange(application.createdAt, q.beginTime, q.endTime));
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(application.applyNo, like),
        ilike(holderPerson.name, like),
        ilike(holderPerson.idNo, like),
        ilike(certificate.certNo, like),
      ),
    );
  }
  const where = and(...conds);
  const from = () =>
    ctx.db
      .select({
        app: application,
        enterpriseName: enterprise.name,
        holderName: holderPerson.name,
        holderIdNo: holderPerson.idNo,
        certNo: certificate.certNo,
        category: certificate.category,
      })
      .from(application)
      .leftJoin(enterprise, eq(enterprise.id, application.enterpriseId))
      .leftJoin(holderPerson, eq(holderPerson.id, application.personId))
      .leftJoin(certificate, eq(certificate.id, application.certificateId));
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(application)
    .leftJoin(holderPerson, eq(holderPerson.id, application.personId))
    .leftJoin(certificate, eq(certificate.id, application.certificateId))
    .where(where);
  const rows = await from()
    .where(where)
    .orderBy(desc(application.updatedAt), desc(application.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const now = ctx.clock.now();
  const limits = await readDeadlineLimits(ctx.db);
  const comments = await lastComments(
    ctx.db,
    rows.map((r) => r.app.id),
  );
  return {
    total,
    // Added to the fresh queue row: a spread with more properties after it is V8's slow path (work.ts toWorkRow).
    rows: rows.map((r) =>
      Object.assign(toQueueRow(r, now, user, limits), {
        holderIdNo: maskIdNo(r.holderIdNo),
        category: (r.category ?? (r.app.payload as { category?: string }).category ?? null) as string | null,
        createdAt: r.app.createdAt.toISOString(),
        lastComment: comments.get(r.app.id) ?? null,
      }),
    ),
  };
}

/** The latest comment that sent each application back (补正, declined by the holder). */
async function lastComments(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: applicationHistory.applicationId,
      comment: applicationHistory.comment,
      version: applicationHistory.version,
    })
    .from(applicationHistory)
    .where(
      and(
        inArray(applicationHistory.applicationId, ids),
        inArray(applicationHistory.event, ['RETURN', 'DECLINE', 'DISAGREE']),
      ),
    )
    .orderBy(desc(applicationHistory.version));
  const out = new Map<number, string>();
  for (const r of rows) if (r.comment && !out.has(r.id)) out.set(r.id, r.comment);
  return out;
}

async function loadOfType(ctx: AppContext, user: AuthUser, type: BusinessType, id: number): Promise<ApplicationRow> {
  const app = await loadApplication(ctx.db, id);
  if (app.businessType !== type) throw notFound('业务不存在或类型不符');
  assertCanSeeBusiness(user, app);
  return app;
}

/**
 * Whose duty it is to see the holder's real data in this application: the holder, the centre's
 * staff deciding on it, the enterprise that employs the person now. Everyone else reads it masked.
 */
function dutyOver(user: AuthUser, app: ApplicationRow, subject: { id: number; enterpriseId: number | null }): Duty {
  if (user.personId === subject.id) return 'self';
  if (user.userType === '02') return 'review';
  if (
    user.userType === '03' &&
    user.enterpriseId !== null &&
    user.enterpriseId === app.enterpriseId &&
    subject.enterpriseId === user.enterpriseId
  )
    return 'employer';
  return null;
}

/** The holder's personal data in an application, for a caller who may see the application (reveal source 'application'). */
export async function applicationPersonalData(ctx: AppContext, user: AuthUser, id: number): Promise<Revealable> {
  const app = await loadApplication(ctx.db, id);
  assertCanSeeBusiness(user, app);
  const [subject] = app.personId ? await ctx.db.select().from(person).where(eq(person.id, app.personId)) : [];
  if (!subject) throw notFound('该业务没有人员信息');
  return holderData(user, app, subject);
}

const holderData = (
  user: AuthUser,
  app: ApplicationRow,
  subject: typeof person.$inferSelect,
): Revealable<PersonValues> => ({
  subject: { personId: subject.id, name: subject.name },
  duty: dutyOver(user, app, subject),
  values: { idNo: subject.idNo, birthDate: subject.birthDate, phone: subject.phone },
});

export async function getBusiness(ctx: AppContext, user: AuthUser, type: BusinessType, id: number) {
  const app = await loadOfType(ctx, user, type, id);
  const detail = await applicationDetail(ctx, user, app);
  const [subject] = app.personId ? await ctx.db.select().from(person).where(eq(person.id, app.personId)) : [null];
  const [cert] = app.certificateId
    ? await ctx.db.select().from(certificate).where(eq(certificate.id, app.certificateId))
    : [null];
  const [ent] = app.enterpriseId
    ? await ctx.db.select().from(enterprise).where(eq(enterprise.id, app.enterpriseId))
    : [null];
  const materialIds = ((app.payload as { materials?: unknown }).materials ?? []) as number[];
  const materials = materialIds.length
    ? await ctx.db
        .select({ ossId: sysOss.id, originalName: sysOss.originalName, size: sysOss.size, mimeType: sysOss.mimeType })
        .from(sysOss)
        .where(inArray(sysOss.id, materialIds))
    : [];
  const today = todayOf(ctx.clock);
  const comments = await lastComments(ctx.db, [app.id]);
  return {
    ...detail,
    personId: app.personId,
    certificateId: app.certificateId,
    enterpriseId: app.enterpriseId,
    lastComment: comments.get(app.id) ?? null,
    person: subject
      ? (() => {
          const { values, offer } = personalDataOf(holderData(user, app, subject), 'application', app.id);
          return {
            id: subject.id,
            name: subject.name,
            sex: subject.sex,
            idNo: values.idNo ?? '',
            birthDate: values.birthDate ?? '',
            phone: values.phone ?? null,
            age: ageOn(subject.birthDate, today),
            education: subject.education,
            title: subject.title,
            personalData: offer,
          };
        })()
      : null,
    certificate: cert
      ? {
          id: cert.id,
          certNo: cert.certNo,
          category: cert.category,
          position: cert.position,
          issueDate: cert.issueDate,
          expiryDate: cert.expiryDate,
          status: cert.status,
          version: cert.version,
          enterpriseId: cert.enterpriseId,
        }
      : null,
    enterprise: ent
      ? {
          id: ent.id,
          name: ent.name,
          creditCode: ent.creditCode,
          legalRepresentative: ent.legalRepresentative,
          ownership: ent.ownership,
        }
      : null,
    materials,
  };
}

export interface SaveInput {
  personId?: number | null;
  certificateId?: number | null;
  payload: Record<string, unknown>;
}

/**
 * A draft may be saved at any step: present fields are checked one by one (unknown ones dropped);
 * the whole form is checked on submit.
 */
function draftPayload(type: BusinessType, payload: Record<string, unknown>): Record<string, unknown> {
  const shape = PAYLOADS[type].shape as Record<
    string,
    { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }
  >;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    // Own keys only: a payload key "toString" must not find Object.prototype.toString.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field || value === undefined || value === null || value === '') continue;
    const parsed = field.safeParse(value);
    if (!parsed.success) throw badRequest(parsed.error?.issues[0]?.message ?? `${key} 不正确`, `payload.${key}`);
    out[key] = parsed.data;
  }
  return out;
}

async function checkMaterials(db: DbOrTx, user: AuthUser, payload: Record<string, unknown>): Promise<void> {
  const ids = (payload.materials ?? []) as number[];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: sysOss.id, createdBy: sysOss.createdBy })
    .from(sysOss)
    .where(inArray(sysOss.id, ids));
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw badRequest(`申请材料（文件 ${missing}）不存在，请重新上传`, 'payload.materials');
  if (rows.some((r) => r.createdBy !== user.userId)) throw forbidden('只能使用本人上传的申请材料');
}

/** A file is readable by whoever may see an application it is a material of (registered with the file store). */
export const materialOwner: FileOwnerCheck = async (ctx, user, ossId) => {
  const apps = await ctx.db
    .select()
    .from(application)
    .where(
      and(
        eq(application.deleted, false),
        sql`${application.payload} -> 'materials' @> ${JSON.stringify([ossId])}::jsonb`,
      ),
    );
  if (apps.length === 0) return null;
  return apps.some((app) => {
    try {
      assertCanSeeBusiness(user, app);
      return true;
    } catch {
      return false;
    }
  });
};

/** The applicant and what the application is about, checked against the caller (data scope). */
async function resolveSubject(ctx: AppContext, user: AuthUser, type: BusinessType, input: SaveInput) {
  const target = TARGET[type];
  if (type === 'personRevocation') {
    if (user.userType !== '04' || !user.personId) throw forbidden('个人注销申请须由持证人本人提出');
  } else if (user.userType !== '03' || !user.enterpriseId) {
    throw forbidden('该业务须由企业用户申请');
  }
  let personId: number | null = null;
  let certificateId: number | null = null;
  let enterpriseId = user.enterpriseId;
  if (target === 'person') {
    if (!input.personId) throw badRequest('请选择人员', 'personId');
    const [p] = await ctx.db.select().from(person).where(eq(person.id, input.personId));
    if (!p) throw badRequest('人员不存在', 'personId');
    if (p.enterpriseId !== user.enterpriseId) throw forbidden('只能为本企业的人员申请');
    personId = p.id;
  } else if (target === 'certificate') {
    if (!input.certificateId) throw badRequest('请选择证书', 'certificateId');
    const [c] = await ctx.db.select().from(certificate).where(eq(certificate.id, input.certificateId));
    if (!c) throw badRequest('证书不存在', 'certificateId');
    if (type === 'personRevocation') {
      if (c.personId !== user.personId) throw forbidden('只能注销本人的证书');
      enterpriseId = c.enterpriseId;
    } else if (type === 'inner') {
      if (c.enterpriseId === user.enterpriseId) throw badRequest('该证书已在本企业，无需调动', 'certificateId');
      // The new employer files the transfer: the holder must already work here (the three databases).
      if (!(await employedAt(ctx.db, c.personId, user.enterpriseId!, todayOf(ctx.clock))))
        throw forbidden('只能为已在本企业任职的人员申请调入');
    } else if (c.enterpriseId !== user.enterpriseId) {
      throw forbidden('只能为本企业的证书申请');
    }
    personId = c.personId;
    certificateId = c.id;
  }
  return { personId, certificateId, enterpriseId };
}

export async function saveBusiness(ctx: AppContext, user: AuthUser, type: BusinessType, input: SaveInput) {
  const payload = draftPayload(type, input.payload);
  await checkMaterials(ctx.db, user, payload);
  const subject = await resolveSubject(ctx, user, type, input);
  const holderUserId =
    subject.personId && BUSINESS_ROUTES[type].personCheck ? await holderUserOf(ctx.db, subject.personId) : null;
  const row = await ctx.db.transaction((tx) =>
    createApplication(ctx, tx, {
      businessType: type,
      applicantUserId: user.userId,
      enterpriseId: subject.enterpriseId,
      personId: subject.personId,
      holderUserId: holderUserId === user.userId ? null : holderUserId,
      certificateId: subject.certificateId,
      payload,
    }),
  );
  return getBusiness(ctx, user, type, row.id);
}

/** Replaces the draft's form (SAVE event: only while saved, only by the applicant). The subject is fixed once saved. */
export async function updateBusiness(
  ctx: AppContext,
  user: AuthUser,
  type: BusinessType,
  id: number,
  input: { version?: number; payload: Record<string, unknown> },
) {
  const app = await loadOfType(ctx, user, type, id);
  const payload = draftPayload(type, input.payload);
  await checkMaterials(ctx.db, user, payload);
  const decision = decide(
    user,
    app,
    { type: 'SAVE', version: input.version ?? app.version, payload },
    { at: ctx.clock.now(), rules: null },
  );
  const updated = await storeDecision(ctx, ctx.db, decision);
  return getBusiness(ctx, user, type, updated.id);
}

export async function submitBusiness(
  ctx: AppContext,
  user: AuthUser,
  type: BusinessType,
  id: number,
  version?: number,
) {
  const app = await loadOfType(ctx, user, type, id);
  const rules = await rulesFor(ctx.db, ctx.clock, app, 'SUBMIT');
  const decision = decide(
    user,
    app,
    { type: 'SUBMIT', version: version ?? app.version },
    { at: ctx.clock.now(), rules },
  );
  const updated = await storeDecision(ctx, ctx.db, decision);
  return getBusiness(ctx, user, type, updated.id);
}

/** Deletes saved drafts (DELETE event each), all or none. */
export async function removeBusiness(
  ctx: AppContext,
  user: AuthUser,
  type: BusinessType,
  ids: number[],
): Promise<number> {
  const apps = await Promise.all(ids.map((id) => loadOfType(ctx, user, type, id)));
  for (const app of apps) {
    if (app.applicantUserId !== user.userId) throw forbidden(`业务 ${app.applyNo} 不是您申请的，不能删除`);
    if (app.status !== 1) throw new AppError(409, `业务 ${app.applyNo} 已提交，不能删除（可先撤回）`);
  }
  await ctx.db.transaction(async (tx) => {
    for (const app of apps) {
      const event: ApplicationEvent = {
        type: 'DELETE',
        actorId: user.userId,
        roleKey: user.roleKeys[0] ?? 'applicant',
        version: app.version,
      };
      await applyEvent(ctx, tx, app, event, user.nickName);
    }
  });
  return apps.length;
}

/** Save and submit in one step (revocation from the certificate detail): nothing is written when the rules refuse. */
export async function applyAndSubmit(ctx: AppContext, user: AuthUser, type: BusinessType, input: SaveInput) {
  const payload = draftPayload(type, input.payload);
  const subject = await resolveSubject(ctx, user, type, input);
  const holderUserId =
    subject.personId && BUSINESS_ROUTES[type].personCheck ? await holderUserOf(ctx.db, subject.personId) : null;
  const draft: ApplicationRow = {
    id: 0,
    applyNo: '',
    businessType: type,
    applicantUserId: user.userId,
    enterpriseId: subject.enterpriseId,
    personId: subject.personId,
    holderName: null,
    holderIdNo: null,
    holderUserId,
    certificateId: subject.certificateId,
    area: '',
    status: 1,
    step: null,
    version: 0,
    snapshot: {},
    payload,
    outcome: null,
    submittedAt: null,
    acceptedAt: null,
    closedAt: null,
    printedAt: null,
    deleted: false,
    createdAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  };
  const verdict = await assertRulesPass(ctx.db, ctx.clock, draft);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await createApplication(ctx, tx, {
      businessType: type,
      applicantUserId: user.userId,
      enterpriseId: subject.enterpriseId,
      personId: subject.personId,
      holderUserId: holderUserId === user.userId ? null : holderUserId,
      certificateId: subject.certificateId,
      payload,
    });
    const event: ApplicationEvent = {
      type: 'SUBMIT',
      actorId: user.userId,
      roleKey: user.roleKeys[0] ?? 'applicant',
      version: created.version,
    };
    return applyEvent(ctx, tx, created, event, user.nickName, { facts: verdict.facts });
  });
  return getBusiness(ctx, user, type, row.id);
}

export interface PrecheckQuery {
  applyId?: number;
  businessType?: BusinessType;
  personId?: number;
  certificateId?: number;
  category?: string;
  position?: string;
}

/** The pre-check of step 0 (SPEC 5): the rules' answer for a saved application or for a choice not saved yet. */
export async function precheck(ctx: AppContext, user: AuthUser, q: PrecheckQuery): Promise<RuleAnswer> {
  let draft: Draft;
  if (q.applyId) {
    const app = await loadApplication(ctx.db, q.applyId);
    assertCanSeeBusiness(user, app);
    draft = {
      businessType: app.businessType as BusinessType,
      applicationId: app.id,
      enterpriseId: app.enterpriseId,
      personId: app.personId,
      certificateId: app.certificateId,
      payload: app.payload,
      applicantUserId: app.applicantUserId,
    };
  } else {
    if (!q.businessType) throw badRequest('请指定业务类型或申请编号', 'businessType');
    const subject = await resolveSubject(ctx, user, q.businessType, {
      personId: q.personId,
      certificateId: q.certificateId,
      payload: {},
    });
    const payload: Record<string, unknown> = {};
    if (q.category) payload.category = q.category;
    if (q.position) payload.position = q.position;
    draft = { businessType: q.businessType, applicationId: null, ...subject, payload, applicantUserId: user.userId };
    // Before the form exists only the subject's rules can be judged: the form's own fields are checked on submit.
    if (q.businessType === 'newCert' && (!q.category || !q.position))
      throw badRequest('请选择证书类别和职务', q.category ? 'position' : 'category');
    if (q.businessType !== 'newCert') return checkSubjectOnly(ctx, draft);
  }
  return checkDraft(ctx.db, ctx.clock, draft);
}

/** For types whose form is filled after step 0: the rules with the form's own fields not judged yet. */
async function checkSubjectOnly(ctx: AppContext, draft: Draft): Promise<RuleAnswer> {
  const answer = await checkDraft(ctx.db, ctx.clock, draft);
  // A form problem (code 20, payload) is for steps 1–2; the subject itself passed every earlier rule.
  return answer.code === 20 ? { code: 0, message: '校验通过，可以申请', facts: answer.facts, warnings: [] } : answer;
}

/** Step 0's choices: the persons or certificates this caller may apply for with this business type. */
export interface CandidateRow {
  personId: number;
  name: string;
  idNo: string;
  sex: string;
  age: number;
  certificateId: number | null;
  certNo: string | null;
  category: string | null;
  expiryDate: string | null;
  status: string | null;
  enterpriseName: string | null;
}

export async function candidates(
  ctx: AppContext,
  user: AuthUser,
  type: BusinessType,
  keyword: string | undefined,
): Promise<CandidateRow[]> {
  const target = TARGET[type];
  const like = keyword ? `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const today = todayOf(ctx.clock);
  if (target === 'enterprise') return [];
  if (target === 'person') {
    if (!user.enterpriseId) throw forbidden('该业务须由企业用户申请');
    const rows = await ctx.db
      .select()
      .from(person)
      .where(
        and(
          eq(person.enterpriseId, user.enterpriseId),
          eq(person.employStatus, '1'),
          like ? or(ilike(person.name, like), ilike(person.idNo, like)) : undefined,
        ),
      )
      .orderBy(person.name)
      .limit(50);
    return rows.map((p) => ({
      personId: p.id,
      name: p.name,
      idNo: maskIdNo(p.idNo),
      sex: p.sex,
      age: ageOn(p.birthDate, today),
      certificateId: null,
      certNo: null,
      category: null,
      expiryDate: null,
      status: null,
      enterpriseName: null,
    }));
  }
  const conds: (SQL | undefined)[] = [
    inArray(
      certificate.status,
      type === 'revocation' || type === 'personRevocation'
        ? ['01', '02', '05']
        : type === 'delay'
          ? ['01', '02']
          : ['01'],
    ),
  ];
  if (type === 'personRevocation') {
    conds.push(eq(certificate.personId, user.personId ?? -1));
  } else if (type === 'inner') {
    // Certificates held at another enterprise by this enterprise's staff, or found by exact ID number or number.
    conds.push(ne(certificate.enterpriseId, user.enterpriseId ?? -1));
    conds.push(
      keyword
        ? or(
            eq(person.idNo, keyword),
            eq(certificate.certNo, keyword),
            eq(person.enterpriseId, user.enterpriseId ?? -1),
          )
        : eq(person.enterpriseId, user.enterpriseId ?? -1),
    );
  } else {
    conds.push(eq(certificate.enterpriseId, user.enterpriseId ?? -1));
  }
  if (like && type !== 'inner')
    conds.push(or(ilike(person.name, like), ilike(person.idNo, like), ilike(certificate.certNo, like)));
  const rows = await ctx.db
    .select({ c: certificate, p: person, enterpriseName: enterprise.name })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(and(...conds))
    .orderBy(certificate.expiryDate)
    .limit(50);
  return rows.map(({ c, p, enterpriseName }) => ({
    personId: p.id,
    name: p.name,
    idNo: maskIdNo(p.idNo),
    sex: p.sex,
    age: ageOn(p.birthDate, today),
    certificateId: c.id,
    certNo: c.certNo,
    category: c.category,
    expiryDate: c.expiryDate,
    status: c.status,
    enterpriseName,
  }));
}
