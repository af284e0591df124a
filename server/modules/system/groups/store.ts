/** User groups' SQL: the groups, their members and the users one may pick as members. */
import { and, asc, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysDept, sysUser, sysUserGroup, sysUserGroupMember } from '../../../db/schema.js';
import type { PageQuery } from '../../../lib/reply.js';
import { dateRange } from '../../../lib/dateRange.js';
import { listOrder } from '../../../lib/listQuery.js';
import { containsText } from '../../../lib/textMatch.js';

export type GroupRecord = typeof sysUserGroup.$inferSelect;
export type GroupLine = GroupRecord & { memberCount: number };

/** The filters of the list and the export. */
export interface GroupFilter {
  groupName?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}

function groupWhere(q: GroupFilter): SQL | undefined {
  const w: (SQL | undefined)[] = [];
  if (q.groupName) w.push(containsText(sysUserGroup.groupName, q.groupName));
  if (q.status) w.push(eq(sysUserGroup.status, q.status));
  w.push(...dateRange(sysUserGroup.createdAt, q.beginTime, q.endTime));
  return and(...w);
}

/** One page of groups and the count of all that match. */
export async function groupPage(
  db: DbOrTx,
  q: PageQuery & GroupFilter,
): Promise<{ rows: GroupRecord[]; total: number }> {
  const cond = groupWhere(q);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(sysUserGroup).where(cond);
  const rows = await db
    .select()
    .from(sysUserGroup)
    .where(cond)
    .orderBy(
      ...listOrder(q.sortField, q.sortOrder, { groupName: sysUserGroup.groupName, createdAt: sysUserGroup.createdAt }, [
        desc(sysUserGroup.createdAt),
        desc(sysUserGroup.groupId),
      ]),
    )
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { rows, total: n };
}

/** The number of members of each of the groups (a group without members is absent). */
export async function memberCounts(db: DbOrTx, groupIds: readonly number[]): Promise<Map<number, number>> {
  const counts = groupIds.length
    ? await db
        .select({ groupId: sysUserGroupMember.groupId, n: count() })
        .from(sysUserGroupMember)
        .where(inArray(sysUserGroupMember.groupId, [...groupIds]))
        .groupBy(sysUserGroupMember.groupId)
    : [];
  return new Map(counts.map((c) => [c.groupId, c.n]));
}

/** A batch of the export, newest first, with each group's member count. */
export async function groupExportBatch(
  db: DbOrTx,
  q: GroupFilter,
  offset: number,
  limit: number,
): Promise<GroupLine[]> {
  const rows = await db
    .select()
    .from(sysUserGroup)
    .where(groupWhere(q))
    .orderBy(desc(sysUserGroup.createdAt), desc(sysUserGroup.groupId))
    .limit(limit)
    .offset(offset);
  const countOf = await memberCounts(
    db,
    rows.map((r) => r.groupId),
  );
  return rows.map((r) => ({ ...r, memberCount: countOf.get(r.groupId) ?? 0 }));
}

/** The group row by id, if any. */
export async function groupById(db: DbOrTx, groupId: number): Promise<GroupRecord | undefined> {
  const [g] = await db.select().from(sysUserGroup).where(eq(sysUserGroup.groupId, groupId));
  return g;
}

/** Whether a group of this id exists. */
export async function groupExists(db: DbOrTx, groupId: number): Promise<boolean> {
  const [g] = await db.select({ id: sysUserGroup.groupId }).from(sysUserGroup).where(eq(sysUserGroup.groupId, groupId));
  return g !== undefined;
}

/** The members of a group with their department, by login name. */
export async function membersOf(db: DbOrTx, groupId: number) {
  return db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptName: sysDept.deptName,
      status: sysUser.status,
    })
    .from(sysUserGroupMember)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserGroupMember.userId))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysUserGroupMember.groupId, groupId))
    .orderBy(asc(sysUser.userName));
}

/** The first 30 users by login name whose login name or name holds the keyword. */
export async function userOptions(db: DbOrTx, keyword: string | undefined) {
  return db
    .select({ value: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(keyword ? or(containsText(sysUser.userName, keyword), containsText(sysUser.nickName, keyword)) : undefined)
    .orderBy(asc(sysUser.userName))
    .limit(30);
}

/** Whether another group (not `self`) has this name. */
export async function groupNameTaken(db: DbOrTx, name: string, self: number | null): Promise<boolean> {
  const [taken] = await db
    .select({ id: sysUserGroup.groupId })
    .from(sysUserGroup)
    .where(and(eq(sysUserGroup.groupName, name), self === null ? undefined : ne(sysUserGroup.groupId, self)));
  return taken !== undefined;
}

/** How many of the (distinct) user ids exist. */
export async function existingUserCount(db: DbOrTx, userIds: readonly number[]): Promise<number> {
  const found = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(inArray(sysUser.userId, [...userIds]));
  return found.length;
}

/** Replaces a group's members by these (distinct) users. */
export async function replaceMembers(db: DbOrTx, groupId: number, userIds: readonly number[]): Promise<void> {
  await db.delete(sysUserGroupMember).where(eq(sysUserGroupMember.groupId, groupId));
  if (userIds.length) await db.insert(sysUserGroupMember).values(userIds.map((userId) => ({ groupId, userId })));
}

/** The columns a group's form writes. */
export interface GroupValues {
  groupName: string;
  remark: string | null;
  status: string;
}

/** Inserts a group; its id. */
export async function insertGroup(db: DbOrTx, values: GroupValues, now: Date): Promise<number> {
  const [g] = await db
    .insert(sysUserGroup)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: sysUserGroup.groupId });
  return g!.id;
}

/** Updates a group's columns; false when there is no such group. */
export async function updateGroupRow(db: DbOrTx, groupId: number, values: GroupValues, now: Date): Promise<boolean> {
  const updated = await db
    .update(sysUserGroup)
    .set({ ...values, updatedAt: now })
    .where(eq(sysUserGroup.groupId, groupId))
    .returning({ id: sysUserGroup.groupId });
  return updated.length > 0;
}

/** Deletes the groups (their members go with them); how many there were. */
export async function deleteGroups(db: DbOrTx, groupIds: readonly number[]): Promise<number> {
  const removed = await db
    .delete(sysUserGroup)
    .where(inArray(sysUserGroup.groupId, [...groupIds]))
    .returning({ id: sysUserGroup.groupId });
  return removed.length;
}
