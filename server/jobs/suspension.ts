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
 *
 * Each run then marks the approved 暂扣 begun by today as written (written_seq): none of the valid
 * certificates it names is stored 01 now; those ended before today as restored (restored_seq): none
 * it names is stored 02 through it alone; and clears the certificates a change noted for it to look at
 * (suspension_recheck). The status filters look up only the others (effective-status.ts
 * timedExceptions); migrations 0020's and 0028's triggers unmark a 暂扣, or note a certificate, when
 * that may have stopped being true.
 */
import { sql, type SQL } from 'drizzle-orm';
import { chinaDate } from '../lib/days.js';
import { certificate } from '../db/schema.js';
import { keepVersions } from '../modules/business/effects.js';
import { SUSPENSION, suspendedOn, suspensionEndedBefore } from '../modules/certificate/effective-status.js';
import { PUNISHMENT_REASON } from '../modules/credit/effects.js';
import { anyOf, intArray, rowsOf } from '../db/sql.js';
import { BATCH_SIZE, type JobDefinition, type JobEnv } from './types.js';


interface Move {
  /** Which end of the 暂扣 period moved the certificate (kept in the version's note). */
  change: 'periodStart' | 'periodEnd';
  /** The certificates to move, after `after`, locked (one batch). */
  pick(today: string, after: number): SQL;
  /** The new status. */
  status(today: string): SQL;
}

// The conditions are effective-status.ts's (over the table ${certificate}, not an alias): the job
// writes what every read already shows.
const SUSPEND: Move = {
  change: 'periodStart',
  pick: (today, after) => sql`
    select ${certificate.id} as id from ${certificate} where ${certificate.status} = '01' and ${certificate.id} > ${after}
      and ${suspendedOn(today)}
    order by ${certificate.id} limit ${BATCH_SIZE} for update`,
  status: () => sql`'02'`,
};

const RESTORE: Move = {
  change: 'periodEnd',
  pick: (today, after) => sql`
    select ${certificate.id} as id from ${certificate} where ${certificate.status} = '02' and ${certificate.id} > ${after}
      and ${suspensionEndedBefore(today)} and not ${suspendedOn(today)}
    order by ${certificate.id} limit ${BATCH_SIZE} for update`,
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

const APPROVED_SUSPENSION = sql`type = ${SUSPENSION} and review_state = 'approved'`;

/** The approved 暂扣 a mark concerns that do not carry it, with the change_seq seen now. */
interface Seen { ids: number[]; seqs: number[] }

/**
 * The approved 暂扣 meeting `which` (over punishment) with the change_seq seen now: read before the
 * moves, so a change committed after this look (a trigger raised change_seq) leaves its 暂扣 unmarked.
 */
async function suspensionsSeen(env: JobEnv, which: SQL): Promise<Seen> {
  const rows = rowsOf<{ id: number | string; change_seq: number | string }>(await env.db.execute(sql`
    select id, change_seq from punishment where ${APPROVED_SUSPENSION} and ${which}`));
  return { ids: rows.map((r) => Number(r.id)), seqs: rows.map((r) => Number(r.change_seq)) };
}

/** The certificates changes noted for the job (suspension_recheck), read before the moves too. */
async function rechecksSeen(env: JobEnv): Promise<number[]> {
  return rowsOf<{ id: number | string }>(await env.db.execute(sql`select id from suspension_recheck`)).map((r) => Number(r.id));
}

/**
 * Sets `column` to the change_seq seen, unless changed since the look (the row lock of a concurrent
 * change is waited for and change_seq compared again).
 */
async function mark(env: JobEnv, column: 'written_seq' | 'restored_seq', seen: Seen): Promise<number> {
  if (seen.ids.length === 0) return 0;
  const rows = rowsOf<{ id: number }>(await env.db.execute(sql`
    update punishment p set ${sql.identifier(column)} = s.seq
    from unnest(${intArray(seen.ids)}::int[], ${intArray(seen.seqs)}::int[]) as s(id, seq)
    where p.id = s.id and p.change_seq = s.seq returning p.id`));
  return rows.length;
}

/**
 * After the moves every valid certificate the 暂扣 begun name is 02 while they are in force (an ended
 * one names none that must be): written. Every certificate the ended ones name and the noted ones is
 * 01 (or 05) unless a 暂扣 in force holds it: restored, and the notes the look saw cleared (those
 * written since stay for the next run).
 */
async function markDone(env: JobEnv, begun: Seen, ended: Seen, rechecks: number[]) {
  const written = await mark(env, 'written_seq', begun);
  const restoredMarks = await mark(env, 'restored_seq', ended);
  if (rechecks.length) await env.db.execute(sql`delete from suspension_recheck where id = any(${intArray(rechecks)}::int[])`);
  return { written, restoredMarks, rechecked: rechecks.length };
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
    // Those begun whose certificates are not known to be written, those ended not known to be restored.
    const begun = await suspensionsSeen(env, sql`start_date <= ${today} and written_seq <> change_seq`);
    const ended = await suspensionsSeen(env, sql`end_date < ${today} and restored_seq <> change_seq`);
    const rechecks = await rechecksSeen(env);
    const suspended = await moveAll(env, SUSPEND, today, now);
    const restored = await moveAll(env, RESTORE, today, now);
    const marks = await markDone(env, begun, ended, rechecks);
    return { rows: suspended + restored, detail: { today, suspended, restored, ...marks } };
  },
};
