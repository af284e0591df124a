/**
 * Exam batches through the API: the centre drafts, edits, opens, closes, reopens, holds and
 * publishes (or cancels) a batch of its own area; a stale version is a 409, another area a 403,
 * a draft invisible to enterprises; rows carry the events the caller may send; the export follows
 * the list's filters.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { addDays } from '../../server/lib/days.js';
import { examBatch, examSignup } from '../../server/db/schema.js';
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
  wall,
} from '../helpers/exam.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('exam batch lifecycle', () => {
  it('a centre drafts a batch of its area: a draft with the events of a draft; another area is forbidden; bad terms name their field', async () => {
    const today = todayOf(t);
    const res = await api.post('gz_sl', '/api/exam/batch/save', batchTerms(today));
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      state: 'draft',
      stateLabel: '草稿',
      version: 0,
      area: '1',
      category: 'C3',
      capacity: 40,
      pending: 0,
      accepted: 0,
      seatsLeft: 40,
    });
    expect(b.batchNo).toMatch(/^KS\d{4}1\d{3}$/);
    expect(b.examDay).toBe(addDays(today, 30));
    expect(b.knowledgeStart).toBe(new Date(`${addDays(today, 30)}T01:00:00Z`).toISOString());
    expect(b.events).toEqual(['EDIT', 'REMOVE', 'OPEN', 'CANCEL']);

    expect((await api.post('gz_sl', '/api/exam/batch/save', batchTerms(today, { area: '2' }))).statusCode).toBe(403);
    const province = await api.post(
      'province',
      '/api/exam/batch/save',
      batchTerms(today, { area: '2', name: '省级为深圳建的批次' }),
    );
    expect(province.statusCode, province.body).toBe(200);

    const bad = [
      [{ knowledgeEnd: wall(addDays(today, 30), '08:00') }, 'knowledgeEnd'],
      [{ abilityStart: wall(addDays(today, 30), '10:00') }, 'abilityStart'],
      [{ signupTo: addDays(today, 31) }, 'signupTo'],
      [{ signupTo: addDays(today, -1) }, 'signupTo'],
      [{ name: '' }, 'name'],
      [{ capacity: 0 }, 'capacity'],
      [{ knowledgeStart: '2026-02-30 09:00' }, 'knowledgeStart'],
      [{ category: 'D' }, 'category'],
    ] as const;
    for (const [over, field] of bad) {
      const r = await api.post('gz_sl', '/api/exam/batch/save', { ...batchTerms(today), ...over });
      expect(r.statusCode, `${JSON.stringify(over)}: ${r.body}`).toBe(400);
      expect(r.json().field).toBe(field);
    }
  });

  it('only the draft is edited; a stale version is a 409; another centre gets 403; an enterprise does not see a draft', async () => {
    const today = todayOf(t);
    const b = (await okJson(api, 'gz_sl', 'POST', '/api/exam/batch/save', batchTerms(today, { name: '待修改批次' })))
      .data;
    const edited = await api.post('gz_sl', '/api/exam/batch/update', {
      ...batchTerms(today, { name: '已修改批次', capacity: 25 }),
      id: b.id,
      version: b.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: '已修改批次', capacity: 25, version: 1, state: 'draft' });
    const stale = await api.post('gz_sl', '/api/exam/batch/update', {
      ...batchTerms(today, { name: '旧版本' }),
      id: b.id,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect((await api.get('sz_staff', `/api/exam/batch/get/${b.id}`)).statusCode).toBe(403);
    expect((await api.post('sz_staff', `/api/exam/batch/event/${b.id}`, { type: 'OPEN', version: 1 })).statusCode).toBe(
      403,
    );
    expect((await api.get('province', `/api/exam/batch/get/${b.id}`)).statusCode).toBe(200);
    const entList = (await okJson(api, 'ent_gz', 'GET', '/api/exam/batch/options')).data as { id: number }[];
    expect(entList.map((x) => x.id)).not.toContain(b.id);

    expect((await api.post('gz_sl', `/api/exam/batch/event/${b.id}`, { type: 'OPEN', version: 0 })).statusCode).toBe(
      409,
    );
    const opened = await api.post('gz_sl', `/api/exam/batch/event/${b.id}`, { type: 'OPEN', version: 1 });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ state: 'open', version: 2 });
    expect(opened.json().data.events).toEqual(['CLOSE', 'CANCEL', 'REVIEW', 'PRINT_TICKET']);
    const again = await api.post('gz_sl', '/api/exam/batch/update', { ...batchTerms(today), id: b.id, version: 2 });
    expect(again.statusCode).toBe(409);
    expect((await api.post('gz_sl', '/api/exam/batch/remove', { ids: [b.id] })).statusCode).toBe(409);
    // The enterprises of the area see it now, with the sign-up they may make; other areas' do not.
    const forEnt = (await okJson(api, 'ent_gz', 'GET', '/api/exam/batch/options')).data as {
      id: number;
      events: string[];
    }[];
    expect(forEnt.find((x) => x.id === b.id)?.events).toEqual(['SIGN_UP', 'WITHDRAW', 'PRINT_TICKET']);
    const forSz = (await okJson(api, 'ent_sz', 'GET', '/api/exam/batch/options')).data as { id: number }[];
    expect(forSz.map((x) => x.id)).not.toContain(b.id);
  });

  it('open → closed → reopened within the window → closed → held on the exam day with nothing pending → published', async () => {
    const today = todayOf(t);
    const b = await openBatch(api, 'gz_sl', batchTerms(today, { name: '全流程批次' }, 10, 5));
    expect((await batchEvent(api, 'gz_sl', b.id, 'HOLD')).statusCode).toBe(409);
    expect((await batchEvent(api, 'gz_sl', b.id, 'CLOSE')).json().data).toMatchObject({
      state: 'closed',
      events: ['REOPEN', 'REVIEW', 'PRINT_TICKET'],
    });
    expect((await batchEvent(api, 'gz_sl', b.id, 'REOPEN')).json().data.state).toBe('open');
    expect((await batchEvent(api, 'gz_sl', b.id, 'CLOSE')).json().data.state).toBe('closed');
    const early = await batchEvent(api, 'gz_sl', b.id, 'HOLD');
    expect(early.statusCode).toBe(422);
    expect(early.json().msg).toContain('考试日期');
    // After the window: no reopening; on the exam day: held.
    await daysLater(t, api, 6, async () => {
      const late = await batchEvent(api, 'gz_sl', b.id, 'REOPEN');
      expect(late.statusCode).toBe(422);
      expect(late.json().msg).toContain('不在报名时间内');
    });
    await daysLater(t, api, 10, async () => {
      const held = await batchEvent(api, 'gz_sl', b.id, 'HOLD');
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json().data).toMatchObject({ state: 'held', resultsVisible: true });
      expect(held.json().data.events).toEqual(
        ['PUBLISH', 'ENTER_RESULT', 'PRINT_TICKET'].filter((e) => held.json().data.events.includes(e)),
      );
      expect(held.json().data.events).toEqual(expect.arrayContaining(['PUBLISH', 'ENTER_RESULT']));
      const published = await batchEvent(api, 'gz_sl', b.id, 'PUBLISH');
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().data).toMatchObject({ state: 'published', events: [] });
      expect(published.json().data.publishedAt).toBe(t.clock.now().toISOString());
    });
  });

  it('holding waits for every sign-up to be reviewed; cancelling needs a reason and cancels the sign-ups', async () => {
    const today = todayOf(t);
    const b = await openBatch(api, 'gz_sl', batchTerms(today, { name: '待取消批次' }));
    const entId = await enterpriseOf(t, 'ent_gz');
    const p = await addCandidate(t, { enterpriseId: entId });
    const signed = await api.post('ent_gz', '/api/exam/sign/save', { batchId: b.id, personId: p.id, position: '08' });
    expect(signed.statusCode, signed.body).toBe(200);
    const none = await batchEvent(api, 'gz_sl', b.id, 'CANCEL');
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('comment');
    expect((await batchEvent(api, 'ent_gz', b.id, 'CANCEL', '企业不能取消')).statusCode).toBe(403);
    const cancelled = await batchEvent(api, 'gz_sl', b.id, 'CANCEL', '考点因故停用，另行安排');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      state: 'cancelled',
      cancelReason: '考点因故停用，另行安排',
      events: [],
    });
    const [s] = await t.database.db.select().from(examSignup).where(eq(examSignup.batchId, b.id));
    expect(s).toMatchObject({ status: 'cancelled', refuseReason: '考试批次已取消：考点因故停用，另行安排' });

    const c = await openBatch(api, 'gz_sl', batchTerms(today, { name: '有待审核报名的批次' }, 10, 5));
    const q = await addCandidate(t, { enterpriseId: entId });
    expect(
      (await api.post('ent_gz', '/api/exam/sign/save', { batchId: c.id, personId: q.id, position: '08' })).statusCode,
    ).toBe(200);
    expect((await batchEvent(api, 'gz_sl', c.id, 'CLOSE')).statusCode).toBe(200);
    await daysLater(t, api, 10, async () => {
      const pending = await batchEvent(api, 'gz_sl', c.id, 'HOLD');
      expect(pending.statusCode).toBe(422);
      expect(pending.json().msg).toBe('尚有 1 条报名未审核，请先审核');
    });
  });

  it('drafts are removed, all or none; the list filters and its export follows the filters', async () => {
    const today = todayOf(t);
    const d1 = (await okJson(api, 'gz_sl', 'POST', '/api/exam/batch/save', batchTerms(today, { name: '可删除草稿一' })))
      .data;
    const d2 = (await okJson(api, 'gz_sl', 'POST', '/api/exam/batch/save', batchTerms(today, { name: '可删除草稿二' })))
      .data;
    const opened = await openBatch(api, 'gz_sl', batchTerms(today, { name: '已开放不可删' }));
    expect((await api.post('gz_sl', '/api/exam/batch/remove', { ids: [d1.id, opened.id] })).statusCode).toBe(409);
    expect(
      await t.database.db.select({ id: examBatch.id }).from(examBatch).where(eq(examBatch.id, d1.id)),
    ).toHaveLength(1);
    expect((await api.post('sz_staff', '/api/exam/batch/remove', { ids: [d1.id] })).statusCode).toBe(403);
    const removed = await api.post('gz_sl', `/api/exam/batch/remove?ids=${d1.id},${d2.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.removed).toBe(2);

    const list = await okJson(api, 'gz_sl', 'GET', '/api/exam/batch/list?state=draft&pageSize=100');
    expect(list.rows.every((r: { state: string; area: string }) => r.state === 'draft' && r.area === '1')).toBe(true);
    expect(list.rows.map((r: { id: number }) => r.id)).not.toContain(d1.id);
    const sz = await okJson(api, 'sz_staff', 'GET', '/api/exam/batch/list?pageSize=100');
    expect(sz.rows.length).toBeGreaterThan(0);
    expect(sz.rows.every((r: { area: string }) => r.area === '2')).toBe(true);
    const all = await okJson(api, 'province', 'GET', '/api/exam/batch/list?pageSize=100');
    expect(new Set(all.rows.map((r: { area: string }) => r.area))).toEqual(new Set(['1', '2', '3']));

    const xlsx = await api.get('gz_sl', `/api/exam/batch/export?keyword=${encodeURIComponent('已开放不可删')}`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.headers.slice(0, 3)).toEqual(['批次编号', '批次名称', '证书类别']);
    expect(sheet.rows.map((r) => r[1])).toEqual(['已开放不可删']);
    expect(sheet.rows[0]![15]).toBe('报名中');
    // The area by its centre's name, as the other exports write it (not the code).
    expect(sheet.headers[3]).toBe('所属区域');
    expect(sheet.rows[0]![3]).toBe('广州区域中心');
  });
});
