/** 部门管理 (SPEC 7 Departments, under /system/dept). */
import { get, post, type ApiResult } from './request';

export interface SysDept {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  /** Data scope of the staff: '1' Guangzhou-type, '2' Shenzhen-type, '3' provincial centre. */
  area: '1' | '2' | '3' | null;
  orderNum: number;
  leader: string | null;
  phone: string | null;
  /** '1' normal, '0' disabled. */
  status: '0' | '1';
  enabled: boolean;
  userCount: number;
  createdAt: string;
  children?: SysDept[];
}

export interface DeptQuery {
  deptName?: string;
  status?: '0' | '1';
  area?: '1' | '2' | '3';
}

export type DeptInput = Pick<SysDept, 'parentId' | 'deptName' | 'orderNum' | 'status'> & {
  deptId?: number;
  area?: '1' | '2' | '3' | null;
  leader?: string | null;
  phone?: string | null;
};

/** 部门树 GET /system/dept/list（带时间戳防缓存） */
export const listDepts = (q: DeptQuery = {}) => get<ApiResult<SysDept[]>>('/system/dept/list', { ...q, _t: Date.now() });

/** 正常部门树 GET /system/dept/list/enable */
export const listEnabledDepts = () => get<ApiResult<SysDept[]>>('/system/dept/list/enable');

/** 角色数据范围的部门 GET /system/dept/role/{id} */
export const getRoleDepts = (roleId: number) =>
  get<ApiResult<{ dataScope: string; checkedKeys: number[]; depts: SysDept[] }>>(`/system/dept/role/${roleId}`);

/** 新增部门 POST /system/dept/save，修改部门 POST /system/dept/update（deptId > 0） */
export const saveDept = (d: DeptInput) => post<ApiResult<SysDept>>(d.deptId && d.deptId > 0 ? '/system/dept/update' : '/system/dept/save', d);

/** 删除部门 POST /system/dept/remove/{id} */
export const removeDept = (deptId: number) => post<ApiResult<unknown>>(`/system/dept/remove/${deptId}`);
