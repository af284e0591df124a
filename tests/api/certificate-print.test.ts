/** Printing: the counted print of an approved application's certificate, the queues it moves between, preview, rights. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, certificate } from '../../server/db/schema.js';
import { anApplication } from '../helpers/builders.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
let appId = 0;
let certId = 0;

let applyNo = '';

apiSuite({
  ready: async (app) => {
    t = app;
    // A change of a certificate, approved and closed by a Guangzhou centre: its certificate's new
    // version waits to be printed.
    const closed = await anApplication(t, { businessType: 'modify', step: 'closed' });
    appId = closed.id;
    applyNo = closed.applyNo;
    certId = closed.certificate!.id;
  },
});

const queueIds = async (user: string, queue: 'printWait' | 'printDone') => {
  const res = await t.call(await as(user), {
    url: `/api/workflow/queue/${queue}?pageSize=500&keyword=${applyNo}`,
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
    const pending = await anApplication(t, { businessType: 'modify', step: 'sh' });
    expect((await print('gz_bj', pending.id)).statusCode).toBe(409);
    const revocation = await anApplication(t, { businessType: 'revocation', step: 'closed' });
    expect((await print('gz_bj', revocation.id)).statusCode).toBe(400);
    expect((await print('gz_bj', 99999999)).statusCode).toBe(404);
  });

  it('exports the printed queue to Excel', async () => {
    const res = await t.call(await as('gz_bj'), {
      url: `/api/safetyCertificateInfo/print/export?queue=printDone&keyword=${applyNo}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
