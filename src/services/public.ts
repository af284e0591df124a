/**
 * Calls of the public site (no login): settings, searches, disclosure, certificate information.
 */
import { get as httpGet } from '@/services/request';
import type { ApiBody } from '@/services/auth';

export interface PublicSettings {
  production: boolean;
  oldPlatformUrl?: string;
  oldExamUrl?: string;
  ssoEndSessionUrl?: string | null;
  skapiHost?: string | null;
  smsResendSeconds?: number;
}

export interface ListBody<T> {
  code: number;
  msg?: string;
  rows: T[];
  total: number;
  pageNum?: number;
}

export type SearchKind = 'signSearch' | 'gradeSearch' | 'certSearch' | 'outSearch';

export type SearchRow = Record<string, unknown>;

export interface DisclosureItem {
  id: number | string;
  title?: string;
  bt?: string;
  category?: string;
  content?: string;
  nr?: string;
  publishDate?: string;
  createdAt?: string;
  [key: string]: unknown;
}

/** The certificate view of GET /cert/{queryCode} and GET /public/validCard. */
export interface CertificateInfo {
  certNo: string;
  /** cer_type code (A, B, C1, C2, C3) and its label */
  category: string;
  categoryLabel?: string;
  name: string;
  sex?: string;
  /** first 3 and last 4 characters, e.g. 440***********1234 */
  idNoMasked?: string;
  position?: string;
  /** cert_status code (01 有效 ...) and its label */
  statusLabel?: string;
  enterpriseName: string;
  issueDate: string;
  expiryDate: string;
  status: string;
  issuingAuthority: string;
  version?: number | string;
  /** three-digit version, e.g. 002 */
  versionLabel?: string;
  /** status is 01 有效 */
  valid?: boolean;
  [key: string]: unknown;
}

function get<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  return httpGet<T>(url, params, { isLogin: true });
}

export const getPublicSettings = () => get<ApiBody<PublicSettings>>('/public/settings');

/** Certificate validation card (SPEC 7: GET /public/validCard, query agentIdentityNo, name, orgCode). */
export const validCard = (params: { agentIdentityNo?: string; name?: string; orgCode?: string }) =>
  get<ApiBody<SearchRow[] | SearchRow | null> & { rows?: SearchRow[] }>('/public/validCard', params);

/** signSearch / gradeSearch / outSearch by ID number and name. */
export const personSearch = (kind: Exclude<SearchKind, 'certSearch'>, params: { idNo?: string; name?: string }) =>
  get<ApiBody<SearchRow[] | SearchRow | null> & { rows?: SearchRow[] }>(`/public/${kind}`, params);

export const getDisclosure = (params: { pageNum: number; pageSize: number }) =>
  get<ListBody<DisclosureItem>>('/public/disclosure', params);

export const getCertificate = (queryCode: string) =>
  get<ApiBody<CertificateInfo>>(`/cert/${encodeURIComponent(queryCode)}`);

/** Rows of a search answer, whatever shape it came in (data array, data object or rows). */
export function searchRows(body: { data?: unknown; rows?: unknown } | null | undefined): SearchRow[] {
  if (!body) return [];
  if (Array.isArray(body.rows)) return body.rows as SearchRow[];
  const d = body.data;
  if (Array.isArray(d)) return d as SearchRow[];
  if (d && typeof d === 'object') {
    const o = d as Record<string, unknown>;
    if (Array.isArray(o.rows)) return o.rows as SearchRow[];
    if (Array.isArray(o.list)) return o.list as SearchRow[];
    return [o];
  }
  return [];
}
