/** 系统消息 / 监管消息 administration, 通知公告 and 待办管理: who may do what, sending to users, roles or everyone, exports. */
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { readXlsx } from '../helpers/xlsx.js';
import { sysMsgInfo, sysNotice, sysRole, sysTodo, sysUser } from '../../server/db/schema.js';

let t: TestApp;
const OTHERS = ['secadmin', 'auditor', 'ent_gz'] as const;
const { tokens } = apiSuite({
  users: ['admin', ...OTHERS],
  ready: (app) => {
    t = app;
  },
});
const countWhere = async (bt: string) =>
  (await t.database.db.select({ n: count() }).from(sysMsgInfo).where(eq(sysMsgInfo.bt, bt)))[0]!.n;
// Every active enterprise user (type 03) holds the role enterprise in the demo: ent_gz, ent_sz, ent_prov and the renaming enterprises' users.
const enterpriseUsers = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(sysUser)
      .where(and(eq(sysUser.userType, '03'), eq(sysUser.status, '1')))
  )[0]!.n;
const userId = async (name: string) =>
  (await t.database.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, name)))[0]!.id;

describe('消息管理 /system/sysMsgInfo', () => {
  it('admin sends to chosen users; they see it unread in their own list', async () => {
    const ids = [await userId('gz_sl'), await userId('ent_gz')];
    const payload = {
      msgType: 'systemType',
      bt: '测试：系统维护通知',
      nr: '今晚 22:00 维护。',
      target: 'user',
      userIds: ids,
    };
    for (const u of OTHERS)
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: '/api/system/sysMsgInfo/save', payload })).statusCode,
      ).toBe(403);
    expect(await countWhere(payload.bt)).toBe(0);
    const res = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/sysMsgInfo/save', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBe(2);
    const mine = (await t.call(tokens.ent_gz!, { url: '/api/system/sysMsgInfo/list?ckzt=0&pageSize=30' })).json();
    const got = mine.rows.find((r: { bt: string }) => r.bt === payload.bt);
    expect(got).toBeTruthy();
    expect(got.senderName).toBe('周建国');
  });

  it('sends to every user of a role and to everyone', async () => {
    const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'enterprise'));
    const byRole = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/save',
      payload: {
        msgType: 'supervisionType',
        bt: '测试：企业专项检查',
        nr: '请做好迎检准备。',
        target: 'role',
        roleIds: [role!.roleId],
      },
    });
    expect(byRole.statusCode).toBe(200);
    expect(byRole.json().data.count).toBe(await enterpriseUsers());
    const active = (await t.database.db.select({ n: count() }).from(sysUser).where(eq(sysUser.status, '1')))[0]!.n;
    const all = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/save',
      payload: { msgType: 'warnType', bt: '测试：全员预警', nr: '台风预警。', target: 'all' },
    });
    expect(all.json().data.count).toBe(active);
    expect(await countWhere('测试：全员预警')).toBe(active);
  });

  it('names the field of bad input', async () => {
    const noUsers = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/save',
      payload: { msgType: 'systemType', bt: 'x', nr: 'y', target: 'user' },
    });
    expect(noUsers.statusCode).toBe(400);
    expect(noUsers.json().field).toBe('userIds');
    const noTitle = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/save',
      payload: { msgType: 'systemType', bt: ' ', nr: 'y', target: 'all' },
    });
    expect(noTitle.json().field).toBe('bt');
    expect(noTitle.json().msg).toContain('消息标题');
    const badType = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/save',
      payload: { msgType: 'other', bt: 'x', nr: 'y', target: 'all' },
    });
    expect(badType.json().field).toBe('msgType');
    const ghost = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/save',
      payload: { msgType: 'systemType', bt: 'x', nr: 'y', target: 'user', userIds: [999999] },
    });
    expect(ghost.json().field).toBe('userIds');
  });

  it('lists all messages by type for admin only, and exports the same rows', async () => {
    const sup = (
      await t.call(tokens.admin!, { url: '/api/system/sysMsgInfo/listAll?msgType=supervisionType&bt=企业专项检查' })
    ).json();
    expect(sup.total).toBe(await enterpriseUsers());
    expect(
      sup.rows.every(
        (r: { msgType: string; userName: string }) => r.msgType === 'supervisionType' && r.userName.startsWith('ent_'),
      ),
    ).toBe(true);
    // the 系统消息 page asks for its two types only: no supervision message comes back
    const sysPage = (
      await t.call(tokens.admin!, {
        url: '/api/system/sysMsgInfo/listAll?msgTypes=systemType,warnType&userName=ent_gz&pageSize=50',
      })
    ).json();
    expect(sysPage.total).toBeGreaterThan(0);
    expect(sysPage.rows.some((r: { msgType: string }) => r.msgType === 'supervisionType')).toBe(false);
    expect(
      (await t.call(tokens.admin!, { url: '/api/system/sysMsgInfo/listAll?msgTypes=systemType,nope' })).json().field,
    ).toMatch(/^msgTypes/);
    const byUser = (
      await t.call(tokens.admin!, { url: '/api/system/sysMsgInfo/listAll?userName=ent_gz&pageSize=50' })
    ).json();
    // 接收人账号 matches any part of the account or the name: ent_gz and ent_gz2 …
    expect(byUser.rows.every((r: { userName: string }) => r.userName.startsWith('ent_gz'))).toBe(true);
    expect(byUser.rows.some((r: { userName: string }) => r.userName === 'ent_gz')).toBe(true);
    for (const u of OTHERS) {
      expect((await t.call(tokens[u]!, { url: '/api/system/sysMsgInfo/listAll' })).statusCode).toBe(403);
      expect(
        (await t.call(tokens[u]!, { url: '/api/system/sysMsgInfo/listAll?msgType=supervisionType' })).statusCode,
      ).toBe(403);
      expect((await t.call(tokens[u]!, { url: '/api/system/sysMsgInfo/export?msgType=systemType' })).statusCode).toBe(
        403,
      );
    }
    const exp = await t.call(tokens.admin!, {
      url: '/api/system/sysMsgInfo/export?msgType=supervisionType&bt=企业专项检查',
    });
    expect(exp.statusCode).toBe(200);
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers).toEqual([
      '消息编号',
      '消息类型',
      '消息标题',
      '消息内容',
      '接收人账号',
      '接收人姓名',
      '阅读状态',
      '发送人',
      '发送时间',
    ]);
    expect(x.rows).toHaveLength(await enterpriseUsers());
    expect(x.rows.every((r) => r[1] === '监管消息' && r[2] === '测试：企业专项检查')).toBe(true);
  });

  it('edits every copy of one sending, and removes by ids', async () => {
    const sup = (
      await t.call(tokens.admin!, { url: '/api/system/sysMsgInfo/listAll?msgType=supervisionType&bt=企业专项检查' })
    ).json();
    const id = sup.rows[0].id as number;
    for (const u of OTHERS) {
      expect(
        (
          await t.call(tokens[u]!, {
            method: 'POST',
            url: '/api/system/sysMsgInfo/update',
            payload: { id, bt: '改', nr: '改' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: `/api/system/sysMsgInfo/remove?ids=${id}` })).statusCode,
      ).toBe(403);
    }
    expect(await countWhere('测试：企业专项检查')).toBe(await enterpriseUsers());
    const upd = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/sysMsgInfo/update',
      payload: { id, bt: '测试：企业专项检查（更正）', nr: '检查时间改为下周一。' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.count).toBe(await enterpriseUsers());
    expect(await countWhere('测试：企业专项检查')).toBe(0);
    expect(await countWhere('测试：企业专项检查（更正）')).toBe(await enterpriseUsers());
    const ids = sup.rows
      .map((r: { id: number }) => r.id)
      .slice(0, 2)
      .join(',');
    expect(
      (await t.call(tokens.admin!, { method: 'POST', url: `/api/system/sysMsgInfo/remove?ids=${ids}` })).statusCode,
    ).toBe(200);
    expect(await countWhere('测试：企业专项检查（更正）')).toBe((await enterpriseUsers()) - 2);
    expect(
      (
        await t.call(tokens.admin!, {
          method: 'POST',
          url: '/api/system/sysMsgInfo/update',
          payload: { id: 0, bt: 'x', nr: 'y' },
        })
      ).json().field,
    ).toBe('id');
  });
});

describe('通知公告 /system/notice', () => {
  it('admin creates, lists, edits, exports and removes; the others get 403 and change nothing', async () => {
    const payload = {
      noticeTitle: '测试：关于春节假期业务办理的通知',
      noticeType: '1',
      noticeContent: '春节期间暂停受理，节后顺延。',
      status: '1',
    };
    for (const u of OTHERS) {
      expect((await t.call(tokens[u]!, { method: 'POST', url: '/api/system/notice/save', payload })).statusCode).toBe(
        403,
      );
      expect((await t.call(tokens[u]!, { url: '/api/system/notice/list' })).statusCode).toBe(403);
      expect((await t.call(tokens[u]!, { url: '/api/system/notice/export' })).statusCode).toBe(403);
    }
    expect(
      await t.database.db.select().from(sysNotice).where(eq(sysNotice.noticeTitle, payload.noticeTitle)),
    ).toHaveLength(0);
    const created = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/notice/save', payload });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.noticeId as number;
    expect(created.json().data.createdBy).toBe('admin');
    const list = (await t.call(tokens.admin!, { url: '/api/system/notice/list?noticeType=1&noticeTitle=春节' })).json();
    expect(list.total).toBe(1);
    for (const u of OTHERS) {
      expect(
        (
          await t.call(tokens[u]!, {
            method: 'POST',
            url: '/api/system/notice/update',
            payload: { ...payload, noticeId: id, status: '0' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: `/api/system/notice/remove?ids=${id}` })).statusCode,
      ).toBe(403);
    }
    const upd = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/notice/update',
      payload: { ...payload, noticeId: id, status: '0' },
    });
    expect(upd.json().data.status).toBe('0');
    expect((await t.call(tokens.admin!, { url: `/api/system/notice/get/${id}` })).json().data.status).toBe('0');
    const allType1 = (await t.call(tokens.admin!, { url: '/api/system/notice/list?noticeType=1' })).json()
      .total as number;
    const exp = await t.call(tokens.admin!, { url: '/api/system/notice/export?noticeType=1' });
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers).toEqual(['公告编号', '公告标题', '公告类型', '公告内容', '状态', '创建者', '创建时间']);
    expect(x.rows).toHaveLength(allType1);
    expect(x.rows.every((r) => r[2] === '通知')).toBe(true);
    expect(
      (await t.call(tokens.admin!, { method: 'POST', url: `/api/system/notice/remove?ids=${id}` })).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(sysNotice).where(eq(sysNotice.noticeId, id))).toHaveLength(0);
  });

  it('names the field of bad input', async () => {
    const res = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/notice/save',
      payload: { noticeTitle: '标题', noticeType: '9', noticeContent: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('noticeType');
    const empty = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/notice/save',
      payload: { noticeTitle: '标题', noticeType: '1', noticeContent: '' },
    });
    expect(empty.json().field).toBe('noticeContent');
    expect(empty.json().msg).toContain('公告内容');
  });
});

describe('待办管理 /system/sysTodo', () => {
  it("admin lists every user's to-dos with filters, exports and removes; the others get 403", async () => {
    const gz = (
      await t.call(tokens.admin!, { url: '/api/system/sysTodo/listAll?userName=gz_sl&status=0&pageSize=30' })
    ).json();
    expect(gz.total).toBeGreaterThan(0);
    expect(gz.rows.every((r: { userName: string; status: string }) => r.userName === 'gz_sl' && r.status === '0')).toBe(
      true,
    );
    for (const u of OTHERS) {
      expect((await t.call(tokens[u]!, { url: '/api/system/sysTodo/listAll' })).statusCode).toBe(403);
      expect((await t.call(tokens[u]!, { url: '/api/system/sysTodo/export' })).statusCode).toBe(403);
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: `/api/system/sysTodo/remove?ids=${gz.rows[0].id}` }))
          .statusCode,
      ).toBe(403);
    }
    const exp = await t.call(tokens.admin!, { url: '/api/system/sysTodo/export?userName=gz_sl&status=0' });
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers).toEqual(['待办编号', '待办事项', '处理人账号', '处理人姓名', '状态', '办理地址', '创建时间']);
    expect(x.rows).toHaveLength(gz.total);
    const id = gz.rows[0].id as number;
    expect(
      (await t.call(tokens.admin!, { method: 'POST', url: `/api/system/sysTodo/remove?ids=${id}` })).statusCode,
    ).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(sysTodo)
        .where(and(eq(sysTodo.id, id))),
    ).toHaveLength(0);
    // the user's own list still works and no longer shows it
    const own = (await t.call(await t.login('gz_sl'), { url: '/api/system/sysTodo/list?pageSize=30' })).json();
    expect(own.rows.some((r: { id: number }) => r.id === id)).toBe(false);
  });
});
