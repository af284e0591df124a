/** 人员信息 (/system/person): identity numbers come masked in lists (440***********1234). */
import { get, post, type ApiResult, type ListResult } from './request';

export interface PersonRow {
  id: number;
  name: string;
  /** sys_user_sex: '0' male, '1' female, '2' unknown. */
  sex: string;
  idType: string;
  /** Masked in lists; in full from getPerson for editors. */
  idNo: string;
  birthDate: string;
  education: string | null;
  title: string | null;
  phone: string | null;
  enterpriseId: number | null;
  employer: string | null;
  employStatus: string;
  createdAt: string;
  updatedAt: string;
}
export interface PersonQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  idNo?: string;
  sex?: string;
  education?: string;
  phone?: string;
  employer?: string;
  employStatus?: string;
  beginTime?: string;
  endTime?: string;
}
export interface PersonInput {
  id?: number;
  name: string;
  sex: string;
  idType: string;
  idNo: string;
  birthDate?: string;
  education?: string | null;
  title?: string | null;
  phone?: string | null;
  enterpriseId?: number | null;
  employStatus: string;
}
export interface EmployerOption {
  id: number;
  name: string;
  creditCode: string;
}

export const PERSON_EXPORT_URL = '/system/person/export';

/** 人员列表 GET /system/person/list */
export const listPersons = (q: PersonQuery) => get<ListResult<PersonRow>>('/system/person/list', q);
/** 人员详情 GET /system/person/get/{id} */
export const getPerson = (id: number) => get<ApiResult<PersonRow>>(`/system/person/get/${id}`);
/** 工作单位候选 GET /system/person/enterprises */
export const searchEmployers = (keyword?: string) => get<ApiResult<EmployerOption[]>>('/system/person/enterprises', { keyword });
/** 新增 POST /system/person/save, 修改 POST /system/person/update (id > 0) */
export const savePerson = (body: PersonInput) => post<ApiResult<PersonRow>>(body.id && body.id > 0 ? '/system/person/update' : '/system/person/save', body);
/** 删除 POST /system/person/remove?ids= */
export const removePersons = (ids: number[]) => post<ApiResult<unknown>>('/system/person/remove', undefined, { params: { ids: ids.join(',') } });
/** 字典数据 GET /system/dict/data/type?dictType= */
export const getDictOptions = (dictType: string) =>
  get<ApiResult<{ dictLabel: string; dictValue: string | number }[]>>('/system/dict/data/type', { dictType });
