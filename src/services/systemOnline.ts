/** Online users (SPEC 7: GET /system/online/list, POST /system/online/offline). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface OnlineSession {
  sessionId: string;
  userId: number;
  userName: string;
  nickName: string;
  deptName: string | null;
  ipaddr: string | null;
  browser: string;
  os: string;
  method: string;
  loginTime: string;
  lastActiveTime: string;
  current: boolean;
  /** This session may be forced offline (not the caller's own). */
  canForce: boolean;
  /** Every session of this user may be forced offline (not the caller). */
  canForceUser: boolean;
}

/** 在线用户 GET /system/online/list */
export const listOnline = (q: { pageNum: number; pageSize: number; userName?: string; ipaddr?: string }) =>
  get<ListResult<OnlineSession>>('/system/online/list', q);
/** 强制下线 POST /system/online/offline (one session, or every session of a user) */
export const forceOffline = (body: { sessionId: string } | { userId: number }) => post<ApiResult<unknown>>('/system/online/offline', body);
