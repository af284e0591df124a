/**
 * What a platform that has been in use for a while shows on a fresh demo start: certificates
 * already printed (the printed queue), the centres' user groups, and the operation log of the
 * demo's own workflow actions (each history row the demo drove through the engine, as the log
 * row its HTTP call would have written). Runs after the demo applications, in the seed's transaction.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BUSINESS_ROUTES, type BusinessType } from '../../machines/businessTypes.js';
import type { Tx } from '../db/client.js';
import {
  application,
  applicationHistory,
  sysOperLog,
  sysUser,
  sysUserGroup,
  sysUserGroupMember,
} from '../db/schema.js';
import { COMMENT_REQUIRED, WORKFLOW_EVENT_LOG } from '../modules/workflow/routes.js';
import { STALE_VERSION } from '../lib/errors.js';
import { countPrint } from '../modules/certificate/store.js';

const PRINTING_TYPES = (Object.keys(BUSINESS_ROUTES) as BusinessType[]).filter(
  (t) => BUSINESS_ROUTES[t].printsCertificate,
);

/**
 * The workflow events the demo's log shows, as the server logs them: POST /workflow/{id}/events
 * declares itself 业务办理 / update (server/modules/workflow/routes.ts).
 */
const LOGGED_EVENTS = ['SUBMIT', 'CONFIRM', 'DECLINE', 'AGREE', 'DISAGREE', 'RETURN', 'WITHDRAW'];

const GROUPS: { groupName: string; remark: string; members: string[] }[] = [
  { groupName: '广州中心受理组', remark: '广州区域中心窗口受理、承办人员', members: ['gz_sl', 'gz_cb'] },
  { groupName: '广州中心审核审批组', remark: '初审、审核、审批人员', members: ['gz_cs', 'gz_sh', 'gz_sp'] },
  { groupName: '证书制证组', remark: '办结与证书打印', members: ['gz_bj', 'sz_staff', 'prov_staff'] },
  {
    groupName: '三员管理',
    remark: '系统管理员、安全保密管理员、安全审计员（等保三员分立）',
    members: ['admin', 'secadmin', 'auditor'],
  },
];

/** The older half of each area's approved, printable applications count as printed a day after they closed. */
async function printSome(tx: Tx): Promise<number> {
  const closed = await tx
    .select({
      id: application.id,
      area: application.area,
      certificateId: application.certificateId,
      closedAt: application.updatedAt,
    })
    .from(application)
    .where(
      and(
        eq(application.outcome, 'approved'),
        eq(application.status, 8),
        inArray(application.businessType, PRINTING_TYPES),
        isNull(application.printedAt),
      ),
    )
    .orderBy(asc(application.updatedAt));
  const byArea = new Map<string, typeof closed>();
  for (const row of closed) byArea.set(row.area, [...(byArea.get(row.area) ?? []), row]);
  let printed = 0;
  for (const rows of byArea.values()) {
    for (const row of rows.slice(0, Math.floor(rows.length / 2))) {
      if (!row.certificateId) continue;
      const at = new Date(row.closedAt.getTime() + 86_400_000);
      await countPrint(tx, row.certificateId, at);
      await tx.update(application).set({ printedAt: at }).where(eq(application.id, row.id));
      printed += 1;
    }
  }
  return printed;
}

async function groups(tx: Tx): Promise<void> {
  const users = await tx.select({ userId: sysUser.userId, userName: sysUser.userName }).from(sysUser);
  const idOf = new Map(users.map((u) => [u.userName, u.userId]));
  for (const g of GROUPS) {
    const [row] = await tx
      .insert(sysUserGroup)
      .values({ groupName: g.groupName, remark: g.remark })
      .returning({ groupId: sysUserGroup.groupId });
    const members = g.members.map((m) => idOf.get(m)).filter((id): id is number => id !== undefined);
    if (members.length)
      await tx.insert(sysUserGroupMember).values(members.map((userId) => ({ groupId: row!.groupId, userId })));
  }
}

/**
 * The operation log rows of the demo's workflow actions (newest 300), within the log's retention
 * (180 days): the demo's older history (items ended months ago) was archived long since.
 */
async function operLog(tx: Tx): Promise<void> {
  const rows = await tx
    .select({
      applicationId: applicationHistory.applicationId,
      event: applicationHistory.event,
      version: applicationHistory.version,
      actorName: sysUser.userName,
      comment: applicationHistory.comment,
      createdAt: applicationHistory.createdAt,
    })
    .from(applicationHistory)
    .innerJoin(sysUser, eq(sysUser.userId, applicationHistory.actorId))
    .where(
      and(
        inArray(applicationHistory.event, LOGGED_EVENTS),
        sql`${applicationHistory.createdAt} > (select max(created_at) from application_history) - interval '170 days'`,
      ),
    )
    .orderBy(desc(applicationHistory.createdAt))
    .limit(300);
  if (rows.length === 0) return;
  await tx.insert(sysOperLog).values(
    rows.map((r, i) => ({
      title: WORKFLOW_EVENT_LOG.title,
      action: WORKFLOW_EVENT_LOG.action,
      requestMethod: 'POST',
      operName: r.actorName,
      operUrl: `/api/workflow/${r.applicationId}/events`,
      operIp: `10.20.${1 + (i % 3)}.${20 + (i % 40)}`,
      operParam: JSON.stringify({
        query: {},
        body: { type: r.event, comment: r.comment ?? undefined, version: r.version - 1 },
        params: { id: r.applicationId },
      }),
      status: '0',
      httpStatus: 200,
      durationMs: 25 + ((i * 37) % 90),
      operTime: r.createdAt,
    })),
  );
  // Two refusals of the day, as the server answers them: a reviewer acting on a page another had
  // already acted on, and a return sent without its comment (the auditor reads why in the log).
  const [acted, other, returned] = rows;
  if (!acted || !other || !returned) return;
  const refused = (
    r: typeof acted,
    operName: string,
    type: string,
    version: number,
    httpStatus: number,
    errorMsg: string,
    offsetMs: number,
  ) => ({
    title: WORKFLOW_EVENT_LOG.title,
    action: WORKFLOW_EVENT_LOG.action,
    requestMethod: 'POST',
    operName,
    operUrl: `/api/workflow/${r.applicationId}/events`,
    operIp: '10.20.1.31',
    operParam: JSON.stringify({ query: {}, body: { type, version }, params: { id: r.applicationId } }),
    status: '1',
    httpStatus,
    errorMsg,
    durationMs: 12,
    operTime: new Date(r.createdAt.getTime() + offsetMs),
  });
  await tx
    .insert(sysOperLog)
    .values([
      refused(acted, other.actorName, acted.event, acted.version - 1, 409, STALE_VERSION, 40_000),
      refused(returned, returned.actorName, 'RETURN', returned.version - 1, 400, COMMENT_REQUIRED, -60_000),
    ]);
}

export async function seedWorkingDay(tx: Tx): Promise<void> {
  await printSome(tx);
  await groups(tx);
  await operLog(tx);
}
