/**
 * Certificate business of enterprises and individuals (SPEC 2 "Enterprise business"): the server
 * has one set of operations per business type (list, get, candidates, save, update, submit,
 * remove); this table lets the shared business pages name their type. The types are the generated
 * ones under page-facing names; every type answers the same shapes, and a type whose operations
 * stopped matching them would fail to compile here.
 */
import type { BusinessType } from '@machines/businessTypes';
import {
  applyDelayCandidates,
  applyDelayGet,
  applyDelayList,
  applyDelayRemove,
  applyDelaySave,
  applyDelaySubmit,
  applyDelayUpdate,
  applyInProvinceCandidates,
  applyInProvinceGet,
  applyInProvinceList,
  applyInProvinceRemove,
  applyInProvinceSave,
  applyInProvinceSubmit,
  applyInProvinceUpdate,
  applyInnerCandidates,
  applyInnerGet,
  applyInnerList,
  applyInnerRemove,
  applyInnerSave,
  applyInnerSubmit,
  applyInnerUpdate,
  applyModifyCandidates,
  applyModifyGet,
  applyModifyList,
  applyModifyRemove,
  applyModifySave,
  applyModifySubmit,
  applyModifyUpdate,
  applyNewCertCandidates,
  applyNewCertGet,
  applyNewCertList,
  applyNewCertRemove,
  applyNewCertSave,
  applyNewCertSubmit,
  applyNewCertUpdate,
  applyOutProvinceCandidates,
  applyOutProvinceGet,
  applyOutProvinceList,
  applyOutProvinceRemove,
  applyOutProvinceSave,
  applyOutProvinceSubmit,
  applyOutProvinceUpdate,
  applyPersonRevocationCandidates,
  applyPersonRevocationGet,
  applyPersonRevocationList,
  applyPersonRevocationRemove,
  applyPersonRevocationSave,
  applyPersonRevocationSubmit,
  applyPersonRevocationUpdate,
  applyRenameCandidates,
  applyRenameGet,
  applyRenameList,
  applyRenameRemove,
  applyRenameSave,
  applyRenameSubmit,
  applyRenameUpdate,
  certificateRevocationCandidates,
  certificateRevocationGet,
  certificateRevocationList,
  certificateRevocationRemove,
  certificateRevocationSave,
  certificateRevocationSubmit,
  certificateRevocationUpdate,
  applyNewCertApplicable,
  applyDelayApplicable,
  applyInnerApplicable,
  applyInProvinceApplicable,
  applyOutProvinceApplicable,
  applyModifyApplicable,
  certificateRevocationApplicable,
  applyPersonRevocationApplicable,
  applyRenameApplicable,
} from './generated/api';
import type {
  ApplyCertificationCheckDataByApplyId200,
  ApplyNewCertCandidates200,
  ApplyNewCertGet200,
  ApplyNewCertList200,
  ApplyNewCertListParams,
  ApplyNewCertSaveBody,
  ApplyNewCertUpdateBody,
} from './generated/api.schemas';

/** One row of a business list: the queue row plus the holder, category and the comment that sent it back. */
export type BusinessRow = ApplyNewCertList200['rows'][number];
/** One application as {base}/get/{id} answers it. */
export type BusinessDetail = ApplyNewCertGet200['data'];
export type MaterialFile = BusinessDetail['materials'][number];
/** A person or certificate the caller may choose in step 0. */
export type CandidateRow = ApplyNewCertCandidates200['data'][number];
export type BusinessListQuery = ApplyNewCertListParams;
export type SaveBody = ApplyNewCertSaveBody;
export type UpdateBody = ApplyNewCertUpdateBody;
/** The pre-check answer (SPEC 3 "Certificate check result"). */
export type CheckAnswer = ApplyCertificationCheckDataByApplyId200;

interface BusinessCalls {
  list: typeof applyNewCertList;
  get: typeof applyNewCertGet;
  candidates: typeof applyNewCertCandidates;
  applicable: typeof applyNewCertApplicable;
  save: typeof applyNewCertSave;
  update: typeof applyNewCertUpdate;
  submit: typeof applyNewCertSubmit;
  remove: typeof applyNewCertRemove;
}

const BUSINESS_CALLS: Record<BusinessType, BusinessCalls> = {
  newCert: {
    list: applyNewCertList,
    get: applyNewCertGet,
    candidates: applyNewCertCandidates,
    applicable: applyNewCertApplicable,
    save: applyNewCertSave,
    update: applyNewCertUpdate,
    submit: applyNewCertSubmit,
    remove: applyNewCertRemove,
  },
  delay: {
    list: applyDelayList,
    get: applyDelayGet,
    candidates: applyDelayCandidates,
    applicable: applyDelayApplicable,
    save: applyDelaySave,
    update: applyDelayUpdate,
    submit: applyDelaySubmit,
    remove: applyDelayRemove,
  },
  inner: {
    list: applyInnerList,
    get: applyInnerGet,
    candidates: applyInnerCandidates,
    applicable: applyInnerApplicable,
    save: applyInnerSave,
    update: applyInnerUpdate,
    submit: applyInnerSubmit,
    remove: applyInnerRemove,
  },
  inProvince: {
    list: applyInProvinceList,
    get: applyInProvinceGet,
    candidates: applyInProvinceCandidates,
    applicable: applyInProvinceApplicable,
    save: applyInProvinceSave,
    update: applyInProvinceUpdate,
    submit: applyInProvinceSubmit,
    remove: applyInProvinceRemove,
  },
  outProvince: {
    list: applyOutProvinceList,
    get: applyOutProvinceGet,
    candidates: applyOutProvinceCandidates,
    applicable: applyOutProvinceApplicable,
    save: applyOutProvinceSave,
    update: applyOutProvinceUpdate,
    submit: applyOutProvinceSubmit,
    remove: applyOutProvinceRemove,
  },
  modify: {
    list: applyModifyList,
    get: applyModifyGet,
    candidates: applyModifyCandidates,
    applicable: applyModifyApplicable,
    save: applyModifySave,
    update: applyModifyUpdate,
    submit: applyModifySubmit,
    remove: applyModifyRemove,
  },
  revocation: {
    list: certificateRevocationList,
    get: certificateRevocationGet,
    candidates: certificateRevocationCandidates,
    applicable: certificateRevocationApplicable,
    save: certificateRevocationSave,
    update: certificateRevocationUpdate,
    submit: certificateRevocationSubmit,
    remove: certificateRevocationRemove,
  },
  personRevocation: {
    list: applyPersonRevocationList,
    get: applyPersonRevocationGet,
    candidates: applyPersonRevocationCandidates,
    applicable: applyPersonRevocationApplicable,
    save: applyPersonRevocationSave,
    update: applyPersonRevocationUpdate,
    submit: applyPersonRevocationSubmit,
    remove: applyPersonRevocationRemove,
  },
  rename: {
    list: applyRenameList,
    get: applyRenameGet,
    candidates: applyRenameCandidates,
    applicable: applyRenameApplicable,
    save: applyRenameSave,
    update: applyRenameUpdate,
    submit: applyRenameSubmit,
    remove: applyRenameRemove,
  },
};

/** 申请列表 */
export const listBusiness = (type: BusinessType, q: BusinessListQuery) => BUSINESS_CALLS[type].list(q);

/** 申请详情 */
export const getBusiness = (type: BusinessType, id: number) => BUSINESS_CALLS[type].get(id);

/** 本企业此刻能否新建申请 GET {base}/applicable */
export const applyAllowed = (type: BusinessType) => BUSINESS_CALLS[type].applicable();

/** 第 0 步可选择的人员或证书 */
export const listCandidates = (type: BusinessType, keyword?: string) =>
  BUSINESS_CALLS[type].candidates(keyword ? { keyword } : undefined);

/** 保存（新建草稿） */
export const saveBusiness = (type: BusinessType, body: SaveBody) => BUSINESS_CALLS[type].save(body);

/** 修改草稿 */
export const updateBusiness = (type: BusinessType, body: UpdateBody) => BUSINESS_CALLS[type].update(body);

/** 提交（规则不满足时 422，code 为规则编号）: the id goes in the body and the query, as the server reads either. */
export const submitBusiness = (type: BusinessType, id: number, version?: number) =>
  BUSINESS_CALLS[type].submit({ id, version }, { id });

/** 删除草稿（ids 在查询参数中） */
export const removeBusiness = (type: BusinessType, ids: number[]) =>
  BUSINESS_CALLS[type].remove(null, { ids: ids.join(',') });
