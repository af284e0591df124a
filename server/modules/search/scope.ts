/**
 * Who sees which rows of the search pages (DOMAIN.md "Areas and who reviews", SPEC 6): the
 * provincial administrator everything; centre staff what belongs to their area (an enterprise's
 * ownership, an application's handling centre); enterprise users their own enterprise; individuals
 * themselves. Each answer is a WHERE part (undefined: no limit) checked on the server.
 */
import { eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import { application, certCheckRecord, enterprise, person } from '../../db/schema.js';

const NOTHING = sql`false`;

/** Enterprises: their own centre's, or the user's own enterprise. */
export function enterpriseScope(user: AuthUser): SQL | undefined {
  if (user.area === 'all') return undefined;
  switch (user.userType) {
    case '02':
      return user.area ? eq(enterprise.ownership, user.area) : NOTHING;
    case '03':
      return user.enterpriseId ? eq(enterprise.id, user.enterpriseId) : NOTHING;
    case '04':
      return user.personId
        ? sql`${enterprise.id} = (select p.enterprise_id from person p where p.id = ${user.personId})`
        : NOTHING;
    default:
      return NOTHING;
  }
}

/** Persons: employed by an enterprise of the staff's area, by the user's enterprise, or the user. */
export function personScope(user: AuthUser): SQL | undefined {
  if (user.area === 'all') return undefined;
  switch (user.userType) {
    case '02':
      return user.area
        ? sql`${person.enterpriseId} in (select e.id from enterprise e where e.ownership = ${user.area})`
        : NOTHING;
    case '03':
      return user.enterpriseId ? eq(person.enterpriseId, user.enterpriseId) : NOTHING;
    case '04':
      return user.personId ? eq(person.id, user.personId) : NOTHING;
    default:
      return NOTHING;
  }
}

/** Applications: the staff's centre handles it, the user's enterprise filed it, the user filed it or holds it. */
export function applicationScope(user: AuthUser): SQL | undefined {
  if (user.area === 'all') return undefined;
  switch (user.userType) {
    case '02':
      return user.area ? eq(application.area, user.area) : NOTHING;
    case '03':
      return user.enterpriseId ? eq(application.enterpriseId, user.enterpriseId) : NOTHING;
    case '04':
      return or(
        eq(application.applicantUserId, user.userId),
        eq(application.holderUserId, user.userId),
        user.personId ? eq(application.personId, user.personId) : undefined,
      );
    default:
      return NOTHING;
  }
}

/**
 * Check records: those of the area's certificates, and the look-ups that found nothing (they
 * concern no centre and every centre: a forged certificate may claim any). Staff only. `area`: the
 * column holding a record's centre (the records' own, or stat_check_day's).
 */
export function checkRecordScope(user: AuthUser, area: AnyColumn = certCheckRecord.area): SQL | undefined {
  if (user.area === 'all') return undefined;
  if (user.userType === '02' && user.area) return or(eq(area, user.area), isNull(area));
  return NOTHING;
}
