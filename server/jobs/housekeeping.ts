/**
 * 03:30 China time: what only grows. Expired sessions (a day after they ended, so a returning user
 * still reads why), SMS codes a day old (the hourly send limit counts the last hour's), expired
 * captchas and rate-limit windows, job runs older than the logs are kept, and the operation and
 * login logs beyond sys.log.retentionDays (at least 180 days, 等保): archived to a gzip'd JSON-lines
 * file under DATA_DIR/archive and then deleted (sys.log.expiredAction archive, the default), or
 * deleted. Everything goes in batches of BATCH_SIZE; an archive is complete on disk before any of
 * its rows is deleted, so a run that stops halfway loses nothing (the next one archives the rest,
 * possibly again). And the waiting applications' changes are folded into their counts
 * (server/workflow/waiting.ts), as the statistics refresh does: they pile up only while that job is
 * paused, and every workbench read adds them up. Last, what must hold of every certificate is checked
 * (certificateInvariants.ts): the run's detail counts the violations per rule with the first of them,
 * for the job page to show.
 */
import path from 'node:path';
import { and, asc, gt, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { jobRun, rateLimitBucket, sysCaptcha, sysLoginLog, sysOperLog, sysSession, sysSmsCode } from '../db/schema.js';
import { addDays, chinaDate, chinaDayStart } from '../lib/days.js';
import { openArchive } from './archive.js';
import { readJobSettings } from './settings.js';
import { rowsOf } from '../db/sql.js';
import { BATCH_SIZE, type JobDefinition, type JobEnv } from './types.js';
import { foldWaiting } from '../workflow/waiting.js';
import { checkCertificateInvariants } from './certificateInvariants.js';

const DAY_MS = 86_400_000;

/** Deletes the rows matching `where` in batches; answers how many. */
async function deleteInBatches(env: JobEnv, table: PgTable, key: PgColumn, where: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = rowsOf<unknown>(
      await env.db.execute(sql`
      delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${BATCH_SIZE}) returning 1`),
    ).length;
    deleted += gone;
    if (gone < BATCH_SIZE) return deleted;
  }
}

interface LogTable {
  name: string;
  table: typeof sysOperLog | typeof sysLoginLog;
  key: typeof sysOperLog.operId | typeof sysLoginLog.infoId;
  time: typeof sysOperLog.operTime | typeof sysLoginLog.loginTime;
}

const LOGS: readonly LogTable[] = [
  { name: 'sys_oper_log', table: sysOperLog, key: sysOperLog.operId, time: sysOperLog.operTime },
  { name: 'sys_login_log', table: sysLoginLog, key: sysLoginLog.infoId, time: sysLoginLog.loginTime },
];

/** Archives (or not) and deletes one log's rows before `cutoff`. */
async function expireLog(env: JobEnv, log: LogTable, cutoff: Date, archive: boolean, stamp: string) {
  const old = lt(log.time, cutoff);
  // Rows written from now on are newer than the cutoff; the highest id now bounds what this run removes.
  const [top] = await env.db
    .select({ id: sql<number | null>`max(${log.key})` })
    .from(log.table)
    .where(old);
  const maxId = top?.id === null || top?.id === undefined ? 0 : Number(top.id);
  if (maxId === 0) return { archived: 0, deleted: 0, file: null as string | null };
  const scope = and(old, lte(log.key, maxId))!;
  let archived = 0;
  let file: string | null = null;
  if (archive) {
    const writer = openArchive(path.join(env.config.dataDir, 'archive'), `${log.name}-${stamp}`);
    try {
      for (let after = 0; ; ) {
        const rows = await env.db
          .select()
          .from(log.table)
          .where(and(scope, gt(log.key, after)))
          .orderBy(asc(log.key))
          .limit(BATCH_SIZE);
        if (rows.length === 0) break;
        await writer.write(rows);
        archived += rows.length;
        const last = rows.at(-1)!;
        after = 'operId' in last ? last.operId : last.infoId;
      }
    } catch (err) {
      await writer.abandon();
      throw err;
    }
    file = await writer.finish();
  }
  const deleted = await deleteInBatches(env, log.table, log.key, scope);
  return { archived, deleted, file: file ? path.relative(env.config.dataDir, file) : null };
}

export const housekeeping: JobDefinition = {
  name: 'housekeeping',
  title: '数据清理与日志归档',
  cron: '30 3 * * *',
  catchUp: true,
  retry: { limit: 3, delaySeconds: 300, maxDelaySeconds: 3_600, expireInSeconds: 3_600 },
  async run(env) {
    const now = env.clock.now();
    const settings = await readJobSettings(env.db);
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const detail: Record<string, unknown> = {
      retentionDays: settings.logRetentionDays,
      expiredAction: settings.logExpiredAction,
    };
    const sessions = await deleteInBatches(
      env,
      sysSession,
      sysSession.tokenHash,
      or(lt(sysSession.endedAt, dayAgo), lt(sysSession.expiresAt, dayAgo))!,
    );
    const smsCodes = await deleteInBatches(
      env,
      sysSmsCode,
      sysSmsCode.id,
      and(lt(sysSmsCode.createdAt, dayAgo), lt(sysSmsCode.expiresAt, now))!,
    );
    const captchas = await deleteInBatches(env, sysCaptcha, sysCaptcha.uuid, lt(sysCaptcha.expiresAt, now));
    const rateBuckets = await deleteInBatches(
      env,
      rateLimitBucket,
      rateLimitBucket.key,
      lt(rateLimitBucket.resetAt, now),
    );
    // Logs are kept whole China days: what is older than the cutoff day's start goes.
    const cutoff = chinaDayStart(addDays(chinaDate(now), -settings.logRetentionDays));
    const jobRuns = await deleteInBatches(env, jobRun, jobRun.id, lt(jobRun.startedAt, cutoff));
    Object.assign(detail, { sessions, smsCodes, captchas, rateBuckets, jobRuns, cutoff: cutoff.toISOString() });
    const stamp = `${chinaDate(now)}-${now.getTime()}`;
    let logRows = 0;
    for (const log of LOGS) {
      const done = await expireLog(env, log, cutoff, settings.logExpiredAction === 'archive', stamp);
      detail[log.name] = done;
      logRows += done.deleted;
    }
    const waitingChanges = await env.db.transaction((tx) => foldWaiting(tx));
    detail.waitingChanges = waitingChanges;
    const invariants = await checkCertificateInvariants(env.db, env.clock, { examples: 20 });
    detail.certificateInvariants = {
      checked: invariants.checked,
      violations: invariants.violations.length === 0 ? 0 : Object.values(invariants.counts).reduce((a, b) => a + b, 0),
      counts: invariants.counts,
      examples: invariants.violations,
    };
    return { rows: sessions + smsCodes + captchas + rateBuckets + jobRuns + logRows + waitingChanges, detail };
  },
};
