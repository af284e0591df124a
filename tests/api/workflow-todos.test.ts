/**
 * Nobody waits in silence (issue #16): a delay filed by ent_gz gives person1 a to-do and a message;
 * confirming closes it and hands the item to 受理; each step's acting closes its to-dos and opens the
 * next step's; a return brings the applicant a to-do; the end tells the applicant how it ended.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { certificate, sysTodo, sysUser } from '../../server/db/schema.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (user: string) => {
  if (!tokens.has(user)) tokens.set(user, await t.login(user));
  return tokens.get(user)!;
};
const get = async (user: string, url: string) => (await t.call(await as(user), { url })).json();
const post = async (user: string, url: string, payload?: object) => {
  const res = await t.call(await as(user), { method: 'POST', url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${user} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const event = async (user: string, id: number, type: string, comment: string) => {
  const { version } = (await get(user, `/api/workflow/${id}`)).data as { version: number };
  return post(user, `/api/workflow/${id}/events`, { type, version, comment });
};
/** The user's open to-dos about the application, as their to-do list shows them. */
const todos = async (user: string, applyNo: string) =>
  ((await get(user, '/api/system/sysTodo/list?status=0&pageSize=100')).rows as { mc: string; url: string }[]).filter(
    (r) => r.mc.includes(applyNo),
  );

apiSuite({
  ready: (app) => {
    t = app;
  },
});

describe('to-dos and messages from the workflow', () => {
  it('follow a delay from the enterprise to the holder, through the steps, back to the enterprise and to its end', async () => {
    const [p1] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const [c3] = await t.database.db
      .select()
      .from(certificate)
      .where(
        and(eq(certificate.personId, p1!.personId!), eq(certificate.category, 'C3'), eq(certificate.status, '01')),
      );
    const saved = (await post('ent_gz', '/api/apply/delay/save', { certificateId: c3!.id, payload: {} })).data as {
      id: number;
      applyNo: string;
    };
    expect(await todos('person1', saved.applyNo)).toEqual([]);
    const unreadBefore = (await get('person1', '/api/system/sysMsgInfo/getNotReadMsgStats')).rows as {
      msgType: string;
      count: number;
    }[];

    await post('ent_gz', `/api/apply/delay/submit?id=${saved.id}`);
    expect(await todos('person1', saved.applyNo)).toEqual([
      {
        mc: `请确认：证书延期 ${saved.applyNo}`,
        url: '/personCheck/personCheckDelay',
        id: expect.any(Number),
        status: '0',
        createdAt: expect.any(String),
      },
    ]);
    const unreadAfter = (await get('person1', '/api/system/sysMsgInfo/getNotReadMsgStats')).rows as {
      msgType: string;
      count: number;
    }[];
    const system = (rows: { msgType: string; count: number }[]) =>
      rows.find((r) => r.msgType === 'systemType')?.count ?? 0;
    expect(system(unreadAfter)).toBe(system(unreadBefore) + 1);

    await event('person1', saved.id, 'CONFIRM', '本人确认');
    expect(await todos('person1', saved.applyNo)).toEqual([]);
    expect((await todos('gz_sl', saved.applyNo)).map((r) => r.url)).toEqual(['/queue/delay/waitAccept']);
    expect(await todos('gz_cs', saved.applyNo)).toEqual([]);

    await event('gz_sl', saved.id, 'AGREE', '材料齐全，予以受理');
    expect(await todos('gz_sl', saved.applyNo)).toEqual([]);
    expect((await todos('gz_cs', saved.applyNo)).map((r) => r.mc)).toEqual([`待初审：证书延期 ${saved.applyNo}`]);

    // 初审 returns it to 受理, 受理 returns it to the enterprise for 补正.
    await event('gz_cs', saved.id, 'RETURN', '请补充继续教育证明');
    expect(await todos('gz_cs', saved.applyNo)).toEqual([]);
    await event('gz_sl', saved.id, 'RETURN', '请补充继续教育证明');
    expect((await todos('ent_gz', saved.applyNo)).map((r) => r.url)).toEqual(['/business/applyDelay']);

    // Submitted again: the enterprise's to-do closes; carried to the end, the enterprise is told.
    await post('ent_gz', `/api/apply/delay/submit?id=${saved.id}`);
    expect(await todos('ent_gz', saved.applyNo)).toEqual([]);
    await event('person1', saved.id, 'CONFIRM', '本人确认');
    for (const user of ['gz_sl', 'gz_cs', 'gz_sh', 'gz_bj']) await event(user, saved.id, 'AGREE', '同意');
    const open = await t.database.db
      .select()
      .from(sysTodo)
      .where(and(eq(sysTodo.ref, `application:${saved.id}`), eq(sysTodo.status, '0')));
    expect(open).toEqual([]);
    const inbox = (await get('ent_gz', '/api/system/sysMsgInfo/list?pageSize=50')).rows as { bt: string }[];
    expect(inbox.map((m) => m.bt)).toContain('证书延期已办结（准予）');
  });
});
