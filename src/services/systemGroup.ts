/** User groups (/system/userGroup): list, get, save, update, remove, members. */
import { get, post, type ApiResult, type ListResult } from './request';

export interface UserGroupRow {
  groupId: number;
  groupName: string;
  remark: string | null;
  status: '0' | '1';
  memberCount: number;
  createdAt: string;
}

export interface GroupMember {
  userId: number;
  userName: string;
  nickName: string;
  deptName: string | null;
  status: string;
}

export interface UserGroupInput {
  groupId?: number;
  groupName: string;
  remark?: string | null;
  status: '0' | '1';
  userIds?: number[];
}

/** 用户组列表 GET /system/userGroup/list */
export const listGroups = (q: { pageNum: number; pageSize: number; groupName?: string; status?: string; beginTime?: string; endTime?: string }) =>
  get<ListResult<UserGroupRow>>('/system/userGroup/list', q);
/** 用户组详情 GET /system/userGroup/get/{id} */
export const getGroup = (id: number) => get<ApiResult<UserGroupRow & { userIds: number[]; members: GroupMember[] }>>(`/system/userGroup/get/${id}`);
/** 用户组成员 GET /system/userGroup/members/{id} */
export const groupMembers = (id: number) => get<ApiResult<GroupMember[]>>(`/system/userGroup/members/${id}`);
/** 可选成员 GET /system/userGroup/userOptions */
export const groupUserOptions = (keyword?: string) => get<ApiResult<{ value: number; label: string }[]>>('/system/userGroup/userOptions', { keyword });
/** 新增用户组 POST /system/userGroup/save */
export const saveGroup = (body: UserGroupInput) => post<ApiResult<{ groupId: number }>>('/system/userGroup/save', body);
/** 修改用户组 POST /system/userGroup/update */
export const updateGroup = (body: UserGroupInput & { groupId: number }) => post<ApiResult<unknown>>('/system/userGroup/update', body);
/** 设置成员 POST /system/userGroup/members */
export const setGroupMembers = (body: { groupId: number; userIds: number[] }) => post<ApiResult<unknown>>('/system/userGroup/members', body);
/** 删除用户组 POST /system/userGroup/remove?ids= */
export const removeGroups = (ids: number[]) => post<ApiResult<unknown>>('/system/userGroup/remove', undefined, { params: { ids: ids.join(',') } });
