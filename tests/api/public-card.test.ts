/**
 * 证书查询 GET /public/validCard by holder: the certificates of the person with this name and identity
 * number together, the most recently changed first; a name that does not go with the number finds none.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { aCertificate, aPerson } from '../helpers/builders.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

const byHolder = async (name: string, idNo: string) => {
  const res = await t.app.inject({
    url: `/api/public/validCard?name=${encodeURIComponent(name)}&agentIdentityNo=${idNo}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { certNo: string }[]).map((c) => c.certNo);
};

describe('public search by holder', () => {
  it("lists the holder's certificates, the most recently changed first", async () => {
    const holder = await aPerson(t);
    const older = await aCertificate(t, { holder, category: 'C1' });
    t.clock.advance(60_000);
    const newer = await aCertificate(t, { holder, category: 'C3' });
    expect(await byHolder(holder.name, holder.idNo)).toEqual([newer.certNo, older.certNo]);
    expect(await byHolder(`${holder.name}乙`, holder.idNo)).toEqual([]);
  });
});
