/** 行政区划 (SPEC 7 Districts, under /system/districts). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface District {
  code: string;
  name: string;
  parentCode: string | null;
  /** 1 province, 2 city, 3 county. */
  level: number;
  /** Centre owning enterprises registered here: '1', '2', '3'. */
  area: '1' | '2' | '3' | null;
  orderNum: number;
  hasChildren: boolean;
  /** With the city in front, e.g. 广州市 / 天河区. */
  fullName: string;
}

export interface DistrictNode {
  code: string;
  name: string;
  level: number;
  area: string | null;
  children?: DistrictNode[];
}

export type DistrictInput = {
  code: string;
  name: string;
  parentCode?: string;
  area?: '1' | '2' | '3' | null;
  orderNum: number;
};

/** 行政区划列表（某上级的下级，或按名称搜索） GET /system/districts/list */
export const listDistricts = (q: { parentCode?: string; name?: string; pageNum?: number; pageSize?: number }) =>
  get<ListResult<District>>('/system/districts/list', { pageNum: 1, pageSize: 500, ...q });

/** 全省市、区县树（级联选择） GET /system/districts/list2 */
export const getDistrictTree = () => get<ApiResult<DistrictNode[]>>('/system/districts/list2');

/** 新增 POST /system/districts/save，修改 POST /system/districts/update */
export const saveDistrict = (d: DistrictInput, isNew: boolean) =>
  post<ApiResult<District>>(isNew ? '/system/districts/save' : '/system/districts/update', d);

/** 删除行政区划 POST /system/districts/remove?ids=（代码） */
export const removeDistricts = (codes: string[]) => post<ApiResult<unknown>>('/system/districts/remove', undefined, { params: { ids: codes.join(',') } });
