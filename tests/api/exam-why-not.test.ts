/**
 * A move the centre cannot make yet says why (issue #47 item 7): each batch row carries, beside the
 * events the caller may send now, those the caller could send but the machine refuses now, with the
 * refusal's words and the batch's own numbers — results before the exam, 已考试 before the exam day
 * or with sign-ups waiting, publishing before every result is in.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { addDays, chinaDate, chinaDayStart } from '../../server/lib/days.js';

let t: TestApp;
const { get, post, tokens } = apiSuite({
  ready: (app) => {
    t = app;
  },
});

interface Batch {
  id: number;
  state: string;
  version: number;
  examDay: string;
  pending: number;
  accepted: number;
  events: string[];
  blocked: { event: string; reason: string }[];
}

const open = async (): Promise<Batch> => {
  const rows = (await get('gz_sl', '/api/exam/batch/list?pageNum=1&pageSize=100')).json().rows as Batch[];
  return rows.find((b) => b.state === 'open' && b.pending > 0)!;
};
const batch = async (id: number): Promise<Batch> => (await get('gz_sl', `/api/exam/batch/get/${id}`)).json().data;
const reason = (b: Batch, event: string) => b.blocked.find((x) => x.event === event)?.reason;

describe('a disabled move explains itself', () => {
  it('before the exam, results wait for it; a closed batch is not 已考试 before its day nor while sign-ups wait; publishing waits for every result', async () => {
    let b = await open();
    expect(b, 'the demo has an open batch with sign-ups waiting').toBeDefined();
    expect(reason(b, 'ENTER_RESULT')).toBe(`考试日期为 ${b.examDay}，报名截止、考试举行并登记为已考试后方可录入成绩`);
    // Not listed: what the caller may do now, and what an enterprise or another centre could not do anyway.
    expect(b.blocked.map((x) => x.event)).not.toContain('CLOSE');
    const forEnterprise = ((await get('ent_gz', '/api/exam/batch/options')).json().data as Batch[]).find(
      (x) => x.id === b.id,
    )!;
    expect(forEnterprise.blocked.map((x) => x.event)).not.toContain('HOLD');
    expect(forEnterprise.blocked.map((x) => x.event)).not.toContain('ENTER_RESULT');

    expect(
      (await post('gz_sl', `/api/exam/batch/event/${b.id}`, { type: 'CLOSE', version: b.version })).statusCode,
    ).toBe(200);
    b = await batch(b.id);
    expect(b.events).not.toContain('HOLD');
    expect(reason(b, 'HOLD')).toBe(
      `考试日期（${b.examDay}）未到，不能登记为已考试；尚有 ${b.pending} 条报名未审核，请先审核`,
    );
    expect(reason(b, 'ENTER_RESULT')).toBe(`成绩须在登记为已考试后录入：${reason(b, 'HOLD')}`);

    // The exam day comes: only the sign-ups waiting stand in the way.
    t.clock.set(chinaDayStart(addDays(b.examDay, 0)));
    expect(chinaDate(t.clock.now())).toBe(b.examDay);
    // Weeks later: the session has ended, sign in again.
    delete tokens.gz_sl;
    b = await batch(b.id);
    expect(reason(b, 'HOLD')).toBe(`尚有 ${b.pending} 条报名未审核，请先审核`);
    const waiting = (
      (await get('gz_sl', `/api/exam/sign/list?batchId=${b.id}&status=pending&pageNum=1&pageSize=100`)).json().rows as {
        id: number;
      }[]
    ).map((s) => s.id);
    expect((await post('gz_sl', '/api/exam/sign/review', { action: 'accept', ids: waiting })).json().data.failed).toBe(
      0,
    );
    b = await batch(b.id);
    expect(b.events).toContain('HOLD');
    expect(reason(b, 'HOLD')).toBeUndefined();
    expect(reason(b, 'ENTER_RESULT')).toBe('请先将批次登记为已考试，再录入成绩');

    expect(
      (await post('gz_sl', `/api/exam/batch/event/${b.id}`, { type: 'HOLD', version: b.version })).statusCode,
    ).toBe(200);
    b = await batch(b.id);
    expect(b.events).toContain('ENTER_RESULT');
    expect(reason(b, 'PUBLISH')).toBe(`尚有 ${b.accepted} 名考生未录入成绩，不能发布`);
  });
});
