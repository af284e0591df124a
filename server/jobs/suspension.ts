/**
 * 00:01 China time: 暂扣 (suspension) periods. An approved 暂扣 punishment is in force from its start
 * date to its end date inclusive (no end date: until lifted). Each run sends the certificate machine,
 * through the one writer (server/modules/certificate/writer.ts):
 * - SUSPEND to every valid (01) or suspended (02) certificate with a 暂扣 in force today whose stored
 *   period is not that one: a 暂扣 that began today, or a second one that lengthens the period;
 * - RESTORE to every suspended certificate whose stored period ended before today (or that has none:
 *   data from before the machine), with the 暂扣 still in force if any: the machine answers 01, 05
 *   when the validity ran out meanwhile, or 02 for the other 暂扣's period.
 * Status moves keep the version (no new certificate is printed); each is a history row with the job
 * as its sender. A punishment's review sends the same events at once when its day has come
 * (server/modules/credit/effects.ts), so this job only meets what the calendar moved.
 *
 * A punishment's certificates are those listed in punishment_certificate and punishment.certificate_id;
 * one that lists none applies to every certificate of the person (credit/inForce.ts).
 */
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { SuspensionPeriod } from '../../machines/certificate.machine.js';
import { certificate } from '../db/schema.js';
import { chinaDate } from '../lib/days.js';
import { sendCertificateEvents, type CertificateCause } from '../modules/certificate/writer.js';
import { suspensionPeriodsOn, suspensionsToWrite } from '../modules/credit/inForce.js';
import { BATCH_SIZE, type JobDefinition, type JobEnv } from './types.js';

const cause = (change: 'periodStart' | 'periodEnd', today: string): CertificateCause => ({
  reason: 'suspension',
  actorId: null,
  job: 'suspension',
  note: { type: '暂扣', change, day: today },
});

/** SUSPEND in batches of the certificates found (ids in order); the periods are read again under the rows' locks. */
async function suspendAll(
  env: JobEnv,
  ids: readonly number[],
  today: string,
  now: Date,
): Promise<{ moved: number; refused: string[] }> {
  let moved = 0;
  const refused: string[] = [];
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    const batch = ids.slice(i, i + BATCH_SIZE);
    let periods = new Map<number, SuspensionPeriod>();
    const r = await env.db.transaction((tx) =>
      sendCertificateEvents(
        tx,
        batch,
        (row) => {
          const period = periods.get(row.id);
          if (!period || (row.status !== '01' && row.status !== '02')) return null;
          if (row.status === '02' && row.suspendedFrom === period.from && row.suspendedTo === period.to) return null;
          return { type: 'SUSPEND', today, period };
        },
        cause('periodStart', today),
        now,
        {
          refused: 'skip',
          facts: async (rows) => {
            periods = await suspensionPeriodsOn(
              tx,
              rows.map((x) => x.id),
              today,
            );
          },
        },
      ),
    );
    moved += r.changed.length;
    refused.push(...r.refused);
  }
  return { moved, refused };
}

/** RESTORE, keyset batch by batch, of the suspended certificates whose period is over (or unknown). */
async function restoreAll(env: JobEnv, today: string, now: Date): Promise<{ moved: number; refused: string[] }> {
  let moved = 0;
  const refused: string[] = [];
  for (let after = 0; ; ) {
    const ids = (
      await env.db
        .select({ id: certificate.id })
        .from(certificate)
        .where(
          and(
            eq(certificate.status, '02'),
            or(isNull(certificate.suspendedFrom), lt(certificate.suspendedTo, today)),
            gt(certificate.id, after),
          ),
        )
        .orderBy(asc(certificate.id))
        .limit(BATCH_SIZE)
    ).map((r) => r.id);
    if (ids.length === 0) break;
    let periods = new Map<number, SuspensionPeriod>();
    const r = await env.db.transaction((tx) =>
      sendCertificateEvents(
        tx,
        ids,
        (row) =>
          row.status === '02' && (row.suspendedFrom === null || (row.suspendedTo !== null && row.suspendedTo < today))
            ? { type: 'RESTORE', today, inForce: periods.get(row.id) ?? null }
            : null,
        cause('periodEnd', today),
        now,
        {
          refused: 'skip',
          facts: async (rows) => {
            periods = await suspensionPeriodsOn(
              tx,
              rows.map((x) => x.id),
              today,
            );
          },
        },
      ),
    );
    moved += r.changed.length;
    refused.push(...r.refused);
    after = ids.at(-1)!;
  }
  return { moved, refused };
}

export const suspension: JobDefinition = {
  name: 'suspension',
  title: '暂扣期起止',
  cron: '1 0 * * *',
  catchUp: true,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 3_600, expireInSeconds: 1_800 },
  async run(env) {
    const now = env.clock.now();
    const today = chinaDate(now);
    const begun = await suspendAll(
      env,
      [...(await suspensionsToWrite(env.db, today, ['01', '02'])).keys()],
      today,
      now,
    );
    const ended = await restoreAll(env, today, now);
    return {
      rows: begun.moved + ended.moved,
      detail: {
        today,
        suspended: begun.moved,
        restored: ended.moved,
        ...(begun.refused.length + ended.refused.length
          ? { refused: [...begun.refused, ...ended.refused].slice(0, 20) }
          : {}),
      },
    };
  },
};
