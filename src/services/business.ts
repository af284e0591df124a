/**
 * Certificate business of enterprises and individuals (SPEC 2 "Enterprise business", SPEC 7): one
 * set of calls per business type under its base path — list, get, candidates (step 0), save,
 * update, submit, remove — plus the revocation extras and the pre-check
 * GET /applyCertification/checkDataByApplyId.
 */
import type { BusinessType } from '@machines/businessTypes';
import { get, post, type ApiResult, type ListResult } from './request';
import type { ApplyStatus, QueueRow } from './workflow';

/** Base path of each business type (server/modules/business/routes.ts BUSINESS_BASES). */
export const BUSINESS_BASES: Record<BusinessType, string> = {
  newCert: '/apply/newCert',
  delay: '/apply/delay',
  inner: '/apply/inner',
  inProvince: '/apply/inProvince',
  outProvince: '/apply/outProvince',
  modify: '/apply/modify',
  revocation: '/certificate/revocation',
  personRevocation: '/apply/personRevocation',
  rename: '/apply/rename',
};

/** One row of a business list: the queue row plus the holder, category and the comment that sent it back. */
export interface BusinessRow extends QueueRow {
  holderIdNo: string | null;
  category: string | null;
  createdAt: string;
  /** the latest return, disagreement or the holder's decline */
  lastComment: string | null;
  outcome?: string | null;
}

export interface BusinessPerson {
  id: number;
  name: string;
  sex: string;
  idNo: string;
  birthDate: string;
  age: number;
  education: string | null;
  title: string | null;
  phone: string | null;
}

export interface BusinessCertificate {
  id: number;
  certNo: string;
  category: string;
  position: string;
  issueDate: string;
  expiryDate: string;
  status: string;
  version: number;
  enterpriseId: number;
}

export interface BusinessEnterprise {
  id: number;
  name: string;
  creditCode: string;
  legalRepresentative: string;
  ownership: string;
}

export interface MaterialFile {
  ossId: number;
  originalName: string;
  size: number;
  mimeType: string;
}

/** One application as {base}/get/{id} answers it. */
export interface BusinessDetail extends BusinessRow {
  stateValue: unknown;
  payload: Record<string, unknown>;
  allowedEvents: string[];
  personId: number | null;
  certificateId: number | null;
  enterpriseId: number | null;
  person: BusinessPerson | null;
  certificate: BusinessCertificate | null;
  enterprise: BusinessEnterprise | null;
  materials: MaterialFile[];
}

/** A person or certificate the caller may choose in step 0. */
export interface CandidateRow {
  personId: number;
  name: string;
  idNo: string;
  sex: string;
  age: number;
  certificateId: number | null;
  certNo: string | null;
  category: string | null;
  expiryDate: string | null;
  status: string | null;
  enterpriseName: string | null;
}

/** The pre-check answer (SPEC 3 "Certificate check result"). */
export interface CheckAnswer {
  code: number;
  msg?: string;
  data: Record<string, unknown> | null;
  errorMsg?: string | null;
  warnMsg?: string | null;
}

export interface BusinessListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: ApplyStatus;
  beginTime?: string;
  endTime?: string;
}

export interface SaveBody {
  personId?: number | null;
  certificateId?: number | null;
  payload: Record<string, unknown>;
}

export interface UpdateBody {
  id: number;
  version?: number;
  payload: Record<string, unknown>;
}

export interface PrecheckQuery {
  applyId?: number;
  businessType?: BusinessType;
  personId?: number;
  certificateId?: number;
  category?: string;
  position?: string;
}

export interface DictItem {
  dictLabel: string;
  dictValue: string | number;
}

/** 申请列表 GET {base}/list */
export const listBusiness = (type: BusinessType, q: BusinessListQuery) => get<ListResult<BusinessRow>>(`${BUSINESS_BASES[type]}/list`, q);

/** 申请详情 GET {base}/get/{id} */
export const getBusiness = (type: BusinessType, id: number) => get<ApiResult<BusinessDetail>>(`${BUSINESS_BASES[type]}/get/${id}`);

/** 第 0 步可选择的人员或证书 GET {base}/candidates */
export const listCandidates = (type: BusinessType, keyword?: string) =>
  get<ApiResult<CandidateRow[]>>(`${BUSINESS_BASES[type]}/candidates`, keyword ? { keyword } : undefined);

/** 保存（新建草稿） POST {base}/save */
export const saveBusiness = (type: BusinessType, body: SaveBody) => post<ApiResult<BusinessDetail>>(`${BUSINESS_BASES[type]}/save`, body);

/** 修改草稿 POST {base}/update */
export const updateBusiness = (type: BusinessType, body: UpdateBody) => post<ApiResult<BusinessDetail>>(`${BUSINESS_BASES[type]}/update`, body);

/** 提交 POST {base}/submit（规则不满足时 422，code 为规则编号） */
export const submitBusiness = (type: BusinessType, id: number, version?: number) =>
  post<ApiResult<BusinessDetail>>(`${BUSINESS_BASES[type]}/submit`, { id, version }, { params: { id } });

/** 删除草稿 POST {base}/remove?ids= */
export const removeBusiness = (type: BusinessType, ids: number[]) =>
  post<ApiResult<{ removed: number }>>(`${BUSINESS_BASES[type]}/remove`, undefined, { params: { ids: ids.join(',') } });

/** 证书注销：从证书详情直接申请并提交 POST /certificate/revocation/revoke */
export const revokeCertificate = (params: { certificateId: number; reason: string; remark?: string }) =>
  post<ApiResult<BusinessDetail>>('/certificate/revocation/revoke', undefined, { params });

/** 证书注销：本企业可注销的人员证书 GET /certificate/revocation/person/list */
export const listRevocable = (q: { pageNum: number; pageSize: number; keyword?: string }) =>
  get<ListResult<CandidateRow>>('/certificate/revocation/person/list', q);

/** 申请前校验 GET /applyCertification/checkDataByApplyId */
export const checkData = (q: PrecheckQuery) => get<CheckAnswer>('/applyCertification/checkDataByApplyId', q);

/** 字典数据 GET /system/dict/data/type?dictType= */
export const getDictItems = (dictType: string) => get<ApiResult<DictItem[]>>('/system/dict/data/type', { dictType });
