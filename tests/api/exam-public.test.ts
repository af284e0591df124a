/**
 * The public exam searches on the demo's published batches: a result by 证件号码 + 准考证号, a
 * sign-up's status by 证件号码 + batch number — both keys required (400 naming the missing one),
 * one row at most, masked personal data only, no ticket number given away — and like every public
 * look-up limited per address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { examBatch, examResult, examSignup, person } from '../../server/db/schema.js';

let t: TestApp;
apiSuite({
  env: { RATE_LIMIT_PUBLIC: '12' },
  ready: (app) => {
    t = app;
  },
});

let demo: { idNo: string; name: string; ticketNo: string; batchNo: string; passed: boolean };
let open: { idNo: string; batchNo: string; ticketNo: string };
let address = 0;
/** Each call from its own address unless told: the limit is per address. */
const ask = (url: string, remoteAddress = `203.0.113.${++address}`) =>
  t.app.inject({ url, remoteAddress } as InjectOptions);

beforeAll(async () => {
  const db = t.database.db;
  const [row] = await db
    .select({
      idNo: person.idNo,
      name: person.name,
      ticketNo: examSignup.ticketNo,
      batchNo: examBatch.batchNo,
      r: examResult,
    })
    .from(examSignup)
    .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .innerJoin(person, eq(person.id, examSignup.personId))
    .innerJoin(examResult, eq(examResult.signupId, examSignup.id))
    .where(and(eq(examBatch.state, 'published'), eq(examBatch.area, '1')))
    .limit(1);
  demo = {
    idNo: row!.idNo,
    name: row!.name,
    ticketNo: row!.ticketNo!,
    batchNo: row!.batchNo,
    passed: row!.r.attended === '1' && row!.r.knowledgeResult === '1' && row!.r.abilityResult === '1',
  };
  const [o] = await db
    .select({ idNo: person.idNo, batchNo: examBatch.batchNo, ticketNo: examSignup.ticketNo })
    .from(examSignup)
    .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
    .innerJoin(person, eq(person.id, examSignup.personId))
    .where(and(eq(examBatch.state, 'open'), eq(examSignup.status, 'accepted'), isNotNull(examSignup.ticketNo)))
    .limit(1);
  open = { idNo: o!.idNo, batchNo: o!.batchNo, ticketNo: o!.ticketNo! };
});

const masked = (idNo: string) => `${idNo.slice(0, 3)}***********${idNo.slice(-4)}`;

describe('public exam searches', () => {
  it('gradeSearch: both keys give one masked row with the published result; a wrong pair gives nothing', async () => {
    const res = await ask(`/api/public/gradeSearch?idNo=${demo.idNo}&ticketNo=${demo.ticketNo}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idNoMasked: masked(demo.idNo),
      ticketNo: demo.ticketNo,
      batchNo: demo.batchNo,
      published: true,
      passed: demo.passed,
    });
    expect(rows[0].name).not.toBe(demo.name);
    expect(rows[0].name.startsWith(Array.from(demo.name)[0]!)).toBe(true);
    expect(res.body).not.toContain(demo.idNo);
    expect(res.body).not.toContain(demo.name);
    expect(
      (await ask(`/api/public/gradeSearch?idNo=${demo.idNo.toLowerCase()}&ticketNo=${demo.ticketNo}`)).json().data,
    ).toHaveLength(1);
    expect((await ask(`/api/public/gradeSearch?idNo=${open.idNo}&ticketNo=${demo.ticketNo}`)).json().data).toEqual([]);
  });

  it('gradeSearch of a batch not yet published says so and shows no result', async () => {
    const rows = (await ask(`/api/public/gradeSearch?idNo=${open.idNo}&ticketNo=${open.ticketNo}`)).json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      published: false,
      passed: null,
      knowledgeResult: null,
      abilityResult: null,
      result: 'unpublished',
      resultLabel: '成绩尚未发布',
    });
  });

  it('nothing without both keys: 400 naming the missing one', async () => {
    for (const [url, field] of [
      [`/api/public/gradeSearch?idNo=${demo.idNo}`, 'ticketNo'],
      [`/api/public/gradeSearch?ticketNo=${demo.ticketNo}`, 'idNo'],
      ['/api/public/gradeSearch', 'idNo'],
      [`/api/public/gradeSearch?idNo=&ticketNo=${demo.ticketNo}`, 'idNo'],
      [`/api/public/signSearch?idNo=${demo.idNo}`, 'batchNo'],
      [`/api/public/signSearch?batchNo=${demo.batchNo}`, 'idNo'],
    ] as const) {
      const res = await ask(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
      expect(res.body).not.toContain('data');
    }
  });

  it('signSearch: the status of the sign-up, masked, without the ticket number', async () => {
    const res = await ask(`/api/public/signSearch?idNo=${open.idNo}&batchNo=${open.batchNo.toLowerCase()}`);
    const rows = res.json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idNoMasked: masked(open.idNo),
      batchNo: open.batchNo,
      status: 'accepted',
      statusLabel: '审核通过',
      ticketIssued: true,
    });
    expect(res.body).not.toContain(open.ticketNo);
    expect(res.body).not.toContain(open.idNo);
    expect((await ask(`/api/public/signSearch?idNo=${open.idNo}&batchNo=KS19990001`)).json().data).toEqual([]);
  });

  it('is limited per address like every public look-up', async () => {
    const url = `/api/public/gradeSearch?idNo=${demo.idNo}&ticketNo=${demo.ticketNo}`;
    const codes = [];
    for (let i = 0; i < 13; i++) codes.push((await ask(url, '198.51.100.77')).statusCode);
    expect(codes.slice(0, 12).every((c) => c === 200)).toBe(true);
    expect(codes[12]).toBe(429);
    expect(
      (await ask(`/api/public/signSearch?idNo=${open.idNo}&batchNo=${open.batchNo}`, '198.51.100.78')).statusCode,
    ).toBe(200);
  });
});
