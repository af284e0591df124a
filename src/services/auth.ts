/**
 * Authentication calls used before login (SPEC 7 "Authentication").
 * All paths are relative to the base path /api; `request` resolves to the response body.
 */
import { get, post, toApiError as toRequestError } from '@/services/request';

export interface ApiBody<T = unknown> {
  code: number;
  msg?: string;
  data?: T;
}

/** What a rejected call carries (request.ts rejects with at least {code, msg}). */
export interface ApiError {
  code?: number;
  msg?: string;
  field?: string;
  data?: { needCaptcha?: boolean; errorMsg?: string | null } & Record<string, unknown>;
  status?: number;
  message?: string;
}

/** Normalise whatever a failed call rejected with (or a resolved body with code != 0) into an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err && typeof err === 'object' && 'code' in err && typeof (err as ApiError).code === 'number') {
    return err as ApiError;
  }
  return toRequestError(err) as ApiError;
}

/** The message a user should see for a failed call: data.errorMsg, else msg, else the fallback. */
export function errorText(err: unknown, fallback: string, preferErrorMsg = false): string {
  const e = toApiError(err);
  if (preferErrorMsg && e.data?.errorMsg) return String(e.data.errorMsg);
  return e.msg || fallback;
}

export interface CaptchaData {
  uuid: string;
  /** data URL of the captcha image */
  img: string;
}

export interface LoginParams {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

export interface SmsSendData {
  /** verification token, sent back as header verifyToken */
  token: string;
  /** masked mobile number */
  mobile: string;
}

export interface RegisterParams {
  creditCode: string;
  enterpriseName: string;
  contactName: string;
  phone: string;
  loginName: string;
  password: string;
}

type LoginAnswer = ApiBody<{ token: string; needCaptcha?: boolean }>;
type SmsLoginAnswer = ApiBody<{ token: string; errorMsg?: string | null }>;

/** Login-type calls are flagged isLogin: a 401 is their answer, not an expired session. */
export const getCaptcha = () => post<ApiBody<CaptchaData>>('/code', {}, { isLogin: true });

export const login = (params: LoginParams) => post<LoginAnswer>('/login/login', params, { isLogin: true });

export const sendSmsCode = (mobile: string) => post<ApiBody<SmsSendData>>('/login/sms/send', { mobile }, { isLogin: true });

export const verifyMessageCode = (code: string, verifyToken: string) =>
  get<ApiBody<{ passStatus: boolean; errorMsg: string | null }>>(
    '/login/verifyMessageCode',
    { code },
    { headers: { verifyToken }, isLogin: true },
  );

export const smsLogin = (params: { mobile: string; code: string }, verifyToken: string) =>
  post<SmsLoginAnswer>('/login/sms/login', params, { headers: { verifyToken }, isLogin: true });

export const register = (params: RegisterParams) => post<ApiBody<unknown>>('/auth/register', params, { isLogin: true });
