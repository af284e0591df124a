/** The detail views of the search pages: an enterprise with its people and certificates; a person with everything about them. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { application, certificate, educationRecord, employmentRecord, enterprise, person } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { personalDataOf, type Duty, type PersonValues, type Revealable } from '../../services/personalData.js';
import { toRow as certificateRow } from '../certificate/query.js';
import { SHOWN_COLUMNS } from '../certificate/shown.js';
import type { Labels } from '../certificate/labels.js';
import type { DistrictNames } from './districts.js';
import { countedEnterprises, enterpriseRows } from './enterprise.js';
import { applicationScope, enterpriseScope, personScope } from './scope.js';
import { personWithCertificates, staffOfEnterprise } from './staff.js';
import { toWorkRow } from './work.js';
import { readDeadlineLimits } from '../../workflow/views.js';
import { alias } from 'drizzle-orm/pg-core';

/** How many people and certificates the enterprise detail lists (the searches list the rest). */
export const DETAIL_LIMIT = 100;

export async function enterpriseDetail(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  districts: DistrictNames,
  labels: Labels,
  today: string,
) {
  const [row] = await countedEnterprises(db).where(eq(enterprise.id, id));
  if (!row) throw notFound('企业不存在');
  const [visible] = await db
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(and(eq(enterprise.id, id), enterpriseScope(user)));
  if (!visible) throw forbidden('该企业不在您的数据权限范围内');
  const [base] = enterpriseRows([row], districts, today);
  const [people, certs, byStatus, open] = await Promise.all([
    staffOfEnterprise(db, id, DETAIL_LIMIT),
    db
      .select(SHOWN_COLUMNS)
      .from(certificate)
      .where(eq(certificate.enterpriseId, id))
      .orderBy(asc(certificate.category), desc(certificate.issueDate), asc(certificate.id))
      .limit(DETAIL_LIMIT),
    db
      .select({ status: certificate.status, n: sql<number>`count(*)::int` })
      .from(certificate)
      .where(eq(certificate.enterpriseId, id))
      .groupBy(certificate.status)
      .orderBy(certificate.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(application)
      .where(
        and(eq(application.enterpriseId, id), eq(application.deleted, false), sql`${application.status} in (0, 2, 3)`),
      ),
  ]);
  return {
    ...base!,
    people,
    certificates: certs.map((c) => certificateRow(c, labels)),
    certificateTotal: byStatus.reduce((n, s) => n + Number(s.n), 0),
    certificatesByStatus: byStatus.map((s) => ({
      status: s.status,
      statusLabel: labels.of('cert_status', s.status),
      count: Number(s.n),
    })),
    openApplications: Number(open[0]?.n ?? 0),
  };
}

/** Who needs a person's real ID number here: the person, the centre's staff of the area, the employer. */
function staffDuty(user: AuthUser, p: { id: number; enterpriseId: number | null }): Duty {
  if (user.personId === p.id) return 'self';
  if (user.userType === '02') return 'search:staff';
  if (user.userType === '03' && user.enterpriseId !== null && user.enterpriseId === p.enterpriseId) return 'employer';
  return null;
}

const employer = alias(enterprise, 'employer');

/** A person of the staff search the caller may see (reveal source 'staff'). */
export async function staffPersonalData(db: DbOrTx, user: AuthUser, id: number): Promise<Revealable<PersonValues>> {
  if (!user.permissions.has('search:staff:list')) throw forbidden('没有权限，请联系管理员授权');
  const [p] = await db
    .select()
    .from(person)
    .where(and(eq(person.id, id), personScope(user)));
  if (!p) throw forbidden('该人员不在您的数据权限范围内');
  return {
    subject: { personId: p.id, name: p.name },
    duty: staffDuty(user, p),
    values: { idNo: p.idNo, birthDate: p.birthDate, phone: p.phone },
  };
}

export async function staffDetail(db: DbOrTx, user: AuthUser, id: number, now: Date) {
  const row = await personWithCertificates(db, id);
  if (!row) throw notFound('人员不存在');
  const [visible] = await db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.id, id), personScope(user)));
  if (!visible) throw forbidden('该人员不在您的数据权限范围内');
  const p = row.p;
  // Masked; the caller whose duty covers it reveals a value by a click (logged).
  const { values: shown, offer } = personalDataOf(
    {
      subject: { personId: p.id, name: p.name },
      duty: staffDuty(user, p),
      values: { idNo: p.idNo, birthDate: p.birthDate, phone: p.phone },
    },
    'staff',
    p.id,
  );
  const limits = await readDeadlineLimits(db);
  const [jobs, hours, apps] = await Promise.all([
    db
      .select({
        source: employmentRecord.source,
        enterpriseId: employmentRecord.enterpriseId,
        enterpriseName: employer.name,
        startDate: employmentRecord.startDate,
        endDate: employmentRecord.endDate,
      })
      .from(employmentRecord)
      .innerJoin(employer, eq(employer.id, employmentRecord.enterpriseId))
      .where(eq(employmentRecord.personId, p.id))
      .orderBy(desc(employmentRecord.startDate)),
    db
      .select({ hours: sql<string>`coalesce(sum(${educationRecord.hours}), 0)::text`, n: sql<number>`count(*)::int` })
      .from(educationRecord)
      .where(eq(educationRecord.personId, p.id)),
    db
      .select({ app: application, enterpriseName: enterprise.name, certNo: certificate.certNo })
      .from(application)
      .leftJoin(enterprise, eq(enterprise.id, application.enterpriseId))
      .leftJoin(certificate, eq(certificate.id, application.certificateId))
      .where(and(eq(application.personId, p.id), eq(application.deleted, false), applicationScope(user)))
      .orderBy(desc(application.id))
      .limit(20),
  ]);
  return {
    id: p.id,
    name: p.name,
    sex: p.sex,
    idType: p.idType,
    idNo: shown.idNo,
    birthDate: shown.birthDate,
    phone: shown.phone ?? null,
    personalData: offer,
    education: p.education,
    title: p.title,
    enterpriseId: p.enterpriseId,
    enterpriseName: row.enterpriseName,
    employStatus: p.employStatus,
    certificates: row.certificates,
    employment: jobs,
    educationHours: Number(hours[0]?.hours ?? 0),
    educationRecords: Number(hours[0]?.n ?? 0),
    applications: apps.map((a) => toWorkRow({ ...a, holderName: p.name }, now, user, limits)),
  };
}
