/** 消息管理 (system and supervision messages, administration side of /system/sysMsgInfo). */
import { get, post, type ApiResult, type ListResult } from './request';
import type { MsgType } from './message';

export interface AdminMsg {
  id: number;
  msgType: MsgType;
  bt: string;
  nr: string;
  ckzt: '0' | '1';
  readAt: string | null;
  senderName: string | null;
  userId: number | null;
  userName: string | null;
  nickName: string | null;
  createdAt: string;
}
export interface AdminMsgQuery {
  pageNum: number;
  pageSize: number;
  msgType?: MsgType;
  /** Several types, comma-separated (a page managing some of them). */
  msgTypes?: string;
  bt?: string;
  userName?: string;
  senderName?: string;
  ckzt?: string;
  beginTime?: string;
  endTime?: string;
}
export type MsgTarget = 'user' | 'role' | 'all';
export interface SendMsgInput {
  msgType: MsgType;
  bt: string;
  nr: string;
  target: MsgTarget;
  userIds?: number[];
  roleIds?: number[];
}
export interface EditMsgInput {
  id: number;
  msgType?: MsgType;
  bt: string;
  nr: string;
}
export interface Recipients {
  users: { userId: number; userName: string; nickName: string }[];
  roles: { roleId: number; roleName: string; roleKey: string }[];
}

export const MSG_EXPORT_URL = '/system/sysMsgInfo/export';

/** 全部消息（管理） GET /system/sysMsgInfo/listAll */
export const listAllMessages = (q: AdminMsgQuery) => get<ListResult<AdminMsg>>('/system/sysMsgInfo/listAll', q);
/** 可选接收人 GET /system/sysMsgInfo/recipients */
export const getRecipients = (keyword?: string) => get<ApiResult<Recipients>>('/system/sysMsgInfo/recipients', { keyword });
/** 发送消息 POST /system/sysMsgInfo/save */
export const sendMessage = (body: SendMsgInput) => post<ApiResult<{ count: number }>>('/system/sysMsgInfo/save', body);
/** 修改消息 POST /system/sysMsgInfo/update (id > 0; every copy of the same sending) */
export const updateMessage = (body: EditMsgInput) => post<ApiResult<{ count: number }>>('/system/sysMsgInfo/update', body);
/** 删除消息 POST /system/sysMsgInfo/remove?ids= */
export const removeMessages = (ids: number[]) => post<ApiResult<unknown>>('/system/sysMsgInfo/remove', undefined, { params: { ids: ids.join(',') } });
