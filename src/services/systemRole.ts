/** Role administration (SPEC 7 "Roles", under /system/role): lists, reviewed changes, cancel-commit, status, data scope. */
import { get, post, type ApiResult, type ListResult } from './request';
import type { CheckStatus, Decision, PendingInfo, ReviewDetail, Submitted } from './systemUser';

export type DataScope = '1' | '2' | '3' | '4' | '5';

export interface SysRoleRow {
  /** o<roleId>, or r<reviewId> for a new role still waiting for approval. */
  key: string;
  roleId: number | null;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: DataScope;
  dataScopeLabel: string;
  status: '0' | '1';
  enabled: boolean;
  /** One of the three duty roles (admin, secadmin, auditor): never disabled, removed or re-scoped. */
  dutyRole: boolean;
  checkStatus: CheckStatus | null;
  remark: string | null;
  userCount: number;
  createdAt: string | null;
  pending: PendingInfo | null;
}

export interface RoleDetail extends SysRoleRow {
  menuIds: number[];
  deptIds: number[];
  review: ReviewDetail | null;
}

export interface RoleQuery {
  pageNum: number;
  pageSize: number;
  roleName?: string;
  roleKey?: string;
  status?: '0' | '1';
  checkStatus?: CheckStatus;
  pending?: '1';
  beginTime?: string;
  endTime?: string;
}

export interface RoleInput {
  roleId?: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: DataScope;
  status?: '0' | '1';
  remark?: string | null;
  menuIds: number[];
  deptIds: number[];
}

export interface RoleOption {
  roleId: number;
  roleName: string;
  roleKey: string;
  dutyRole: boolean;
}

export interface MenuNode {
  id: number;
  label: string;
  menuKey: string | null;
  menuType: string;
  children: MenuNode[];
}

export const ROLE_EXPORT_URL = '/system/role/export';

/** 角色列表 GET /system/role/list */
export const listRoles = (q: RoleQuery) => get<ListResult<SysRoleRow>>('/system/role/list', q);
/** 全部启用的角色 GET /system/role/all */
export const allRoles = () => get<ApiResult<RoleOption[]>>('/system/role/all');
/** 可分配给用户的角色 GET /system/role/userAlternativeRole */
export const alternativeRoles = (q: { userId?: number; userType?: string }) => get<ApiResult<RoleOption[]>>('/system/role/userAlternativeRole', q);
/** 角色详情 GET /system/role/get/{id} */
export const getRole = (id: number) => get<ApiResult<RoleDetail>>(`/system/role/get/${id}`);
/** 角色变更审核详情 GET /system/role/review/{reviewId} */
export const getRoleReview = (reviewId: number) => get<ApiResult<ReviewDetail>>(`/system/role/review/${reviewId}`);
/** 菜单权限树 GET /system/role/menuTree */
export const loadMenuTree = () => get<ApiResult<MenuNode[]>>('/system/role/menuTree');

/** 新增角色（提交审核） POST /system/role/save */
export const saveRole = (body: RoleInput) => post<ApiResult<Submitted>>('/system/role/save', body);
/** 修改角色（提交审核） POST /system/role/updateV2 */
export const updateRole = (body: RoleInput & { roleId: number }) => post<ApiResult<Submitted>>('/system/role/updateV2', body);
/** 审核新增角色 POST /system/role/new-check */
export const roleNewCheck = (body: Decision) => post<ApiResult<unknown>>('/system/role/new-check', body);
/** 审核角色修改 POST /system/role/update-check */
export const roleUpdateCheck = (body: Decision) => post<ApiResult<unknown>>('/system/role/update-check', body);
/** 审核角色删除 POST /system/role/delete-check */
export const roleDeleteCheck = (body: Decision) => post<ApiResult<unknown>>('/system/role/delete-check', body);
/** 撤回待审核的变更 POST /system/role/cancel-commit */
export const cancelRoleCommit = (reviewId: number) => post<ApiResult<unknown>>('/system/role/cancel-commit', { reviewId });
/** 删除角色（提交审核） POST /system/role/removeV2?ids= */
export const removeRoles = (ids: number[]) => post<ApiResult<Submitted[]>>('/system/role/removeV2', undefined, { params: { ids: ids.join(',') } });
/** 启用/停用角色 POST /system/role/status */
export const changeRoleStatus = (body: { roleId: number; status: '0' | '1' }) => post<ApiResult<unknown>>('/system/role/status', body);
/** 数据权限（提交审核） POST /system/role/authDataScope */
export const authDataScope = (body: { roleId: number; dataScope: DataScope; deptIds: number[] }) =>
  post<ApiResult<Submitted>>('/system/role/authDataScope', body);
