/** Printing: the counted print of an approved application's certificate, the queues it moves between, preview, rights. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, certificate, sysUser } from '../../server/db/schema.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
let appId = 0;
let certId = 0;

apiSuite({
  ready: async (app) => {
    t = app;
    const db = t.database.db;
    const [ent] = await db.select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [cert] = await db
      .select()
      .from(certificate)
      .where(and(eq(certificate.enterpriseId, ent!.enterpriseId!), eq(certificate.status, '01')))
      .limit(1);
    certId = cert!.id;
    // An approved, closed new-certificate application as the close effects leave it (certificate_id set, not yet printed),
    // with the snapshot of a real one the demo drove through the machine.
    const [closed] = await db
      .select({ snapshot: application.snapshot })
      .from(application)
      .where(
        and(eq(application.businessType, 'newCert'), eq(application.status, 8), eq(application.outcome, 'approved')),
      )
      .limit(1);
    const [row] = await db
      .insert(application)
      .values({
        applyNo: 'XB2099010100001',
        businessType: 'newCert',
        applicantUserId: ent!.userId,
        enterpriseId: ent!.enterpriseId,
        personId: cert!.personId,
        certificateId: cert!.id,
        area: '1',
        status: 8,
        step: 'bj',
        version: 7,
        snapshot: closed!.snapshot,
        outcome: 'approved',
        submittedAt: t.clock.now(),
        acceptedAt: t.clock.now(),
        closedAt: t.clock.now(),
      })
      .returning();
    appId = row!.id;
  },
});

const queueIds = async (user: string, queue: 'printWait' | 'printDone') => {
  const res = await t.call(await as(user), {
    url: `/api/workflow/queue/${queue}?pageSize=500&keyword=XB2099010100001`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as { id: number }[]).map((r) => r.id);
};
const print = async (user: string, applicationId = appId) =>
  t.call(await as(user), { method: 'POST', url: '/api/safetyCertificateInfo/print', payload: { applicationId } });
const certRow = async () => (await t.database.db.select().from(certificate).where(eq(certificate.id, certId)))[0]!;

describe('printing a certificate', () => {
  it('starts in the waiting queue', async () => {
    expect(await queueIds('gz_bj', 'printWait')).toContain(appId);
    expect(await queueIds('gz_bj', 'printDone')).not.toContain(appId);
  });

  it('previews the PDF without counting a print', async () => {
    const before = await certRow();
    const res = await t.call(await as('gz_bj'), { url: `/api/safetyCertificateInfo/pdf/${certId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await certRow()).printCount).toBe(before.printCount);
  });

  it('refuses staff of another centre and users without the print permission, counting nothing', async () => {
    const before = await certRow();
    const other = await print('sz_staff');
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('该业务不属于您所在中心的办理范围');
    expect((await print('gz_sl')).statusCode).toBe(403);
    expect((await print('ent_gz')).statusCode).toBe(403);
    expect((await certRow()).printCount).toBe(before.printCount);
    const [app] = await t.database.db.select().from(application).where(eq(application.id, appId));
    expect(app!.printedAt).toBeNull();
  });

  it('answers the PDF, counts the print, records the printed version and moves the application to printDone', async () => {
    const before = await certRow();
    const res = await print('gz_bj');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const after = await certRow();
    expect(after.printCount).toBe(before.printCount + 1);
    expect(res.headers['x-print-count']).toBe(String(after.printCount));
    expect(after.printedVersion).toBe(after.version);
    expect(after.printedAt).not.toBeNull();
    const [app] = await t.database.db.select().from(application).where(eq(application.id, appId));
    expect(app!.printedAt).not.toBeNull();
    expect(await queueIds('gz_bj', 'printWait')).not.toContain(appId);
    expect(await queueIds('gz_bj', 'printDone')).toContain(appId);
  });

  it('counts a second print (reprint) again', async () => {
    const before = await certRow();
    const res = await print('gz_bj');
    expect(res.statusCode, res.body).toBe(200);
    expect((await certRow()).printCount).toBe(before.printCount + 1);
  });

  it('shows print count and version for queue rows', async () => {
    const res = await t.call(await as('gz_bj'), {
      url: `/api/safetyCertificateInfo/printInfo?applicationIds=${appId}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cert = await certRow();
    expect(res.json().data).toEqual([
      expect.objectContaining({
        applicationId: appId,
        certificateId: certId,
        printCount: cert.printCount,
        printedVersion: cert.version,
        versionLabel: String(cert.version).padStart(3, '0'),
      }),
    ]);
    // Another centre does not see the row.
    expect(
      (
        await t.call(await as('sz_staff'), { url: `/api/safetyCertificateInfo/printInfo?applicationIds=${appId}` })
      ).json().data,
    ).toEqual([]);
  });

  it('refuses applications that are not approved or do not print', async () => {
    const db = t.database.db;
    const [base] = await db.select().from(application).where(eq(application.id, appId));
    const { id: _id, applyNo: _no, ...rest } = base!;
    const [pending] = await db
      .insert(application)
      .values({ ...rest, applyNo: 'XB2099010100002', status: 3, outcome: null, printedAt: null })
      .returning();
    expect((await print('gz_bj', pending!.id)).statusCode).toBe(409);
    const [revocation] = await db
      .insert(application)
      .values({ ...rest, applyNo: 'ZX2099010100003', businessType: 'revocation', printedAt: null })
      .returning();
    expect((await print('gz_bj', revocation!.id)).statusCode).toBe(400);
    expect((await print('gz_bj', 99999999)).statusCode).toBe(404);
  });

  it('exports the printed queue to Excel', async () => {
    const res = await t.call(await as('gz_bj'), {
      url: '/api/safetyCertificateInfo/print/export?queue=printDone&keyword=XB2099010100001',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
