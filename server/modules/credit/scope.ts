/**
 * Which punishments a caller may see and act on: those of certificates the caller may see
 * (DOMAIN.md "Areas and who reviews"). The provincial administrator sees all; centre staff the
 * punishments of holders whose certificates belong to enterprises of their area. A punishment is
 * always about certificates of one holder, so its certificates decide.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { certificate, enterprise, punishment, punishmentCertificate } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { certificateScope } from '../certificate/scope.js';

/** The WHERE part for queries on `punishment` (undefined: no limit). */
export function punishmentScope(user: AuthUser): SQL | undefined {
  const scope = certificateScope(user);
  if (scope === undefined) return undefined;
  // Two index look-ups per punishment (its own certificate; the certificates of a joint decision), not
  // one exists with an OR: that form read every certificate of the centre for each punishment (6 s
  // for the workbench's count at the province's scale).
  return sql`(exists (select 1 from ${certificate} join ${enterprise} on ${enterprise.id} = ${certificate.enterpriseId}
      where ${certificate.id} = ${punishment.certificateId} and ${scope})
    or exists (select 1 from ${punishmentCertificate} pc join ${certificate} on ${certificate.id} = pc.certificate_id
      join ${enterprise} on ${enterprise.id} = ${certificate.enterpriseId}
      where pc.punishment_id = ${punishment.id} and ${scope}))`;
}

export async function canSeePunishment(db: DbOrTx, user: AuthUser, punishmentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: punishment.id })
    .from(punishment)
    .where(and(eq(punishment.id, punishmentId), punishmentScope(user)));
  return rows.length > 0;
}

/** 404 when the punishment does not exist, 403 when it lies outside the caller's area. */
export async function assertCanSee(db: DbOrTx, user: AuthUser, punishmentId: number): Promise<void> {
  if (await canSeePunishment(db, user, punishmentId)) return;
  const [row] = await db.select({ id: punishment.id }).from(punishment).where(eq(punishment.id, punishmentId));
  if (!row) throw notFound('处罚记录不存在');
  throw forbidden('该处罚记录不在您的数据权限范围内');
}
