/**
 * Results: the centre enters attendance and both parts while the batch is held (one row per
 * accepted sign-up), publishes once every candidate has one, and from then on they are final and
 * count: a person who passed both parts of a published batch passes the new-certificate check and
 * applies, one whose batch is not published yet or who failed does not. Result search by scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { examResult, examSignup, sysRole, sysUser, sysUserRole } from '../../server/db/schema.js';
import { hashPassword } from '../../server/lib/password.js';
import { readXlsx } from '../helpers/xlsx.js';
import {
  addCandidate,
  batchEvent,
  batchTerms,
  daysLater,
  enterpriseOf,
  okJson,
  openBatch,
  todayOf,
} from '../helpers/exam.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});

const EXAM_IN = 12;
let entGz: number;
let batch: { id: number; batchNo: string; examDay: string };
/** passes both, fails a part, absent, refused at review */
const who: Record<'pass' | 'fail' | 'absent' | 'refused', { personId: number; signupId: number; idNo: string }> =
  {} as never;

const precheck = (personId: number) =>
  okJson(
    api,
    'ent_gz',
    'GET',
    `/api/applyCertification/checkDataByApplyId?businessType=newCert&personId=${personId}&category=C3&position=08`,
  );
const save = (rows: unknown[]) => api.post('gz_sl', '/api/exam/score/save', { batchId: batch.id, rows });

beforeAll(async () => {
  entGz = await enterpriseOf(t, 'ent_gz');
  batch = await openBatch(api, 'gz_sl', batchTerms(todayOf(t), { name: '成绩测试批次' }, EXAM_IN, 5));
  for (const key of ['pass', 'fail', 'absent', 'refused'] as const) {
    const p = await addCandidate(t, { enterpriseId: entGz, name: `成绩${key}` });
    const s = (
      await okJson(api, 'ent_gz', 'POST', '/api/exam/sign/save', { batchId: batch.id, personId: p.id, position: '08' })
    ).data;
    who[key] = { personId: p.id, signupId: s.id, idNo: p.idNo };
  }
  await okJson(api, 'gz_sl', 'POST', '/api/exam/sign/accept', {
    ids: [who.pass.signupId, who.fail.signupId, who.absent.signupId],
  });
  await okJson(api, 'gz_sl', 'POST', '/api/exam/sign/refuse', { ids: [who.refused.signupId], reason: '工作年限不足' });
  expect((await batchEvent(api, 'gz_sl', batch.id, 'CLOSE')).statusCode).toBe(200);
});

describe('result entry and publication', () => {
  it('no result before the batch is held', async () => {
    const res = await save([{ signupId: who.pass.signupId, attended: '1', knowledgeResult: '1', abilityResult: '1' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('已考试后才能录入成绩');
  });

  it('held on the exam day: results entered, checked field by field, one row per sign-up; published once complete, then final and counted', async () => {
    // Before: nobody of the batch passes the exam rule.
    expect((await precheck(who.pass.personId)).code).toBe(10);
    await daysLater(t, api, EXAM_IN, async () => {
      expect((await batchEvent(api, 'gz_sl', batch.id, 'HOLD')).statusCode).toBe(200);
      const bad: Array<[unknown, string]> = [
        [{ signupId: who.absent.signupId, attended: '0', knowledgeResult: '1' }, 'rows.0.knowledgeResult'],
        [{ signupId: who.pass.signupId, attended: '1', knowledgeResult: '1' }, 'rows.0.abilityResult'],
        [
          { signupId: who.refused.signupId, attended: '1', knowledgeResult: '1', abilityResult: '1' },
          'rows.0.signupId',
        ],
        [{ signupId: 99_999_999, attended: '1', knowledgeResult: '1', abilityResult: '1' }, 'rows.0.signupId'],
        [{ signupId: who.pass.signupId, attended: '2', knowledgeResult: '1', abilityResult: '1' }, 'rows.0.attended'],
        [
          { signupId: who.pass.signupId, attended: '1', knowledgeResult: '1', abilityResult: '1', knowledgeScore: 101 },
          'rows.0.knowledgeScore',
        ],
      ];
      for (const [row, field] of bad) {
        const res = await save([row]);
        expect(res.statusCode, `${JSON.stringify(row)}: ${res.body}`).toBe(400);
        expect(res.json().field).toBe(field);
      }
      expect(
        (
          await api.post('sz_staff', '/api/exam/score/save', {
            batchId: batch.id,
            rows: [{ signupId: who.pass.signupId, attended: '1', knowledgeResult: '1', abilityResult: '1' }],
          })
        ).statusCode,
      ).toBe(403);
      expect(await t.database.db.select().from(examResult).where(eq(examResult.signupId, who.pass.signupId))).toEqual(
        [],
      );

      const first = await save([
        {
          signupId: who.pass.signupId,
          attended: '1',
          knowledgeResult: '1',
          abilityResult: '0',
          knowledgeScore: 80,
          abilityScore: 50,
        },
        {
          signupId: who.fail.signupId,
          attended: '1',
          knowledgeResult: '1',
          abilityResult: '0',
          knowledgeScore: 75,
          abilityScore: 42,
        },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const incomplete = await batchEvent(api, 'gz_sl', batch.id, 'PUBLISH');
      expect(incomplete.statusCode).toBe(422);
      expect(incomplete.json().msg).toBe('尚有 1 名考生未录入成绩，不能发布');
      // Entered again: the row is replaced, not added.
      expect(
        (
          await save([
            {
              signupId: who.pass.signupId,
              attended: '1',
              knowledgeResult: '1',
              abilityResult: '1',
              knowledgeScore: 86,
              abilityScore: 78,
            },
            { signupId: who.absent.signupId, attended: '0' },
          ])
        ).statusCode,
      ).toBe(200);
      const rows = await t.database.db.select().from(examResult).where(eq(examResult.batchNo, batch.batchNo));
      expect(rows).toHaveLength(3);
      expect(rows.find((r) => r.signupId === who.pass.signupId)).toMatchObject({
        attended: '1',
        knowledgeResult: '1',
        abilityResult: '1',
        knowledgeScore: 86,
        category: 'C3',
        examDate: batch.examDay,
      });
      expect(rows.find((r) => r.signupId === who.absent.signupId)).toMatchObject({
        attended: '0',
        knowledgeResult: '0',
        abilityResult: '0',
        knowledgeScore: null,
      });

      const list = await okJson(api, 'gz_sl', 'GET', `/api/exam/score/list?batchId=${batch.id}`);
      expect(list.total).toBe(3);
      expect(
        list.rows.every(
          (r: { actions: string[]; result: { published: boolean } }) =>
            r.actions.includes('enterResult') && !r.result.published,
        ),
      ).toBe(true);
      // Not published yet: the pass does not count.
      expect((await precheck(who.pass.personId)).code).toBe(10);

      expect((await batchEvent(api, 'ent_gz', batch.id, 'PUBLISH')).statusCode).toBe(403);
      const published = await batchEvent(api, 'gz_sl', batch.id, 'PUBLISH');
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().data).toMatchObject({ state: 'published', accepted: 3, withResults: 3 });
      const late = await save([
        { signupId: who.fail.signupId, attended: '1', knowledgeResult: '1', abilityResult: '1' },
      ]);
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toBe('成绩已发布，不能再修改');
    });
  });

  it('a pass of both parts in the published batch passes the new-certificate check and the application goes in; a failed part does not', async () => {
    const ok = await precheck(who.pass.personId);
    expect(ok, JSON.stringify(ok)).toMatchObject({ code: 0, errorMsg: null });
    const failed = await precheck(who.fail.personId);
    expect(failed.code).toBe(10);
    expect(failed.errorMsg).toContain('未通过 C3 类安全生产知识和管理能力考核');
    expect((await precheck(who.absent.personId)).code).toBe(10);

    const saved = (
      await okJson(api, 'ent_gz', 'POST', '/api/apply/newCert/save', {
        personId: who.pass.personId,
        payload: { category: 'C3', position: '08' },
      })
    ).data;
    const submitted = await api.post('ent_gz', `/api/apply/newCert/submit?id=${saved.id}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe(2);
    const savedFail = (
      await okJson(api, 'ent_gz', 'POST', '/api/apply/newCert/save', {
        personId: who.fail.personId,
        payload: { category: 'C3', position: '08' },
      })
    ).data;
    const refused = await api.post('ent_gz', `/api/apply/newCert/submit?id=${savedFail.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(10);
  });

  it("exports the batch's results", async () => {
    const res = await api.get('gz_sl', `/api/exam/score/export?batchId=${batch.id}`);
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.headers.slice(0, 5)).toEqual(['准考证号', '姓名', '证件号码', '报名企业', '考试情况']);
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows.map((r) => r[4]).sort()).toEqual(['参加', '参加', '缺考']);
    expect((await api.get('ent_gz', `/api/exam/score/export?batchId=${batch.id}`)).statusCode).toBe(403);
  });
});

describe('result search', () => {
  it('the centre finds results by ID number and batch; another centre does not; the export follows the filters', async () => {
    const found = await okJson(api, 'gz_sl', 'GET', `/api/exam/scoreSearch/list?idNo=${who.pass.idNo}`);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]).toMatchObject({
      batchNo: batch.batchNo,
      passed: true,
      published: true,
      source: 'platform',
      name: '成绩pass',
    });
    expect(found.rows[0].idNo).not.toBe(who.pass.idNo);
    const byBatch = await okJson(api, 'gz_sl', 'GET', `/api/exam/scoreSearch/list?batchNo=${batch.batchNo}&passed=0`);
    expect(byBatch.rows.map((r: { name: string }) => r.name).sort()).toEqual(['成绩absent', '成绩fail']);
    expect((await okJson(api, 'sz_staff', 'GET', `/api/exam/scoreSearch/list?idNo=${who.pass.idNo}`)).rows).toEqual([]);
    expect(
      (await okJson(api, 'province', 'GET', `/api/exam/scoreSearch/list?idNo=${who.pass.idNo}`)).rows,
    ).toHaveLength(1);
    const xlsx = await api.get('gz_sl', `/api/exam/scoreSearch/export?batchNo=${batch.batchNo}`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.headers).toContain('结论');
  });

  it('a person finds their own published results only', async () => {
    const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'person'));
    const [u] = await t.database.db
      .insert(sysUser)
      .values({
        userName: 'exam_pass',
        nickName: '成绩pass',
        userType: '04',
        personId: who.pass.personId,
        passwordHash: await hashPassword('Demo#2026'),
        passwordChangedAt: t.clock.now(),
        mustChangePassword: false,
        status: '1',
      })
      .returning();
    await t.database.db.insert(sysUserRole).values({ userId: u!.userId, roleId: role!.roleId });
    const mine = await okJson(api, 'exam_pass', 'GET', '/api/exam/scoreSearch/list');
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ personId: who.pass.personId, published: true });
    expect((await okJson(api, 'exam_pass', 'GET', `/api/exam/scoreSearch/list?idNo=${who.fail.idNo}`)).rows).toEqual(
      [],
    );
    const own = (await okJson(api, 'exam_pass', 'GET', '/api/exam/sign/list')).rows;
    expect(own.map((r: { id: number }) => r.id)).toEqual([who.pass.signupId]);
    // The ticket of a published batch no longer prints.
    expect(own[0].actions).toEqual([]);
    const [s] = await t.database.db
      .select()
      .from(examSignup)
      .where(and(eq(examSignup.id, who.pass.signupId), eq(examSignup.status, 'accepted')));
    expect(s).toBeDefined();
  });
});
