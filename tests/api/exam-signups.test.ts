/**
 * Sign-ups through the API: an enterprise signs its employees up for an open batch of its area;
 * each new-certificate precondition refuses with its reason; once per batch and category; the
 * window and the capacity hold, also for 20 sign-ups at once; the centre accepts (ticket and seat)
 * or refuses with a reason, the enterprise withdraws; every caller sees their own scope; tickets
 * print as PDFs (rendered and read back) whose QR code opens a masked public check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { addDays } from '../../server/lib/days.js';
import { examSignup, person, personalDataAccess, punishment, sysUser } from '../../server/db/schema.js';
import { A4 } from '../../server/lib/pdf/certificate.js';
import { TICKET_NAME_BOX } from '../../server/lib/pdf/examTicket.js';
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
const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safecert-ticket-'));

let entGz: number;
let entSz: number;
let batch: { id: number; batchNo: string };

beforeAll(async () => {
  entGz = await enterpriseOf(t, 'ent_gz');
  entSz = await enterpriseOf(t, 'ent_sz');
  batch = await openBatch(api, 'gz_sl', batchTerms(todayOf(t), { name: '报名测试批次' }));
});

const signUp = (user: string, personId: number, batchId = batch.id, position = '08') =>
  api.post(user, '/api/exam/sign/save', { batchId, personId, position });

describe('signing up', () => {
  it('an enterprise signs up a qualified employee: pending, its row lets the enterprise withdraw and the centre review', async () => {
    const p = await addCandidate(t, { enterpriseId: entGz, name: '报名甲' });
    const check = await okJson(
      api,
      'ent_gz',
      'GET',
      `/api/exam/sign/check?batchId=${batch.id}&personId=${p.id}&position=08`,
    );
    expect(check).toMatchObject({ code: 0, errorMsg: null });
    const res = await signUp('ent_gz', p.id);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      status: 'pending',
      statusLabel: '待审核',
      category: 'C3',
      name: '报名甲',
      enterpriseId: entGz,
      ticketNo: null,
      actions: ['withdraw'],
    });
    expect(s.idNo).toBe(`${p.idNo.slice(0, 3)}***********${p.idNo.slice(-4)}`);
    const forCentre = (
      await okJson(
        api,
        'gz_sl',
        'GET',
        `/api/exam/sign/list?batchId=${batch.id}&keyword=${encodeURIComponent('报名甲')}`,
      )
    ).rows;
    expect(forCentre).toHaveLength(1);
    expect(forCentre[0].actions).toEqual(['accept', 'refuse']);

    const twice = await signUp('ent_gz', p.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toContain('同一批次同一类别只能报名一次');
  });

  it('refuses each precondition with its rule and reason, writing nothing', async () => {
    const [other] = await t.database.db
      .select({ enterpriseId: sysUser.enterpriseId })
      .from(sysUser)
      .where(eq(sysUser.userName, 'ent_prov'));
    const banned = await addCandidate(t, { enterpriseId: entGz });
    await t.database.db.insert(punishment).values({
      personId: banned.id,
      type: '吊销',
      docNo: '粤建罚〔2026〕9号',
      reason: '提供虚假材料取得证书',
      startDate: addDays(todayOf(t), -30),
      banUntil: addDays(todayOf(t), 335),
      banYears: 1,
    });
    const cases: Array<[string, Awaited<ReturnType<typeof addCandidate>>, number, string]> = [
      ['under 18', await addCandidate(t, { enterpriseId: entGz, age: 17 }), 17, '未满 18 周岁'],
      ['at the C age limit', await addCandidate(t, { enterpriseId: entGz, age: 60 }), 5, '超过年龄限制'],
      ['banned', banned, 16, '禁止考核期'],
      [
        'no education nor title',
        await addCandidate(t, { enterpriseId: entGz, education: '06', title: null }),
        11,
        '中专（高中）及以上文化程度',
      ],
      ['no employment record', await addCandidate(t, { enterpriseId: entGz, employment: 'none' }), 6, '三库'],
      [
        'employer mismatch',
        await addCandidate(t, { enterpriseId: entGz, employment: 'mismatch', otherEnterpriseId: other!.enterpriseId! }),
        7,
        '三库',
      ],
      ['one year of work', await addCandidate(t, { enterpriseId: entGz, workYears: 1 }), 12, '2 年及以上'],
    ];
    for (const [why, p, code, words] of cases) {
      const res = await signUp('ent_gz', p.id);
      expect(res.statusCode, `${why}: ${res.body}`).toBe(422);
      expect(res.json().code, why).toBe(code);
      expect(res.json().msg, why).toContain(words);
      const check = await okJson(
        api,
        'ent_gz',
        'GET',
        `/api/exam/sign/check?batchId=${batch.id}&personId=${p.id}&position=08`,
      );
      expect(check, why).toMatchObject({ code, data: null });
      expect(check.errorMsg).toContain(words);
    }
    const written = await t.database.db
      .select()
      .from(examSignup)
      .where(
        inArray(
          examSignup.personId,
          cases.map(([, p]) => p.id),
        ),
      );
    expect(written).toEqual([]);
  });

  it('refuses the wrong caller, person, batch or moment', async () => {
    const p = await addCandidate(t, { enterpriseId: entGz });
    const szPerson = await addCandidate(t, { enterpriseId: entSz });
    expect((await signUp('ent_gz', szPerson.id)).statusCode).toBe(403);
    expect((await signUp('ent_sz', szPerson.id)).statusCode).toBe(403);
    expect((await signUp('gz_sl', p.id)).statusCode).toBe(403);
    expect((await signUp('person2', p.id)).statusCode).toBe(403);
    const missing = await signUp('ent_gz', 99_999_999);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('personId');
    const badPosition = await signUp('ent_gz', p.id, batch.id, '7');
    expect(badPosition.statusCode).toBe(400);
    expect(badPosition.json().field).toBe('position');

    const draft = (
      await okJson(api, 'gz_sl', 'POST', '/api/exam/batch/save', batchTerms(todayOf(t), { name: '未开放批次' }))
    ).data;
    expect((await signUp('ent_gz', p.id, draft.id)).statusCode).toBe(404);
    const closed = await openBatch(api, 'gz_sl', batchTerms(todayOf(t), { name: '已截止批次' }));
    expect((await batchEvent(api, 'gz_sl', closed.id, 'CLOSE')).statusCode).toBe(200);
    const late = await signUp('ent_gz', p.id, closed.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain('不接受报名');
    // After the window the open batch takes no sign-up either.
    await daysLater(t, api, 21, async () => {
      const res = await signUp('ent_gz', p.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toContain('不在报名时间内');
    });
  });

  it('20 sign-ups at once for 5 seats: exactly 5 are taken, the others are told it is full', async () => {
    const full = await openBatch(api, 'gz_sl', batchTerms(todayOf(t), { name: '名额测试批次', capacity: 5 }));
    const people = [];
    for (let i = 0; i < 20; i++) people.push(await addCandidate(t, { enterpriseId: entGz, name: `并发考生${i}` }));
    await api.token('ent_gz');
    const answers = await Promise.all(people.map((p) => signUp('ent_gz', p.id, full.id)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().msg).toBe('报名人数已满（上限 5 人）');
    const rows = await t.database.db.select().from(examSignup).where(eq(examSignup.batchId, full.id));
    expect(rows).toHaveLength(5);
    const view = (await okJson(api, 'gz_sl', 'GET', `/api/exam/batch/get/${full.id}`)).data;
    expect(view).toMatchObject({ pending: 5, seatsLeft: 0 });
    const forEnt = (await okJson(api, 'ent_gz', 'GET', '/api/exam/batch/options')).data.find(
      (b: { id: number }) => b.id === full.id,
    );
    expect(forEnt.events).not.toContain('SIGN_UP');
    // A withdrawal frees a seat.
    const withdrawn = await api.post('ent_gz', '/api/exam/sign/withdraw', { ids: [rows[0]!.id] });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const late = people.find((p) => !rows.some((r) => r.personId === p.id))!;
    expect((await signUp('ent_gz', late.id, full.id)).statusCode).toBe(200);
  });
});

describe('review', () => {
  const signed: number[] = [];
  beforeAll(async () => {
    for (const name of ['审核甲', '审核乙', '审核丙', '审核丁']) {
      const p = await addCandidate(t, { enterpriseId: entGz, name });
      signed.push(
        (
          await okJson(api, 'ent_gz', 'POST', '/api/exam/sign/save', {
            batchId: batch.id,
            personId: p.id,
            position: '08',
          })
        ).data.id,
      );
    }
  });

  it('the centre accepts: each gets a unique ticket number and seat; another centre may not; a decided sign-up is not decided again', async () => {
    expect((await api.post('sz_staff', '/api/exam/sign/accept', { ids: [signed[0]] })).statusCode).toBe(403);
    expect((await api.post('ent_gz', '/api/exam/sign/accept', { ids: [signed[0]] })).statusCode).toBe(403);
    const res = await api.post('gz_sl', '/api/exam/sign/accept', { ids: [signed[0], signed[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.count).toBe(2);
    const rows = await t.database.db
      .select()
      .from(examSignup)
      .where(inArray(examSignup.id, [signed[0]!, signed[1]!]));
    const digits = batch.batchNo.replace(/\D/g, '');
    expect(rows.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect(new Set(rows.map((r) => r.ticketNo)).size).toBe(2);
    for (const r of rows) {
      expect(r.ticketNo).toMatch(new RegExp(`^${digits}\\d{4}$`));
      expect(r.seatNo).toMatch(/^\d{2}-\d{2}$/);
      expect(r.verifyCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    }
    const again = await api.post('gz_sl', '/api/exam/sign/accept', { ids: [signed[0]] });
    expect(again.statusCode).toBe(409);
    const entView = (await okJson(api, 'ent_gz', 'GET', `/api/exam/sign/list?batchId=${batch.id}&status=accepted`))
      .rows;
    expect(entView.find((r: { id: number }) => r.id === signed[0]).actions).toEqual(['print']);
  });

  it('refusing needs a reason, which the enterprise reads; the enterprise withdraws its pending sign-up, no one else', async () => {
    const none = await api.post('gz_sl', '/api/exam/sign/refuse', { ids: [signed[2]] });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('reason');
    expect(
      (await api.post('gz_sl', '/api/exam/sign/refuse', { ids: [signed[2]], reason: '学历证明与人员库不一致' }))
        .statusCode,
    ).toBe(200);
    const refused = (await okJson(api, 'ent_gz', 'GET', `/api/exam/sign/get/${signed[2]}`)).data;
    expect(refused).toMatchObject({ status: 'refused', refuseReason: '学历证明与人员库不一致', actions: [] });
    expect(refused.reviewerName).toBe('陈丽娟');

    expect((await api.post('ent_sz', '/api/exam/sign/withdraw', { ids: [signed[3]] })).statusCode).toBe(403);
    expect((await api.post('ent_gz', '/api/exam/sign/withdraw', { ids: [signed[0]] })).statusCode).toBe(409);
    expect((await api.post('ent_gz', '/api/exam/sign/withdraw', { ids: [signed[3]] })).statusCode).toBe(200);
    const [w] = await t.database.db.select().from(examSignup).where(eq(examSignup.id, signed[3]!));
    expect(w!.status).toBe('withdrawn');
  });

  it('each caller sees their own scope; the detail shows real data to those whose duty needs it, and logs it', async () => {
    expect((await api.get('ent_sz', `/api/exam/sign/get/${signed[0]}`)).statusCode).toBe(403);
    expect((await api.get('sz_staff', `/api/exam/sign/get/${signed[0]}`)).statusCode).toBe(403);
    const szRows = (await okJson(api, 'ent_sz', 'GET', '/api/exam/sign/list?pageSize=100')).rows;
    expect(szRows.every((r: { enterpriseId: number }) => r.enterpriseId === entSz)).toBe(true);
    const p2 = (await okJson(api, 'person2', 'GET', '/api/exam/sign/list?pageSize=100')).rows;
    const [me] = await t.database.db
      .select({ personId: sysUser.personId })
      .from(sysUser)
      .where(eq(sysUser.userName, 'person2'));
    expect(p2.length).toBeGreaterThan(0);
    expect(p2.every((r: { personId: number }) => r.personId === me!.personId)).toBe(true);

    const detail = (await okJson(api, 'gz_sl', 'GET', `/api/exam/sign/get/${signed[0]}`)).data;
    // Masked in the detail; the reviewer reveals it by a click, logged with the duty.
    expect(detail.person.idNo).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    const revealed = await okJson(api, 'gz_sl', 'POST', '/api/personalData/idNo/reveal', {
      source: 'examSignup',
      id: signed[0],
    });
    expect(revealed.data.value).toMatch(/^\d{17}[\dX]$/);
    expect(detail.checks).toMatchObject({ code: 0 });
    expect(detail.batch).toMatchObject({ id: batch.id, state: 'open' });
    const logged = await t.database.db
      .select()
      .from(personalDataAccess)
      .where(and(eq(personalDataAccess.userName, 'gz_sl'), eq(personalDataAccess.personId, detail.personId)));
    expect(logged.map((l) => l.purpose)).toContain('review');

    const xlsx = await api.get('ent_gz', `/api/exam/sign/export?batchId=${batch.id}&status=accepted`);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet.headers).toContain('准考证号');
    expect(sheet.rows.length).toBe(2);
    expect(sheet.rows.every((r) => r[7] === '审核通过')).toBe(true);
    expect(JSON.stringify(sheet.rows)).not.toMatch(/\d{17}[\dX]/);
  });

  it('prints a ticket per accepted sign-up and a whole batch as one PDF; its QR code opens a masked public check', async () => {
    const pending = await addCandidate(t, { enterpriseId: entGz });
    const pendingId = (
      await okJson(api, 'ent_gz', 'POST', '/api/exam/sign/save', {
        batchId: batch.id,
        personId: pending.id,
        position: '08',
      })
    ).data.id;
    expect((await api.get('ent_gz', `/api/exam/ticket/pdf/${pendingId}`)).statusCode).toBe(409);
    expect((await api.get('ent_sz', `/api/exam/ticket/pdf/${signed[0]}`)).statusCode).toBe(403);

    const res = await api.get('ent_gz', `/api/exam/ticket/pdf/${signed[0]}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [s] = await t.database.db.select().from(examSignup).where(eq(examSignup.id, signed[0]!));
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toContain(s!.ticketNo!);
    if (hasPoppler) {
      const file = path.join(tmp, 'ticket.pdf');
      fs.writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
      expect(text).toContain('审核甲');
      expect(text).toContain(s!.ticketNo!);
      expect(text).toContain('安全生产知识');
      expect(text).toMatch(/\d{3}\*{11}\d{3}[\dX]/);
      const scale = 2;
      const pgm = execFileSync('pdftoppm', [
        '-gray',
        '-r',
        String(72 * scale),
        '-singlefile',
        '-x',
        String(Math.round((TICKET_NAME_BOX.x + 3) * scale)),
        '-y',
        String(Math.round((A4[1] - TICKET_NAME_BOX.y - TICKET_NAME_BOX.height + 3) * scale)),
        '-W',
        String(Math.round((TICKET_NAME_BOX.width - 6) * scale)),
        '-H',
        String(Math.round((TICKET_NAME_BOX.height - 6) * scale)),
        file,
      ]);
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
      const pixels = pgm.subarray(header[0].length);
      const dark = pixels.filter((p) => p < 128).length / pixels.length;
      // The name is drawn: ink where it stands.
      expect(dark).toBeGreaterThan(0.01);
    }

    const all = await api.get('gz_sl', `/api/exam/ticket/batch/${batch.id}/pdf`);
    expect(all.statusCode).toBe(200);
    const accepted = await t.database.db
      .select()
      .from(examSignup)
      .where(and(eq(examSignup.batchId, batch.id), eq(examSignup.status, 'accepted')));
    expect(all.headers['x-ticket-count']).toBe(String(accepted.length));
    expect((await PDFDocument.load(all.rawPayload)).getPageCount()).toBe(accepted.length);

    const check = await api.get('ent_gz', `/api/public/examTicket/${s!.verifyCode}`);
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toMatchObject({
      ticketNo: s!.ticketNo,
      name: '审*甲',
      valid: true,
      status: 'accepted',
      batchNo: batch.batchNo,
    });
    const [holder] = await t.database.db.select({ idNo: person.idNo }).from(person).where(eq(person.id, s!.personId));
    expect(check.body).not.toContain(holder!.idNo);
    expect(check.json().data.idNoMasked).toBe(`${holder!.idNo.slice(0, 3)}***********${holder!.idNo.slice(-4)}`);
    expect((await t.app.inject({ url: '/api/public/examTicket/NoSuchCode0001' })).statusCode).toBe(404);
  });
});
