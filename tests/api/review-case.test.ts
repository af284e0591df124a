/**
 * Reviewers decide on the whole case (issue #16): the case view of a submitted delay shows its
 * material, the certificate's validity before and after, what the rules checked at SUBMIT and say
 * now, and the holder's certificates; staff of another centre may not open it.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certificate } from '../../server/db/schema.js';
import { aCertificate } from '../helpers/builders.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe("the reviewer's case view", () => {
  it("shows the material, the change, the checks and the holder's certificates", async () => {
    // A C3 in its delay window with its hours done, of a Guangzhou enterprise of its own.
    const built = await aCertificate(t, {
      validFrom: addDays(addYears(chinaDate(t.clock.now()), -3), 60),
      educationHours: 'required',
    });
    const ent = built.enterprise.user.userName;
    const [c3] = await t.database.db.select().from(certificate).where(eq(certificate.id, built.id));
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n% 继续教育证明\n%%EOF\n'))], { type: 'application/pdf' }),
      '继续教育证明.pdf',
    );
    const upload = await t.call(await as(ent), {
      method: 'POST',
      url: '/api/file/upload',
      payload: form as unknown as object,
    });
    const ossId = upload.json().data.ossId as number;
    const saved = (
      await t.call(await as(ent), {
        method: 'POST',
        url: '/api/apply/delay/save',
        payload: { certificateId: c3!.id, payload: { materials: [ossId] } },
      })
    ).json().data;
    expect(
      (await t.call(await as(ent), { method: 'POST', url: `/api/apply/delay/submit?id=${saved.id}` })).statusCode,
    ).toBe(200);

    const res = await t.call(await as('gz_sl'), { url: `/api/workflow/${saved.id}/case` });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.materials).toEqual([
      expect.objectContaining({ ossId, originalName: '继续教育证明.pdf', url: `/api/file/download/${ossId}` }),
    ]);
    expect((await t.call(await as('gz_sl'), { url: view.materials[0].url })).statusCode).toBe(200);
    expect(view.changes).toContainEqual({
      field: 'validity',
      label: '有效期',
      before: `${c3!.validFrom} 至 ${c3!.expiryDate}`,
      after: `${addDays(c3!.expiryDate, 1)} 至 ${addYears(c3!.expiryDate, 3)}`,
    });
    expect(view.checks.submitted.facts).toMatchObject({ certNo: c3!.certNo, educationHours: expect.any(Number) });
    expect(view.checks.now).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect(view.certificates.map((c: { certNo: string }) => c.certNo)).toContain(c3!.certNo);

    expect((await t.call(await as('sz_staff'), { url: `/api/workflow/${saved.id}/case` })).statusCode).toBe(403);
  });

  it('shows the demo applications with sample materials a reviewer can open, and the holder too', async () => {
    const queue = (
      await t.call(await as('gz_sl'), { url: '/api/workflow/queue/waitAccept?businessType=delay&pageNum=1&pageSize=1' })
    ).json();
    const id = queue.rows[0].id as number;
    const view = (await t.call(await as('gz_sl'), { url: `/api/workflow/${id}/case` })).json().data;
    expect(view.materials.map((m: { originalName: string }) => m.originalName)).toEqual([
      '申请表.pdf',
      '继续教育学时证明.pdf',
    ]);
    const file = await t.call(await as('gz_sl'), { url: view.materials[1].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another centre's staff see neither the case nor, through it, the file.
    expect((await t.call(await as('sz_staff'), { url: `/api/workflow/${id}/case` })).statusCode).toBe(403);
  });
});
