/**
 * FurtherEducation: the continuing-education records (education_record) a caller may see, and per
 * certificate the hours that count in its current validity period against the requirement. Which
 * rows count and how many hours are required come from business/facts.ts, the functions delay
 * rule 2 uses, so the page and the rule cannot disagree.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../lib/authUser.js';
import type { DbOrTx } from '../../db/client.js';
import { certificate, dataImport, educationRecord, enterprise, person } from '../../db/schema.js';
import { sortColumn } from '../../lib/schemas.js';
import { maskIdNo } from '../../services/personalData.js';
import { educationCountsToward } from '../business/facts.js';
import { certificateScope } from '../certificate/scope.js';
import type { Labels } from '../certificate/labels.js';
import type { HoursQuery, RecordQuery, RecordView, HoursView } from './schemas.js';
import { containsText } from '../../lib/textMatch.js';

const NOTHING = sql`false`;

/**
 * The enterprise a record belongs to for data scope: its certificate's, or — for a record without
 * a certificate — the person's employer.
 */
const scopeEnterpriseId = sql<number>`coalesce(${certificate.enterpriseId}, ${person.enterpriseId})`;

/** The records a caller may see (the query joins person, certificate by number and enterprise on scopeEnterpriseId). */
export function recordScope(user: AuthUser): SQL | undefined {
  if (user.area === 'all') return undefined;
  switch (user.userType) {
    case '02':
      return user.area ? eq(enterprise.ownership, user.area) : NOTHING;
    case '03':
      return user.enterpriseId
        ? or(eq(certificate.enterpriseId, user.enterpriseId), eq(person.enterpriseId, user.enterpriseId))
        : NOTHING;
    case '04':
      return user.personId ? eq(educationRecord.personId, user.personId) : NOTHING;
    default:
      return NOTHING;
  }
}

/** Whether the record counts toward its certificate's current validity period (rule 2's condition). */
const counted = sql<boolean>`coalesce((${educationCountsToward({
  personId: certificate.personId,
  certNo: certificate.certNo,
  validFrom: certificate.validFrom,
  expiryDate: certificate.expiryDate,
})}), false)`;

const recordColumns = {
  id: educationRecord.id,
  personId: educationRecord.personId,
  name: person.name,
  idNo: person.idNo,
  certNo: educationRecord.certNo,
  category: certificate.category,
  enterpriseName: enterprise.name,
  course: educationRecord.course,
  provider: educationRecord.provider,
  hours: educationRecord.hours,
  startedOn: educationRecord.startedOn,
  finishedOn: educationRecord.finishedOn,
  importId: educationRecord.importId,
  importFileName: dataImport.fileName,
  counted,
};

const joinedRecords = (db: DbOrTx) =>
  db
    .select(recordColumns)
    .from(educationRecord)
    .innerJoin(person, eq(person.id, educationRecord.personId))
    .leftJoin(certificate, eq(certificate.certNo, educationRecord.certNo))
    .leftJoin(enterprise, eq(enterprise.id, scopeEnterpriseId))
    .leftJoin(dataImport, eq(dataImport.id, educationRecord.importId));

/** The holder's name and ID number and the enterprise's name, matched anywhere: both lists filter them so. */
function holderFilters(q: { name?: string; idNo?: string; enterpriseName?: string }): (SQL | undefined)[] {
  return [
    q.name ? containsText(person.name, q.name) : undefined,
    q.idNo ? containsText(person.idNo, q.idNo.toUpperCase()) : undefined,
    q.enterpriseName ? containsText(enterprise.name, q.enterpriseName) : undefined,
  ];
}

export function recordWhere(user: AuthUser, q: Partial<RecordQuery>): SQL | undefined {
  const w: (SQL | undefined)[] = [recordScope(user)];
  w.push(...holderFilters(q));
  if (q.certNo) w.push(containsText(educationRecord.certNo, q.certNo));
  if (q.course) w.push(containsText(educationRecord.course, q.course));
  if (q.provider) w.push(containsText(educationRecord.provider, q.provider));
  if (q.personId) w.push(eq(educationRecord.personId, q.personId));
  if (q.certificateId) w.push(eq(certificate.id, q.certificateId));
  if (q.importId) w.push(eq(educationRecord.importId, q.importId));
  if (q.beginTime) w.push(gte(educationRecord.finishedOn, q.beginTime));
  if (q.endTime) w.push(lte(educationRecord.finishedOn, q.endTime));
  if (q.counted === '1') w.push(counted);
  if (q.counted === '0') w.push(sql`not ${counted}`);
  return and(...w);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof joinedRecords>['execute']>>[number];

export function toRecordView(r: RecordRow, canRemove: boolean): RecordView {
  return {
    ...r,
    // Lists show the identity number masked.
    idNo: maskIdNo(r.idNo),
    hours: Number(r.hours),
    counted: Boolean(r.counted),
    canRemove,
  };
}

const RECORD_SORT = {
  finishedOn: educationRecord.finishedOn,
  hours: educationRecord.hours,
  name: person.name,
  certNo: educationRecord.certNo,
  course: educationRecord.course,
};

export async function listRecords(db: DbOrTx, user: AuthUser, q: RecordQuery) {
  const where = recordWhere(user, q);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(educationRecord)
    .innerJoin(person, eq(person.id, educationRecord.personId))
    .leftJoin(certificate, eq(certificate.certNo, educationRecord.certNo))
    .leftJoin(enterprise, eq(enterprise.id, scopeEnterpriseId))
    .where(where)) as [{ total: number }];
  const col = sortColumn(RECORD_SORT, q.sortField);
  const order = col
    ? [q.sortOrder === 'ascend' || q.sortOrder === 'asc' ? asc(col) : desc(col), desc(educationRecord.id)]
    : [desc(educationRecord.finishedOn), desc(educationRecord.id)];
  const rows = await joinedRecords(db)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const canRemove = user.permissions.has('exam:furtherEducation:remove');
  return { total, rows: rows.map((r) => toRecordView(r, canRemove)) };
}

/** Keyset batches of the records for the export (id descending: newest first). */
export function recordBatches(
  db: DbOrTx,
  where: SQL | undefined,
): (offset: number, limit: number) => Promise<RecordView[]> {
  let lastId: number | null = null;
  return async (_offset, limit) => {
    const rows = await joinedRecords(db)
      .where(and(where, lastId === null ? undefined : lt(educationRecord.id, lastId)))
      .orderBy(desc(educationRecord.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.id;
    return rows.map((r) => toRecordView(r, false));
  };
}

/** The records among `ids` the caller may remove, and which of `ids` exist at all. */
export async function removableRecords(db: DbOrTx, user: AuthUser, ids: readonly number[]) {
  const visible = await db
    .select({ id: educationRecord.id })
    .from(educationRecord)
    .innerJoin(person, eq(person.id, educationRecord.personId))
    .leftJoin(certificate, eq(certificate.certNo, educationRecord.certNo))
    .leftJoin(enterprise, eq(enterprise.id, scopeEnterpriseId))
    .where(and(inArray(educationRecord.id, [...ids]), recordScope(user)));
  const existing = await db
    .select({ id: educationRecord.id })
    .from(educationRecord)
    .where(inArray(educationRecord.id, [...ids]));
  return { visible: new Set(visible.map((r) => r.id)), existing: new Set(existing.map((r) => r.id)) };
}

// ---------- hours per certificate ----------

/** Hours counted in the certificate's current validity period: the sum over the rows rule 2 reads. */
const countedHours = (db: DbOrTx) =>
  sql<string>`(${db
    .select({ hours: sql`coalesce(sum(${educationRecord.hours}), 0)` })
    .from(educationRecord)
    .where(
      educationCountsToward({
        personId: certificate.personId,
        certNo: certificate.certNo,
        validFrom: certificate.validFrom,
        expiryDate: certificate.expiryDate,
      }),
    )})`;

const LIVE = ['01', '02'];

export function hoursWhere(db: DbOrTx, user: AuthUser, q: Partial<HoursQuery>, required: number): SQL | undefined {
  const w: (SQL | undefined)[] = [certificateScope(user)];
  w.push(q.status ? eq(certificate.status, q.status) : inArray(certificate.status, LIVE));
  w.push(...holderFilters(q));
  if (q.certNo) w.push(containsText(certificate.certNo, q.certNo));
  if (q.category) w.push(eq(certificate.category, q.category));
  if (q.personId) w.push(eq(certificate.personId, q.personId));
  if (q.expiryFrom) w.push(gte(certificate.expiryDate, q.expiryFrom));
  if (q.expiryTo) w.push(lte(certificate.expiryDate, q.expiryTo));
  if (q.met === '1') w.push(sql`${countedHours(db)} >= ${required}`);
  if (q.met === '0') w.push(sql`${countedHours(db)} < ${required}`);
  return and(...w);
}

const hoursSelect = (db: DbOrTx) =>
  db
    .select({
      certificateId: certificate.id,
      certNo: certificate.certNo,
      category: certificate.category,
      status: certificate.status,
      validFrom: certificate.validFrom,
      expiryDate: certificate.expiryDate,
      personId: certificate.personId,
      name: person.name,
      idNo: person.idNo,
      enterpriseName: enterprise.name,
      hours: countedHours(db),
    })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId));

type HoursRow = Awaited<ReturnType<ReturnType<typeof hoursSelect>['execute']>>[number];

export function toHoursView(r: HoursRow, required: number, labels: Labels): HoursView {
  const hours = Number(r.hours);
  return {
    ...r,
    idNo: maskIdNo(r.idNo),
    categoryLabel: labels.of('cer_type', r.category),
    statusLabel: labels.of('cert_status', r.status),
    hours,
    required,
    met: hours >= required,
    missing: Math.max(0, Math.round((required - hours) * 10) / 10),
  };
}

const HOURS_SORT = {
  expiryDate: certificate.expiryDate,
  certNo: certificate.certNo,
  name: person.name,
  validFrom: certificate.validFrom,
};

export async function listHours(db: DbOrTx, user: AuthUser, q: HoursQuery, required: number, labels: Labels) {
  const where = hoursWhere(db, user, q, required);
  const [{ total }] = (await db
    .select({ total: count() })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(where)) as [{ total: number }];
  const col = sortColumn(HOURS_SORT, q.sortField);
  const order = col
    ? [q.sortOrder === 'descend' || q.sortOrder === 'desc' ? desc(col) : asc(col), asc(certificate.id)]
    : [asc(certificate.expiryDate), asc(certificate.id)];
  const rows = await hoursSelect(db)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { total, rows: rows.map((r) => toHoursView(r, required, labels)) };
}

export function hoursBatches(
  db: DbOrTx,
  where: SQL | undefined,
  required: number,
  labels: Labels,
): (offset: number, limit: number) => Promise<HoursView[]> {
  let lastId = 0;
  return async (_offset, limit) => {
    const rows = await hoursSelect(db)
      .where(and(where, gt(certificate.id, lastId)))
      .orderBy(asc(certificate.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.certificateId;
    return rows.map((r) => toHoursView(r, required, labels));
  };
}

/** Deletes these records; answers the ids deleted. */
export async function deleteRecords(tx: DbOrTx, ids: readonly number[]): Promise<number[]> {
  const removed = await tx
    .delete(educationRecord)
    .where(inArray(educationRecord.id, [...ids]))
    .returning({ id: educationRecord.id });
  return removed.map((r) => r.id);
}
