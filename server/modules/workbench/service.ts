/**
 * The workbench (SPEC 2 "Workbench": business statistics, count list, to-do list, work summary) per
 * kind of user: centre staff the queues of their steps in their area and what they did; the province
 * the whole province by centre; an enterprise its certificates running out and its applications in
 * progress; an individual their own. Queues and own rows are read live (index-served, small); the
 * area's figures come from the statistics tables (and say when they were made).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  STEPS,
  routeSteps,
  type BusinessType,
  type Step,
} from '../../../machines/businessTypes.js';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  application,
  applicationHistory,
  certificate,
  person,
  statApplicationClosedTrend,
  statApplicationOpen,
  statCertificateCity,
  sysSession,
  sysTodo,
} from '../../db/schema.js';
import { addDays, chinaDate, chinaDayStart, daysBetween } from '../../lib/days.js';
import { stepsHeld } from '../../workflow/who.js';
import { drill } from './links.js';
import { OPEN_STATUSES, toWorkRow } from '../search/work.js';
import { listedApplications, readDeadlineLimits, type DeadlineLimits } from '../../workflow/views.js';
import { waitingCounts } from '../../workflow/waiting.js';
import { readWorkCalendar } from '../../lib/calendar/inForce.js';
import { asOfOf } from '../statistics/figures.js';
import { EXPIRING_DAYS } from '../statistics/refresh.js';
import type { Figure, Workbench } from './schemas.js';
import { loadLabels, type Labels } from '../certificate/labels.js';
import { SHOWN_COLUMNS, shownCertificate, type ShownSource } from '../certificate/shown.js';
import { listUsers, listUsersV2 } from '../system/users/query.js';
import { listRoles } from '../system/roles/query.js';
import { countPunishments, punishmentWhere } from '../credit/query.js';
import { todoKindCondition, type TodoKind } from '../message/todoKinds.js';

const VALID = '01';
const fig = (key: string, value: number, link: string | null, tone: Figure['tone'] = 'default'): Figure => ({
  key,
  value: Number(value),
  link,
  tone,
});
/** A link only for a user who may open the page. */
const linkIf = (user: AuthUser, perm: string, url: string) => (user.permissions.has(perm) ? url : null);

const empty = (kind: Workbench['kind'], area: string | null): Workbench => ({
  kind,
  area,
  statistics: { refreshedAt: null, asOfDay: null },
  figures: [],
  queues: [],
  areas: [],
  certificates: [],
  applications: [],
  calendarMissingYear: null,
  summary: null,
});

/**
 * Every count opens the list it counts (issue #47 item 6): a figure whose list the caller may not
 * open is not shown at all.
 */
export async function workbenchOf(db: DbOrTx, user: AuthUser, now: Date): Promise<Workbench> {
  const wb = await workbenchOfKind(db, user, now);
  return { ...wb, figures: wb.figures.filter((f) => f.link !== null) };
}

async function workbenchOfKind(db: DbOrTx, user: AuthUser, now: Date): Promise<Workbench> {
  const limits = await readDeadlineLimits(db);
  if (user.area === 'all') return staffWorkbench(db, user, now, 'province', limits);
  switch (user.userType) {
    case '02':
      return staffWorkbench(db, user, now, 'staff', limits);
    case '03':
      return enterpriseWorkbench(db, user, now, limits);
    case '04':
      return personWorkbench(db, user, now, limits);
    default:
      return systemWorkbench(db, user, now);
  }
}

// ---------- centre staff and the province ----------

async function staffWorkbench(
  db: DbOrTx,
  user: AuthUser,
  now: Date,
  kind: 'staff' | 'province',
  limits: DeadlineLimits,
): Promise<Workbench> {
  const area = kind === 'province' ? null : user.area;
  const today = chinaDate(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  // The province oversees every step of every centre.
  const steps = kind === 'province' ? [...STEPS] : stepsHeld(user);
  const [queueRows, done, stats] = await Promise.all([
    waitingCounts(db, steps, area, now, limits),
    db
      .select({
        today: sql<number>`(count(*) filter (where ${applicationHistory.createdAt} >= ${chinaDayStart(today)}))::int`,
        month: sql<number>`count(*)::int`,
        returned: sql<number>`(count(*) filter (where ${applicationHistory.event} = 'RETURN'))::int`,
      })
      .from(applicationHistory)
      .where(
        and(
          eq(applicationHistory.actorId, user.userId),
          gte(applicationHistory.createdAt, chinaDayStart(monthStart)),
          inArray(applicationHistory.event, ['AGREE', 'DISAGREE', 'RETURN']),
        ),
      ),
    areaFigures(db, area, today),
  ]);

  const figures: Figure[] = [];
  const workLink = (q: Record<string, string>) => linkIf(user, 'search:work:list', drill('/search/workSearch', q));
  for (const step of steps) {
    const rows = queueRows.filter((r) => (step === 'sl' ? r.status === 2 : r.status === 3 && r.step === step));
    figures.push(
      fig(
        `step.${step}`,
        rows.reduce((n, r) => n + Number(r.n), 0),
        workLink(step === 'sl' ? { status: '2' } : { status: '3', step }),
      ),
    );
  }
  figures.push(
    fig('overdue', stats.overdue, workLink({ overdue: '1' }), stats.overdue > 0 ? 'danger' : 'success'),
    fig('open', stats.open, workLink({ open: '1' })),
    fig('closedThisMonth', stats.closedThisMonth, workLink({ open: '0', closedFrom: monthStart, closedTo: today })),
    fig(
      'validCertificates',
      stats.valid,
      linkIf(user, 'search:cert:list', drill('/search/certSearch', { status: VALID })),
    ),
    fig(
      'expiringCertificates',
      stats.expiring,
      linkIf(
        user,
        'search:cert:list',
        drill('/search/certSearch', { status: VALID, expiryFrom: today, expiryTo: addDays(today, EXPIRING_DAYS) }),
      ),
      'warning',
    ),
    ...(await punishmentReviews(db, user)),
  );

  // The count list: every queue the user may open, with its items now.
  const queues: Workbench['queues'] = [];
  for (const type of BUSINESS_TYPES) {
    const route = routeSteps(BUSINESS_ROUTES[type].middleSteps);
    for (const view of ['waitAccept', 'waitReview'] as const) {
      if (!user.permissions.has(`queue:${type}:${view}`)) continue;
      const mine = (s: Step) =>
        route.includes(s) &&
        (view === 'waitAccept' ? s === 'sl' : s !== 'sl') &&
        (kind === 'province' || steps.includes(s));
      const rows = queueRows.filter(
        (r) =>
          r.businessType === type &&
          mine((r.step ?? 'sl') as Step) &&
          (view === 'waitAccept' ? r.status === 2 : r.status === 3),
      );
      queues.push({
        businessType: type,
        view,
        count: rows.reduce((n, r) => n + Number(r.n), 0),
        overdue: rows.reduce((n, r) => n + Number(r.overdue), 0),
        link: `/queue/${type}/${view}`,
      });
    }
  }
  return {
    ...empty(kind, area),
    statistics: stats.asOf,
    figures,
    queues,
    areas: kind === 'province' ? stats.areas : [],
    // The province answers for the statutory deadlines: a year whose holidays are not entered yet is told.
    calendarMissingYear: kind === 'province' ? limits.calendar.missingYear(today) : null,
    summary: {
      doneToday: Number(done[0]?.today ?? 0),
      doneThisMonth: Number(done[0]?.month ?? 0),
      returnedThisMonth: Number(done[0]?.returned ?? 0),
    },
  };
}

/** The area's (or the province's) figures from the statistics tables. */
async function areaFigures(db: DbOrTx, area: string | null, today: string) {
  const month = today.slice(0, 7);
  const [open, closed, certs, asOf] = await Promise.all([
    db
      .select({
        area: statApplicationOpen.area,
        open: sql<number>`sum(${statApplicationOpen.total})::int`,
        overdue: sql<number>`(coalesce(sum(${statApplicationOpen.total}) filter (where ${statApplicationOpen.overdue}), 0))::int`,
      })
      .from(statApplicationOpen)
      .where(area ? eq(statApplicationOpen.area, area) : undefined)
      .groupBy(statApplicationOpen.area)
      .orderBy(asc(statApplicationOpen.area)),
    db
      .select({ n: sql<number>`coalesce(sum(${statApplicationClosedTrend.total}), 0)::int` })
      .from(statApplicationClosedTrend)
      .where(
        and(eq(statApplicationClosedTrend.month, month), area ? eq(statApplicationClosedTrend.area, area) : undefined),
      ),
    // The city-level table: the same sums from a fifth of the county-level one's rows.
    db
      .select({
        valid: sql<number>`coalesce(sum(${statCertificateCity.total}) filter (where ${statCertificateCity.status} = '01'), 0)::int`,
        expiring: sql<number>`coalesce(sum(${statCertificateCity.expiring}), 0)::int`,
      })
      .from(statCertificateCity)
      .where(area ? eq(statCertificateCity.area, area) : undefined),
    asOfOf(db),
  ]);
  const areas = open.map((r) => ({ area: r.area, open: Number(r.open), overdue: Number(r.overdue) }));
  return {
    asOf,
    areas,
    open: areas.reduce((n, a) => n + a.open, 0),
    overdue: areas.reduce((n, a) => n + a.overdue, 0),
    closedThisMonth: Number(closed[0]?.n ?? 0),
    valid: Number(certs[0]?.valid ?? 0),
    expiring: Number(certs[0]?.expiring ?? 0),
  };
}

// ---------- enterprises and individuals ----------

/** A certificate on the workbench: the certificate as every view shows it (certificate/shown.ts), with its days left. */
const certView =
  (today: string, labels: Labels) =>
  (row: ShownSource): Workbench['certificates'][number] => {
    const c = shownCertificate(row, labels);
    const daysLeft = daysBetween(today, c.expiryDate);
    return {
      id: c.id,
      certNo: c.certNo,
      category: c.category,
      name: c.holderName,
      status: c.status,
      expiryDate: c.expiryDate,
      daysLeft,
      valid: c.valid,
      expiring: c.valid && daysLeft >= 0 && daysLeft <= EXPIRING_DAYS,
    };
  };

const appQuery = (db: DbOrTx, where: SQL | undefined) =>
  listedApplications(db)
    .where(and(eq(application.deleted, false), where))
    .orderBy(desc(application.updatedAt), desc(application.id))
    .limit(10);

async function enterpriseWorkbench(db: DbOrTx, user: AuthUser, now: Date, limits: DeadlineLimits): Promise<Workbench> {
  const base = empty('enterprise', user.area);
  if (!user.enterpriseId) return base;
  const today = chinaDate(now);
  const soon = addDays(today, EXPIRING_DAYS);
  const own = eq(application.enterpriseId, user.enterpriseId);
  const [counts, certCounts, staff, expiring, apps] = await Promise.all([
    db
      .select({ status: application.status, n: sql<number>`count(*)::int` })
      .from(application)
      .where(and(own, eq(application.deleted, false), inArray(application.status, [0, 1, 2, 3])))
      .groupBy(application.status),
    db
      .select({
        valid: sql<number>`(count(*) filter (where ${certificate.status} = '01'))::int`,
        expiring: sql<number>`(count(*) filter (where ${certificate.status} = '01' and ${certificate.expiryDate} >= ${today} and ${certificate.expiryDate} <= ${soon}))::int`,
      })
      .from(certificate)
      .where(eq(certificate.enterpriseId, user.enterpriseId)),
    db.select({ n: sql<number>`count(*)::int` }).from(person).where(eq(person.enterpriseId, user.enterpriseId)),
    db
      .select(SHOWN_COLUMNS)
      .from(certificate)
      .where(
        and(
          eq(certificate.enterpriseId, user.enterpriseId),
          eq(certificate.status, VALID),
          gte(certificate.expiryDate, today),
          lte(certificate.expiryDate, soon),
        ),
      )
      .orderBy(asc(certificate.expiryDate), asc(certificate.id))
      .limit(10),
    appQuery(db, and(own, inArray(application.status, OPEN_STATUSES))),
  ]);
  const byStatus = (s: number) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const applyLink = (q: Record<string, string>) => linkIf(user, 'search:apply:list', drill('/search/applySearch', q));
  const certLink = (q: Record<string, string>) => linkIf(user, 'search:cert:list', drill('/search/certSearch', q));
  return {
    ...base,
    figures: [
      fig('validCertificates', Number(certCounts[0]?.valid ?? 0), certLink({ status: VALID })),
      fig(
        'expiringCertificates',
        Number(certCounts[0]?.expiring ?? 0),
        certLink({ status: VALID, expiryFrom: today, expiryTo: soon }),
        'warning',
      ),
      fig(
        'inProgress',
        OPEN_STATUSES.reduce((n, s) => n + byStatus(s), 0),
        applyLink({ open: '1' }),
      ),
      fig('waitingHolder', byStatus(0), applyLink({ status: '0' })),
      fig('drafts', byStatus(1), applyLink({ status: '1' })),
      fig('staff', Number(staff[0]?.n ?? 0), linkIf(user, 'search:staff:list', '/search/staffSearch')),
    ],
    certificates: expiring.map(certView(today, await loadLabels(db))),
    applications: apps.map((a) => toWorkRow(a, now, user, limits)),
  };
}

/**
 * An individual: their certificates (opening 我的证书 with the same filter), their applications in
 * progress (listed here below the figures, all of them), and what waits for them — each
 * confirmation is a to-do, so the count opens their to-do list of confirmations.
 */
async function personWorkbench(db: DbOrTx, user: AuthUser, now: Date, limits: DeadlineLimits): Promise<Workbench> {
  const base = empty('person', user.area);
  const today = chinaDate(now);
  const soon = addDays(today, EXPIRING_DAYS);
  const mine = or(
    eq(application.applicantUserId, user.userId),
    eq(application.holderUserId, user.userId),
    user.personId ? eq(application.personId, user.personId) : undefined,
  );
  const [certs, apps, confirm] = await Promise.all([
    user.personId
      ? db
          .select(SHOWN_COLUMNS)
          .from(certificate)
          .where(eq(certificate.personId, user.personId))
          .orderBy(asc(certificate.category), desc(certificate.issueDate))
          .limit(20)
      : Promise.resolve([]),
    listedApplications(db)
      .where(and(eq(application.deleted, false), mine, inArray(application.status, OPEN_STATUSES)))
      .orderBy(desc(application.updatedAt), desc(application.id))
      .limit(PERSON_OPEN_LIMIT),
    countTodos(db, user.userId, 'confirm'),
  ]);
  const views = certs.map(certView(today, await loadLabels(db)));
  const myCerts = (q: Record<string, string>) =>
    linkIf(user, 'personCheck:myCert:list', drill('/personCheck/myCertificates', q));
  return {
    ...base,
    figures: [
      fig('validCertificates', views.filter((c) => c.valid).length, myCerts({ status: VALID })),
      fig(
        'expiringCertificates',
        views.filter((c) => c.expiring).length,
        myCerts({ status: VALID, expiryFrom: today, expiryTo: soon }),
        'warning',
      ),
      fig('inProgress', apps.length, '#bench-applications'),
      fig('toConfirm', confirm, drill('/system/sysTodo', { kind: 'confirm' }), confirm > 0 ? 'warning' : 'default'),
    ],
    certificates: views,
    applications: apps.map((a) => toWorkRow(a, now, user, limits)),
  };
}

/** A holder has a handful of applications at most; the workbench lists them all (this bounds a runaway). */
const PERSON_OPEN_LIMIT = 100;
/** The caller's open to-dos of a kind, as GET /system/sysTodo/list?kind= lists them. */
async function countTodos(db: DbOrTx, userId: number, kind: TodoKind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysTodo)
    .where(and(eq(sysTodo.userId, userId), eq(sysTodo.status, '0'), todoKindCondition(kind)));
  return Number(row?.n ?? 0);
}

// ---------- system administrators ----------

/**
 * The three administrators: the account and role changes waiting for review, each counted as the
 * 待审核 tab of its page lists them (the same call), and only what the caller may open.
 */
async function systemWorkbench(db: DbOrTx, user: AuthUser, now: Date): Promise<Workbench> {
  const may = (perm: string) => user.permissions.has(perm);
  const [userReviews, roleReviews, users, sessions] = await Promise.all([
    may('system:user:list')
      ? listUsersV2(db, user, { pending: '1', pageNum: 1, pageSize: 1 }).then((r) => r.total)
      : null,
    may('system:role:list')
      ? listRoles(db, user, { pending: '1', pageNum: 1, pageSize: 1 }).then((r) => r.total)
      : null,
    may('system:user:list') ? listUsers(db, user, { pageNum: 1, pageSize: 1 }).then((r) => r.total) : null,
    may('system:online:list')
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(sysSession)
          .where(and(isNull(sysSession.endedAt), sql`${sysSession.expiresAt} > ${now}`, lt(sysSession.createdAt, now)))
          .then((r) => Number(r[0]?.n ?? 0))
      : null,
  ]);
  const waiting = (n: number): Figure['tone'] => (n > 0 ? 'warning' : 'default');
  const figures: Figure[] = [];
  if (userReviews !== null)
    figures.push(fig('pendingUserReviews', userReviews, '/system/user?tab=pending', waiting(userReviews)));
  if (roleReviews !== null)
    figures.push(fig('pendingRoleReviews', roleReviews, '/system/role?tab=pending', waiting(roleReviews)));
  if (users !== null) figures.push(fig('users', users, '/system/user'));
  if (sessions !== null) figures.push(fig('sessions', sessions, '/system/online'));
  return {
    ...empty('system', null),
    // The administrator who enters it.
    calendarMissingYear: user.permissions.has('system:calendar:edit')
      ? (await readWorkCalendar(db)).missingYear(chinaDate(now))
      : null,
    figures,
  };
}

/** Punishment submissions waiting in the caller's area, as the 待审核 tab of 处罚管理 lists them. */
async function punishmentReviews(db: DbOrTx, user: AuthUser): Promise<Figure[]> {
  if (!user.permissions.has('credit:punishment:audit') || !user.permissions.has('credit:punishment:list')) return [];
  const n = await countPunishments(db, punishmentWhere(user, { pending: '1' }));
  return [fig('pendingPunishmentReviews', n, '/credit/creditManagement?tab=pending', n > 0 ? 'warning' : 'default')];
}

export type { BusinessType };
