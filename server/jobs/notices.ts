/**
 * Telling people once: a notice (a reminder threshold, a warning) is claimed in notice_sent, whose
 * unique (kind, ref) lets exactly one run — of any process — win it; only what was won is sent, in
 * the same transaction, so a run repeated or crashed halfway never sends a message twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { noticeSent, sysMsgInfo, sysRole, sysUser, sysUserRole } from '../db/schema.js';

/** The sender shown on messages the platform writes by itself. */
export const SYSTEM_SENDER = '系统';

/** systemType: information; warnType: something needs doing (SPEC message types). */
export type MessageType = 'systemType' | 'warnType';

export interface Notice {
  kind: string;
  ref: string;
}

/** Claims the notices not sent before; answers the refs this call won. */
export async function claimNotices(tx: DbOrTx, kind: string, refs: readonly string[], at: Date): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const won = await tx
    .insert(noticeSent)
    .values(refs.map((ref) => ({ kind, ref, sentAt: at })))
    .onConflictDoNothing({ target: [noticeSent.kind, noticeSent.ref] })
    .returning({ ref: noticeSent.ref });
  return new Set(won.map((w) => w.ref));
}

export interface Message {
  userId: number;
  bt: string;
  nr: string;
}

const CHUNK = 1_000;

export async function sendMessages(
  tx: DbOrTx,
  type: MessageType,
  messages: readonly Message[],
  at: Date,
): Promise<number> {
  for (let i = 0; i < messages.length; i += CHUNK) {
    await tx.insert(sysMsgInfo).values(
      messages.slice(i, i + CHUNK).map((m) => ({
        msgType: type,
        bt: m.bt.slice(0, 200),
        nr: m.nr,
        userId: m.userId,
        senderName: SYSTEM_SENDER,
        createdAt: at,
      })),
    );
  }
  return messages.length;
}

/** Active enterprise accounts (type 03) of these enterprises, by enterprise. */
export async function enterpriseUsers(tx: DbOrTx, enterpriseIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (enterpriseIds.length === 0) return out;
  const rows = await tx
    .select({ userId: sysUser.userId, enterpriseId: sysUser.enterpriseId })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.userType, '03'),
        eq(sysUser.status, '1'),
        inArray(sysUser.enterpriseId, [...new Set(enterpriseIds)]),
      ),
    );
  for (const r of rows) out.set(r.enterpriseId!, [...(out.get(r.enterpriseId!) ?? []), r.userId]);
  return out;
}

/** Active individual accounts (type 04) of these persons, by person. */
export async function holderUsers(tx: DbOrTx, personIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (personIds.length === 0) return out;
  const rows = await tx
    .select({ userId: sysUser.userId, personId: sysUser.personId })
    .from(sysUser)
    .where(
      and(eq(sysUser.userType, '04'), eq(sysUser.status, '1'), inArray(sysUser.personId, [...new Set(personIds)])),
    );
  for (const r of rows) out.set(r.personId!, [...(out.get(r.personId!) ?? []), r.userId]);
  return out;
}

/**
 * The administrators who answer for an area's statutory deadlines: the provincial administrators
 * (role adminProvince, whose data scope is every area — there is no separate administrator role per
 * centre).
 */
export async function areaAdministrators(tx: DbOrTx): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ userId: sysUser.userId })
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUser.status, '1'), eq(sysRole.status, '1'), eq(sysRole.roleKey, 'adminProvince')))
    .orderBy(sql`1`);
  return rows.map((r) => r.userId);
}
