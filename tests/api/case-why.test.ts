/**
 * The case answers "why" (issue #47 item 3): every rule the server checks for an application, in the
 * rules' order, each with its answer and the facts behind it in the dictionaries' words, agreeing
 * with the rules' own answer (the pre-check's and SUBMIT's); missing materials are a warning.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, certificate, examResult, person, sysUser } from '../../server/db/schema.js';
import { notExists, sql } from 'drizzle-orm';
import { createApplication } from '../../server/workflow/store.js';
import { delayedValidity } from '../../server/modules/business/validity.js';

let t: TestApp;
const { get, token } = apiSuite({
  ready: (app) => {
    t = app;
  },
});

interface Fact {
  label: string;
  value: string;
  kind?: string;
}
interface Check {
  key: string;
  code: number | null;
  title: string;
  verdict: 'pass' | 'fail' | 'warn' | 'info';
  answer: string;
  facts: Fact[];
}
interface Why {
  verdict: { code: number; message: string };
  checks: Check[];
  warnings: string[];
}

async function why(user: string, id: number, lang?: string): Promise<Why> {
  const res = await t.call(await token(user), {
    url: `/api/workflow/${id}/case`,
    headers: lang ? { 'accept-language': lang } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.why;
}

/** A saved delay application of ent_gz for the certificate of the demo person `name` (server/demo/businessCases.ts). */
async function delayFor(name: string, materials: number[] = []): Promise<number> {
  const db = t.database.db;
  const [ent] = await db.select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
  const [row] = await db
    .select({ c: certificate, p: person })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .where(
      and(
        eq(person.name, name),
        eq(certificate.enterpriseId, ent!.enterpriseId!),
        inArray(certificate.status, ['01', '02']),
      ),
    );
  expect(row, name).toBeDefined();
  const app = await db.transaction((tx) =>
    createApplication(t.app.ctx, tx, {
      businessType: 'delay',
      applicantUserId: ent!.userId,
      enterpriseId: ent!.enterpriseId,
      personId: row!.p.id,
      holderUserId: null,
      certificateId: row!.c.id,
      payload: { materials },
    }),
  );
  return app.id;
}

const firstFailure = (w: Why) => w.checks.find((c) => c.verdict === 'fail') ?? null;

/** No coded fact shows its code: sex, position, status and category read as words. */
function expectWords(w: Why) {
  for (const c of w.checks) {
    for (const f of c.facts) {
      if (['性别', '职务', '证书状态', '证书类别', '文化程度', '技术职称'].includes(f.label))
        expect(f.value, `${c.key} ${f.label}`).not.toMatch(/^\d+$|^[ABC]\d?$/);
    }
  }
}

describe('the case view answers why', () => {
  const DELAY_CASES: [string, number][] = [
    ['高志强', 1],
    ['罗美玲', 2],
    ['梁振宇', 3],
    ['宋德明', 5],
    ['谢丽娟', 6],
    ['韩国强', 7],
    ['唐晓峰', 8],
    ['冯雪梅', 9],
  ];

  it("a delay: the nine checks in order, each with its answer and facts; the failing one is the rules' answer", async () => {
    for (const [name, code] of DELAY_CASES) {
      const w = await why('ent_gz', await delayFor(name));
      expect(w.verdict.code, name).toBe(code);
      const delayCodes = w.checks
        .filter((c) => c.code !== null && c.code >= 1 && c.code <= 9 && c.key !== 'certificate')
        .map((c) => c.code);
      expect(delayCodes, name).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(firstFailure(w)?.code, name).toBe(code);
      expectWords(w);
    }
  });

  it('a delay that may go on: every check passes, hours against the requirement, the new validity said', async () => {
    const id = await delayFor('胡建新');
    const w = await why('ent_gz', id);
    expect(w.verdict.code).toBe(0);
    expect(firstFailure(w)).toBeNull();
    const hours = w.checks.find((c) => c.key === 'hours')!;
    expect(hours.verdict).toBe('pass');
    expect(hours.facts.map((f) => f.label)).toEqual(['已完成继续教育', '应完成继续教育', '计算期间']);
    expect(hours.facts[1]!.value).toMatch(/^72 学时（每年 24 学时，共 3 年）$/);
    const [app] = await t.database.db.select().from(application).where(eq(application.id, id));
    const [cert] = await t.database.db.select().from(certificate).where(eq(certificate.id, app!.certificateId!));
    const renewed = delayedValidity(cert!.expiryDate);
    expect(w.checks.find((c) => c.key === 'newValidity')!.answer).toBe(
      `准予后有效期为 ${renewed.validFrom} 至 ${renewed.expiryDate}`,
    );
    const subject = w.checks[0]!;
    expect(subject.facts.find((f) => f.label === '性别')!.value).toBe('男');
    // The case shows ID numbers as it did (their masking is the personal-data work's); marked as such.
    expect(subject.facts.find((f) => f.label === '身份证号')!.kind).toBe('idNo');
    // A second application for the same certificate: rule 4 answers, with the other one named.
    const second = await why('ent_gz', await delayFor('胡建新'));
    expect(second.verdict.code).toBe(4);
    const four = second.checks.find((c) => c.code === 4)!;
    expect(four.verdict).toBe('fail');
    expect(four.facts.map((f) => f.value).join()).toContain(app!.applyNo);
  });

  it('a new certificate for someone without an exam pass: the exam rule fails, with the results (none) behind it', async () => {
    const db = t.database.db;
    const [ent] = await db.select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const [p] = await db
      .select()
      .from(person)
      .where(
        and(
          eq(person.enterpriseId, ent!.enterpriseId!),
          notExists(db.select({ one: sql`1` }).from(certificate).where(eq(certificate.personId, person.id))),
          notExists(db.select({ one: sql`1` }).from(examResult).where(eq(examResult.personId, person.id))),
        ),
      )
      .limit(1);
    expect(p).toBeDefined();
    const app = await db.transaction((tx) =>
      createApplication(t.app.ctx, tx, {
        businessType: 'newCert',
        applicantUserId: ent!.userId,
        enterpriseId: ent!.enterpriseId,
        personId: p!.id,
        holderUserId: null,
        certificateId: null,
        payload: { category: 'C3', position: '08', materials: [] },
      }),
    );
    const w = await why('ent_gz', app.id);
    expect(w.verdict.code).not.toBe(0);
    expect(firstFailure(w)?.code).toBe(w.verdict.code);
    const exam = w.checks.find((c) => c.key === 'exam')!;
    expect(exam).toMatchObject({ verdict: 'fail', code: 10 });
    expect(exam.facts).toEqual([{ label: '考核成绩', value: '无' }]);
    expect(w.checks.find((c) => c.key === 'subject')!.facts.find((f) => f.label === '职务')!.value).toBe(
      '专职安全生产管理人员',
    );
    expectWords(w);
  });

  it('missing materials are a warning every reviewer sees; uploaded ones are listed', async () => {
    const bare = await why('ent_gz', await delayFor('林淑华'));
    expect(bare.warnings).toEqual(['未上传任何申请材料，请核实后再办理']);
    expect(bare.checks.at(-1)).toMatchObject({ key: 'materials', verdict: 'warn' });
    // The demo's applications carry sample materials.
    const queue = (await get('gz_sl', '/api/workflow/queue/waitAccept?businessType=delay&pageNum=1&pageSize=1')).json();
    const demo = await why('gz_sl', queue.rows[0].id);
    expect(demo.warnings).toEqual([]);
    expect(demo.checks.at(-1)).toMatchObject({ key: 'materials', verdict: 'pass' });
    expect(demo.checks.at(-1)!.facts.map((f) => f.value)).toEqual(['申请表.pdf', '继续教育学时证明.pdf']);
  });

  it('for every open demo application of every type, the explanation agrees with the rules', async () => {
    const all = await t.database.db
      .select({ id: application.id, type: application.businessType })
      .from(application)
      .where(and(inArray(application.status, [0, 1, 2, 3]), eq(application.deleted, false)))
      .orderBy(application.id);
    // Four of each type (each case asks the rules of its subject: a second or so on a busy machine).
    const open = all.filter((a, i) => all.slice(0, i).filter((b) => b.type === a.type).length < 4);
    const types = new Set<string>();
    for (const { id, type } of open) {
      const w = await why('province', id);
      types.add(type);
      expect(w.checks.length, `${type} ${id}`).toBeGreaterThan(1);
      const failed = firstFailure(w);
      if (w.verdict.code === 0) expect(failed, `${type} ${id}: ${JSON.stringify(failed)}`).toBeNull();
      else expect(failed?.code, `${type} ${id}: ${w.verdict.message}`).toBe(w.verdict.code);
      expectWords(w);
    }
    expect(types.size).toBe(9);
  }, 300_000);

  it("speaks the caller's language", async () => {
    const queue = (await get('gz_sl', '/api/workflow/queue/waitAccept?businessType=delay&pageNum=1&pageSize=1')).json();
    const w = await why('gz_sl', queue.rows[0].id, 'en-US');
    for (const c of w.checks) expect(c.title, c.key).not.toMatch(/[\u4e00-\u9fff]/);
    const sex = w.checks[0]!.facts.find((f) => f.label === 'Sex');
    expect(sex?.value).toMatch(/^(Male|Female)$/);
  });
});
