/**
 * Certificate calls (SPEC 7 "Certificate revocation and certificates"): the scoped list, pickers,
 * one certificate with its versions, the PDF (preview and counted print), exports, /home calls.
 */
import { downloadFile, blobError, fileNameFromDisposition } from './download';
import { get, http, type ApiResult, type ListResult } from './request';

export type CertCategory = 'A' | 'B' | 'C1' | 'C2' | 'C3';
/** cert_status: 01 有效 02 暂扣 03 撤销 04 注销 05 失效 06 办理转出 07 吊销 99 其他. */
export type CertStatus = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '99';

export interface CertificateRow {
  id: number;
  certNo: string;
  category: CertCategory;
  categoryLabel: string;
  personId: number;
  name: string;
  sex: string;
  sexLabel: string;
  idNo: string;
  enterpriseId: number;
  enterpriseName: string;
  creditCode: string;
  ownership: string;
  position: string;
  positionLabel: string;
  issueDate: string;
  expiryDate: string;
  status: CertStatus;
  statusLabel: string;
  version: number;
  versionLabel: string;
  issuingAuthority: string;
  queryCode: string;
  printCount: number;
  printedVersion: number | null;
  printedAt: string | null;
}

export interface CertificateVersion {
  version: number;
  versionLabel: string;
  current: boolean;
  reason: string | null;
  reasonLabel: string | null;
  applicationId: number | null;
  applyNo: string | null;
  changedAt: string | null;
  certNo: string;
  name: string;
  idNo: string;
  enterpriseName: string;
  position: string;
  positionLabel: string;
  issueDate: string;
  expiryDate: string;
  status: string;
  statusLabel: string;
}

export interface CertificateDetail extends CertificateRow {
  holder: {
    id: number; name: string; sex: string; sexLabel: string; idType: string; idNo: string; birthDate: string;
    education: string | null; educationLabel: string; title: string | null; titleLabel: string; phone: string | null;
  };
  enterprise: {
    id: number; name: string; creditCode: string; legalRepresentative: string; address: string; ownership: string;
    licenceNo: string | null; licenceValidTo: string | null;
  };
  history: CertificateVersion[];
}

/** Filters of the list and the Excel export (beginTime/endTime: issue date; expiryFrom/expiryTo: expiry). */
export interface CertificateQuery {
  certNo?: string;
  name?: string;
  idNo?: string;
  category?: CertCategory;
  status?: CertStatus;
  enterpriseName?: string;
  enterpriseId?: number;
  personId?: number;
  expiryFrom?: string;
  expiryTo?: string;
  beginTime?: string;
  endTime?: string;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export interface SubmittingCertificate {
  certificateId: number;
  certNo: string;
  name: string;
  applicationId: number;
  applyNo: string;
  businessType: string;
  businessLabel: string;
  status: number;
  statusLabel: string;
}

export interface PrintInfo {
  applicationId: number;
  certificateId: number | null;
  certNo: string | null;
  holderName: string | null;
  version: number | null;
  versionLabel: string | null;
  status: string | null;
  statusLabel: string | null;
  printCount: number | null;
  printedVersion: number | null;
  printedAt: string | null;
  applicationPrintedAt: string | null;
}

/** 证书列表 GET /safetyCertificateInfo/list */
export const listCertificates = (params: CertificateQuery & { pageNum: number; pageSize: number }) =>
  get<ListResult<CertificateRow>>('/safetyCertificateInfo/list', params);

/** 有效证书（选择证书用） GET /safetyCertificateInfo/listCertificate */
export const listValidCertificates = (params: { personId?: number; enterpriseId?: number; idNo?: string; category?: CertCategory; keyword?: string; pageNum: number; pageSize: number }) =>
  get<ListResult<CertificateRow>>('/safetyCertificateInfo/listCertificate', params);

/** 有业务办理中的证书 GET /safetyCertificateInfo/getSubmittingCertificates */
export const getSubmittingCertificates = (params: { personId?: number; enterpriseId?: number; certificateId?: number } = {}) =>
  get<ApiResult<SubmittingCertificate[]>>('/safetyCertificateInfo/getSubmittingCertificates', params);

/** 证书详情 GET /safetyCertificateInfo/get/{id} */
export const getCertificateDetail = (id: number) => get<ApiResult<CertificateDetail>>(`/safetyCertificateInfo/get/${id}`);

/** 打印队列行的证书与打印信息 GET /safetyCertificateInfo/printInfo */
export const getPrintInfo = (applicationIds: number[]) =>
  get<ApiResult<PrintInfo[]>>('/safetyCertificateInfo/printInfo', { applicationIds: applicationIds.join(',') });

/** 导出证书列表 GET /safetyCertificateInfo/export/excel */
export const exportCertificatesExcel = (params: CertificateQuery) => downloadFile('/safetyCertificateInfo/export/excel', clean(params), '证书列表.xlsx');

/** 导出所选证书 PDF（zip） GET /safetyCertificateInfo/export/zip */
export const exportCertificatesZip = (ids: number[]) => downloadFile('/safetyCertificateInfo/export/zip', { ids: ids.join(',') }, '证书.zip');

/** 导出证书打印队列 GET /safetyCertificateInfo/print/export */
export const exportPrintQueue = (params: { queue: 'printWait' | 'printDone'; keyword?: string; beginTime?: string; endTime?: string }) =>
  downloadFile('/safetyCertificateInfo/print/export', clean(params), params.queue === 'printWait' ? '待打印证书.xlsx' : '已打印证书.xlsx');

/** 生成证书查询码 GET /home/createQueryCode */
export const createQueryCode = () => get<ApiResult<string>>('/home/createQueryCode');

/** 调用者是否未设置角色 GET /home/getNoRole */
export const getNoRole = () => get<ApiResult<{ noRole: boolean; msg: string; userType: string; roleKeys: string[] }>>('/home/getNoRole');

export interface PdfFile {
  blob: Blob;
  fileName: string;
  /** x-print-count of a counted print. */
  printCount: number | null;
}

async function pdfRequest(url: string, method: 'GET' | 'POST', data?: unknown): Promise<PdfFile> {
  // Every status but 401 resolves, so the JSON error inside the blob can be read (401 opens the session modal).
  const res = await http.request<Blob>({ url, method, data, responseType: 'blob', validateStatus: (s) => s !== 401 });
  if (res.status >= 400) throw await blobError(res.data, res.status);
  const count = res.headers['x-print-count'] as string | undefined;
  return {
    blob: res.data,
    fileName: fileNameFromDisposition(res.headers['content-disposition'] as string | undefined) ?? 'certificate.pdf',
    printCount: count ? Number(count) : null,
  };
}

/** 证书 PDF 预览（不计打印次数） GET /safetyCertificateInfo/pdf/{id} */
export const previewCertificatePdf = (id: number) => pdfRequest(`/safetyCertificateInfo/pdf/${id}`, 'GET');

/** 打印证书（计打印次数） POST /safetyCertificateInfo/print */
export const printCertificate = (applicationId: number) => pdfRequest('/safetyCertificateInfo/print', 'POST', { applicationId });

/** Opens a PDF blob in a new tab (the browser's viewer prints it); false when a pop-up blocker refused. */
export function openPdf(file: PdfFile): boolean {
  const href = URL.createObjectURL(file.blob.type === 'application/pdf' ? file.blob : new Blob([file.blob], { type: 'application/pdf' }));
  const win = window.open(href, '_blank');
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return !!win;
}

function clean<T extends object>(params: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}
