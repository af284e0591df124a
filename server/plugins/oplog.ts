/**
 * Declarative operation log (RuoYi's @Log): every mutating call leaves a row with who, what,
 * parameters without secrets, result and duration. Routes name their title and action in
 * `config.access.log`; the rest are logged under their URL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runText, type Db, type TextStatement } from '../db/client.js';
import type { sysOperLog } from '../db/schema.js';
import { clockNow } from '../lib/clock.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';

// Verification codes are secrets; ordinary codes (catalog code, dictCode, creditCode) are not.
const SECRET_KEYS = /pass(word)?|pwd|token|secret|captcha|^(sms|verify|check|auth)?code$|^(sms|verify)Code$/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Nesting kept in the log; anything deeper is summarised (a hostile body must not stop the log being written). */
const MAX_DEPTH = 16;
/** Members kept per object or array, for the same reason. */
const MAX_MEMBERS = 200;

/** A copy of the parameters with every secret-looking value replaced, depth and width bounded. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_MEMBERS).map((v) => redactSecrets(v, depth + 1));
    return value.length > MAX_MEMBERS ? [...kept, `[… ${value.length - MAX_MEMBERS} more]`] : kept;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, MAX_MEMBERS))
    out[k] = SECRET_KEYS.test(k) ? '******' : redactSecrets(v, depth + 1);
  if (entries.length > MAX_MEMBERS) out['…'] = `${entries.length - MAX_MEMBERS} more`;
  return out;
}

type OperLogRow = Required<Omit<typeof sysOperLog.$inferInsert, 'operId'>>;

/**
 * One statement text whatever the batch's size: the rows go as one array per column. A statement
 * of the same text is parsed and planned once per connection (client.ts), and is not composed by
 * drizzle for every batch.
 *
 * Its commit does not wait for the disk (synchronous_commit off for this statement's transaction
 * only): the rows are written after the answer anyway, so a crash could already lose the last
 * batch, and this widens that by at most the WAL writer's delay (< 1 s), never leaving the
 * database inconsistent. A disk flush per batch was a fifth of the flushes a workflow transition
 * causes; the transition's own commit stays durable.
 */
const INSERT_BATCH = `insert into sys_oper_log (title, action, request_method, oper_name, oper_url, oper_ip, oper_param, status, http_status, error_msg, duration_ms, oper_time)
  select r.* from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::text[], $11::int[], $12::timestamptz[]) r,
    (select set_config('synchronous_commit', 'off', true)) lazy_commit`;

function batchStatement(rows: OperLogRow[]): TextStatement {
  const column = <K extends keyof OperLogRow>(key: K) => rows.map((r) => r[key]);
  return {
    sql: INSERT_BATCH,
    params: [
      column('title'),
      column('action'),
      column('requestMethod'),
      column('operName'),
      column('operUrl'),
      column('operIp'),
      column('operParam'),
      column('status'),
      column('httpStatus'),
      column('errorMsg'),
      column('durationMs'),
      column('operTime'),
    ],
  };
}

/**
 * The rows go to the database as they come, but while one insert is out, the rows that arrive
 * meanwhile wait for it and go together in the next: under load many calls share one insert and
 * one commit, alone a call's row is written at once. Each call still waits for its own row.
 */
export class OperationLogWriter {
  private waiting: { row: OperLogRow; done: () => void }[] = [];
  private draining: Promise<void> | null = null;
  private closing = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  write(row: OperLogRow): Promise<void> {
    return new Promise((done) => {
      this.waiting.push({ row, done });
      this.draining ??= this.drain();
    });
  }

  /**
   * While the database restarts the rows are kept and written when it is back (an audit trail
   * with a gap is what 等保 forbids): the calls stop waiting for them at the first failure, and the
   * batch is tried again with a growing pause, for about two minutes, or once more at closing.
   */
  private async drain(): Promise<void> {
    let outage = 0;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, 500);
      try {
        await runText(this.db, batchStatement(batch.map((w) => w.row)));
        outage = 0;
      } catch (err) {
        if (isDatabaseUnavailable(err) && outage < OUTAGE_TRIES && !this.closing) {
          outage += 1;
          for (const w of batch) w.done();
          this.waiting.unshift(...batch.map((w) => ({ row: w.row, done: noop })));
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, Math.min(outage, 5) * 1_000).unref();
          });
          continue;
        }
        this.onError(err);
      }
      for (const w of batch) w.done();
    }
    this.draining = null;
  }

  /** Whatever is still waiting is written (the server is closing): one last try if the database is away. */
  async close(): Promise<void> {
    this.closing = true;
    this.wake?.();
    await this.draining;
  }
}

/** Tries of a batch while the database is unreachable (pauses of 1, 2, 3, 4, then 5 s: about two minutes). */
const OUTAGE_TRIES = 28;
const noop = () => undefined;

/** Longest error message kept (an import's report may be long; the log row says why, not all of it). */
const MAX_ERROR_MSG = 2000;

/**
 * Registers the log. Before registerAnswerLanguage: the refusal's message is kept as the server
 * wrote it (Chinese), and the log page translates it for its reader (logs/routes.ts).
 */
export function registerOperationLog(app: FastifyInstance): void {
  const writer = new OperationLogWriter(app.ctx.db, (err) => app.log.error({ err }, 'operation log write failed'));
  app.addHook('onClose', async () => writer.close());
  // Why a logged call failed: the `msg` of its answer (every refusal has one: plugins/errors.ts).
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const msg =
      reply.statusCode >= 400 && MUTATING.has(request.method) && payload !== null && typeof payload === 'object'
        ? (payload as { msg?: unknown }).msg
        : undefined;
    if (typeof msg === 'string')
      refusals.set(request, msg.length > MAX_ERROR_MSG ? `${msg.slice(0, MAX_ERROR_MSG)}…` : msg);
    done(null, payload);
  });
  app.addHook('onResponse', async (request, reply) => {
    const log = request.routeOptions.config?.access?.log;
    if (log === false || !MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    let text: string;
    try {
      text = JSON.stringify(redactSecrets({ query: request.query, body: request.body, params: request.params }));
    } catch {
      text = '"[参数无法记录]"';
    }
    await writer.write({
      title: log?.title ?? (request.routeOptions.url ?? request.url).replace(/^\/api\//, ''),
      action: log?.action ?? 'other',
      requestMethod: request.method,
      operName: request.user?.userName ?? null,
      operUrl: request.url.slice(0, 500),
      operIp: request.ip,
      operParam: text.length > 4000 ? text.slice(0, 4000) + '…' : text,
      status: reply.statusCode < 400 ? '0' : '1',
      httpStatus: reply.statusCode,
      errorMsg: reply.statusCode < 400 ? null : (refusals.get(request) ?? null),
      durationMs: Math.round(reply.elapsedTime),
      // The request's clock, not whichever is current when the batch goes out.
      operTime: clockNow(),
    });
  });
}
