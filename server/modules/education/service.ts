/** Removing further-education records: all of them or none, each inside the caller's data scope. */
import type { AuthUser } from '../../lib/authUser.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { deleteRecords, removableRecords } from './query.js';

/** 删除继续教育记录 POST /exam/furtherEducation/remove: answers how many were deleted. */
export async function removeEducationRecords(db: Db, user: AuthUser, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { visible, existing } = await removableRecords(tx, user, ids);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length) throw notFound(`继续教育记录不存在：${missing.join('、')}`);
    if (ids.some((id) => !visible.has(id))) throw forbidden('有记录不在您的数据权限范围内，未删除任何记录');
    const removed = await deleteRecords(tx, ids);
    if (removed.length !== ids.length) throw new AppError(409, '记录已被他人删除，请刷新后重试');
    return removed.length;
  });
}
