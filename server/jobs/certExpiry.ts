/**
 * 00:05 China time: certificates whose validity has ended (expiry date before today's China day)
 * move 01 有效 → 05 失效: the certificate machine's EXPIRE through the one writer
 * (server/modules/certificate/writer.ts), one history row each with the job as sender, in keyset
 * batches of BATCH_SIZE, one transaction and one writing statement each: memory stays flat at 2 M
 * certificates, and a run that stops halfway leaves whole batches done and the rest for the next run.
 *
 * The applications that depended on an expired certificate:
 * - filed before it expired (submitted, in review, or waiting for the holder's confirmation after
 *   the enterprise's submission passed the rules): they stay with their reviewers. DOMAIN.md lets a
 *   holder apply for a delay until the expiry day, so a timely application is decided on its merits;
 *   an approved delay continues the validity from the old end date and sets the certificate back
 *   to 01 (the delay close effect), a denied one leaves it 05.
 * - drafts never submitted (delay, transfer, change): rule 1 / the certificate-state rule refuses
 *   them now at SUBMIT (an expired certificate cannot be delayed: the person sits the exam again), so
 *   their applicant is told once, with a system message, to delete the draft. The workflow is not
 *   driven from here: a draft is the applicant's, and the machine has no event for the platform to
 *   send in their name.
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { BUSINESS_ROUTES, type BusinessType } from '../../machines/businessTypes.js';
import { application, certificate, noticeSent, person } from '../db/schema.js';
import { chinaDate } from '../lib/days.js';
import { sendCertificateEvents } from '../modules/certificate/writer.js';
import { claimNotices, sendMessages } from './notices.js';
import { BATCH_SIZE, type JobDefinition, type JobEnv } from './types.js';

/** Business types whose SUBMIT needs a live certificate (revocation of an expired one is allowed). */
const NEEDS_LIVE_CERTIFICATE: readonly BusinessType[] = ['delay', 'inner', 'outProvince', 'modify'];

/** Moves one batch after `after`; answers its ids (empty: nothing left) and those the machine refused. */
async function expireBatch(
  env: JobEnv,
  today: string,
  after: number,
  now: Date,
): Promise<{ ids: number[]; refused: string[] }> {
  const ids = (
    await env.db
      .select({ id: certificate.id })
      .from(certificate)
      .where(and(eq(certificate.status, '01'), lt(certificate.expiryDate, today), gt(certificate.id, after)))
      .orderBy(asc(certificate.id))
      .limit(BATCH_SIZE)
  ).map((r) => r.id);
  if (ids.length === 0) return { ids, refused: [] };
  const { refused } = await env.db.transaction((tx) =>
    sendCertificateEvents(
      tx,
      ids,
      (row) => (row.status === '01' ? { type: 'EXPIRE', today } : null),
      { reason: 'expiry', actorId: null, job: 'certExpiry' },
      now,
      { refused: 'skip' },
    ),
  );
  return { ids, refused };
}

/** Tells each applicant of a draft on an expired certificate, once; answers how many were told. */
async function tellDraftApplicants(env: JobEnv, now: Date): Promise<number> {
  let told = 0;
  for (let after = 0; ; ) {
    const drafts = await env.db
      .select({
        id: application.id,
        applyNo: application.applyNo,
        businessType: application.businessType,
        applicantUserId: application.applicantUserId,
        certNo: certificate.certNo,
        expiryDate: certificate.expiryDate,
        holderName: person.name,
      })
      .from(application)
      .innerJoin(certificate, eq(certificate.id, application.certificateId))
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(
        and(
          eq(application.status, 1),
          eq(application.deleted, false),
          inArray(application.businessType, [...NEEDS_LIVE_CERTIFICATE]),
          eq(certificate.status, '05'),
          gt(application.id, after),
          sql`not exists (select 1 from ${noticeSent} n where n.kind = 'expiredDraft' and n.ref = 'application:' || ${application.id})`,
        ),
      )
      .orderBy(asc(application.id))
      .limit(BATCH_SIZE);
    if (drafts.length === 0) return told;
    after = drafts.at(-1)!.id;
    told += await env.db.transaction(async (tx) => {
      const won = await claimNotices(
        tx,
        'expiredDraft',
        drafts.map((d) => `application:${d.id}`),
        now,
      );
      const messages = drafts
        .filter((d) => won.has(`application:${d.id}`))
        .map((d) => {
          const label = BUSINESS_ROUTES[d.businessType as BusinessType].label;
          return {
            userId: d.applicantUserId,
            bt: `${label}草稿无法提交：证书已失效`,
            nr:
              `${d.holderName}的证书 ${d.certNo} 已于 ${d.expiryDate} 有效期届满，状态已变为失效。未提交的${label} ${d.applyNo} 不能再提交，请删除该草稿；` +
              '证书到期后不能延期，持证人须重新参加考核取得证书。',
          };
        });
      return sendMessages(tx, 'systemType', messages, now);
    });
  }
}

export const certExpiry: JobDefinition = {
  name: 'certExpiry',
  title: '证书到期失效',
  cron: '5 0 * * *',
  catchUp: true,
  retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 3_600, expireInSeconds: 3_600 },
  async run(env) {
    const now = env.clock.now();
    const today = chinaDate(now);
    let expired = 0;
    let batches = 0;
    const refused: string[] = [];
    for (let after = 0; ; ) {
      const batch = await expireBatch(env, today, after, now);
      if (batch.ids.length === 0) break;
      expired += batch.ids.length - batch.refused.length;
      refused.push(...batch.refused);
      batches += 1;
      after = batch.ids.at(-1)!;
    }
    const draftsTold = await tellDraftApplicants(env, now);
    return {
      rows: expired,
      detail: { today, expired, batches, draftsTold, ...(refused.length ? { refused: refused.slice(0, 20) } : {}) },
    };
  },
};
