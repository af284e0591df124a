/**
 * What must hold of every certificate (issue #44 item 4), checked by the nightly housekeeping (its run
 * lists what it found on the job page) and by the tests after the demo seed, each scheduled job and a
 * kill -9:
 * - statusIsAState: every status is a state of the certificate machine (01–07);
 * - statusIsToday: no 02 without a 暂扣 in force today, no 01 with one (the 暂扣 job has run), no 01
 *   whose validity ended before today (the expiry job has run);
 * - statutoryValidity: the validity ends the day before its start plus three years (DOMAIN.md);
 * - issuedAfterAcceptance: no version an application made is dated before that application was
 *   accepted, and no certificate an approved 新办 or 省外调入 names was issued before its acceptance;
 * - delayCodeInRange: the delay pre-check answers one of SPEC 4's codes 0–9 for a certificate of
 *   every status there is;
 * - historyReplays: each certificate's history replays through its machine to the stored row.
 * Every check reads in batches (memory stays flat at 2 M certificates); the rules are the machine's
 * own functions, not restated in SQL.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import { CERT_STATUSES, statutoryExpiryOf } from '../../machines/certificate.machine.js';
import type { DbOrTx } from '../db/client.js';
import { certificate, certificateHistory } from '../db/schema.js';
import { chinaDayOf, rowsOf } from '../db/sql.js';
import type { Clock } from '../lib/clock.js';
import { chinaDate } from '../lib/days.js';
import { checkDraft } from '../modules/business/rules.js';
import { certificatesWithHistories, replayRows } from '../modules/certificate/history.js';
import { suspensionPeriodsOn, suspensionsToWrite } from '../modules/credit/inForce.js';

export const INVARIANT_RULES = [
  'statusIsAState',
  'statusIsToday',
  'statutoryValidity',
  'issuedAfterAcceptance',
  'delayCodeInRange',
  'historyReplays',
] as const;
export type InvariantRule = (typeof INVARIANT_RULES)[number];

export interface InvariantViolation {
  rule: InvariantRule;
  certificateId: number;
  certNo: string;
  /** What is wrong, in words. */
  detail: string;
}

export interface InvariantReport {
  /** Certificates looked at. */
  checked: number;
  /** Violations per rule (every rule named, 0 when none). */
  counts: Record<InvariantRule, number>;
  /** The first violations found (at most `examples` of them). */
  violations: InvariantViolation[];
}

const BATCH = 2_000;

/** Checks every rule over every certificate on the China day of `clock`. */
export async function checkCertificateInvariants(
  db: DbOrTx,
  clock: Clock,
  opts: { examples?: number } = {},
): Promise<InvariantReport> {
  const today = chinaDate(clock.now());
  const counts = Object.fromEntries(INVARIANT_RULES.map((r) => [r, 0])) as Record<InvariantRule, number>;
  const violations: InvariantViolation[] = [];
  const found = (v: InvariantViolation) => {
    counts[v.rule] += 1;
    if (violations.length < (opts.examples ?? 50)) violations.push(v);
  };

  // Every certificate, batch by batch: its status, validity and history.
  let checked = 0;
  for await (const certificates of certificatesWithHistories(db, BATCH)) {
    for (const { row: c, history } of certificates) {
      const of = { certificateId: c.id, certNo: c.certNo };
      if (!(CERT_STATUSES as readonly string[]).includes(c.status))
        found({ rule: 'statusIsAState', ...of, detail: `状态 ${c.status} 不是证书状态机的状态` });
      if (statutoryExpiryOf(c.validFrom) !== c.expiryDate) {
        found({
          rule: 'statutoryValidity',
          ...of,
          detail: `有效期 ${c.validFrom} 至 ${c.expiryDate}，应至 ${statutoryExpiryOf(c.validFrom)}`,
        });
      }
      if (c.status === '01' && c.expiryDate < today)
        found({ rule: 'statusIsToday', ...of, detail: `有效期已于 ${c.expiryDate} 届满，状态仍为有效` });
      const replay = replayRows(c, history);
      if (!replay.consistent) found({ rule: 'historyReplays', ...of, detail: replay.error ?? '' });
    }
    checked += certificates.length;
  }

  // 02 without a 暂扣 in force, and 01 with one.
  const suspended = await db
    .select({ id: certificate.id, certNo: certificate.certNo })
    .from(certificate)
    .where(sql`${certificate.status} = '02'`);
  const inForce = await suspensionPeriodsOn(
    db,
    suspended.map((r) => r.id),
    today,
  );
  for (const c of suspended)
    if (!inForce.has(c.id))
      found({
        rule: 'statusIsToday',
        certificateId: c.id,
        certNo: c.certNo,
        detail: '状态为暂扣，但没有生效中的暂扣处罚',
      });
  const validUnderSuspension = [...(await suspensionsToWrite(db, today, ['01'])).keys()];
  if (validUnderSuspension.length) {
    const named = await db
      .select({ id: certificate.id, certNo: certificate.certNo })
      .from(certificate)
      .where(inArray(certificate.id, validUnderSuspension));
    for (const c of named)
      found({
        rule: 'statusIsToday',
        certificateId: c.id,
        certNo: c.certNo,
        detail: '有生效中的暂扣处罚，状态仍为有效',
      });
  }

  // Versions dated before their application's acceptance; certificates an approved issue names issued before it.
  const early = rowsOf<{ id: number | string; cert_no: string; apply_no: string; issued: string; accepted: string }>(
    await db.execute(sql`
    select h.certificate_id as id, c.cert_no, a.apply_no, h.event_data->>'issueDate' as issued, ${chinaDayOf(sql`a.accepted_at`)}::text as accepted
    from ${certificateHistory} h join application a on a.id = h.application_id join ${certificate} c on c.id = h.certificate_id
    where h.event_data ? 'issueDate' and a.accepted_at is not null and (h.event_data->>'issueDate')::date < ${chinaDayOf(sql`a.accepted_at`)}
    union all
    select c.id, c.cert_no, a.apply_no, coalesce(i.issued, c.issue_date)::text, ${chinaDayOf(sql`a.accepted_at`)}::text
    from application a join ${certificate} c on c.id = a.certificate_id
    left join lateral (select (h.event_data->>'issueDate')::date as issued from ${certificateHistory} h
      where h.certificate_id = c.id and h.event = 'ISSUE' order by h.id limit 1) i on true
    where a.business_type in ('newCert', 'inProvince') and a.outcome = 'approved' and a.accepted_at is not null and a.deleted = false
      and coalesce(i.issued, c.issue_date) < ${chinaDayOf(sql`a.accepted_at`)}`),
  );
  for (const r of early) {
    found({
      rule: 'issuedAfterAcceptance',
      certificateId: Number(r.id),
      certNo: r.cert_no,
      detail: `${r.apply_no} 于 ${r.accepted} 受理，证书发证日期为 ${r.issued}`,
    });
  }

  // The delay pre-check of one certificate of each status there is.
  const statuses = await db.selectDistinct({ status: certificate.status }).from(certificate);
  for (const { status } of statuses) {
    const [c] = await db
      .select()
      .from(certificate)
      .where(sql`${certificate.status} = ${status}`)
      .orderBy(asc(certificate.id))
      .limit(1);
    if (!c) continue;
    const answer = await checkDraft(db, clock, {
      businessType: 'delay',
      applicationId: null,
      enterpriseId: c.enterpriseId,
      personId: c.personId,
      certificateId: c.id,
      payload: {},
      applicantUserId: 0,
    });
    if (!(Number.isInteger(answer.code) && answer.code >= 0 && answer.code <= 9)) {
      found({
        rule: 'delayCodeInRange',
        certificateId: c.id,
        certNo: c.certNo,
        detail: `状态 ${status} 的证书延期校验答复 ${answer.code}（SPEC 4 为 0–9）`,
      });
    }
  }

  return { checked, counts, violations };
}
