/** 字典管理 (SPEC 7 Dictionary types and data, under /system/dict). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface DictType {
  dictId: number;
  dictName: string;
  dictType: string;
  status: '0' | '1';
  remark: string | null;
  /** One of the 19 dictionaries of SPEC 3: never removed, type never renamed. */
  builtIn: boolean;
  /** Options answered as numbers (null while it has no data). */
  numeric: boolean | null;
  dataCount: number;
  createdAt: string;
}

export interface DictData {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  numeric: boolean;
  listClass: string | null;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark: string | null;
  createdAt: string;
}

export interface PageParams {
  pageNum: number;
  pageSize: number;
  beginTime?: string;
  endTime?: string;
}

export type DictTypeQuery = PageParams & { dictName?: string; dictType?: string; status?: '0' | '1' };
export type DictDataQuery = PageParams & { dictType?: string; dictLabel?: string; status?: '0' | '1' };
export type DictTypeInput = Pick<DictType, 'dictName' | 'dictType' | 'status'> & { dictId?: number; remark?: string | null };
export type DictDataInput = Pick<DictData, 'dictType' | 'dictLabel' | 'dictValue' | 'dictSort' | 'isDefault' | 'status'> & {
  dictCode?: number;
  listClass?: string | null;
  remark?: string | null;
};

export const DICT_TYPE_EXPORT_URL = '/system/dict/type/export';
export const DICT_DATA_EXPORT_URL = '/system/dict/data/export';
export const DICT_DATA_TEMPLATE_URL = '/system/dict/data/importTemplate';
export const DICT_DATA_IMPORT_URL = '/system/dict/data/importData';

const ids = (list: number[]) => ({ params: { ids: list.join(',') } });

/** 字典类型列表 GET /system/dict/type/list */
export const listDictTypes = (q: DictTypeQuery) => get<ListResult<DictType>>('/system/dict/type/list', q);

/** 新增字典类型 POST /system/dict/type/save，修改 POST /system/dict/type/update（dictId > 0） */
export const saveDictType = (d: DictTypeInput) =>
  post<ApiResult<DictType>>(d.dictId && d.dictId > 0 ? '/system/dict/type/update' : '/system/dict/type/save', d);

/** 删除字典类型（连同其数据） POST /system/dict/type/remove?ids= */
export const removeDictTypes = (list: number[]) => post<ApiResult<unknown>>('/system/dict/type/remove', undefined, ids(list));

/** 字典数据列表 GET /system/dict/data/list */
export const listDictData = (q: DictDataQuery) => get<ListResult<DictData>>('/system/dict/data/list', q);

/** 新增字典数据 POST /system/dict/data/save，修改 POST /system/dict/data/update（dictCode > 0） */
export const saveDictData = (d: DictDataInput) =>
  post<ApiResult<DictData>>(d.dictCode && d.dictCode > 0 ? '/system/dict/data/update' : '/system/dict/data/save', d);

/** 删除字典数据 POST /system/dict/data/remove?ids= */
export const removeDictData = (list: number[]) => post<ApiResult<unknown>>('/system/dict/data/remove', undefined, ids(list));

/** 按类型取选项 GET /system/dict/data/type（数字字典的值为数字） */
export const getDictOptions = (dictType: string) =>
  get<ApiResult<Array<{ dictLabel: string; dictValue: number | string; listClass: string | null; isDefault: string }>>>('/system/dict/data/type', { dictType });
