/**
 * Administered messages' rules: which message types a caller may read, send, edit or remove (by
 * type: system:supervisionMsg:* or system:msg:*), who receives a sending, and one transaction per
 * sending, edit or removal.
 */
import type { AuthUser } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { MSG_TYPES } from '../../../lib/codes.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import {
  activeRoles,
  activeUsersAmong,
  activeUsersMatching,
  activeUsersOfRoles,
  allActiveUsers,
  deleteMessages,
  insertMessages,
  messageById,
  messageLineById,
  messageTypesOf,
  updateSending,
  type MessageLine,
} from './store.js';
import { requirePerm } from '../../../lib/listQuery.js';

/** Permission prefix of a message type. */
export const permBase = (t: string) => (t === 'supervisionType' ? 'system:supervisionMsg' : 'system:msg');
const allowedTypes = (user: AuthUser, action: string) =>
  MSG_TYPES.filter((t) => user.permissions.has(`${permBase(t)}:${action}`));

/** The message types a list or export reads: those asked for, each one the caller may list, or all they may. */
export function readableTypes(user: AuthUser, q: { msgType?: string; msgTypes?: string[] }): string[] {
  const types = q.msgType ? [q.msgType] : q.msgTypes ? [...new Set(q.msgTypes)] : allowedTypes(user, 'list');
  if (types.length === 0) throw forbidden('没有权限，请联系管理员授权');
  for (const t of types) requirePerm(user, `${permBase(t)}:list`);
  return types;
}

/** 消息详情（管理） GET /system/sysMsgInfo/get/{id} */
export async function messageFor(db: Db, user: AuthUser, id: number): Promise<MessageLine> {
  const row = await messageLineById(db, id);
  if (!row) throw notFound('消息不存在');
  requirePerm(user, `${permBase(row.msgType)}:list`);
  return row;
}

/** 可选的接收人与角色 GET /system/sysMsgInfo/recipients */
export async function recipientChoices(db: Db, user: AuthUser, keyword: string | undefined) {
  if (allowedTypes(user, 'add').length === 0) throw forbidden('没有权限，请联系管理员授权');
  const users = await activeUsersMatching(db, keyword);
  const roles = await activeRoles(db);
  return { users, roles };
}

/** What the sending form sends. */
export interface Sending {
  id?: number;
  msgType: string;
  bt: string;
  nr: string;
  target: 'user' | 'role' | 'all';
  userIds?: number[];
  roleIds?: number[];
}

/** 发送消息 POST /system/sysMsgInfo/save: one row per active recipient; how many. */
export async function sendMessage(db: Db, user: AuthUser, b: Sending, now: Date): Promise<number> {
  requirePerm(user, `${permBase(b.msgType)}:add`);
  if (b.id && b.id > 0)
    throw badRequest('消息编号：发送新消息时不应带消息编号，修改请调用 /system/sysMsgInfo/update', 'id');
  if (b.target === 'user' && !b.userIds?.length) throw badRequest('接收用户：请至少选择一个接收用户', 'userIds');
  if (b.target === 'role' && !b.roleIds?.length) throw badRequest('接收角色：请至少选择一个角色', 'roleIds');
  return db.transaction(async (tx) => {
    const recipients =
      b.target === 'all'
        ? await allActiveUsers(tx)
        : b.target === 'role'
          ? await activeUsersOfRoles(tx, b.roleIds!)
          : await activeUsersAmong(tx, b.userIds!);
    if (b.target === 'user' && recipients.length !== new Set(b.userIds).size)
      throw badRequest('接收用户：所选用户不存在或已停用', 'userIds');
    if (recipients.length === 0)
      throw badRequest(
        b.target === 'role' ? '接收角色：所选角色下没有可接收消息的用户' : '没有可接收消息的用户',
        b.target === 'role' ? 'roleIds' : 'target',
      );
    const rows = recipients.map((r) => ({
      msgType: b.msgType,
      bt: b.bt,
      nr: b.nr,
      userId: r.userId,
      ckzt: '0',
      senderName: user.nickName || user.userName,
      createdAt: now,
    }));
    await insertMessages(tx, rows);
    return rows.length;
  });
}

/** 修改消息 POST /system/sysMsgInfo/update: every copy of the sending; how many. */
export async function updateMessage(
  db: Db,
  user: AuthUser,
  b: { id: number; msgType?: string; bt: string; nr: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const old = await messageById(tx, b.id);
    if (!old) throw notFound('消息不存在');
    requirePerm(user, `${permBase(old.msgType)}:edit`);
    const newType = b.msgType ?? old.msgType;
    if (newType !== old.msgType) requirePerm(user, `${permBase(newType)}:add`);
    return updateSending(tx, old, { msgType: newType, bt: b.bt, nr: b.nr });
  });
}

/** 删除消息 POST /system/sysMsgInfo/remove; how many. */
export async function removeMessages(db: Db, user: AuthUser, ids: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await messageTypesOf(tx, ids);
    if (rows.length === 0) throw notFound('消息不存在');
    for (const t of new Set(rows.map((r) => r.msgType))) requirePerm(user, `${permBase(t)}:remove`);
    await deleteMessages(
      tx,
      rows.map((r) => r.id),
    );
    return rows.length;
  });
}
