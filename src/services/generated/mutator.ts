/**
 * The generated client (api.ts, written by orval from the served OpenAPI document) calls the API
 * through the one axios client of src/services/request.ts: token header, /skapi rewrite, 401
 * handling and the body-only answer stay in one place. The document's paths carry /api; the
 * client's base path adds it already.
 */
import type { AxiosRequestConfig } from 'axios';
import { request } from '../request';

export const apiRequest = <T>(config: AxiosRequestConfig): Promise<T> =>
  request<T>({ ...config, url: (config.url ?? '').replace(/^\/api(?=\/)/, '') });
