/**
 * The outside systems the server talks to, as the app context holds them (server/context.ts). The
 * adapters live in server/modules/auth (log and HTTP SMS senders, the JWT verifier) and server/jobs
 * (the national platform's HTTP client, the job engine); tests pass their own senders.
 */
import type { JWTPayload } from 'jose';

/** Sends a text message (the SMS gateway, or the log outside production). */
export interface SmsSender {
  send(mobile: string, text: string): Promise<void>;
}

export interface SsoIdentity {
  /** Login name of the user in SafeCert. */
  loginName: string;
  claims: JWTPayload;
}

/** The provincial identity platform's tokens. */
export interface SsoVerifier {
  /** Checks signature, issuer, audience and lifetime at `now` (the server's clock). */
  verify(token: string, now: Date): Promise<SsoIdentity>;
}

/** One national_outbox record as the national platform receives it (JSON). */
export interface NationalRecord {
  id: number;
  kind: string;
  certificateId: number | null;
  applicationId: number | null;
  payload: unknown;
  /** ISO instant the record was written. */
  createdAt: string;
}

/** The national platform's receiving end: resolves when it took the record (HTTP 2xx), rejects with the reason otherwise. */
export interface NationalPlatform {
  deliver(record: NationalRecord): Promise<void>;
}

/** What an administrator's "run now" did: queued on the job engine, or run at once (no engine here). */
export interface RunNowAnswer {
  queued: boolean;
  /** The job_run row of a run made at once; null when queued. */
  runId: number | null;
}

/** The scheduled jobs as the routes reach them (server/jobs): an engine in this process, or runs made in the caller. */
export type JobEngineState = 'none' | 'starting' | 'up' | 'failed';

/** A connection pool's size and use at one moment, as node-postgres counts them. */
export interface PoolCounts {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface JobControl {
  /** The database the engine keeps its queues in; null when no engine runs in this process. */
  readonly engine: 'pglite' | 'postgres' | null;
  /** For the readiness check: none (no engine in this process), starting, up, or failed to start. */
  state(): JobEngineState;
  runNow(job: string, by: string): Promise<RunNowAnswer>;
  stop(): Promise<void>;
  /** The engine's own PostgreSQL pool (pg-boss's), for the metrics; null without one (PGlite, no engine, not started). */
  poolCounts(): PoolCounts | null;
}
