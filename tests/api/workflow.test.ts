import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  routeSteps,
  type BusinessType,
  type Step,
} from '../../machines/businessTypes.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { application, applicationHistory, sysConfig, sysUser } from '../../server/db/schema.js';
import {
  createApplication,
  loadApplication,
  preloadApplication,
  preloadedApplication,
} from '../../server/workflow/store.js';
import { resolveSessionWith } from '../../server/modules/auth/session.service.js';
import { parsePayload } from '../../server/modules/business/payloads.js';
import { eligibleSubject } from '../helpers/subjects.js';

let t: TestApp;
// `as(user)`: the user's token, signed in on first use.
const { token: as } = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const STAFF: Record<Step, string> = { sl: 'gz_sl', cb: 'gz_cb', cs: 'gz_cs', sh: 'gz_sh', sp: 'gz_sp', bj: 'gz_bj' };

/**
 * A saved application of ent_gz about a subject the business rules accept; for routes with a person
 * check, the demo account `holder` is made the subject's account so that it confirms.
 */
async function newApplication(type: BusinessType, holder = 'person1') {
  const [ent] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
  const subject = await eligibleSubject(t, type);
  const [h] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, holder));
  if (BUSINESS_ROUTES[type].personCheck && subject.personId) {
    await t.database.db.update(sysUser).set({ personId: null }).where(eq(sysUser.personId, subject.personId));
    await t.database.db.update(sysUser).set({ personId: subject.personId }).where(eq(sysUser.userId, h.userId));
  }
  const payload = parsePayload(type, subject.payload);
  if (!payload.ok) throw new Error(payload.msg);
  const row = await t.database.db.transaction((tx) =>
    createApplication(t.app.ctx, tx, {
      businessType: type,
      applicantUserId: ent.userId,
      enterpriseId: ent.enterpriseId,
      personId: subject.personId,
      holderUserId: BUSINESS_ROUTES[type].personCheck ? h.userId : null,
      certificateId: subject.certificateId,
      payload: payload.value as Record<string, unknown>,
    }),
  );
  return row.id;
}

const detail = async (user: string, id: number) =>
  (await t.call(await as(user), { url: `/api/workflow/${id}` })).json().data;
async function send(user: string, id: number, type: string, opts: { comment?: string; version?: number } = {}) {
  const version = opts.version ?? (await detail(user, id)).version;
  return t.call(await as(user), {
    method: 'POST',
    url: `/api/workflow/${id}/events`,
    payload: { type, version, comment: opts.comment ?? '同意' },
  });
}
async function expectOk(user: string, id: number, type: string, comment?: string) {
  const res = await send(user, id, type, { comment });
  expect(res.statusCode, `${user} ${type}: ${res.body}`).toBe(200);
  return res.json().data;
}
async function snapshotOf(id: number) {
  const [row] = await t.database.db.select().from(application).where(eq(application.id, id));
  const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id));
  return { row: JSON.stringify(row), history: history.length };
}

describe('every business-type route, through the HTTP API', () => {
  for (const type of BUSINESS_TYPES) {
    it(`${type}: submit${BUSINESS_ROUTES[type].personCheck ? ', holder confirms' : ''}, every step agrees, closed approved`, async () => {
      const id = await newApplication(type);
      expect((await detail('ent_gz', id)).allowedEvents).toEqual(['SAVE', 'SUBMIT', 'DELETE']);
      let d = await expectOk('ent_gz', id, 'SUBMIT');
      let version = 1;
      expect(d.version).toBe(version);
      if (BUSINESS_ROUTES[type].personCheck) {
        expect(d.status).toBe(0);
        expect((await detail('person1', id)).allowedEvents).toEqual(['CONFIRM', 'DECLINE']);
        d = await expectOk('person1', id, 'CONFIRM');
        version += 1;
      }
      expect(d).toMatchObject({ status: 2, step: 'sl', version });
      expect((await detail('gz_sl', id)).allowedEvents).toEqual(['AGREE', 'DISAGREE', 'RETURN']);
      const steps = routeSteps(BUSINESS_ROUTES[type].middleSteps);
      for (const [i, step] of steps.entries()) {
        // The others at this step cannot act; the previous step's actor may withdraw until this step acts.
        if (i > 0) expect((await detail(STAFF[steps[i - 1]], id)).allowedEvents).toContain('WITHDRAW');
        // The same event from the wrong people, or with a stale version, is refused and changes nothing.
        const before = await snapshotOf(id);
        const otherStep = (Object.keys(STAFF) as Step[]).find((s) => s !== step && !(i > 0 && s === steps[i - 1]))!;
        for (const wrong of [STAFF[otherStep], 'sz_staff', 'ent_gz', 'person2']) {
          expect((await send(wrong, id, 'AGREE', { version })).statusCode, `${wrong} at ${step}`).toBe(403);
        }
        expect((await send(STAFF[step], id, 'AGREE', { version: version - 1 })).statusCode).toBe(409);
        expect(await snapshotOf(id)).toEqual(before);
        d = await expectOk(STAFF[step], id, 'AGREE', '材料齐全，符合要求，同意');
        version += 1;
        expect(d.version).toBe(version);
        // The answer carries the history row this event wrote, not the whole history again.
        expect(d.entry).toMatchObject({
          version,
          event: 'AGREE',
          resultCode: 1,
          step,
          comment: '材料齐全，符合要求，同意',
        });
        expect(d).not.toHaveProperty('history');
        if (i < steps.length - 1) expect(d).toMatchObject({ status: 3, step: steps[i + 1] });
      }
      expect(d).toMatchObject({ status: 8, step: 'bj', outcome: 'approved', allowedEvents: [] });
      const closed = await detail('ent_gz', id);
      expect(closed.history).toHaveLength(version);
      expect(closed.history.at(-1)).toEqual(d.entry);
      d = closed;
      expect(d.history.map((h: { event: string }) => h.event).at(-1)).toBe('AGREE');
      expect(
        d.history.every((h: { resultCode: number | null; event: string }) => h.event !== 'AGREE' || h.resultCode === 1),
      ).toBe(true);
      const audit = (await t.call(await as('gz_bj'), { url: `/api/workflow/${id}/audit` })).json().data;
      expect(audit.consistent).toBe(true);
    });
  }
});

describe('the other transitions of the full route', () => {
  it('RETURN at 受理 sends the item back to the applicant with the comment (补正)', async () => {
    const id = await newApplication('newCert');
    await expectOk('ent_gz', id, 'SUBMIT');
    const d = await expectOk('gz_sl', id, 'RETURN', '请补正学历证明材料');
    expect(d).toMatchObject({ status: 1, step: null });
    expect(d.entry).toMatchObject({ event: 'RETURN', resultCode: 4, comment: '请补正学历证明材料' });
    expect((await detail('ent_gz', id)).allowedEvents).toContain('SUBMIT');
  });

  it('DISAGREE at 受理 ends the item as 不予以受理办结 (status 4)', async () => {
    const id = await newApplication('newCert');
    await expectOk('ent_gz', id, 'SUBMIT');
    const d = await expectOk('gz_sl', id, 'DISAGREE', '不符合申请条件');
    expect(d).toMatchObject({ status: 4, outcome: 'denied', allowedEvents: [] });
  });

  it('RETURN at a middle step goes to the previous step; the previous actor may WITHDRAW before the next acts', async () => {
    const id = await newApplication('newCert');
    await expectOk('ent_gz', id, 'SUBMIT');
    await expectOk('gz_sl', id, 'AGREE');
    await expectOk('gz_cb', id, 'AGREE');
    let d = await expectOk('gz_cs', id, 'RETURN', '请承办人核实工作年限');
    expect(d).toMatchObject({ status: 3, step: 'cb' });
    d = await expectOk('gz_cb', id, 'AGREE');
    expect(d.step).toBe('cs');
    d = await expectOk('gz_cb', id, 'WITHDRAW', '撤回修改意见');
    expect(d).toMatchObject({ step: 'cb' });
    expect(d.entry).toMatchObject({ event: 'WITHDRAW', resultCode: 3 });
  });

  it('DISAGREE at a middle step goes to 办结 with the outcome denied, and closes denied', async () => {
    const id = await newApplication('modify');
    await expectOk('ent_gz', id, 'SUBMIT');
    await expectOk('person1', id, 'CONFIRM');
    await expectOk('gz_sl', id, 'AGREE');
    let d = await expectOk('gz_sh', id, 'DISAGREE', '变更事项证明材料不足');
    expect(d).toMatchObject({ step: 'bj', status: 3 });
    d = await expectOk('gz_bj', id, 'AGREE');
    expect(d).toMatchObject({ status: 8, outcome: 'denied' });
  });

  it("the holder can decline: back to the enterprise with the holder's comment", async () => {
    const id = await newApplication('delay', 'person2');
    await expectOk('ent_gz', id, 'SUBMIT');
    expect((await send('person1', id, 'CONFIRM', { version: (await detail('ent_gz', id)).version })).statusCode).toBe(
      403,
    );
    const d = await expectOk('person2', id, 'DECLINE', '本人已离职，不同意延期');
    expect(d.status).toBe(1);
    expect((await detail('ent_gz', id)).history.at(-1).comment).toBe('本人已离职，不同意延期');
  });

  it('the applicant can withdraw before 受理 and delete a saved item', async () => {
    const id = await newApplication('rename');
    await expectOk('ent_gz', id, 'SUBMIT');
    await expectOk('ent_gz', id, 'WITHDRAW', '撤回修改');
    await expectOk('ent_gz', id, 'DELETE', '不再申请');
    expect((await t.call(await as('ent_gz'), { url: `/api/workflow/${id}` })).statusCode).toBe(404);
  });
});

describe('refusals change nothing', () => {
  it('wrong role, wrong area, the applicant, an outsider, a stale version and bad bodies', async () => {
    const id = await newApplication('newCert');
    await expectOk('ent_gz', id, 'SUBMIT');
    const before = await snapshotOf(id);
    const { version } = await detail('gz_sl', id);

    const wrongRole = await send('gz_cb', id, 'AGREE', { version });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().msg).toBe('您没有办理该环节的权限');
    const wrongArea = await send('sz_staff', id, 'AGREE', { version });
    expect(wrongArea.statusCode).toBe(403);
    const applicant = await send('ent_gz', id, 'AGREE', { version });
    expect(applicant.statusCode).toBe(403);
    expect((await send('ent_sz', id, 'WITHDRAW', { version })).statusCode).toBe(403);

    const stale = await send('gz_sl', id, 'AGREE', { version: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被他人更新，请刷新后重试');
    const notNow = await send('gz_sl', id, 'CONFIRM', { version });
    expect(notNow.statusCode).toBe(403);
    const submitAgain = await send('ent_gz', id, 'SUBMIT', { version });
    expect(submitAgain.statusCode).toBe(409);
    expect(submitAgain.json().msg).toBe('当前状态不允许该操作');

    const token = await as('gz_sl');
    const badType = await t.call(token, {
      method: 'POST',
      url: `/api/workflow/${id}/events`,
      payload: { type: 'APPROVE', version },
    });
    expect(badType.json()).toMatchObject({ code: 400, field: 'type' });
    const noVersion = await t.call(token, {
      method: 'POST',
      url: `/api/workflow/${id}/events`,
      payload: { type: 'AGREE' },
    });
    expect(noVersion.json()).toMatchObject({ code: 400, field: 'version' });
    const noComment = await t.call(token, {
      method: 'POST',
      url: `/api/workflow/${id}/events`,
      payload: { type: 'RETURN', version },
    });
    expect(noComment.json()).toMatchObject({ code: 400, field: 'comment', msg: '请填写意见' });
    expect(
      (
        await t.call(token, {
          method: 'POST',
          url: '/api/workflow/999999/events',
          payload: { type: 'AGREE', version: 0 },
        })
      ).statusCode,
    ).toBe(404);

    expect(await snapshotOf(id)).toEqual(before);
  });

  it('another centre cannot even see the item', async () => {
    const id = await newApplication('newCert');
    expect((await t.call(await as('sz_staff'), { url: `/api/workflow/${id}` })).statusCode).toBe(403);
    expect((await t.call(await as('ent_sz'), { url: `/api/workflow/${id}` })).statusCode).toBe(403);
    expect((await t.call(await as('gz_sl'), { url: `/api/workflow/${id}` })).statusCode).toBe(200);
    // The provincial administrator oversees every centre but acts at no step.
    const province = (await t.call(await as('province'), { url: `/api/workflow/${id}` })).json().data;
    expect(province.allowedEvents).toEqual([]);
  });
});

describe('queues', () => {
  it('show each centre its own area, with the statutory deadline', async () => {
    const rows = async (user: string, queue: string, q = '') =>
      (await t.call(await as(user), { url: `/api/workflow/queue/${queue}?pageSize=30${q}` })).json();
    const gz = await rows('gz_sl', 'waitAccept', '&businessType=newCert');
    expect(gz.total).toBeGreaterThanOrEqual(2);
    expect(gz.rows.every((r: { area: string; status: number }) => r.area === '1' && r.status === 2)).toBe(true);
    const sz = await rows('sz_staff', 'waitAccept', '&businessType=newCert');
    expect(sz.rows.every((r: { area: string }) => r.area === '2')).toBe(true);
    expect(sz.total).toBeGreaterThanOrEqual(2);
    const review = await rows('gz_cs', 'waitReview');
    expect(review.rows.every((r: { step: string }) => r.step === 'cs')).toBe(true);
    const accepted = await rows('gz_sl', 'accepted');
    expect(accepted.rows.length).toBeGreaterThan(0);
    expect(
      accepted.rows.some(
        (r: { deadline: string | null; daysLeft: number | null }) => r.deadline && typeof r.daysLeft === 'number',
      ),
    ).toBe(true);
    const reviewed = await rows('gz_sh', 'reviewed');
    expect(reviewed.total).toBeGreaterThan(0);
    const print = await rows('gz_bj', 'printWait');
    expect(
      print.rows.every(
        (r: { outcome: string; businessType: string }) =>
          r.outcome === 'approved' && BUSINESS_ROUTES[r.businessType as BusinessType].printsCertificate,
      ),
    ).toBe(true);
  });

  it('have at least two items in every queue of every area for every business type', async () => {
    for (const [user, area] of [
      ['gz_sl', '1'],
      ['sz_staff', '2'],
      ['prov_staff', '3'],
    ] as const) {
      for (const type of BUSINESS_TYPES) {
        for (const queue of ['waitAccept', 'accepted']) {
          const res = (
            await t.call(await as(user), { url: `/api/workflow/queue/${queue}?businessType=${type}` })
          ).json();
          // Each area has one demo enterprise with one rename done and one waiting (one at a time); the
          // tests above took ent_gz's waiting one out of the way to file their own.
          const least = type !== 'rename' ? 2 : queue === 'accepted' ? 1 : 0;
          expect(res.total, `${area} ${type} ${queue}`).toBeGreaterThanOrEqual(least);
        }
      }
    }
  });

  it('give every step of every centre a rename to review: other enterprises of the area, each with its own account', async () => {
    for (const [area, users] of [
      ['1', ['gz_cs', 'gz_sh', 'gz_sp', 'gz_bj']],
      ['2', ['sz_staff']],
      ['3', ['prov_staff']],
    ] as const) {
      for (const user of users) {
        const res = (
          await t.call(await as(user), { url: '/api/workflow/queue/waitReview?businessType=rename&pageSize=30' })
        ).json();
        const steps = new Set(res.rows.map((r: { step: string }) => r.step));
        const expected = user.endsWith('_staff') ? ['cs', 'sh', 'sp', 'bj'] : [user.slice(3)];
        expect([...steps].sort(), `${user} rename steps`).toEqual([...expected].sort());
        expect(res.rows.every((r: { area: string }) => r.area === area)).toBe(true);
      }
    }
    // Filed by the renaming enterprise's own user, who sees it in their list.
    const res = (await t.call(await as('gz_sh'), { url: '/api/workflow/queue/waitReview?businessType=rename' })).json();
    const item = (await t.call(await as('ent_gz3'), { url: '/api/workflow/queue/mine' })).json();
    expect(item.rows.map((r: { id: number }) => r.id)).toContain(res.rows[0].id);
  });

  it('give the holders with accounts a confirmation waiting on every confirmation page, and person1 their earlier business', async () => {
    const waiting: Array<[string, BusinessType]> = [
      ['person2', 'modify'],
      ['person3', 'delay'],
      ['person4', 'inner'],
      ['person5', 'inProvince'],
      ['person6', 'outProvince'],
      ['person7', 'revocation'],
    ];
    for (const [user, type] of waiting) {
      const mine = (await t.call(await as(user), { url: `/api/workflow/queue/mine?businessType=${type}` })).json();
      // Status 0: waiting for the holder's confirmation.
      const open = mine.rows.filter((r: { status: number }) => r.status === 0);
      expect(open.length, `${user} ${type}`).toBe(1);
      const todos = (await t.call(await as(user), { url: '/api/system/sysTodo/list' })).json();
      expect(
        todos.rows.some((r: { mc: string }) => r.mc.endsWith(open[0].applyNo)),
        `${user} to-do`,
      ).toBe(true);
    }
    // person1 confirmed a delay and a change that the centre did not accept: closed, nothing waiting.
    for (const type of ['delay', 'modify']) {
      const mine = (await t.call(await as('person1'), { url: `/api/workflow/queue/mine?businessType=${type}` })).json();
      // Status 4: 不予受理.
      const earlier = mine.rows.filter((r: { status: number }) => r.status === 4);
      expect(earlier.length, `person1 ${type}`).toBeGreaterThanOrEqual(1);
    }
  });

  it('name the statutory time limits as the system parameters set them (20 and 5 when unset or invalid)', async () => {
    const limits = async () => (await t.call(await as('gz_sl'), { url: '/api/workflow/deadlines' })).json().data;
    expect(await limits()).toEqual({ reviewDays: 20, modifyDays: 5 });
    const set = (value: string) =>
      t.database.db
        .update(sysConfig)
        .set({ configValue: value })
        .where(eq(sysConfig.configKey, 'biz.modify.deadlineWorkingDays'));
    await set('7');
    expect(await limits()).toEqual({ reviewDays: 20, modifyDays: 7 });
    await set('seven');
    expect(await limits()).toEqual({ reviewDays: 20, modifyDays: 5 });
    await set('5');
  });

  it("show the queues' deadlines by the review limit the system parameters set", async () => {
    type Row = { id: number; businessType: string; deadline: string | null };
    const accepted = async (): Promise<Row[]> =>
      (await t.call(await as('gz_sl'), { url: '/api/workflow/queue/accepted?pageSize=30' })).json().rows;
    const setReviewDays = (value: string) =>
      t.database.db
        .update(sysConfig)
        .set({ configValue: value })
        .where(eq(sysConfig.configKey, 'biz.review.deadlineWorkingDays'));
    const before = (await accepted()).filter((r) => r.businessType !== 'modify' && r.deadline);
    expect(before.length).toBeGreaterThan(0);
    await setReviewDays('40');
    try {
      const after = new Map((await accepted()).map((r) => [r.id, r.deadline]));
      // Twenty more working days: every such deadline is later than it was.
      for (const r of before) expect(after.get(r.id)! > r.deadline!, `${r.id}`).toBe(true);
    } finally {
      await setReviewDays('20');
    }
  });

  it('refuse users without a part in them, and search by keyword', async () => {
    expect((await t.call(await as('ent_gz'), { url: '/api/workflow/queue/waitAccept' })).statusCode).toBe(403);
    expect((await t.call(await as('gz_cb'), { url: '/api/workflow/queue/waitAccept' })).statusCode).toBe(403);
    const all = (await t.call(await as('province'), { url: '/api/workflow/queue/waitAccept?pageSize=30' })).json();
    expect(new Set(all.rows.map((r: { area: string }) => r.area)).size).toBeGreaterThan(1);
    const one = all.rows[0];
    const hit = (
      await t.call(await as('province'), { url: `/api/workflow/queue/waitAccept?keyword=${one.applyNo}` })
    ).json();
    expect(hit.rows.map((r: { id: number }) => r.id)).toEqual([one.id]);
    // By the holder's name: every row found has it.
    const held = all.rows.find((r: { holderName: string | null }) => r.holderName);
    const byHolder = (
      await t.call(await as('province'), {
        url: `/api/workflow/queue/waitAccept?pageSize=30&keyword=${encodeURIComponent(held.holderName)}`,
      })
    ).json();
    expect(byHolder.rows.map((r: { id: number }) => r.id)).toContain(held.id);
    expect(
      byHolder.rows.every((r: { holderName: string | null; applyNo: string; enterpriseName: string | null }) =>
        [r.holderName, r.applyNo, r.enterpriseName].some((v) => v?.includes(held.holderName)),
      ),
    ).toBe(true);
    const bad = await t.call(await as('province'), { url: '/api/workflow/queue/nowhere' });
    expect(bad.statusCode).toBe(404);
  });

  it('seeded demo items replay to their stored snapshot', async () => {
    // Demo items still there (tests above delete some of theirs), the same ones on every run.
    const sample = await t.database.db
      .select({ id: application.id })
      .from(application)
      .where(eq(application.deleted, false))
      .orderBy(asc(application.id))
      .limit(15);
    for (const { id } of sample) {
      const res = await t.call(await as('province'), { url: `/api/workflow/${id}/audit` });
      if (res.statusCode === 403) continue;
      expect(res.statusCode, `application ${id}: ${res.body}`).toBe(200);
      expect(res.json().data.consistent, `application ${id}`).toBe(true);
    }
  });
});

describe('the machine definitions for the client', () => {
  it('are served with the business routes', async () => {
    const res = (await t.call(await as('gz_sl'), { url: '/api/workflow/machines' })).json();
    expect(res.data.application.id).toBe('application');
    expect(Object.keys(res.data.routes)).toHaveLength(9);
  });
});

describe('two reviewers at once', () => {
  it('20 concurrent AGREE with the same version: exactly one succeeds, the rest get 409, one history row', async () => {
    const id = await newApplication('newCert');
    await expectOk('ent_gz', id, 'SUBMIT');
    const { version } = await detail('gz_sl', id);
    const token = await as('gz_sl');
    const historyBefore = (await snapshotOf(id)).history;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(token, {
          method: 'POST',
          url: `/api/workflow/${id}/events`,
          payload: { type: 'AGREE', version, comment: '同意' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect((await snapshotOf(id)).history).toBe(historyBefore + 1);
    expect((await detail('gz_sl', id)).version).toBe(version + 1);
  });
});

describe('my applications', () => {
  it('lists what the enterprise filed and what the holder must confirm, and nothing of others', async () => {
    const id = await newApplication('delay', 'person2');
    await expectOk('ent_gz', id, 'SUBMIT');
    const mine = async (user: string, q = '') =>
      (await t.call(await as(user), { url: `/api/workflow/queue/mine?pageSize=30${q}` })).json();
    const ent = await mine('ent_gz', '&businessType=delay');
    expect(ent.rows.some((r: { id: number }) => r.id === id)).toBe(true);
    const holder = await mine('person2', '&businessType=delay');
    const row = holder.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ status: 0 });
    expect((await mine('ent_sz')).rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await mine('person1')).rows.some((r: { id: number }) => r.id === id)).toBe(false);
  });
});

describe('the application read with the session (RouteAccess.preload)', () => {
  it('is the row a read on its own gives; a missing one is a 404; an id written otherwise is read as before', async () => {
    const id = await newApplication('newCert');
    await expectOk('ent_gz', id, 'SUBMIT');
    const token = await as('gz_sl');
    const preload = preloadApplication({ id: String(id) });
    expect(preload).not.toBeNull();
    const { preloaded } = await resolveSessionWith(t.app.ctx, token, preload);
    expect(preloadedApplication({ param: preload!.param, row: preloaded }, id)).toEqual(
      await loadApplication(t.database.db, id),
    );
    // Nothing read for another id, or for an id that is not a plain number.
    expect(preloadedApplication({ param: preload!.param, row: preloaded }, id + 1)).toBeNull();
    for (const odd of ['0', '007', '-1', '1e3', '99999999999', ' 5'])
      expect(preloadApplication({ id: odd })).toBeNull();

    expect((await t.call(token, { url: '/api/workflow/2147483000' })).statusCode).toBe(404);
    const padded = await t.call(token, { url: `/api/workflow/00${id}` });
    const plain = await t.call(token, { url: `/api/workflow/${id}` });
    expect(padded.statusCode).toBe(plain.statusCode);
    expect(plain.statusCode).toBe(200);
    expect(padded.json().data).toEqual(plain.json().data);
  });
});
