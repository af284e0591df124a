/** 通知公告 (/system/notice). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface SysNotice {
  noticeId: number;
  noticeTitle: string;
  /** sys_notice_type: '1' 通知, '2' 公告. */
  noticeType: '1' | '2';
  noticeContent: string;
  /** '1' normal, '0' closed. */
  status: '0' | '1';
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface NoticeQuery {
  pageNum: number;
  pageSize: number;
  noticeTitle?: string;
  noticeType?: string;
  status?: string;
  createdBy?: string;
  beginTime?: string;
  endTime?: string;
}
export type NoticeInput = Pick<SysNotice, 'noticeTitle' | 'noticeType' | 'noticeContent' | 'status'> & { noticeId?: number };

export const NOTICE_EXPORT_URL = '/system/notice/export';

/** 通知公告列表 GET /system/notice/list */
export const listNotices = (q: NoticeQuery) => get<ListResult<SysNotice>>('/system/notice/list', q);
/** 通知公告详情 GET /system/notice/get/{id} */
export const getNotice = (id: number) => get<ApiResult<SysNotice>>(`/system/notice/get/${id}`);
/** 新增 POST /system/notice/save, 修改 POST /system/notice/update (noticeId > 0) */
export const saveNotice = (body: NoticeInput) =>
  post<ApiResult<SysNotice>>(body.noticeId && body.noticeId > 0 ? '/system/notice/update' : '/system/notice/save', body);
/** 删除 POST /system/notice/remove?ids= */
export const removeNotices = (ids: number[]) => post<ApiResult<unknown>>('/system/notice/remove', undefined, { params: { ids: ids.join(',') } });
