/**
 * A submission waiting for four-eyes review is work for whoever may decide it (issue #47 item 6):
 * in the transaction that stores it, each such person gets a to-do that opens the submission's
 * review; deciding or withdrawing it closes them all. Who may decide: an active user holding the
 * kind's audit permission through an active role, neither the submitter nor the user the change is
 * about (the machine's four-eyes rule), and for a punishment a centre officer of the area of its
 * certificates or a provincial administrator (who may decide any area's: in a centre of one
 * officer, the only other pair of eyes).
 */
import { sql } from 'drizzle-orm';
import type { RecordChange, ReviewedRecordKind } from '../../../../machines/recordReview.machine.js';
import type { DbOrTx } from '../../../db/client.js';

/** The to-dos of a submission: closed by its decision. */
export const reviewTodoRef = (reviewId: number): string => `review:${reviewId}`;

/** Where the reviewer decides: the kind's list, opened on this submission's review. */
export const reviewTodoUrl = (entity: ReviewedRecordKind, reviewId: number): string =>
  `${{ user: '/system/user', role: '/system/role', penalty: '/credit/creditManagement' }[entity]}?review=${reviewId}`;

type Named = Record<string, unknown>;
const str = (rec: Named | null, key: string): string =>
  rec && typeof rec[key] === 'string' ? (rec[key] as string) : '';

/** The to-do's words, one whole sentence per kind and change (each is translated as it is). */
function todoText(entity: ReviewedRecordKind, change: RecordChange, rec: Named | null): string {
  if (entity === 'user') {
    const who = `${str(rec, 'userName')}（${str(rec, 'nickName')}）`;
    return { create: `待审核：新增用户 ${who}`, update: `待审核：修改用户 ${who}`, delete: `待审核：删除用户 ${who}` }[
      change
    ];
  }
  if (entity === 'role') {
    const name = str(rec, 'roleName');
    return {
      create: `待审核：新增角色 ${name}`,
      update: `待审核：修改角色 ${name}`,
      delete: `待审核：删除角色 ${name}`,
    }[change];
  }
  const doc = str(rec, 'docNo');
  return { create: `待审核：录入处罚 ${doc}`, update: `待审核：修改处罚 ${doc}`, delete: `待审核：删除处罚 ${doc}` }[
    change
  ];
}

const AUDIT_PERM: Record<ReviewedRecordKind, string> = {
  user: 'system:user:audit',
  role: 'system:role:audit',
  penalty: 'credit:punishment:audit',
};

export interface ReviewTodoInput {
  reviewId: number;
  entity: ReviewedRecordKind;
  change: RecordChange;
  /** The record as proposed (a deletion: as it is), for the to-do's words. */
  record: Named | null;
  /** The punishment, whose certificates' area names its reviewers. */
  recordId: number | null;
  submitterId: number;
  subjectUserId: number | null;
  /** The submission's time (the clock's), the to-dos' creation time. */
  at: Date;
}

/** Gives each person who may decide the submission a to-do (in the caller's transaction). */
export async function openReviewTodos(tx: DbOrTx, s: ReviewTodoInput): Promise<void> {
  const area =
    s.entity === 'penalty' && s.recordId !== null
      ? sql`and (d.area in (
        select c.area from certificate c
        where c.id in (select pc.certificate_id from punishment_certificate pc where pc.punishment_id = ${s.recordId})
           or c.id = (select p.certificate_id from punishment p where p.id = ${s.recordId}))
        or exists (select 1 from sys_user_role pr join sys_role prr on prr.role_id = pr.role_id and prr.status = '1'
                   where pr.user_id = u.user_id and prr.role_key = 'adminProvince'))`
      : sql``;
  await tx.execute(sql`
    insert into sys_todo (mc, url, user_id, ref, status, created_at)
    select distinct ${todoText(s.entity, s.change, s.record)}::varchar, ${reviewTodoUrl(s.entity, s.reviewId)}::varchar, u.user_id, ${reviewTodoRef(s.reviewId)}::varchar, '0', ${s.at}::timestamptz
    from sys_user u
    join sys_user_role ur on ur.user_id = u.user_id
    join sys_role r on r.role_id = ur.role_id and r.status = '1'
    join sys_role_menu rm on rm.role_id = r.role_id
    join sys_menu m on m.menu_id = rm.menu_id and m.status = '1' and m.menu_key = ${AUDIT_PERM[s.entity]}
    left join sys_dept d on d.dept_id = u.dept_id
    where u.status = '1' and u.user_id <> ${s.submitterId} and u.user_id <> ${s.subjectUserId ?? -1}::int ${area}`);
}

/** The submission was decided or withdrawn: its to-dos are done. */
export async function closeReviewTodos(tx: DbOrTx, reviewId: number): Promise<void> {
  await tx.execute(sql`update sys_todo set status = '1' where ref = ${reviewTodoRef(reviewId)} and status = '0'`);
}
