/**
 * The one axios client (SPEC 7): base path /api, time-out 600000 ms, the stored token in a
 * header named `token`, the response body only. Paths containing /skapi go to
 * settings.skapiHost without the base path and carry `Authorization: Bearer <token>` instead.
 * A 401 while a token is stored (and the call is not flagged isLogin) tells the session
 * (src/app/session.tsx), which shows the 授权过期 modal. Failures reject with {code, msg}.
 */
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { getToken } from '@/utils/storage';
import i18n from '@/i18n';

export const BASE_URL = '/api';
export const REQUEST_TIMEOUT_MS = 600_000;

/** List answer: rows, total, pageNum (what the shared list components need of any generated list answer). */
export interface ListResult<T> {
  code: number;
  msg?: string;
  rows: T[];
  total: number;
  pageNum?: number;
}
/** What a failed call rejects with, so pages can show `msg`. */
export interface ApiError {
  code: number;
  msg: string;
  status?: number;
  field?: string;
  data?: unknown;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Login-type calls: a 401 is the answer itself, not an expired session. */
    isLogin?: boolean;
  }
}

let skapiHost: string | null = null;
/** Host for /skapi paths (from GET /public/settings). */
export function setSkapiHost(host: string | null | undefined): void {
  skapiHost = host ? host.replace(/\/+$/, '') : null;
}

type UnauthorizedHandler = (msg: string | undefined) => void;
let onUnauthorized: UnauthorizedHandler | null = null;
/** The session provider registers here; called on 401 with a stored token. */
export function setUnauthorizedHandler(fn: UnauthorizedHandler | null): void {
  onUnauthorized = fn;
}

export const http = axios.create({ baseURL: BASE_URL, timeout: REQUEST_TIMEOUT_MS });

/** Rewrites a /skapi call: no base path, host from settings, bearer header pair. */
export function applySkapi(
  config: InternalAxiosRequestConfig,
  token: string | null,
  host: string | null,
): InternalAxiosRequestConfig {
  const url = config.url ?? '';
  if (!url.includes('/skapi')) {
    if (token) config.headers.set('token', token);
    return config;
  }
  config.baseURL = '';
  const path = url.startsWith('/') ? url : `/${url}`;
  config.url = host ? `${host}${path}` : path;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

http.interceptors.request.use((config) => {
  // Dictionary labels and other words the server sends come in the interface language.
  if (i18n.language) config.headers.set('Accept-Language', i18n.language);
  return applySkapi(config, getToken(), skapiHost);
});

export function toApiError(error: unknown): ApiError {
  if (error && typeof error === 'object' && 'code' in error && 'msg' in error && !(error instanceof AxiosError)) {
    return error as ApiError;
  }
  if (error instanceof AxiosError) {
    const status = error.response?.status;
    const body = error.response?.data as Partial<ApiError> | undefined;
    if (body && typeof body === 'object' && !(body instanceof Blob) && typeof body.msg === 'string') {
      return {
        code: typeof body.code === 'number' ? body.code : (status ?? -1),
        msg: body.msg,
        status,
        field: body.field,
        data: body.data,
      };
    }
    if (error.code === 'ECONNABORTED') return { code: -1, msg: 'timeout', status };
    return { code: status ?? -1, msg: error.message, status };
  }
  return { code: -1, msg: error instanceof Error ? error.message : String(error) };
}

http.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    const apiError = toApiError(error);
    if (error instanceof AxiosError && error.response?.status === 401) {
      const cfg = error.config as AxiosRequestConfig | undefined;
      if (getToken() && !cfg?.isLogin && onUnauthorized) onUnauthorized(apiError.msg || undefined);
    }
    return Promise.reject(apiError);
  },
);

/** Calls the API and resolves with the response body only (the generated client's mutator calls it). */
export async function request<T = unknown>(config: AxiosRequestConfig): Promise<T> {
  const res = await http.request<T>(config);
  return res.data;
}

/** The message a page shows for a failed call (server msg, else the fallback). */
export function errorMessage(error: unknown, fallback: string): string {
  const e = toApiError(error);
  return e.msg || fallback;
}

/** True for a rejection caused by an expired session (the session modal already speaks). */
export function isUnauthorized(error: unknown): boolean {
  const e = toApiError(error);
  return e.status === 401 || e.code === 401;
}

/** True for a failed call's answer saying the thing asked for does not exist (HTTP 404, or code 404 in the body). */
export function isNotFound(e: { status?: number; code?: number }): boolean {
  return e.status === 404 || e.code === 404;
}

/** The server refused the input itself (HTTP 400), e.g. a malformed code in the address. */
export function isBadInput(e: { status?: number }): boolean {
  return e.status === 400;
}
