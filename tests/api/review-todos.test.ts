/**
 * Issue #47 item 6: every waiting piece of work is a to-do for whoever must act, and every count on
 * a workbench opens the list it counts. A user, role or punishment submission gives each person who
 * may decide it a to-do that opens its review (not the submitter, not the user it is about, for a
 * punishment only the officers of its area), in the same transaction; the decision or withdrawal
 * closes them all. Migration 0047 gives the submissions already waiting the same to-dos. The
 * administrators' and centres' review counts equal the lists their links open; every figure of
 * every demo account links to a page of its menu (or a list of the workbench itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite, fourEyes, namedRows } from '../helpers/api.js';
import { certificate, sysRecordReview, sysTodo, sysUser } from '../../server/db/schema.js';
import { DEMO_ACCOUNTS } from '../../server/db/seed/users.js';
import { addDays, chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const { users, roles, depts, load } = namedRows();
const api = apiSuite({
  ready: async (app) => {
    t = app;
    await load(app);
  },
});
const { get, post } = api;
const review = fourEyes(api, 'user');
const db = () => t.database.db;

/** The open to-dos of a submission, by user name. */
async function todosOf(reviewId: number) {
  const rows = await db()
    .select({ userName: sysUser.userName, mc: sysTodo.mc, url: sysTodo.url, status: sysTodo.status })
    .from(sysTodo)
    .innerJoin(sysUser, eq(sysUser.userId, sysTodo.userId))
    .where(eq(sysTodo.ref, `review:${reviewId}`))
    .orderBy(asc(sysUser.userName));
  return rows;
}
const openNames = async (reviewId: number) =>
  (await todosOf(reviewId)).filter((r) => r.status === '0').map((r) => r.userName);

type Figure = { key: string; value: number; link: string | null };
const bench = async (user: string) =>
  (await get(user, '/api/workbench/summary')).json().data as { figures: Figure[]; applications: unknown[] };
const figure = async (user: string, key: string) => (await bench(user)).figures.find((f) => f.key === key);

describe('a user or role submission is a to-do for the security administrator', () => {
  it('is given to whoever may decide it, opens its review, and is closed by the decision', async () => {
    const before = (await get('secadmin', '/api/system/sysTodo/list?kind=review')).json().total as number;
    const res = await post('admin', '/api/system/user/updateV2', { userId: users.get('gz_cb'), remark: '待办测试' });
    expect(res.statusCode, res.body).toBe(200);
    const reviewId = res.json().data.reviewId as number;
    // Only secadmin holds system:user:audit; the submitter and the user it is about get nothing.
    expect(await todosOf(reviewId)).toEqual([
      {
        userName: 'secadmin',
        mc: '待审核：修改用户 gz_cb（梁志勇）',
        url: `/system/user?review=${reviewId}`,
        status: '0',
      },
    ]);
    const mine = (await get('secadmin', '/api/system/sysTodo/list?kind=review')).json();
    expect(mine.total).toBe(before + 1);
    expect(mine.rows[0]).toMatchObject({
      mc: '待审核：修改用户 gz_cb（梁志勇）',
      url: `/system/user?review=${reviewId}`,
    });
    // Read in the reader's language.
    const english = await t.call(await api.token('secadmin'), {
      url: '/api/system/sysTodo/list?kind=review',
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json().rows[0].mc).toMatch(/^To review: change to user gz_cb/);
    // The workbench counts it as the 待审核 tab lists it.
    const count = await figure('secadmin', 'pendingUserReviews');
    const listed = (await get('secadmin', '/api/system/user/listV2?pending=1&pageSize=1')).json().total;
    expect(count).toMatchObject({ value: listed, link: '/system/user?tab=pending' });
    expect(listed).toBeGreaterThanOrEqual(1);
    const ok = await post('secadmin', '/api/system/user/update-check', { reviewId, approved: true, comment: '同意' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await openNames(reviewId)).toEqual([]);
    expect((await get('secadmin', '/api/system/sysTodo/list?kind=review')).json().total).toBe(before);
    expect((await figure('secadmin', 'pendingUserReviews'))!.value).toBe(listed - 1);
  });

  it('a new user and a role change too; a withdrawn role change closes its to-do', async () => {
    const created = await review.submit({
      userName: 'todo_new',
      nickName: '待办新用户',
      userType: '02',
      deptId: depts.get('广州区域中心'),
      roleIds: [roles.get('step_sl')],
      sex: '0',
      password: 'Init#2026a',
    });
    expect(await openNames(created)).toEqual(['secadmin']);
    expect((await todosOf(created))[0]!.mc).toBe('待审核：新增用户 todo_new（待办新用户）');
    const role = (await get('admin', `/api/system/role/get/${roles.get('step_cb')}`)).json().data;
    const { roleName, roleKey, roleSort, dataScope, menuIds, deptIds } = role;
    const res = await post('admin', '/api/system/role/updateV2', {
      roleId: roles.get('step_cb'),
      roleName,
      roleKey,
      roleSort,
      dataScope,
      menuIds,
      deptIds,
      remark: '待办测试',
    });
    expect(res.statusCode, res.body).toBe(200);
    const roleReview = res.json().data.reviewId as number;
    expect(await todosOf(roleReview)).toEqual([
      expect.objectContaining({ userName: 'secadmin', url: `/system/role?review=${roleReview}`, status: '0' }),
    ]);
    const roleCount = await figure('secadmin', 'pendingRoleReviews');
    expect(roleCount).toMatchObject({
      value: (await get('secadmin', '/api/system/role/list?pending=1&pageSize=1')).json().total,
      link: '/system/role?tab=pending',
    });
    const back = await post('admin', '/api/system/role/cancel-commit', { reviewId: roleReview });
    expect(back.statusCode, back.body).toBe(200);
    expect(await openNames(roleReview)).toEqual([]);
  });
});

describe('a punishment submission is a to-do for the officers of its area', () => {
  it('every officer of the area and the province who may decide it, not the submitter, not another area; closed by the decision', async () => {
    const [c] = await db()
      .select({ id: certificate.id })
      .from(certificate)
      .where(and(eq(certificate.area, '1'), eq(certificate.status, '01')))
      .orderBy(asc(certificate.id))
      .limit(1);
    const today = chinaDate(t.clock.now());
    const res = await post('gz_sl', '/api/credit/punishment/save', {
      type: '暂扣',
      docNo: '待办测〔2026〕1号',
      violateType: 'duty_failure',
      reason: '未依法履行安全生产管理职责',
      startDate: addDays(today, -1),
      endDate: addDays(today, 90),
      certificateIds: [c!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reviewId = res.json().data.reviewId as number;
    const names = await openNames(reviewId);
    expect(names).toEqual(expect.arrayContaining(['gz_cb', 'gz_cs', 'gz_sh', 'gz_sp', 'gz_bj', 'province']));
    expect(names).not.toContain('gz_sl');
    expect(names).not.toContain('sz_staff');
    expect(names).not.toContain('prov_staff');
    expect((await todosOf(reviewId))[0]).toMatchObject({
      mc: '待审核：录入处罚 待办测〔2026〕1号',
      url: `/credit/creditManagement?review=${reviewId}`,
    });
    // The area's officers count it as their 待审核 tab lists it.
    const count = await figure('gz_sh', 'pendingPunishmentReviews');
    expect(count).toMatchObject({
      value: (await get('gz_sh', '/api/credit/punishment/list?pending=1&pageSize=1')).json().total,
      link: '/credit/creditManagement?tab=pending',
    });
    const decided = await post('gz_sh', '/api/credit/punishment/audit', {
      reviewId,
      approved: false,
      comment: '证据不足',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await openNames(reviewId)).toEqual([]);
  });
});

describe('migration 0047', () => {
  it('gives every submission already waiting the to-dos a new one gets, word for word, once', async () => {
    const pending = await db()
      .select({ id: sysRecordReview.id })
      .from(sysRecordReview)
      .where(eq(sysRecordReview.state, 'pending'));
    expect(pending.length).toBeGreaterThan(0);
    const snapshot = async () =>
      await db()
        .select({ ref: sysTodo.ref, userId: sysTodo.userId, mc: sysTodo.mc, url: sysTodo.url, status: sysTodo.status })
        .from(sysTodo)
        .where(and(like(sysTodo.ref, 'review:%'), eq(sysTodo.status, '0')))
        .orderBy(asc(sysTodo.ref), asc(sysTodo.userId));
    const made = await snapshot();
    // Every waiting submission has its to-dos (the demo's were made by the code as it seeded).
    expect(new Set(made.map((r) => r.ref))).toEqual(new Set(pending.map((p) => `review:${p.id}`)));
    await db().delete(sysTodo).where(like(sysTodo.ref, 'review:%'));
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../server/db/migrations/0047_review_todos.sql'),
      'utf8',
    );
    await db().execute(sql.raw(migration));
    expect(await snapshot()).toEqual(made.filter((r) => r.status === '0'));
    // Run again: nothing twice.
    await db().execute(sql.raw(migration));
    expect(await snapshot()).toHaveLength(made.length);
  });
});

describe('every count on a workbench opens the list it counts', () => {
  /** The pages a user may open: their menu's pages, and the pages every signed-in user has. */
  async function pagesOf(user: string): Promise<Set<string>> {
    const rows = (await get(user, '/api/menu/user/0')).json().data as {
      menuId: number;
      parentId: number;
      path: string | null;
      component: string | null;
    }[];
    const byId = new Map(rows.map((r) => [r.menuId, r]));
    const full = (r: { parentId: number; path: string | null }): string => {
      const own = r.path ?? '';
      if (own.startsWith('/')) return own;
      const parent = byId.get(r.parentId);
      return `${parent ? full(parent) : ''}/${own}`;
    };
    return new Set([...rows.map(full), '/system/sysTodo']);
  }

  it('every figure of every demo account links to a page the account may open, or to a list on the workbench', async () => {
    const missing: string[] = [];
    for (const { userName } of [...DEMO_ACCOUNTS, { userName: 'person_gz1' }]) {
      const wb = await bench(userName);
      const pages = await pagesOf(userName);
      for (const f of wb.figures) {
        if (!f.link) {
          missing.push(`${userName} ${f.key}: no link`);
          continue;
        }
        if (f.link.startsWith('#')) {
          expect(f.link).toBe('#bench-applications');
          continue;
        }
        const pagePath = f.link.split('?')[0]!;
        if (!pages.has(pagePath)) missing.push(`${userName} ${f.key}: ${f.link} is not one of the account's pages`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("an individual's counts equal the lists they open: 我的证书 filtered, the confirmations to do, the applications below", async () => {
    for (const userName of ['person2', 'person3', 'person_gz1']) {
      const wb = await bench(userName);
      const f = (key: string) => wb.figures.find((x) => x.key === key)!;
      const listTotal = async (link: string, api: string) =>
        (await get(userName, `${api}?${link.split('?')[1] ?? ''}&pageSize=100`)).json().total as number;
      expect(f('validCertificates').value, userName).toBe(
        await listTotal(f('validCertificates').link!, '/api/safetyCertificateInfo/list'),
      );
      expect(f('expiringCertificates').value, userName).toBe(
        await listTotal(f('expiringCertificates').link!, '/api/safetyCertificateInfo/list'),
      );
      expect(f('toConfirm').link).toBe('/system/sysTodo?kind=confirm');
      expect(f('toConfirm').value, userName).toBe(await listTotal(f('toConfirm').link!, '/api/system/sysTodo/list'));
      expect(f('inProgress').value, userName).toBe(wb.applications.length);
    }
    // person3 has a delay to confirm (README): it is counted and listed.
    const p3 = (await bench('person3')).figures.find((x) => x.key === 'toConfirm')!;
    expect(p3.value).toBeGreaterThanOrEqual(1);
  });

  it('the audit administrator sees no count it could not open', async () => {
    expect((await bench('auditor')).figures).toEqual([]);
    const secadmin = (await bench('secadmin')).figures.map((f) => f.key);
    expect(secadmin).toEqual(['pendingUserReviews', 'pendingRoleReviews', 'users', 'sessions']);
    const admin = (await bench('admin')).figures.map((f) => f.key);
    expect(admin).toEqual(['pendingUserReviews', 'pendingRoleReviews', 'users']);
  });
});
