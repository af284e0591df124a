/**
 * 08:00 China time: the delay window (DOMAIN.md: apply from biz.delay.windowDays, 90 by default,
 * before expiry until the expiry day). A valid certificate is reminded at each threshold — the
 * window's opening, 30 and 7 days before expiry — by a system message to the enterprise users of
 * its enterprise and to the holder's own account, once per certificate and threshold (notice_sent
 * delay<N>). A certificate that reaches a threshold late (added close to its expiry, or the jobs
 * were down) gets the nearest threshold only, not a burst of all of them; one whose delay is
 * already filed (submitted or in review) is not reminded.
 *
 * Certificates that expired without a delay (05, expiry in the last LOOKBACK_DAYS days, no delay
 * filed) get a warnMsg to their enterprise, once (notice_sent expiredNoDelay): the holder must sit
 * the exam again, or the enterprise revokes the certificate.
 */
import { and, asc, between, eq, gt, sql, type SQL } from 'drizzle-orm';
import { application, certificate, noticeSent, person } from '../db/schema.js';
import { addDays, chinaDate } from '../lib/days.js';
import { delayReminderText, expiredWithoutDelayText, LOOKBACK_DAYS } from '../lib/certNotices.js';
import { readBizPolicy } from '../modules/business/facts.js';
import { claimNotices, enterpriseUsers, holderUsers, sendMessages, type Message, type MessageType } from './notices.js';
import { BATCH_SIZE, type JobDefinition, type JobEnv } from './types.js';

/** The reminder days before expiry: the window's opening, then 30 and 7 (those inside the window). */
export function reminderThresholds(windowDays: number): number[] {
  return [...new Set([windowDays, 30, 7].filter((d) => d > 0 && d <= windowDays))].sort((a, b) => b - a);
}

type Cert = {
  id: number;
  certNo: string;
  category: string;
  expiryDate: string;
  personId: number;
  enterpriseId: number;
  holderName: string;
};

const certColumns = {
  id: certificate.id,
  certNo: certificate.certNo,
  category: certificate.category,
  expiryDate: certificate.expiryDate,
  personId: certificate.personId,
  enterpriseId: certificate.enterpriseId,
  holderName: person.name,
};

/** A delay for the certificate is with the centre (filed in time). */
const delayFiled = sql`exists (select 1 from ${application} a where a.certificate_id = ${certificate.id}
  and a.business_type = 'delay' and a.status in (2, 3) and a.deleted = false)`;
const notTold = (kind: string) =>
  sql`not exists (select 1 from ${noticeSent} n where n.kind = ${kind} and n.ref = 'certificate:' || ${certificate.id})`;

interface Pass {
  kind: string;
  type: MessageType;
  where: SQL;
  /** Who is told about a certificate, and what. */
  compose(cert: Cert, ents: Map<number, number[]>, holders: Map<number, number[]>): Message[];
  /** Whether the holder's account is told too. */
  toHolder: boolean;
}

/** Claims and sends one pass in keyset batches; answers the certificates told. */
async function runPass(env: JobEnv, pass: Pass, now: Date): Promise<number> {
  let told = 0;
  for (let after = 0; ; ) {
    const batch = await env.db
      .select(certColumns)
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(and(pass.where, notTold(pass.kind), gt(certificate.id, after)))
      .orderBy(asc(certificate.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) return told;
    after = batch.at(-1)!.id;
    told += await env.db.transaction(async (tx) => {
      const won = await claimNotices(
        tx,
        pass.kind,
        batch.map((c) => `certificate:${c.id}`),
        now,
      );
      const mine = batch.filter((c) => won.has(`certificate:${c.id}`));
      const ents = await enterpriseUsers(
        tx,
        mine.map((c) => c.enterpriseId),
      );
      const holders = pass.toHolder
        ? await holderUsers(
            tx,
            mine.map((c) => c.personId),
          )
        : new Map<number, number[]>();
      await sendMessages(
        tx,
        pass.type,
        mine.flatMap((c) => pass.compose(c, ents, holders)),
        now,
      );
      return mine.length;
    });
  }
}

function reminderPass(threshold: number, lower: number, today: string, windowDays: number): Pass {
  return {
    kind: `delay${threshold}`,
    type: 'systemType',
    toHolder: true,
    // Days left in (lower, threshold]: the expiry day itself still counts (the window closes after it).
    where: and(
      eq(certificate.status, '01'),
      between(certificate.expiryDate, addDays(today, lower + 1), addDays(today, threshold)),
      sql`not ${delayFiled}`,
    )!,
    compose(c, ents, holders) {
      const text = delayReminderText(c, today, windowDays);
      return [...(ents.get(c.enterpriseId) ?? []), ...(holders.get(c.personId) ?? [])].map((userId) => ({
        userId,
        ...text,
      }));
    },
  };
}

function expiredPass(today: string): Pass {
  return {
    kind: 'expiredNoDelay',
    type: 'warnType',
    toHolder: false,
    where: and(
      eq(certificate.status, '05'),
      between(certificate.expiryDate, addDays(today, -LOOKBACK_DAYS), addDays(today, -1)),
      sql`not ${delayFiled}`,
    )!,
    compose(c, ents) {
      const text = expiredWithoutDelayText(c);
      return (ents.get(c.enterpriseId) ?? []).map((userId) => ({ userId, ...text }));
    },
  };
}

export const delayReminder: JobDefinition = {
  name: 'delayReminder',
  title: '证书延期提醒',
  cron: '0 8 * * *',
  catchUp: true,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 3_600, expireInSeconds: 1_800 },
  async run(env) {
    const now = env.clock.now();
    const today = chinaDate(now);
    const { delayWindowDays } = await readBizPolicy(env.db);
    const thresholds = reminderThresholds(delayWindowDays);
    const detail: Record<string, unknown> = { today };
    let rows = 0;
    for (const [i, threshold] of thresholds.entries()) {
      const told = await runPass(env, reminderPass(threshold, thresholds[i + 1] ?? -1, today, delayWindowDays), now);
      detail[`delay${threshold}`] = told;
      rows += told;
    }
    const expired = await runPass(env, expiredPass(today), now);
    detail.expiredNoDelay = expired;
    return { rows: rows + expired, detail };
  },
};
