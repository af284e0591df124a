/** The further system pages kept in one catalog: /system/catalog/{kind}/list | get | save | update | remove | export. */
import { get, post, type ApiResult, type ListResult } from './request';

export type CatalogKind = 'position' | 'fileTag' | 'organTag' | 'dataOrder' | 'violateType' | 'question' | 'gateway';

export interface CatalogItem {
  id: number;
  kind: CatalogKind;
  code: string;
  name: string;
  sortOrder: number;
  /** '1' normal, '0' disabled. */
  status: '0' | '1';
  /** Kind-specific fields (e.g. a gateway's url and method). */
  extra: Record<string, unknown>;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface CatalogQuery {
  pageNum: number;
  pageSize: number;
  code?: string;
  name?: string;
  status?: string;
  beginTime?: string;
  endTime?: string;
}
export type CatalogInput = Pick<CatalogItem, 'code' | 'name' | 'sortOrder' | 'status' | 'extra'> & { id?: number; remark?: string | null };

/** Export path of a kind. */
export const catalogExportUrl = (kind: CatalogKind) => `/system/catalog/${kind}/export`;

/** 列表 GET /system/catalog/{kind}/list */
export const listCatalog = (kind: CatalogKind, q: CatalogQuery) => get<ListResult<CatalogItem>>(`/system/catalog/${kind}/list`, q);
/** 详情 GET /system/catalog/{kind}/get/{id} */
export const getCatalogItem = (kind: CatalogKind, id: number) => get<ApiResult<CatalogItem>>(`/system/catalog/${kind}/get/${id}`);
/** 新增 POST /system/catalog/{kind}/save, 修改 POST /system/catalog/{kind}/update (id > 0) */
export const saveCatalogItem = (kind: CatalogKind, body: CatalogInput) =>
  post<ApiResult<CatalogItem>>(`/system/catalog/${kind}/${body.id && body.id > 0 ? 'update' : 'save'}`, body);
/** 删除 POST /system/catalog/{kind}/remove?ids= */
export const removeCatalogItems = (kind: CatalogKind, ids: number[]) =>
  post<ApiResult<unknown>>(`/system/catalog/${kind}/remove`, undefined, { params: { ids: ids.join(',') } });
