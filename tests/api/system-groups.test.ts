/** /system/userGroup: groups of users and their members; admin manages them, nobody else. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite, namedRows } from '../helpers/api.js';
import { sysUserGroup, sysUserGroupMember } from '../../server/db/schema.js';

let t: TestApp;
const { users: ids, load } = namedRows();
const { get, post } = apiSuite({
  ready: async (app) => {
    t = app;
    await load(app);
  },
});

async function fingerprint() {
  return JSON.stringify([
    await t.database.db.select().from(sysUserGroup).orderBy(sysUserGroup.groupId),
    await t.database.db
      .select()
      .from(sysUserGroupMember)
      .orderBy(sysUserGroupMember.groupId, sysUserGroupMember.userId),
  ]);
}

let seq = 0;
async function newGroup(userNames: string[] = []) {
  seq += 1;
  const res = await post('admin', '/api/system/userGroup/save', {
    groupName: `组${seq}`,
    remark: '测试',
    userIds: userNames.map((n) => ids.get(n)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.groupId as number;
}

describe('who may call what', () => {
  const others = ['secadmin', 'auditor', 'ent_gz'];
  it('reads: admin only', async () => {
    const id = await newGroup();
    for (const url of [
      '/api/system/userGroup/list',
      `/api/system/userGroup/get/${id}`,
      `/api/system/userGroup/members/${id}`,
      '/api/system/userGroup/userOptions?keyword=gz',
    ]) {
      expect((await get('admin', url)).statusCode, url).toBe(200);
      for (const user of others) expect((await get(user, url)).statusCode, `${user} ${url}`).toBe(403);
    }
  });

  it('writes: admin succeeds, the others get 403 and change nothing', async () => {
    const calls: [string, () => Promise<{ url: string; payload?: object }>][] = [
      ['save', async () => ({ url: '/api/system/userGroup/save', payload: { groupName: `新组${++seq}` } })],
      [
        'update',
        async () => ({
          url: '/api/system/userGroup/update',
          payload: { groupId: await newGroup(), groupName: `改名${++seq}` },
        }),
      ],
      [
        'members',
        async () => ({
          url: '/api/system/userGroup/members',
          payload: { groupId: await newGroup(), userIds: [ids.get('gz_sl')] },
        }),
      ],
      ['remove', async () => ({ url: `/api/system/userGroup/remove?ids=${await newGroup()}` })],
    ];
    for (const [name, make] of calls) {
      for (const user of [...others, 'admin']) {
        const { url, payload } = await make();
        const before = await fingerprint();
        const res = await post(user, url, payload);
        if (user === 'admin') expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        else {
          expect(res.statusCode, `${user} ${name}`).toBe(403);
          expect(await fingerprint()).toBe(before);
        }
      }
    }
  });
});

describe('groups and members', () => {
  it('creates a group with members, lists it with the member count, replaces members, deletes it', async () => {
    const id = await newGroup(['gz_sl', 'gz_cb']);
    const list = (await get('admin', `/api/system/userGroup/list?groupName=组${seq}`)).json();
    expect(list.rows).toEqual([expect.objectContaining({ groupId: id, memberCount: 2, status: '1' })]);
    const detail = (await get('admin', `/api/system/userGroup/get/${id}`)).json().data;
    expect(detail.members.map((m: { userName: string }) => m.userName)).toEqual(['gz_cb', 'gz_sl']);
    expect(detail.members[0].deptName).toBe('广州区域中心');
    expect(
      (await post('admin', '/api/system/userGroup/members', { groupId: id, userIds: [ids.get('ent_gz')] })).statusCode,
    ).toBe(200);
    expect(
      (await get('admin', `/api/system/userGroup/members/${id}`))
        .json()
        .data.map((m: { userName: string }) => m.userName),
    ).toEqual(['ent_gz']);
    expect(
      (await post('admin', '/api/system/userGroup/update', { groupId: id, groupName: '改过的组', status: '0' }))
        .statusCode,
    ).toBe(200);
    const [g] = await t.database.db.select().from(sysUserGroup).where(eq(sysUserGroup.groupId, id));
    expect(g).toMatchObject({ groupName: '改过的组', status: '0' });
    expect((await post('admin', `/api/system/userGroup/remove?ids=${id}`)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(sysUserGroupMember).where(eq(sysUserGroupMember.groupId, id)),
    ).toHaveLength(0);
    expect((await get('admin', `/api/system/userGroup/get/${id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate name, unknown members and empty names', async () => {
    await newGroup();
    const dup = await post('admin', '/api/system/userGroup/save', { groupName: `组${seq}` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe(`用户组名称“组${seq}”已存在`);
    const before = await fingerprint();
    const ghost = await post('admin', '/api/system/userGroup/save', { groupName: '幽灵组', userIds: [999999] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ field: 'userIds', msg: '所选成员中有用户不存在' });
    expect(await fingerprint()).toBe(before);
    const empty = await post('admin', '/api/system/userGroup/save', { groupName: '  ' });
    expect(empty.json()).toMatchObject({ field: 'groupName', msg: '用户组名称不能为空' });
  });

  it('offers members by name', async () => {
    const opts = (await get('admin', '/api/system/userGroup/userOptions?keyword=gz_s')).json().data as {
      label: string;
    }[];
    expect(opts.map((o) => o.label)).toEqual(
      expect.arrayContaining([expect.stringContaining('gz_sl'), expect.stringContaining('gz_sh')]),
    );
  });
});
