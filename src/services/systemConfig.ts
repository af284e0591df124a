/** 参数设置 (SPEC 7 Config, under /system/config). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface SysConfig {
  configId: number;
  configName: string;
  configKey: string;
  configValue: string;
  /** Y built-in (cannot be removed), N custom. */
  configType: 'Y' | 'N';
  remark: string | null;
  /** Security policy: only the security administrator may change it. */
  security: boolean;
  createdAt: string;
  updatedAt: string;
}
export interface ConfigQuery {
  pageNum: number;
  pageSize: number;
  configName?: string;
  configKey?: string;
  configType?: 'Y' | 'N';
  beginTime?: string;
  endTime?: string;
}
export type ConfigInput = Pick<SysConfig, 'configName' | 'configKey' | 'configValue' | 'configType'> & { configId?: number; remark?: string | null };

export const CONFIG_EXPORT_URL = '/system/config/export';

/** 参数列表 GET /system/config/list */
export const listConfigs = (q: ConfigQuery) => get<ListResult<SysConfig>>('/system/config/list', q);
/** 参数详情 GET /system/config/get/{id} */
export const getConfig = (id: number) => get<ApiResult<SysConfig>>(`/system/config/get/${id}`);
/** 新增参数 POST /system/config/save, 修改参数 POST /system/config/update (configId > 0) */
export const saveConfig = (body: ConfigInput) =>
  post<ApiResult<SysConfig>>(body.configId && body.configId > 0 ? '/system/config/update' : '/system/config/save', body);
/** 删除参数 POST /system/config/remove?ids= */
export const removeConfigs = (ids: number[]) => post<ApiResult<unknown>>('/system/config/remove', undefined, { params: { ids: ids.join(',') } });
