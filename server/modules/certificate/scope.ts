/**
 * Which certificates a caller may see (DOMAIN.md "Areas and who reviews"): the provincial
 * administrator all; centre staff those of enterprises their centre owns (enterprise ownership =
 * the staff's area); enterprise users their enterprise's; individuals their own. Everyone else none.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import { certificate, enterprise } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';

const NOTHING = sql`false`;

/** The WHERE part of the scope (undefined: no limit), on the certificate's own columns (its area is its enterprise's ownership: schema.ts). */
export function certificateScope(user: AuthUser): SQL | undefined {
  if (user.area === 'all') return undefined;
  switch (user.userType) {
    case '03':
      return user.enterpriseId ? eq(certificate.enterpriseId, user.enterpriseId) : NOTHING;
    case '04':
      return user.personId ? eq(certificate.personId, user.personId) : NOTHING;
    case '02':
      return user.area ? eq(certificate.area, user.area) : NOTHING;
    default:
      return NOTHING;
  }
}

/**
 * A centre's scope restated on the certificate's joined enterprise (its area is the certificate's,
 * schema.ts), for a query that filters the enterprise's district: the planner estimates area and
 * district together from the enterprise's joint statistics (migration 0026) and sees that a city
 * of another area holds none of the centre's certificates. From certificate.area alone it guessed
 * thousands and walked the centre's whole list looking for them (1.6 s at the province's scale).
 */
export function certificateScopeOnEnterprise(user: AuthUser): SQL | undefined {
  return user.userType === '02' && user.area && user.area !== 'all' ? eq(enterprise.ownership, user.area) : undefined;
}

export interface ScopedCertificate {
  personId: number;
  enterpriseId: number;
  ownership: string;
}

export function canSeeCertificate(user: AuthUser, cert: ScopedCertificate): boolean {
  if (user.area === 'all') return true;
  switch (user.userType) {
    case '03':
      return user.enterpriseId === cert.enterpriseId;
    case '04':
      return user.personId === cert.personId;
    case '02':
      return user.area === cert.ownership;
    default:
      return false;
  }
}

/**
 * The certificate list is a search page (search:cert:list); individuals have no search menu but
 * may always list their own certificates.
 */
export function assertMayList(user: AuthUser): void {
  if (user.userType === '04' || user.permissions.has('search:cert:list')) return;
  throw forbidden('没有权限，请联系管理员授权');
}
