/** User groups' rules: a name used once, members who exist, a group and its members in one transaction. */
import type { Db, DbOrTx } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import {
  deleteGroups,
  existingUserCount,
  groupExists,
  groupNameTaken,
  insertGroup,
  replaceMembers,
  updateGroupRow,
} from './store.js';

/** What the group form sends. */
export interface GroupForm {
  groupName: string;
  remark?: string | null;
  status: string;
  userIds?: number[];
}

const valuesOf = (b: GroupForm) => ({ groupName: b.groupName, remark: b.remark?.trim() || null, status: b.status });

async function assertNameFree(db: DbOrTx, name: string, self: number | null): Promise<void> {
  if (await groupNameTaken(db, name, self)) throw conflict(`用户组名称“${name}”已存在`);
}

/** Replaces the members, refusing users that do not exist. */
async function writeMembers(db: DbOrTx, groupId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length && (await existingUserCount(db, unique)) !== unique.length)
    throw badRequest('所选成员中有用户不存在', 'userIds');
  await replaceMembers(db, groupId, unique);
}

/** 新增用户组 POST /system/userGroup/save */
export async function createGroup(db: Db, b: GroupForm, clock: Clock): Promise<number> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, b.groupName, null);
    const groupId = await insertGroup(tx, valuesOf(b), clock.now());
    if (b.userIds) await writeMembers(tx, groupId, b.userIds);
    return groupId;
  });
}

/** 修改用户组 POST /system/userGroup/update */
export async function updateGroup(db: Db, b: GroupForm & { groupId: number }, clock: Clock): Promise<void> {
  await db.transaction(async (tx) => {
    await assertNameFree(tx, b.groupName, b.groupId);
    if (!(await updateGroupRow(tx, b.groupId, valuesOf(b), clock.now()))) throw notFound('用户组不存在');
    if (b.userIds) await writeMembers(tx, b.groupId, b.userIds);
  });
}

/** 设置用户组成员 POST /system/userGroup/members */
export async function setMembers(db: Db, groupId: number, userIds: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await groupExists(tx, groupId))) throw notFound('用户组不存在');
    await writeMembers(tx, groupId, userIds);
  });
}

/** 删除用户组 POST /system/userGroup/remove */
export async function removeGroups(db: Db, groupIds: readonly number[]): Promise<number> {
  const removed = await deleteGroups(db, groupIds);
  if (removed === 0) throw notFound('用户组不存在');
  return removed;
}
