/**
 * What the server log may hold about a request. Secrets travel where a log would pick them up: the
 * SSO token `t` and the SMS code in query strings, passwords and codes in bodies, statement
 * parameters in database errors. So a logged address keeps its query's names but none of its
 * values, no body is ever logged, an error keeps its statement but not its parameters, and every
 * line written while a request is served carries that request's id.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { currentRequestId } from './requestScope.js';

/** `/api/auth/sso/login?t=eyJ…` → `/api/auth/sso/login?t=***`: which parameters came, not what they said. */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return `${(eq < 0 ? pair : pair.slice(0, eq)).slice(0, 64)}=***`;
    });
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/** drizzle's "Failed query: <sql>\nparams: <values>" keeps the statement and drops the values. */
const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const withoutParams = (text: string) => text.replace(PARAMS, '\nparams: ***');

/** Error properties worth a line: which statement and constraint, never the values (pg's `detail` quotes them). */
const KEPT = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as a log line shows it: name, message, stack and cause chain, without statement parameters. */
export function loggedError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: withoutParams(String(err)), stack: '' };
  const out: LoggedError = {
    type: err.name,
    message: withoutParams(err.message),
    stack: withoutParams(err.stack ?? ''),
  };
  const props = err as unknown as Record<string, unknown>;
  for (const key of KEPT) if (props[key] !== undefined) out[key] = props[key];
  if (err.cause !== undefined && depth < 4) out.cause = loggedError(err.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  host?: string;
}

export const logSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: redactedUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  }),
  err: (err: unknown) => loggedError(err),
};

/** A load balancer's X-Request-Id is kept when it looks like one; otherwise a new id. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Unique across processes: a random prefix per process, then a counter. */
const processTag = randomBytes(4).toString('hex');
let counter = 0;

export function requestIdOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-request-id'];
  if (typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)) return forwarded;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${processTag}-${counter.toString(36)}`;
}

/**
 * Adds the request's id to lines written through the app's own logger (app.log) while a request is
 * served: the SMS sender, the rate-limit sweep. Lines of request.log carry it already.
 */
export function requestIdMixin(isRequestLogger: (logger: unknown) => boolean) {
  return (_merge: object, _level: number, logger: unknown): object => {
    const reqId = currentRequestId();
    return reqId && !isRequestLogger(logger) ? { reqId } : {};
  };
}
