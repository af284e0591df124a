/**
 * The certificate as one statechart with one writer (issue #44): after the demo seed, after each
 * scheduled job and across the punishments' reviews, every certificate's history replays through the
 * machine to its stored row and the invariants hold; and every view shows the same certificate (the
 * PDF, the /cert page's API, the public search, the list row and the export row).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CERT_STATUSES } from '../../machines/certificate.machine.js';
import { certificate, certificateHistory, person } from '../../server/db/schema.js';
import { addDays, chinaDate } from '../../server/lib/days.js';
import { chineseDate } from '../../server/lib/pdf/format.js';
import { checkCertificateInvariants } from '../../server/jobs/certificateInvariants.js';
import { replayAll, replayCertificate } from '../../server/modules/certificate/history.js';
import { loadCertificate, pdfDataOf } from '../../server/modules/certificate/detail.js';
import { loadLabels } from '../../server/modules/certificate/labels.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { chinaAt, runNamed } from '../helpers/jobs.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => tokens.get(user) ?? tokens.set(user, await t.login(user)).get(user)!;
const db = () => t.database.db;
const today = () => chinaDate(t.clock.now());

apiSuite({
  ready: (app) => {
    t = app;
  },
});

/** The invariants' findings, as `rule certNo: detail` lines (empty: all hold). */
async function violations(): Promise<string[]> {
  const report = await checkCertificateInvariants(db(), t.clock, { examples: 30 });
  return report.violations.map((v) => `${v.rule} ${v.certNo}: ${v.detail}`);
}

describe('the demo seed', () => {
  it('has certificates in every state of the machine, each with a history that replays to its row', async () => {
    const statuses = (await db().selectDistinct({ status: certificate.status }).from(certificate))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([...CERT_STATUSES]);
    const { checked, broken } = await replayAll(db());
    expect(checked).toBeGreaterThan(800);
    expect(broken).toEqual([]);
  });

  it('breaks none of the invariants', async () => {
    expect(await violations()).toEqual([]);
  });
});

/** What every view must agree on. */
interface Seen {
  status: string;
  statusLabel: string;
  issueDate: string;
  validFrom: string;
  expiryDate: string;
  suspendedFrom: string | null;
  suspendedTo: string | null;
}
const seen = (r: Record<string, unknown>): Seen => ({
  status: String(r.status),
  statusLabel: String(r.statusLabel),
  issueDate: String(r.issueDate),
  validFrom: String(r.validFrom),
  expiryDate: String(r.expiryDate),
  suspendedFrom: (r.suspendedFrom as string | null) ?? null,
  suspendedTo: (r.suspendedTo as string | null) ?? null,
});
/** A date cell's day (exceljs reads a date cell as that day's UTC midnight); anything else as text, to fail the comparison. */
const dayOf = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : `not a date cell: ${String(v)}`;
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

describe('every view shows the same certificate', () => {
  it("the list row, the export row, the /cert page's API, the public search and the PDF, for every demo certificate", async () => {
    const stored = await db().select().from(certificate).orderBy(asc(certificate.id));
    const labels = await loadLabels(db(), 'zh-CN');
    const province = await as('province');
    // The list, every page of it.
    const listed = new Map<number, Record<string, unknown>>();
    for (let pageNum = 1; ; pageNum++) {
      const res = await t.call(province, {
        url: `/api/safetyCertificateInfo/list?pageNum=${pageNum}&pageSize=500&sortField=issueDate&sortOrder=ascend`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as Record<string, unknown>[];
      for (const r of rows) listed.set(Number(r.id), r);
      if (rows.length < 500) break;
    }
    // The export of the same list.
    const sheet = await t.call(province, { url: '/api/safetyCertificateInfo/export/excel' });
    expect(sheet.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    const exported = new Map<
      string,
      { issueDate: string; validFrom: string; expiryDate: string; statusText: string }
    >();
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const v = row.values as unknown[];
      exported.set(String(v[col('证书编号')]), {
        issueDate: dayOf(v[col('发证日期')]),
        validFrom: dayOf(v[col('有效期起')]),
        expiryDate: dayOf(v[col('有效期至')]),
        statusText: String(v[col('证书状态')]),
      });
    });
    expect(listed.size).toBe(stored.length);
    expect(exported.size).toBe(stored.length);

    const differences: string[] = [];
    for (const c of stored) {
      const truth: Seen = {
        status: c.status,
        statusLabel: labels.of('cert_status', c.status),
        issueDate: c.issueDate,
        validFrom: c.validFrom,
        expiryDate: c.expiryDate,
        suspendedFrom: c.status === '02' ? c.suspendedFrom : null,
        suspendedTo: c.status === '02' ? c.suspendedTo : null,
      };
      const pdf = pdfDataOf(await loadCertificate(db(), c.id), labels, 'https://example.test');
      const page = await t.call(null, { url: `/api/cert/${c.queryCode}` });
      const views: Record<string, Seen> = {
        list: seen(listed.get(c.id)!),
        pdf: {
          ...seen(pdf as unknown as Record<string, unknown>),
          suspendedFrom: truth.suspendedFrom,
          suspendedTo: truth.suspendedTo,
        },
        certPage: seen(page.json().data),
      };
      for (const [name, view] of Object.entries(views)) {
        if (JSON.stringify(view) !== JSON.stringify(truth))
          differences.push(`${c.certNo} ${name}: ${JSON.stringify(view)} ≠ ${JSON.stringify(truth)}`);
      }
      if (pdf.statusText !== page.json().data.statusText)
        differences.push(`${c.certNo} pdf status words ${pdf.statusText} ≠ ${page.json().data.statusText}`);
      if (c.status === '02' && !String(page.json().data.statusText).includes(c.suspendedFrom!))
        differences.push(`${c.certNo}: /cert does not say the 暂扣's period`);
      const x = exported.get(c.certNo)!;
      const expected = {
        issueDate: truth.issueDate,
        validFrom: truth.validFrom,
        expiryDate: truth.expiryDate,
        statusText: page.json().data.statusText,
      };
      if (JSON.stringify(x) !== JSON.stringify(expected))
        differences.push(`${c.certNo} export: ${JSON.stringify(x)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(differences).toEqual([]);
  }, 600_000);

  it('prints on the PDF the status, validity and 发证日期 the /cert page shows, for a certificate in every state', async () => {
    if (!hasPoppler) return console.warn('pdftotext (poppler-utils) is not installed: the PDF text check is skipped');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-pdf-'));
    try {
      for (const status of CERT_STATUSES) {
        const [c] = await db()
          .select()
          .from(certificate)
          .where(eq(certificate.status, status))
          .orderBy(asc(certificate.id))
          .limit(1);
        const res = await t.call(await as('province'), { url: `/api/safetyCertificateInfo/pdf/${c!.id}` });
        expect(res.statusCode).toBe(200);
        const file = path.join(tmp, `${status}.pdf`);
        fs.writeFileSync(file, res.rawPayload);
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, '');
        const page = (await t.call(null, { url: `/api/cert/${c!.queryCode}` })).json().data;
        expect(text, status).toContain(`${chineseDate(page.validFrom)}至${chineseDate(page.expiryDate)}`);
        expect(text, status).toContain(`发证日期：${chineseDate(page.issueDate)}`);
        if (status !== '01') expect(text, status).toContain(page.statusText.replace(/\s+/g, ''));
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('the scheduled jobs', () => {
  it('a writer that bypasses the machine is found by the nightly housekeeping, shown on the job page', async () => {
    const [c] = await db()
      .select()
      .from(certificate)
      .where(eq(certificate.status, '01'))
      .orderBy(asc(certificate.id))
      .limit(1);
    await db()
      .update(certificate)
      .set({ status: '02', expiryDate: addDays(c!.expiryDate, 1) })
      .where(eq(certificate.id, c!.id));
    try {
      const admin = await as('admin');
      const run = await t.call(admin, { method: 'POST', url: '/api/system/job/run/housekeeping' });
      expect(run.statusCode, run.body).toBe(200);
      const runs = await t.call(admin, { url: '/api/system/job/runs?job=housekeeping&pageNum=1&pageSize=1' });
      const detail = runs.json().rows[0].detail as {
        certificateInvariants: { counts: Record<string, number>; examples: { certNo: string; rule: string }[] };
      };
      expect(detail.certificateInvariants.counts).toMatchObject({
        statusIsToday: 1,
        statutoryValidity: 1,
        historyReplays: 1,
      });
      expect(
        detail.certificateInvariants.examples
          .filter((v) => v.certNo === c!.certNo)
          .map((v) => v.rule)
          .sort(),
      ).toEqual(['historyReplays', 'statusIsToday', 'statutoryValidity']);
    } finally {
      await db()
        .update(certificate)
        .set({ status: c!.status, expiryDate: c!.expiryDate })
        .where(eq(certificate.id, c!.id));
    }
    expect(await violations()).toEqual([]);
  });

  it('keep every invariant, day after day: the 暂扣 begins and ends and certificates expire through the machine', async () => {
    // A 暂扣 that begins in three days, recorded and approved now: the certificate stays valid until then.
    const [c] = await db()
      .select()
      .from(certificate)
      .innerJoin(person, eq(person.id, certificate.personId))
      .where(
        and(
          eq(certificate.status, '01'),
          sql`${certificate.expiryDate} > ${addDays(today(), 400)}`,
          sql`${certificate.area} = '1'`,
          sql`not exists (select 1 from sys_user u where u.person_id = ${certificate.personId})`,
        ),
      )
      .orderBy(asc(certificate.id))
      .limit(1);
    const cert = c!.certificate;
    const start = addDays(today(), 3);
    const end = addDays(today(), 10);
    const submitted = await t.call(await as('gz_sl'), {
      method: 'POST',
      url: '/api/credit/punishment/save',
      payload: {
        type: '暂扣',
        docNo: '穗建罚〔2026〕9001号',
        violateType: 'absent_post',
        reason: '人证不符，暂扣证书',
        startDate: start,
        endDate: end,
        certificateIds: [cert.id],
        fileIds: [],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const reviewId = submitted.json().data.reviewId as number;
    const approved = await t.call(await as('gz_sh'), {
      method: 'POST',
      url: '/api/credit/punishment/audit',
      payload: { reviewId, approved: true, comment: '同意' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const statusOf = async () =>
      (
        await db()
          .select({ status: certificate.status, from: certificate.suspendedFrom, to: certificate.suspendedTo })
          .from(certificate)
          .where(eq(certificate.id, cert.id))
      )[0]!;
    expect(await statusOf()).toEqual({ status: '01', from: null, to: null });
    expect(await violations()).toEqual([]);

    // Day by day at 00:01 and 00:05: before the jobs the day's moves are due, after them every invariant holds.
    const jobs = [
      'suspension',
      'certExpiry',
      'delayReminder',
      'deadlineWarning',
      'nationalOutbox',
      'statistics',
      'housekeeping',
    ];
    let dueSeen = false;
    for (const day of [start, addDays(start, 1), addDays(end, 1)]) {
      t.clock.set(chinaAt(day, '00:01'));
      dueSeen ||= (await violations()).length > 0;
      for (const job of jobs) {
        await runNamed(t, job);
        if (job !== 'suspension') expect(await violations(), `${day} after ${job}`).toEqual([]);
      }
      if (day === start || day === addDays(start, 1))
        expect(await statusOf()).toEqual({ status: '02', from: start, to: end });
    }
    expect(dueSeen, 'the days brought moves the jobs made').toBe(true);
    expect(await statusOf()).toEqual({ status: '01', from: null, to: null });
    const events = await db()
      .select({ event: certificateHistory.event, job: certificateHistory.job, actorId: certificateHistory.actorId })
      .from(certificateHistory)
      .where(eq(certificateHistory.certificateId, cert.id))
      .orderBy(asc(certificateHistory.id));
    expect(events.slice(-2)).toEqual([
      { event: 'SUSPEND', job: 'suspension', actorId: null },
      { event: 'RESTORE', job: 'suspension', actorId: null },
    ]);
    expect((await replayCertificate(db(), cert.id))?.consistent).toBe(true);
  }, 600_000);
});
