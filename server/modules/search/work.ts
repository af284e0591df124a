/**
 * 办件查询 and 申请查询: applications of every business type in the caller's scope, by number,
 * enterprise, person, certificate, type, state, step, dates and overdue against the statutory
 * deadline (the queues' own: server/workflow/views.ts deadlineOf, overdueCondition).
 */
import { and, asc, desc, eq, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { application, certificate, enterprise } from '../../db/schema.js';
import { dateRange } from '../../lib/dateRange.js';
import { listTotal } from '../../services/listTotal.js';
import { enterprisesNamed, sameCondition, unindexed } from '../../services/listOrder.js';
import { sortColumn } from '../../lib/schemas.js';
import {
  APPLY_STATUS_LABELS,
  BUSINESS_ROUTES,
  STEP_LABELS,
  type ApplyStatusCode,
  type BusinessType,
  type Step,
} from '../../../machines/businessTypes.js';
import { deadlineEstimated, workingDaysLeft } from '../../lib/workdays.js';
import {
  listedApplicationsPage,
  deadlineOf,
  overdueCondition,
  readDeadlineLimits,
  toQueueRow,
  listedApplications,
  type DeadlineLimits,
  type ListedRow,
} from '../../workflow/views.js';
import { byteOrder, certNoMatches, containsText, inDistrict, startsWith } from '../../lib/textMatch.js';
import { applicationScope } from './scope.js';
import { anyOfUnseen, limitInText } from '../../db/sql.js';
import type { WorkFilters, WorkListQuery, WorkRowView } from './schemas.js';

/** Submitted and not ended: with the holder (0), waiting for 受理 (2) or under review (3). */
export const OPEN_STATUSES = [0, 2, 3];
export const ENDED_STATUSES = [4, 8];

/** `enterpriseIds`: the enterprises the typed word names, when few (listOrder.ts enterprisesNamed); null: filter by the word. */
export function workWhere(
  db: DbOrTx,
  user: AuthUser,
  q: WorkFilters,
  now: Date,
  limits: DeadlineLimits,
  enterpriseIds: number[] | null = null,
): SQL | undefined {
  const w: (SQL | undefined)[] = [applicationScope(user), eq(application.deleted, false)];
  if (q.applyNo) w.push(startsWith(application.applyNo, q.applyNo));
  if (q.businessType) w.push(eq(application.businessType, q.businessType));
  if (q.status !== undefined) w.push(eq(application.status, Number(q.status)));
  if (q.step) w.push(eq(application.step, q.step));
  if (q.outcome) w.push(eq(application.outcome, q.outcome));
  if (q.area) w.push(eq(application.area, q.area));
  if (q.enterpriseId) w.push(eq(application.enterpriseId, q.enterpriseId));
  if (q.enterpriseName && enterpriseIds) w.push(anyOfUnseen(application.enterpriseId, enterpriseIds));
  const ent: (SQL | undefined)[] = [];
  if (q.enterpriseName && !enterpriseIds) ent.push(containsText(enterprise.name, q.enterpriseName));
  if (q.districtCode) ent.push(inDistrict(enterprise.districtCode, q.districtCode));
  if (ent.length)
    w.push(
      inArray(
        application.enterpriseId,
        db
          .select({ id: enterprise.id })
          .from(enterprise)
          .where(and(...ent)),
      ),
    );
  if (q.personId) w.push(eq(application.personId, q.personId));
  // The holder's name and ID number as the application copies them (migrations 0032, 0039): ranges of their own indexes.
  if (q.personName) w.push(startsWith(application.holderName, q.personName));
  if (q.idNo) w.push(startsWith(application.holderIdNo, q.idNo.toUpperCase()));
  if (q.certNo)
    w.push(
      inArray(
        application.certificateId,
        db.select({ id: certificate.id }).from(certificate).where(certNoMatches(certificate.certNo, q.certNo)),
      ),
    );
  w.push(...dateRange(application.submittedAt, q.beginTime, q.endTime));
  w.push(...dateRange(application.acceptedAt, q.acceptedFrom, q.acceptedTo));
  w.push(...dateRange(application.closedAt, q.closedFrom, q.closedTo));
  if (q.overdue === '1') w.push(overdueCondition(now, limits));
  if (q.overdue === '0') w.push(sql`not ${overdueCondition(now, limits)}`);
  if (q.open === '1') w.push(inArray(application.status, OPEN_STATUSES));
  if (q.open === '0') w.push(inArray(application.status, ENDED_STATUSES));
  return and(...w);
}

/** A row with the deadline and the events this user may send now (the engine's answer, as in the queues). */
export function toWorkRow(r: ListedRow, now: Date, user: AuthUser, limits: DeadlineLimits): WorkRowView {
  const row = toQueueRow(r, now, user, limits);
  // Added to the fresh queue row, not spread into a literal: V8 (Node 20) builds `{ ...row, more }`
  // on a slow path: 40–60 µs a row of a work page against 3 (a 10-row page of the scale data, Node 20.20).
  return Object.assign(row, {
    enterpriseId: r.app.enterpriseId,
    enterpriseName: r.enterpriseName,
    personId: r.app.personId,
    closedAt: r.app.closedAt?.toISOString() ?? null,
    overdue: row.daysLeft !== null && row.daysLeft < 0,
  });
}

const SORTS = {
  applyNo: byteOrder(application.applyNo),
  businessType: application.businessType,
  status: application.status,
  submittedAt: application.submittedAt,
  acceptedAt: application.acceptedAt,
  closedAt: application.closedAt,
  updatedAt: application.updatedAt,
};

export async function listWork(db: DbOrTx, user: AuthUser, q: WorkListQuery, now: Date) {
  // The deadline settings are kept per version (readDeadlineLimits): read in a round trip only the first time.
  const [enterpriseIds, limits] = await Promise.all([enterprisesNamed(db, q.enterpriseName), readDeadlineLimits(db)]);
  const where = workWhere(db, user, q, now, limits, enterpriseIds);
  const sort = sortColumn(SORTS, q.sortField);
  const descending = q.sortOrder === 'descend' || q.sortOrder === 'desc';
  // Dated columns keep the undated items last both ways (indexes in that order: schema.ts); the id breaks ties in the same direction.
  const dated = q.sortField === 'submittedAt' || q.sortField === 'acceptedAt' || q.sortField === 'closedAt';
  // An enterprise word few enterprises have: their applications are sorted rather than found by
  // walking the order's index (listOrder.ts). A typed name or ID number is a range of its own index,
  // which the planner weighs against the order's walk.
  const fenced = !!enterpriseIds;
  const first = (key: AnyColumn | SQL, kind: 'text' | 'number' | 'time') => (fenced ? unindexed(key, kind) : key);
  const firstKind =
    q.sortField === 'applyNo' || q.sortField === 'businessType' ? 'text' : q.sortField === 'status' ? 'number' : 'time';
  const order = !sort
    ? [desc(first(application.id, 'number'))]
    : dated
      ? descending
        ? [sql`${first(sort, 'time')} desc nulls last`, sql`${application.id} desc nulls last`]
        : [sql`${first(sort, 'time')} asc nulls last`, asc(application.id)]
      : descending
        ? [desc(first(sort, firstKind)), desc(application.id)]
        : [asc(first(sort, firstKind)), asc(application.id)];
  const offset = (q.pageNum - 1) * q.pageSize;
  // When every match is sorted (fenced), or may be (a typed name or ID number: the planner's guess of
  // a name start's matches is rough, 46 for a compound surname's 1,054), the page's applications are chosen
  // on the application table alone and joined to their enterprise, holder and certificate afterwards:
  // the planner joins before it sorts, and a name's few hundred applications were each joined to keep
  // ten. Walking an index in the list's order stops at ten rows anyway; there the plain query plans faster.
  const idsFirst = fenced || !!q.personName || !!q.idNo;
  const pageIds = db
    .select({ id: application.id })
    .from(application)
    .where(where)
    .orderBy(...order)
    .limit(limitInText(q.pageSize))
    .offset(offset);
  // The enterprises a word names are all the list asks: whichever they are, their applications are
  // read through the enterprise's index and sorted, so the page and its count keep one plan per
  // connection (client.ts keepingItsPlan) instead of being planned on every call (planning was
  // 0.3–0.4 ms of PostgreSQL's time a request, reading about as much). PostgreSQL keeps it only with
  // the page size in the text and the ids unseen (sql.ts limitInText, anyOfUnseen).
  const samePlan =
    !!enterpriseIds &&
    sameCondition(where, and(eq(application.deleted, false), anyOfUnseen(application.enterpriseId, enterpriseIds)));
  const [page, total] = await Promise.all([
    listedApplicationsPage(
      db,
      idsFirst
        ? {
            where: inArray(application.id, pageIds),
            order,
            limit: q.pageSize,
            offset: 0,
            samePlan,
            applicationOnly: true,
          }
        : { where, order, limit: q.pageSize, offset, applicationOnly: true },
    ),
    listTotal(db, db.select({ one: sql`1` }).from(application).where(where), undefined, undefined, { samePlan }),
  ]);
  return { rows: page.map((r) => toWorkRow(r, now, user, limits)), ...total };
}

/** What an export row says (no allowed events: nobody acts on a spreadsheet, and no machine runs per row). */
export interface WorkExportRow {
  applyNo: string;
  businessLabel: string;
  statusLabel: string;
  stepLabel: string;
  outcome: string | null;
  area: string;
  enterpriseName: string | null;
  holderName: string | null;
  certNo: string | null;
  submittedAt: Date | null;
  acceptedAt: Date | null;
  closedAt: Date | null;
  deadline: string | null;
  daysLeft: number | null;
  /** Counted Monday–Friday through a year whose holidays are not entered yet. */
  deadlineEstimated: boolean;
}

function toExportRow(r: ListedRow, now: Date, limits: DeadlineLimits): WorkExportRow {
  const a = r.app;
  const deadline = deadlineOf(a, limits);
  return {
    applyNo: a.applyNo,
    businessLabel: BUSINESS_ROUTES[a.businessType as BusinessType]?.label ?? a.businessType,
    statusLabel: APPLY_STATUS_LABELS[a.status as ApplyStatusCode] ?? String(a.status),
    stepLabel: a.step ? STEP_LABELS[a.step as Step] : '',
    outcome: a.outcome,
    area: a.area,
    enterpriseName: r.enterpriseName,
    holderName: r.holderName,
    certNo: r.certNo,
    submittedAt: a.submittedAt,
    acceptedAt: a.acceptedAt,
    closedAt: a.closedAt,
    deadline,
    daysLeft: deadline ? workingDaysLeft(limits.calendar, now, deadline) : null,
    deadlineEstimated: deadline !== null && deadlineEstimated(limits.calendar, a.acceptedAt!, deadline),
  };
}

/** Keyset batches for the export (newest first: id below the last one). */
export function workBatches(db: DbOrTx, where: SQL | undefined, now: Date, limits: DeadlineLimits) {
  let lastId: number | null = null;
  return async (_offset: number, limit: number): Promise<WorkExportRow[]> => {
    const rows = await listedApplications(db)
      .where(lastId === null ? where : and(where, lt(application.id, lastId)))
      .orderBy(desc(application.id))
      .limit(limit);
    if (rows.length) lastId = rows[rows.length - 1]!.app.id;
    return rows.map((r) => toExportRow(r, now, limits));
  };
}
