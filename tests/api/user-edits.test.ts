/**
 * Issue #47 item 1: nothing an administrator edits unlinks or loses business data. Every editable
 * field of every user type, edited alone through the API (admin submits, secadmin approves),
 * changes that field and nothing else; a holder's account keeps its certificates when only its
 * remark changes (the reported loss: person_gz6's 备注); an edit that would unlink a holder from
 * their certificates is refused unless chosen explicitly, and then approved only by naming it; the
 * full effect (person link, roles, area) is shown before submitting and in the review.
 */
import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite, fourEyes, namedRows } from '../helpers/api.js';
import { certificate, person, sysRecordReview, sysUser, sysUserRole } from '../../server/db/schema.js';
import { maskPhone } from '../../server/services/personalData.js';

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

type Snapshot = Record<string, unknown>;
/** Everything of an account an edit could touch. */
async function snapshot(userId: number): Promise<Snapshot> {
  const [u] = await db().select().from(sysUser).where(eq(sysUser.userId, userId));
  const roleIds = (
    await db().select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
  return {
    userName: u!.userName,
    nickName: u!.nickName,
    userType: u!.userType,
    deptId: u!.deptId,
    enterpriseId: u!.enterpriseId,
    personId: u!.personId,
    phone: u!.phone,
    email: u!.email,
    sex: u!.sex,
    status: u!.status,
    remark: u!.remark,
    passwordHash: u!.passwordHash,
    roleIds,
  };
}
const changed = (a: Snapshot, b: Snapshot) =>
  Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));

/** Submits an edit as admin; answers the response. */
const submitEdit = (body: Record<string, unknown>) => post('admin', '/api/system/user/updateV2', body);
async function approve(reviewId: number, acknowledged?: string[]) {
  const res = await post('secadmin', '/api/system/user/update-check', {
    reviewId,
    approved: true,
    comment: '同意',
    acknowledged,
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** The review secadmin opens for a submission: its field diff and the change's whole effect. */
async function reviewOf(reviewId: number) {
  const res = await get('secadmin', `/api/system/user/review/${reviewId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    diff: { field: string; before: string; after: string }[];
    effect: { lines: { key: string; before: string; after: string; changed: boolean }[]; warnings: unknown[] };
  };
}
async function editAndApprove(body: Record<string, unknown>, acknowledged?: string[]) {
  const res = await submitEdit({ ...body, acknowledged });
  expect(res.statusCode, res.body).toBe(200);
  const reviewId = res.json().data.reviewId as number;
  // The reviewer sees exactly the fields sent and, always, the person link, roles and area.
  const shown = await reviewOf(reviewId);
  const sent = Object.keys(body).filter((k) => k !== 'userId');
  const listed = shown.diff.map((d) => d.field);
  expect(
    listed.filter((f) => !sent.includes(f)),
    JSON.stringify(body),
  ).toEqual([]);
  if (sent.length === 1) expect(listed, JSON.stringify(body)).toEqual(sent);
  expect(shown.effect.lines.map((l) => l.key)).toEqual(['person', 'roles', 'area']);
  await approve(reviewId, acknowledged);
}

/** A person nobody's account is linked to, with (or without) certificates. */
async function freePerson(withCertificates: boolean, skip: number[] = []) {
  // Written out whole: drizzle leaves a one-table select's columns unqualified.
  const has = sql`exists (select 1 from certificate c where c.person_id = "person"."id")`;
  const rows = await db()
    .select({ id: person.id, name: person.name })
    .from(person)
    .where(
      and(
        sql`not exists (select 1 from sys_user u where u.person_id = "person"."id")`,
        withCertificates ? has : sql`not ${has}`,
      ),
    )
    .orderBy(person.id)
    .limit(20);
  return rows.find((r) => !skip.includes(r.id))!;
}

let seq = 0;
async function createUser(type: '00' | '02' | '03' | '04', extra: Record<string, unknown>) {
  seq += 1;
  const userName = `edit${type}_${seq}`;
  await review.approveNew(
    await review.submit({
      userName,
      nickName: `编辑测试${seq}`,
      userType: type,
      phone: `1370000${String(1000 + seq).slice(-4)}`,
      email: `${userName}@example.cn`,
      sex: '0',
      remark: '初始备注',
      password: 'Init#2026a',
      ...extra,
    }),
    '同意',
  );
  const [u] = await db().select().from(sysUser).where(eq(sysUser.userName, userName));
  return u!;
}

const holderCerts = async (userName: string) => {
  const res = await get(userName, '/api/safetyCertificateInfo/list?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};

describe('every editable field of every user type, edited alone, changes only that field', () => {
  const TYPES = ['00', '02', '03', '04'] as const;
  for (const type of TYPES) {
    it(`user type ${type}`, async () => {
      const entGz = (
        await db().select({ id: sysUser.enterpriseId }).from(sysUser).where(eq(sysUser.userName, 'ent_gz'))
      )[0]!.id!;
      const entSz = (
        await db().select({ id: sysUser.enterpriseId }).from(sysUser).where(eq(sysUser.userName, 'ent_sz'))
      )[0]!.id!;
      const holder = await freePerson(true);
      const base: Record<typeof type, Record<string, unknown>> = {
        '00': { deptId: depts.get('系统管理部'), roleIds: [roles.get('adminProvince')] },
        '02': { deptId: depts.get('广州区域中心'), roleIds: [roles.get('step_sl')] },
        '03': { enterpriseId: entGz, roleIds: [roles.get('enterprise')] },
        '04': { personId: holder.id, roleIds: [roles.get('person')] },
      };
      const u = await createUser(type, base[type]);
      const other = await freePerson(false);
      // The new value of each field, for this type (undefined: a change of that field alone cannot stand, tested below).
      const edits: Record<string, unknown> = {
        userName: `${u.userName}x`,
        nickName: '新的名称',
        userType: { '00': '02', '02': '00', '03': '04', '04': undefined }[type],
        deptId: type === '00' || type === '02' ? depts.get('深圳区域中心') : depts.get('广州区域中心'),
        enterpriseId: type === '03' ? entSz : entGz,
        personId: type === '04' ? undefined : other.id,
        phone: `1380099${String(1000 + seq).slice(-4)}`,
        email: `changed${seq}@example.cn`,
        sex: '1',
        remark: '只改了备注',
        roleIds: [...(base[type].roleIds as number[]), roles.get(type === '02' ? 'step_cb' : 'step_sl')!],
      };
      for (const [field, value] of Object.entries(edits)) {
        if (value === undefined) continue;
        const before = await snapshot(u.userId);
        await editAndApprove({ userId: u.userId, [field]: value });
        const after = await snapshot(u.userId);
        expect(changed(before, after), `${type} ${field}`).toEqual([field]);
      }
      // Cleared optional fields are cleared, and only they.
      for (const field of ['email', 'remark']) {
        const before = await snapshot(u.userId);
        await editAndApprove({ userId: u.userId, [field]: null });
        const after = await snapshot(u.userId);
        expect(changed(before, after), `${type} clears ${field}`).toEqual([field]);
        expect(after[field]).toBeNull();
      }
    });
  }

  it("a holder's type or person, changed alone, is refused until the unlink is chosen (nothing written)", async () => {
    const holder = await freePerson(true);
    const u = await createUser('04', { personId: holder.id, roleIds: [roles.get('person')] });
    const other = await freePerson(false);
    const reviews = async () => (await db().select({ n: count() }).from(sysRecordReview))[0]!.n;
    const n = await reviews();
    for (const body of [
      { personId: other.id },
      { personId: null },
      { userType: '02', deptId: depts.get('广州区域中心') },
    ]) {
      const res = await submitEdit({ userId: u.userId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({ field: 'acknowledged', data: { warnings: [{ code: 'unlinksPerson' }] } });
      expect(res.json().msg).toContain(holder.name);
    }
    expect(await reviews()).toBe(n);
    expect((await snapshot(u.userId)).personId).toBe(holder.id);
  });
});

describe('the reported loss: admin changes only the remark of person_gz6', () => {
  it('keeps the person link and every certificate under 我的证书', async () => {
    const id = users.get('person_gz6')!;
    const before = await snapshot(id);
    expect(before.personId).not.toBeNull();
    const certs = await holderCerts('person_gz6');
    expect(certs).toBeGreaterThan(0);
    // The page's form sends what the user changed: the remark alone.
    await editAndApprove({ userId: id, remark: '只改备注' });
    expect(changed(before, await snapshot(id))).toEqual(['remark']);
    expect(await holderCerts('person_gz6')).toBe(certs);
  });

  it('a form that sends every field it shows, as before (no person, the phone as listed), changes only the remark', async () => {
    const id = users.get('person_gz6')!;
    const before = await snapshot(id);
    const row = (await get('admin', `/api/system/user/get/${id}`)).json().data;
    expect(row.personId).toBe(before.personId);
    const { userName, nickName, userType, deptId, email, sex, roleIds } = row;
    await editAndApprove({
      userId: id,
      userName,
      nickName,
      userType,
      deptId,
      enterpriseId: null,
      phone: maskPhone(before.phone as string),
      email,
      sex,
      roleIds,
      remark: '整张表单提交',
    });
    expect(changed(before, await snapshot(id))).toEqual(['remark']);
  });
});

describe('the full effect, before submitting and in the review', () => {
  it('a preview shows person link, roles and area, and writes nothing', async () => {
    const id = users.get('person_gz6')!;
    const reviews = (await db().select({ n: count() }).from(sysRecordReview))[0]!.n;
    const res = await post('admin', '/api/system/user/previewUpdate', { userId: id, remark: '预览' });
    expect(res.statusCode, res.body).toBe(200);
    const { diff, effect } = res.json().data;
    expect(diff.map((d: { field: string }) => d.field)).toEqual(['remark']);
    expect(effect.lines.map((l: { key: string }) => l.key)).toEqual(['person', 'roles', 'area']);
    const personLine = effect.lines[0];
    expect(personLine).toMatchObject({ changed: false, before: personLine.after });
    expect(personLine.before).toContain('汪晓琳');
    expect(effect.warnings).toEqual([]);
    expect((await db().select({ n: count() }).from(sysRecordReview))[0]!.n).toBe(reviews);
    const unlink = (await post('admin', '/api/system/user/previewUpdate', { userId: id, personId: null })).json().data;
    expect(unlink.effect.lines[0]).toMatchObject({ key: 'person', changed: true, after: '未关联' });
    expect(unlink.effect.warnings).toEqual([expect.objectContaining({ code: 'unlinksPerson' })]);
    // A new account: its roles and area before it is submitted.
    const created = await post('admin', '/api/system/user/preview', {
      userName: 'preview_new',
      nickName: '预览',
      userType: '02',
      deptId: depts.get('深圳区域中心'),
      roleIds: [roles.get('step_sh')],
      sex: '0',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.effect.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'roles', before: '', after: '审核' }),
        expect.objectContaining({ key: 'area', after: expect.stringContaining('深圳区域中心') }),
      ]),
    );
  });

  it('the review of a staff account moved to another centre with another role shows the new roles and area', async () => {
    const u = await createUser('02', { deptId: depts.get('广州区域中心'), roleIds: [roles.get('step_sl')] });
    const res = await submitEdit({
      userId: u.userId,
      deptId: depts.get('深圳区域中心'),
      roleIds: [roles.get('step_sh')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { diff, effect } = await reviewOf(res.json().data.reviewId);
    expect(diff.map((d) => d.field).sort()).toEqual(['deptId', 'roleIds']);
    const line = (key: string) => effect.lines.find((l) => l.key === key)!;
    expect(line('roles')).toMatchObject({ before: '受理', after: '审核', changed: true });
    expect(line('area')).toMatchObject({
      changed: true,
      before: expect.stringContaining('广州区域中心'),
      after: expect.stringContaining('深圳区域中心'),
    });
    expect(line('person')).toMatchObject({ changed: false });
    expect(effect.warnings).toEqual([]);
  });

  it('an explicit unlink is reviewed: the review names it, an approval that does not is refused, one that does unlinks', async () => {
    const holder = await freePerson(true);
    const u = await createUser('04', { personId: holder.id, roleIds: [roles.get('person')] });
    const res = await submitEdit({ userId: u.userId, personId: null, acknowledged: ['unlinksPerson'] });
    expect(res.statusCode, res.body).toBe(200);
    const reviewId = res.json().data.reviewId as number;
    const detail = (await get('secadmin', `/api/system/user/review/${reviewId}`)).json().data;
    expect(detail.warnings).toEqual(['unlinksPerson']);
    expect(detail.effect.warnings[0].message).toContain(holder.name);
    expect(detail.diff).toEqual([expect.objectContaining({ field: 'personId', after: '' })]);
    const refused = await post('secadmin', '/api/system/user/update-check', {
      reviewId,
      approved: true,
      comment: '同意',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().field).toBe('acknowledged');
    expect((await snapshot(u.userId)).personId).toBe(holder.id);
    const [still] = await db()
      .select({ state: sysRecordReview.state })
      .from(sysRecordReview)
      .where(eq(sysRecordReview.id, reviewId));
    expect(still!.state).toBe('pending');
    await approve(reviewId, ['unlinksPerson']);
    expect((await snapshot(u.userId)).personId).toBeNull();
  });

  it('an unlink that loses nothing when submitted but would at approval is refused then', async () => {
    const bare = await freePerson(false);
    const u = await createUser('04', { personId: bare.id, roleIds: [roles.get('person')] });
    const res = await submitEdit({ userId: u.userId, personId: null });
    expect(res.statusCode, res.body).toBe(200);
    // Meanwhile the person gets a certificate.
    const [cert] = await db().select({ id: certificate.id, personId: certificate.personId }).from(certificate).limit(1);
    await db().update(certificate).set({ personId: bare.id }).where(eq(certificate.id, cert!.id));
    try {
      const late = await post('secadmin', '/api/system/user/update-check', {
        reviewId: res.json().data.reviewId,
        approved: true,
        comment: '同意',
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toContain('提交后情况已变化');
      expect((await snapshot(u.userId)).personId).toBe(bare.id);
    } finally {
      await db().update(certificate).set({ personId: cert!.personId }).where(eq(certificate.id, cert!.id));
    }
  });

  it("deleting a holder's account with certificates is refused (disable it instead)", async () => {
    const id = (await createUser('04', { personId: (await freePerson(true)).id, roleIds: [roles.get('person')] }))
      .userId;
    const res = await post('admin', `/api/system/user/remove?ids=${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请改为停用');
    expect(
      await db()
        .select({ id: sysRecordReview.id })
        .from(sysRecordReview)
        .where(and(eq(sysRecordReview.recordId, id), eq(sysRecordReview.state, 'pending'))),
    ).toEqual([]);
  });

  it("a masked phone that is not the account's own is refused, not stored", async () => {
    const id = users.get('gz_cs')!;
    const res = await submitEdit({ userId: id, phone: '139****0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('phone');
  });
});
