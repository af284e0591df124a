/**
 * The generated client (api.ts, written by orval from the served OpenAPI document) calls the API
 * through the one axios client of src/services/request.ts: token header, /skapi rewrite, 401
 * handling and the body-only answer stay in one place. The document's paths carry /api; the
 * client's base path adds it already.
 *
 * Every generated function takes these options as its last argument (orval passes the mutator's
 * second parameter through): what the document cannot say about a call.
 */
import type { AxiosProgressEvent, AxiosRequestConfig, AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';
import { http, request, type ApiError } from '../request';

export interface ApiCallOptions {
  /** Sign-in and public calls: a 401 is the answer itself, not an expired session (no 授权过期 modal). */
  isLogin?: boolean;
  /**
   * The multipart body of an upload or an import: the document declares those routes without a
   * JSON body (@fastify/multipart reads the stream), so the generator cannot build it.
   */
  form?: FormData;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  /** Blob answers (downloads, PDFs): receives the response headers (file name, print count). */
  onHeaders?: (headers: RawAxiosResponseHeaders | AxiosResponseHeaders) => void;
}

/** A JSON error answer arrives as a Blob when responseType is blob: turn it back into {code,msg}. */
export async function blobError(data: Blob, status: number): Promise<ApiError> {
  try {
    const body = JSON.parse(await data.text()) as Partial<ApiError>;
    if (typeof body.msg === 'string') {
      return { code: typeof body.code === 'number' ? body.code : status, msg: body.msg, status, field: body.field, data: body.data };
    }
  } catch {
    /* not JSON: the generic message below */
  }
  return { code: status, msg: `HTTP ${status}`, status };
}

export async function apiRequest<T>(config: AxiosRequestConfig, options?: ApiCallOptions): Promise<T> {
  const call: AxiosRequestConfig = {
    ...config,
    url: (config.url ?? '').replace(/^\/api(?=\/)/, ''),
    isLogin: options?.isLogin,
    onUploadProgress: options?.onUploadProgress,
  };
  if (options?.form) {
    // axios sets the multipart boundary itself for FormData.
    call.data = options.form;
  }
  if (config.responseType !== 'blob') return request<T>(call);
  // Every status but 401 resolves, so the JSON error inside the blob can be read; a 401 still goes
  // through the client's interceptor, which opens the session-expired modal.
  const res = await http.request<T>({ ...call, validateStatus: (s) => s !== 401 });
  if (res.status >= 400) {
    throw await blobError(res.data instanceof Blob ? res.data : new Blob([]), res.status);
  }
  options?.onHeaders?.(res.headers);
  return res.data;
}
