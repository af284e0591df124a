/**
 * 00:01 China time: 暂扣 (suspension) periods. An approved 暂扣 punishment (review_state approved)
 * is in force from its start date to its end date inclusive (no end date: until lifted); on its
 * first day its certificates move 01 → 02, on the day after its end they move back 02 → 01 — only
 * when no other 暂扣 is in force for them, and to 05 失效 instead when their validity ended during
 * the suspension (the expiry job only looks at 01). Each move keeps the replaced version and adds 1
 * to the version, as a punishment's approval does (reason `punishment`, with a note of the 暂扣
 * period's start or end), so the credit module reads what the punishments changed from the history.
 *
 * A punishment's certificates are those listed in punishment_certificate and punishment.certificate_id;
 * one that lists none applies to every certificate of the person (as the delay rule 9 reads it).
 * A certificate at 02 with no ended 暂扣 behind it (set by hand, imported) is left alone.
 */
import { sql, type SQL } from 'drizzle-orm';
import { chinaDate } from '../lib/days.js';
import { keepVersions } from '../modules/business/effects.js';
import { anyOf, rowsOf } from './sql.js';
import { BATCH_SIZE, type JobDefinition, type JobEnv } from './types.js';

/** Ids of the certificates covered by the approved 暂扣 punishments that satisfy `when` (over `p`). */
const coveredBy = (when: SQL) => sql`
  select pc.certificate_id as id from punishment p join punishment_certificate pc on pc.punishment_id = p.id
    where p.type = '暂扣' and p.review_state = 'approved' and ${when}
  union
  select p.certificate_id from punishment p
    where p.type = '暂扣' and p.review_state = 'approved' and p.certificate_id is not null and ${when}
  union
  select c.id from punishment p join certificate c on c.person_id = p.person_id
    where p.type = '暂扣' and p.review_state = 'approved' and p.certificate_id is null and ${when}
      and not exists (select 1 from punishment_certificate x where x.punishment_id = p.id)`;

const inForce = (today: string) => sql`p.start_date <= ${today}::date and (p.end_date is null or p.end_date >= ${today}::date)`;
const ended = (today: string) => sql`p.end_date < ${today}::date`;

/** The history reason of a version a punishment replaced (credit management writes the same). */
export const PUNISHMENT_REASON = 'punishment';

interface Move {
  /** Which end of the 暂扣 period moved the certificate (kept in the version's note). */
  change: 'periodStart' | 'periodEnd';
  /** The certificates to move, after `after`, locked (one batch). */
  pick(today: string, after: number): SQL;
  /** The new status. */
  status(today: string): SQL;
}

const SUSPEND: Move = {
  change: 'periodStart',
  pick: (today, after) => sql`
    select c.id from certificate c where c.status = '01' and c.id > ${after}
      and c.id in (${coveredBy(inForce(today))})
    order by c.id limit ${BATCH_SIZE} for update of c`,
  status: () => sql`'02'`,
};

const RESTORE: Move = {
  change: 'periodEnd',
  pick: (today, after) => sql`
    select c.id from certificate c where c.status = '02' and c.id > ${after}
      and c.id in (${coveredBy(ended(today))})
      and c.id not in (${coveredBy(inForce(today))})
    order by c.id limit ${BATCH_SIZE} for update of c`,
  status: (today) => sql`case when expiry_date < ${today}::date then '05' else '01' end`,
};

async function moveAll(env: JobEnv, move: Move, today: string, now: Date): Promise<number> {
  let moved = 0;
  for (let after = 0; ;) {
    const ids = await env.db.transaction(async (tx) => {
      const ids = rowsOf<{ id: number | string }>(await tx.execute(move.pick(today, after))).map((r) => Number(r.id));
      if (ids.length === 0) return ids;
      await keepVersions(tx, ids, { reason: PUNISHMENT_REASON, applicationId: null, note: { type: '暂扣', change: move.change, day: today } }, now);
      await tx.execute(sql`update certificate set status = ${move.status(today)}, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
        where ${anyOf('id', ids)}`);
      return ids;
    });
    if (ids.length === 0) return moved;
    moved += ids.length;
    after = ids.at(-1)!;
  }
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
    const suspended = await moveAll(env, SUSPEND, today, now);
    const restored = await moveAll(env, RESTORE, today, now);
    return { rows: suspended + restored, detail: { today, suspended, restored } };
  },
};
