/**
 * Files attached to punishments (PDF/JPG/PNG through /file/upload): who may download one. Whoever
 * may see the punishment it is attached to — live, or proposed by a submission waiting for review —
 * and only with the credit list permission; nobody else through this module.
 */
import { and, eq, sql } from 'drizzle-orm';
import { punishment, sysRecordReview } from '../../db/schema.js';
import type { FileOwnerCheck } from '../system/oss/fileScope.js';
import { canSeePunishment } from './scope.js';
import { ENTITY } from './service.js';

const holds = (column: typeof punishment.fileIds, ossId: number) => sql`${column} @> ${JSON.stringify([ossId])}::jsonb`;

export const punishmentFileOwner: FileOwnerCheck = async (ctx, user, ossId) => {
  const live = await ctx.db.select({ id: punishment.id }).from(punishment).where(holds(punishment.fileIds, ossId));
  const proposed = await ctx.db
    .select({ id: sysRecordReview.recordId })
    .from(sysRecordReview)
    .where(
      and(
        eq(sysRecordReview.entity, ENTITY),
        sql`${sysRecordReview.proposed} -> 'fileIds' @> ${JSON.stringify([ossId])}::jsonb`,
      ),
    );
  const ids = [
    ...new Set([...live.map((r) => r.id), ...proposed.map((r) => r.id).filter((id): id is number => id !== null)]),
  ];
  if (ids.length === 0) return null;
  if (!user.permissions.has('credit:punishment:list')) return false;
  for (const id of ids) if (await canSeePunishment(ctx.db, user, id)) return true;
  return false;
};
