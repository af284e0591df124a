/** 待办管理 (administration side of /system/sysTodo). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface AdminTodo {
  id: number;
  mc: string;
  url: string | null;
  /** '0' open, '1' done. */
  status: '0' | '1';
  userId: number | null;
  userName: string | null;
  nickName: string | null;
  createdAt: string;
}
export interface AdminTodoQuery {
  pageNum: number;
  pageSize: number;
  mc?: string;
  status?: string;
  userName?: string;
  beginTime?: string;
  endTime?: string;
}

export const TODO_EXPORT_URL = '/system/sysTodo/export';

/** 全部待办（管理） GET /system/sysTodo/listAll */
export const listAllTodos = (q: AdminTodoQuery) => get<ListResult<AdminTodo>>('/system/sysTodo/listAll', q);
/** 删除待办 POST /system/sysTodo/remove?ids= */
export const removeTodos = (ids: number[]) => post<ApiResult<unknown>>('/system/sysTodo/remove', undefined, { params: { ids: ids.join(',') } });
