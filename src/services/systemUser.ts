/** User administration (SPEC 7 "Users", under /system/user): lists, reviewed changes, status, passwords, Excel. */
import { get, post, type ApiResult, type ListResult } from './request';

export type UserType = '00' | '02' | '03' | '04';
export type CheckStatus = '0' | '2' | '3';
export type RecordChange = 'create' | 'update' | 'delete';

/** The submission waiting for review on a row (four-eyes). */
export interface PendingInfo {
  reviewId: number;
  checkStatus: CheckStatus;
  change: RecordChange;
  submittedBy: number;
  submitterName: string;
  submittedAt: string;
  /** The caller may approve or reject it now (four eyes and the audit permission: the server's answer). */
  canReview: boolean;
  /** The caller may withdraw it (the submitter of a role change). */
  canCancel: boolean;
}

export interface DiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The reviewer's view of one submission (users and roles alike). */
export interface ReviewDetail {
  reviewId: number;
  entity: 'user' | 'role';
  recordId: number | null;
  checkStatus: CheckStatus;
  change: RecordChange;
  state: 'pending' | 'approved' | 'rejected' | 'cancelled';
  submittedBy: number;
  submitterName: string;
  submittedAt: string;
  reviewerName: string | null;
  reviewedAt: string | null;
  comment: string | null;
  title: string;
  diff: DiffRow[];
  canReview: boolean;
  canCancel: boolean;
}

export interface SysUserRow {
  /** u<userId>, or r<reviewId> for a new user still waiting for approval. */
  key: string;
  userId: number | null;
  userName: string;
  nickName: string;
  userType: UserType;
  userTypeLabel: string;
  deptId: number | null;
  deptName: string | null;
  enterpriseId: number | null;
  enterpriseName: string | null;
  phone: string | null;
  email: string | null;
  sex: '0' | '1' | '2';
  status: '0' | '1';
  /** The account is normal (may sign in). */
  enabled: boolean;
  checkStatus: CheckStatus | null;
  roleIds: number[];
  roleNames: string[];
  remark: string | null;
  createdAt: string | null;
  loginDate: string | null;
  pending?: PendingInfo | null;
}

export interface UserQuery {
  pageNum: number;
  pageSize: number;
  userName?: string;
  nickName?: string;
  phone?: string;
  userType?: UserType;
  status?: '0' | '1';
  deptId?: number;
  checkStatus?: '0' | '2';
  beginTime?: string;
  endTime?: string;
  pending?: '1';
  sortField?: string;
  sortOrder?: string;
}

export interface UserInput {
  userId?: number;
  userName: string;
  nickName: string;
  userType: UserType;
  deptId?: number | null;
  enterpriseId?: number | null;
  personId?: number | null;
  phone?: string | null;
  email?: string | null;
  sex: '0' | '1' | '2';
  status?: '0' | '1';
  remark?: string | null;
  roleIds: number[];
  password?: string;
}

export interface Submitted {
  reviewId: number;
  checkStatus: CheckStatus;
}

export interface DeptNode {
  id: number;
  label: string;
  area: string | null;
  disabled: boolean;
  children: DeptNode[];
}

export interface Decision {
  reviewId: number;
  approved: boolean;
  comment?: string;
}

export const USER_EXPORT_URL = '/system/user/export';
export const USER_TEMPLATE_URL = '/system/user/importTemplate';
export const USER_IMPORT_URL = '/system/user/importData';

/** 用户列表 GET /system/user/list */
export const listUsers = (q: UserQuery) => get<ListResult<SysUserRow>>('/system/user/list', q);
/** 用户列表（含待审核） GET /system/user/listV2 */
export const listUsersV2 = (q: UserQuery) => get<ListResult<SysUserRow>>('/system/user/listV2', q);
/** 用户详情 GET /system/user/get/{id} */
export const getUser = (id: number) => get<ApiResult<SysUserRow & { review: ReviewDetail | null }>>(`/system/user/get/${id}`);
/** 用户变更审核详情 GET /system/user/review/{reviewId} */
export const getUserReview = (reviewId: number) => get<ApiResult<ReviewDetail>>(`/system/user/review/${reviewId}`);
/** 用户及其角色 GET /system/user/userRoleMnglist */
export const listUserRoles = (q: Omit<UserQuery, 'checkStatus' | 'pending'> & { roleId?: number }) =>
  get<ListResult<SysUserRow>>('/system/user/userRoleMnglist', q);
/** 用户类型 GET /system/user/loadUserTypes */
export const loadUserTypes = () => get<ApiResult<{ value: UserType; label: string }[]>>('/system/user/loadUserTypes');
/** 部门树 GET /system/user/deptTree */
export const loadDeptTree = () => get<ApiResult<DeptNode[]>>('/system/user/deptTree');
/** 企业选项 GET /system/user/enterpriseOptions */
export const enterpriseOptions = (q: { keyword?: string; id?: number }) =>
  get<ApiResult<{ value: number; label: string; creditCode: string }[]>>('/system/user/enterpriseOptions', q);

/** 新增用户（提交审核） POST /system/user/save */
export const saveUser = (body: UserInput) => post<ApiResult<Submitted & { initialPassword: string | null }>>('/system/user/save', body);
/** 修改用户（提交审核） POST /system/user/updateV2 */
export const updateUser = (body: UserInput & { userId: number }) => post<ApiResult<Submitted>>('/system/user/updateV2', body);
/** 审核新增用户 POST /system/user/new-check */
export const userNewCheck = (body: Decision) => post<ApiResult<unknown>>('/system/user/new-check', body);
/** 审核用户修改或删除 POST /system/user/update-check */
export const userUpdateCheck = (body: Decision) => post<ApiResult<unknown>>('/system/user/update-check', body);
/** 分配角色（提交审核） POST /system/user/userAuthorize */
export const authorizeUser = (body: { userId: number; roleIds: number[] }) => post<ApiResult<Submitted>>('/system/user/userAuthorize', body);
/** 删除用户（提交审核） POST /system/user/remove?ids= */
export const removeUsers = (ids: number[]) => post<ApiResult<Submitted[]>>('/system/user/remove', undefined, { params: { ids: ids.join(',') } });
/** 启用/停用 POST /system/user/status */
export const changeUserStatus = (body: { userId: number; status: '0' | '1' }) => post<ApiResult<unknown>>('/system/user/status', body);
/** 重置密码 POST /system/user/resetPwd */
export const resetUserPwd = (body: { userId: number }) => post<ApiResult<{ password: string | null; sentTo: string | null }>>('/system/user/resetPwd', body);
