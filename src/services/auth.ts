/**
 * What the sign-in pages read of a failed call (SPEC 7 "Authentication"): the calls themselves are
 * the generated ones (flagged isLogin: a 401 is their answer, not an expired session).
 */
import { toApiError as toRequestError } from '@/services/request';

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
