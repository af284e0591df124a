/** 操作日志 (/system/operlog) and 登录日志 (/system/logininfor): read, export, unlock an account. */
import { get, post, type ApiResult, type ListResult } from './request';

export interface OperLog {
  operId: number;
  title: string;
  action: string;
  requestMethod: string;
  operName: string | null;
  operUrl: string;
  operIp: string | null;
  operParam: string | null;
  /** '0' success, '1' failure (the search filter's value). */
  status: '0' | '1';
  success: boolean;
  httpStatus: number;
  errorMsg: string | null;
  durationMs: number;
  operTime: string;
}
export interface LoginLog {
  infoId: number;
  userName: string | null;
  method: string;
  ipaddr: string | null;
  userAgent: string | null;
  status: '0' | '1';
  success: boolean;
  /** The unlock action stands on this row (a failed sign-in of a named account). */
  unlockable: boolean;
  msg: string | null;
  loginTime: string;
}
interface Paged {
  pageNum: number;
  pageSize: number;
  beginTime?: string;
  endTime?: string;
}
export type OperLogQuery = Paged & { title?: string; operName?: string; action?: string; status?: string };
export type LoginLogQuery = Paged & { userName?: string; ipaddr?: string; method?: string; status?: string };

export const OPERLOG_EXPORT_URL = '/system/operlog/export';
export const LOGININFOR_EXPORT_URL = '/system/logininfor/export';

/** 操作日志列表 GET /system/operlog/list */
export const listOperLogs = (q: OperLogQuery) => get<ListResult<OperLog>>('/system/operlog/list', q);
/** 操作日志详情 GET /system/operlog/get/{id} */
export const getOperLog = (id: number) => get<ApiResult<OperLog>>(`/system/operlog/get/${id}`);
/** 登录日志列表 GET /system/logininfor/list */
export const listLoginLogs = (q: LoginLogQuery) => get<ListResult<LoginLog>>('/system/logininfor/list', q);
/** 解锁账户 POST /system/logininfor/unlock/{userName} */
export const unlockAccount = (userName: string) => post<ApiResult<unknown>>(`/system/logininfor/unlock/${encodeURIComponent(userName)}`);

export interface PersonalDataAccess {
  id: number;
  userId: number;
  userName: string;
  personId: number | null;
  subjectUserId: number | null;
  subjectName: string | null;
  fields: string;
  fieldsLabel: string;
  purpose: string;
  purposeLabel: string;
  route: string;
  ip: string | null;
  accessedAt: string;
}
export type PersonalDataAccessQuery = Paged & { userName?: string; subjectName?: string; purpose?: string };
export const PDLOG_EXPORT_URL = '/system/pdlog/export';
/** 个人信息访问日志 GET /system/pdlog/list */
export const listPersonalDataAccess = (q: PersonalDataAccessQuery) => get<ListResult<PersonalDataAccess>>('/system/pdlog/list', q);
