/**
 * GET /api/public/outSearch (/web/outSearch): certificates transferred out of the province (06),
 * by certificate number or by name and identity number together; masked holder data only, nothing
 * without its keys, rate-limited per client address like the other public look-ups.
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certificate, nationalOutbox, person } from '../../server/db/schema.js';
import { idNumberCheckChar } from '../../machines/residentIdNumber.js';

let t: TestApp;
apiSuite({
  env: { RATE_LIMIT_PUBLIC: '30', RATE_LIMIT_WINDOW_MS: '60000' },
  ready: (app) => {
    t = app;
  },
});

let address = 0;
/** Each test its own client address, so the limit test alone meets the limit. */
const search = (query: string, remoteAddress = `198.51.100.${++address}`) =>
  t.app.inject({ url: `/api/public/outSearch?${query}`, remoteAddress });

async function transferredOut() {
  // One that went through OutProvince (the national outbox names the target province), else any 06.
  const [moved] = await t.database.db
    .select({ cert: certificate, holder: person, payload: nationalOutbox.payload })
    .from(nationalOutbox)
    .innerJoin(certificate, eq(certificate.id, nationalOutbox.certificateId))
    .innerJoin(person, eq(person.id, certificate.personId))
    .where(and(eq(nationalOutbox.kind, 'transferOut'), eq(certificate.status, '06')))
    .orderBy(desc(nationalOutbox.id))
    .limit(1);
  if (moved) return moved;
  const [any] = await t.database.db
    .select({ cert: certificate, holder: person })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .where(eq(certificate.status, '06'))
    .limit(1);
  return { ...any!, payload: null };
}

describe('GET /api/public/outSearch', () => {
  it('finds a transferred-out certificate by its number, and by name with identity number, with the identity number masked', async () => {
    const { cert, holder, payload } = await transferredOut();
    const byNo = await search(`certNo=${encodeURIComponent(cert.certNo)}`);
    expect(byNo.statusCode, byNo.body).toBe(200);
    const [row] = byNo.json().data;
    expect(row).toMatchObject({
      certNo: cert.certNo,
      name: holder.name,
      status: '06',
      statusLabel: '办理转出',
      category: cert.category,
    });
    expect(row.idNoMasked).toBe(
      `${holder.idNo.slice(0, 3)}${'*'.repeat(holder.idNo.length - 7)}${holder.idNo.slice(-4)}`,
    );
    if (payload) expect(row.targetProvince).toBe((payload as { targetProvince: string }).targetProvince);
    expect(byNo.body).not.toContain(holder.idNo);
    expect(byNo.body).not.toContain(cert.queryCode);
    expect(Object.keys(row).sort()).toEqual([
      'category',
      'categoryLabel',
      'certNo',
      'enterpriseName',
      'expiryDate',
      'idNoMasked',
      'issueDate',
      'name',
      'status',
      'statusLabel',
      'targetProvince',
      'transferDate',
    ]);

    const byPerson = await search(`name=${encodeURIComponent(holder.name)}&idNo=${holder.idNo.toLowerCase()}`);
    expect(byPerson.statusCode).toBe(200);
    expect(byPerson.json().data.map((r: { certNo: string }) => r.certNo)).toContain(cert.certNo);
    expect(byPerson.json().data.every((r: { status: string }) => r.status === '06')).toBe(true);
    expect(byPerson.body).not.toContain(holder.idNo);
  });

  it('finds nothing but transferred-out certificates, and only by exact keys', async () => {
    const { cert, holder } = await transferredOut();
    const [valid] = await t.database.db.select().from(certificate).where(eq(certificate.status, '01')).limit(1);
    expect((await search(`certNo=${encodeURIComponent(valid!.certNo)}`)).json()).toMatchObject({ code: 0, data: [] });
    expect((await search(`certNo=${encodeURIComponent(cert.certNo.slice(0, -2))}`)).json().data).toEqual([]);
    // Another well-formed number: a wrong check character would be refused as malformed, not looked up.
    const body = `${holder.idNo.slice(0, 16)}${holder.idNo[16] === '0' ? '1' : '0'}`;
    const wrongIdNo = `${body}${idNumberCheckChar(body)}`;
    expect(
      (await search(`name=${encodeURIComponent(holder.name)}&idNo=${wrongIdNo}`))
        .json()
        .data.filter((r: { certNo: string }) => r.certNo === cert.certNo),
    ).toEqual([]);
    const [someoneElse] = await t.database.db.select().from(person).where(ne(person.id, holder.id)).limit(1);
    expect((await search(`name=${encodeURIComponent(someoneElse!.name)}&idNo=${holder.idNo}`)).json().data).toEqual([]);
  });

  it('answers nothing without its keys: 400 naming the missing one', async () => {
    const { holder } = await transferredOut();
    for (const [query, field] of [
      ['', 'certNo'],
      [`name=${encodeURIComponent(holder.name)}`, 'idNo'],
      [`idNo=${holder.idNo}`, 'name'],
      ['certNo=&name=&idNo=', 'certNo'],
    ] as const) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field });
      expect(res.json().data).toBeUndefined();
    }
    expect((await search(`certNo=${'x'.repeat(41)}`)).statusCode).toBe(400);
  });

  it('is rate-limited per client address: 429 with Retry-After', async () => {
    const { cert } = await transferredOut();
    for (let i = 0; i < 30; i++)
      expect((await search(`certNo=${encodeURIComponent(cert.certNo)}`, '203.0.113.5')).statusCode).toBe(200);
    const refused = await search(`certNo=${encodeURIComponent(cert.certNo)}`, '203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await search(`certNo=${encodeURIComponent(cert.certNo)}`, '203.0.113.6')).statusCode).toBe(200);
  });
});
