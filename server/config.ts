/** Configuration from environment variables; every variable is documented in README.md. */
import { isIP } from 'node:net';
import path from 'node:path';
import { parseAddressList } from './lib/addressList.js';
import type { MetricsConfig } from './lib/metricsServer.js';

export type { MetricsConfig };

/**
 * Which peers may tell the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto):
 * false (nobody, the default), a hop count, or addresses / CIDRs / proxy-addr names.
 */
export type TrustProxy = false | number | string[];

export interface RateLimits {
  windowMs: number;
  /** Public look-ups (/api/public/*, /api/cert/:queryCode) per client address and route. */
  publicPerAddress: number;
  /** SMS sending and registration calls per client address and route. */
  authPerAddress: number;
  /** Sign-in calls (password, SMS code, SSO, captcha) per client address and route: a flood ceiling, not the guessing limit. */
  signInPerAddress: number;
  /** The same calls per account (user name or phone in the body) and route, from any address. */
  authPerAccount: number;
}

export interface AppConfig {
  port: number;
  host: string;
  production: boolean;
  /** Embedded database and file storage live here unless DATABASE_URL / FILE_ROOT say otherwise. */
  dataDir: string;
  databaseUrl: string | null;
  fileRoot: string;
  /** Serve the built client from here (null: API only). */
  clientDir: string | null;
  session: { absoluteMs: number; idleMs: number };
  login: {
    maxFailures: number;
    lockMinutes: number;
    captchaAfter: number;
    accountLockAfter: number;
    addressCaptchaAfter: number;
  };
  sms: {
    provider: 'log' | 'http';
    gatewayUrl: string | null;
    codeTtlMs: number;
    resendSeconds: number;
    maxPerHour: number;
  };
  sso: {
    issuer: string;
    audience: string;
    jwksUrl: string | null;
    publicKeyPem: string | null;
    endSessionUrl: string | null;
    /** Demo identity provider key (PKCS8 PEM) used by `npm run sso:link` when no provider is configured. */
    demoKeyFile: string;
  };
  skapiHost: string | null;
  /** Address printed in certificate QR codes (…/cert/:queryCode); null: the address the request came in on. */
  publicBaseUrl: string | null;
  oldPlatformUrl: string;
  oldExamUrl: string;
  seedDemo: boolean;
  trustProxy: TrustProxy;
  rateLimit: RateLimits;
  /** The national platform that receives the outbox (transfers out, issues, revocations). */
  national: NationalPlatformConfig;
  /** Start the job engine in this process (`npm start`; JOBS=0 leaves the jobs to other processes). */
  jobs: boolean;
  /** Excel imports at once in this process, how many may wait for a place, and for how long. */
  imports: { running: number; waiting: number; waitMs: number };
  /** Prometheus metrics: their own listener (lib/metricsServer.ts), never the API's port. */
  metrics: MetricsConfig;
}

export interface NationalPlatformConfig {
  /** Where each outbox record is POSTed as JSON; null: records stay pending. */
  url: string | null;
  /** The credential the platform issued to the province, sent as `Authorization: Bearer …`; null: none sent. */
  token: string | null;
  /** Attempts before a record is marked dead (an administrator may retry it). */
  maxAttempts: number;
  /** Wait before the second attempt; it doubles after each failure, up to six hours. */
  backoffSeconds: number;
  timeoutMs: number;
}

const int = (v: string | undefined, d: number): number => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
};

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or empty trusts nobody; `2` trusts two hops; `10.0.0.1,10.1.0.0/16,loopback` trusts those peers. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : false;
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_NAMES.has(entry) || (family !== 0 && bitsOk && extra === undefined))) {
      // `true` (trust anyone) is the hole this setting closes, so it is refused rather than guessed at.
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an address, a CIDR, loopback, linklocal or uniquelocal (or give a hop count)`,
      );
    }
  }
  return entries.length ? entries : false;
}

/** The port Prometheus exporters of Node processes commonly use (OpenTelemetry's). */
export const DEFAULT_METRICS_PORT = 9464;

/** METRICS_PORT: unset → 9464, `off` → no listener, else a port number. */
export function parseMetricsPort(raw: string | undefined): number | null {
  const value = raw?.trim() ?? '';
  if (value === '') return DEFAULT_METRICS_PORT;
  if (value === 'off') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`METRICS_PORT: "${value}" is not a port (1–65535) or off`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    fileRoot: path.resolve(env.FILE_ROOT ?? path.join(dataDir, 'files')),
    clientDir: env.CLIENT_DIR === '' ? null : path.resolve(env.CLIENT_DIR ?? './dist'),
    session: {
      absoluteMs: int(env.SESSION_ABSOLUTE_MS, 43_200_000),
      idleMs: int(env.SESSION_IDLE_MS, 1_800_000),
    },
    login: {
      maxFailures: int(env.LOGIN_MAX_FAILURES, 5),
      lockMinutes: int(env.LOGIN_LOCK_MINUTES, 10),
      captchaAfter: int(env.LOGIN_CAPTCHA_AFTER, 3),
      accountLockAfter: int(env.LOGIN_ACCOUNT_LOCK_AFTER, 20),
      addressCaptchaAfter: int(env.LOGIN_ADDRESS_CAPTCHA_AFTER, 20),
    },
    sms: {
      provider: env.SMS_PROVIDER === 'http' ? 'http' : 'log',
      gatewayUrl: env.SMS_GATEWAY_URL || null,
      codeTtlMs: int(env.SMS_CODE_TTL_MS, 300_000),
      resendSeconds: int(env.SMS_RESEND_SECONDS, 60),
      maxPerHour: int(env.SMS_MAX_PER_HOUR, 5),
    },
    sso: {
      issuer: env.SSO_ISSUER ?? 'https://sso.demo.safecert.local',
      audience: env.SSO_AUDIENCE ?? 'safecert',
      jwksUrl: env.SSO_JWKS_URL || null,
      publicKeyPem: env.SSO_PUBLIC_KEY_PEM || null,
      endSessionUrl: env.SSO_END_SESSION_URL || null,
      demoKeyFile: path.resolve(env.SSO_DEMO_KEY_FILE ?? path.join(dataDir, 'sso-demo-key.pem')),
    },
    skapiHost: env.SKAPI_HOST || null,
    oldPlatformUrl: env.OLD_PLATFORM_URL ?? 'https://mzzj.gdzwfw.gov.cn/',
    oldExamUrl: env.OLD_EXAM_URL ?? 'https://exam.gdcic.net/',
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== '0' : !production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: {
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
      // The test suites sign in hundreds of times from one address; the tests of the limits set their own.
      publicPerAddress: int(env.RATE_LIMIT_PUBLIC, env.NODE_ENV === 'test' ? 100_000 : 60),
      authPerAddress: int(env.RATE_LIMIT_AUTH_ADDRESS, env.NODE_ENV === 'test' ? 100_000 : 10),
      signInPerAddress: int(env.RATE_LIMIT_SIGNIN_ADDRESS, env.NODE_ENV === 'test' ? 100_000 : 300),
      authPerAccount: int(env.RATE_LIMIT_AUTH_ACCOUNT, env.NODE_ENV === 'test' ? 100_000 : 10),
    },
    national: {
      url: env.NATIONAL_PLATFORM_URL || null,
      token: env.NATIONAL_PLATFORM_TOKEN || null,
      maxAttempts: Math.max(1, int(env.NATIONAL_PLATFORM_MAX_ATTEMPTS, 10)),
      backoffSeconds: Math.max(1, int(env.NATIONAL_PLATFORM_BACKOFF_SECONDS, 60)),
      timeoutMs: Math.max(100, int(env.NATIONAL_PLATFORM_TIMEOUT_MS, 10_000)),
    },
    jobs: env.JOBS !== '0',
    imports: {
      running: Math.max(1, int(env.IMPORT_CONCURRENCY, 2)),
      waiting: Math.max(0, int(env.IMPORT_QUEUE, 4)),
      waitMs: Math.max(0, int(env.IMPORT_WAIT_MS, 30_000)),
    },
    metrics: {
      port: parseMetricsPort(env.METRICS_PORT),
      host: env.METRICS_HOST || '127.0.0.1',
      allow: parseAddressList(env.METRICS_ALLOW || 'loopback', 'METRICS_ALLOW'),
    },
  };
}
