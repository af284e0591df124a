/** Notices' checks: a new notice comes without an id, a change or removal names one that exists. */
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { deleteNotices, insertNotice, updateNoticeRow, type NoticeRecord } from './store.js';

/** What the notice form sends. */
export interface NoticeForm {
  noticeId?: number;
  noticeTitle: string;
  noticeType: string;
  noticeContent: string;
  status: string;
}

const valuesOf = (b: NoticeForm) => ({
  noticeTitle: b.noticeTitle,
  noticeType: b.noticeType,
  noticeContent: b.noticeContent,
  status: b.status,
});

/** 新增通知公告 POST /system/notice/save */
export async function createNotice(db: Db, b: NoticeForm, createdBy: string): Promise<NoticeRecord> {
  if (b.noticeId && b.noticeId > 0)
    throw badRequest('公告编号：新增时不应带公告编号，修改请调用 /system/notice/update', 'noticeId');
  return insertNotice(db, valuesOf(b), createdBy);
}

/** 修改通知公告 POST /system/notice/update */
export async function updateNotice(db: Db, b: NoticeForm & { noticeId: number }): Promise<NoticeRecord> {
  const row = await updateNoticeRow(db, b.noticeId, valuesOf(b));
  if (!row) throw notFound('公告不存在');
  return row;
}

/** 删除通知公告 POST /system/notice/remove; how many. */
export async function removeNotices(db: Db, ids: readonly number[]): Promise<number> {
  const removed = await deleteNotices(db, ids);
  if (removed === 0) throw notFound('公告不存在');
  return removed;
}
