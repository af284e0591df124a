import { get, post, type ApiResult, type ListResult } from './request';

export type MsgType = 'systemType' | 'supervisionType' | 'warnType';

export interface SysMsg {
  id: number;
  msgType: MsgType;
  /** title */
  bt: string;
  /** content */
  nr?: string | null;
  /** read status, '0' unread */
  ckzt: string;
  createdAt?: string | null;
}

export interface SysTodo {
  id: number;
  /** name */
  mc: string;
  url?: string | null;
  createdAt?: string | null;
}

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** 未读消息统计 GET /system/sysMsgInfo/getNotReadMsgStats */
export const getNotReadMsgStats = () =>
  get<ListResult<{ msgType: MsgType; count: number }>>('/system/sysMsgInfo/getNotReadMsgStats');

/** 消息列表 GET /system/sysMsgInfo/list */
export const listMessages = (q: PageQuery & { ckzt?: string; msgType?: MsgType }) =>
  get<ListResult<SysMsg>>('/system/sysMsgInfo/list', q);

/** 标记已读 POST /system/sysMsgInfo/readMsg/{id} */
export const readMessage = (id: number | string) => post<ApiResult<unknown>>(`/system/sysMsgInfo/readMsg/${id}`);

/** 待办列表 GET /system/sysTodo/list */
export const listTodos = (q: PageQuery) => get<ListResult<SysTodo>>('/system/sysTodo/list', q);
