/**
 * Excel exports of the admin lists (issue #5): menus, departments, districts, files, online users
 * and user groups each answer a real .xlsx holding exactly the rows their list holds for the same
 * filter, and refuse callers without the list permission.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { readXlsx } from '../helpers/xlsx.js';
import { sysOss, sysUser } from '../../server/db/schema.js';
import { eq } from 'drizzle-orm';
import { chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const { tokens } = apiSuite({
  users: ['admin', 'secadmin', 'ent_gz'],
  ready: (app) => {
    t = app;
  },
});

async function exportOf(user: string, url: string) {
  const res = await t.call(tokens[user]!, { url });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; .*\.xlsx/);
  return readXlsx(res.rawPayload);
}

async function listOf<T>(user: string, url: string): Promise<{ rows: T[]; total: number }> {
  const res = await t.call(tokens[user]!, { url });
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: T[]; total: number };
}

interface Node {
  children?: Node[];
}
const countTree = (nodes: readonly Node[]): number => nodes.reduce((n, x) => n + 1 + countTree(x.children ?? []), 0);

describe('admin list exports', () => {
  it('menus: the tree in order with types and visibility in words, same filter as the list', async () => {
    const all = await exportOf('admin', '/api/menu/export');
    expect(all.headers).toEqual([
      '菜单编号',
      '上级编号',
      '菜单名称',
      '类型',
      '权限标识',
      '路由地址',
      '组件',
      '排序',
      '显示/隐藏',
      '状态',
    ]);
    const tree = (await t.call(tokens.admin!, { url: '/api/menu/list' })).json().data as Node[];
    expect(all.rows).toHaveLength(countTree(tree));
    expect(all.rows.length).toBeGreaterThan(20);
    expect(new Set(all.rows.map((r) => r[3]))).toEqual(new Set(['目录', '菜单', '按钮']));
    const userList = all.rows.find((r) => r[4] === 'system:user:list')!;
    expect(userList[8]).toMatch(/^(显示|隐藏)$/);

    const buttons = await exportOf('admin', '/api/menu/export?menuType=F&menuKey=system:user');
    const filtered = (await t.call(tokens.admin!, { url: '/api/menu/list?menuType=F&menuKey=system:user' })).json()
      .data as Node[];
    expect(buttons.rows).toHaveLength(countTree(filtered));
    const flat = (await t.call(tokens.admin!, { url: '/api/menu/list?flat=1&menuType=F&menuKey=system:user' })).json()
      .data as { menuKey: string }[];
    const exportedButtons = buttons.rows.filter((r) => r[3] === '按钮');
    expect(exportedButtons.map((r) => r[4]).sort()).toEqual(flat.map((m) => m.menuKey).sort());
    expect(exportedButtons.every((r) => (r[8] ?? '') === '')).toBe(true);
  });

  it('departments: every node of the (filtered) tree with its parent and staff count', async () => {
    const all = await exportOf('admin', '/api/system/dept/export');
    expect(all.headers).toEqual([
      '部门编号',
      '部门名称',
      '上级部门',
      '数据范围',
      '负责人',
      '联系电话',
      '用户数',
      '排序',
      '状态',
      '创建时间',
    ]);
    const tree = (await t.call(tokens.admin!, { url: '/api/system/dept/list' })).json().data as Node[];
    expect(all.rows).toHaveLength(countTree(tree));
    expect(all.rows[0]![2] ?? '').toBe('');

    const area2 = await exportOf('admin', '/api/system/dept/export?area=2');
    const filtered = (await t.call(tokens.admin!, { url: '/api/system/dept/list?area=2' })).json().data as Node[];
    expect(area2.rows).toHaveLength(countTree(filtered));
    expect(area2.rows.length).toBeLessThan(all.rows.length);
    expect(area2.rows.some((r) => r[3] === '深圳类区域中心')).toBe(true);
  });

  it('districts: code, name, level 省/市/县 and parent, same filter as the list', async () => {
    const top = await exportOf('admin', '/api/system/districts/export');
    expect(top.headers).toEqual(['行政区划代码', '名称', '级别', '上级代码', '上级名称', '受理中心', '排序']);
    expect(top.rows).toHaveLength((await listOf('admin', '/api/system/districts/list')).total);

    const cities = await listOf<{ code: string; name: string }>(
      'admin',
      `/api/system/districts/list?parentCode=${String(top.rows[0]![0])}`,
    );
    expect(cities.total).toBeGreaterThan(0);
    const x = await exportOf('admin', `/api/system/districts/export?parentCode=${String(top.rows[0]![0])}`);
    expect(x.rows).toHaveLength(cities.total);
    expect(x.rows.every((r) => r[2] === '市' && r[3] === top.rows[0]![0] && r[4] === top.rows[0]![1])).toBe(true);

    const byName = await listOf('admin', `/api/system/districts/list?name=${encodeURIComponent('区')}`);
    const y = await exportOf('admin', `/api/system/districts/export?name=${encodeURIComponent('区')}`);
    expect(y.rows).toHaveLength(byName.total);
    expect(y.rows.some((r) => r[2] === '县')).toBe(true);
  });

  it('files: the stored files as the list filters them, and no storage key or secret', async () => {
    const [admin] = await t.database.db
      .select({ id: sysUser.userId })
      .from(sysUser)
      .where(eq(sysUser.userName, 'admin'));
    await t.database.db.insert(sysOss).values(
      [1, 2, 3].map((i) => ({
        fileName: `export-test-${i}.pdf`,
        originalName: `证书${i}.pdf`,
        fileSuffix: i === 3 ? 'png' : 'pdf',
        mimeType: i === 3 ? 'image/png' : 'application/pdf',
        size: 100 * i,
        sha256: String(i).repeat(64),
        storageKey: `secret-store-key/${i}`,
        ownerRef: `application:${i}`,
        createdBy: admin!.id,
      })),
    );
    const all = await exportOf('admin', '/api/system/oss/export');
    expect(all.headers).toEqual([
      '文件编号',
      '原文件名',
      '存储文件名',
      '后缀',
      '文件类型',
      '大小（字节）',
      'SHA-256',
      '存储位置',
      '所属业务',
      '上传人',
      '上传时间',
    ]);
    expect(all.rows).toHaveLength((await listOf('admin', '/api/system/oss/list')).total);
    expect(all.rows.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(all.rows)).not.toContain('secret-store-key');

    const pdf = await exportOf('admin', '/api/system/oss/export?fileSuffix=pdf&originalName=证书');
    expect(pdf.rows).toHaveLength(
      (await listOf('admin', `/api/system/oss/list?fileSuffix=pdf&originalName=${encodeURIComponent('证书')}`)).total,
    );
    expect(pdf.rows).toHaveLength(2);
  });

  it('online users: the active sessions, without any token or token hash', async () => {
    const x = await exportOf('secadmin', '/api/system/online/export');
    expect(x.headers).toEqual([
      '登录名',
      '用户姓名',
      '部门',
      'IP 地址',
      '浏览器',
      '操作系统',
      '登录方式',
      '登录时间',
      '最后活动时间',
    ]);
    const list = await listOf<{ sessionId: string; userName: string }>(
      'secadmin',
      '/api/system/online/list?pageSize=100',
    );
    expect(x.rows).toHaveLength(list.total);
    expect(x.rows.map((r) => r[0]).sort()).toEqual(list.rows.map((r) => r.userName).sort());
    const text = JSON.stringify(x.rows);
    for (const token of Object.values(tokens)) expect(text).not.toContain(token);
    for (const s of list.rows) expect(text).not.toContain(s.sessionId);

    const one = await exportOf('secadmin', '/api/system/online/export?userName=ent_gz');
    expect(one.rows).toHaveLength((await listOf('secadmin', '/api/system/online/list?userName=ent_gz')).total);
    expect(one.rows.length).toBeGreaterThan(0);
    expect(one.rows.every((r) => r[0] === 'ent_gz' && r[6] === '密码')).toBe(true);
  });

  it('user groups: group, member count and status, same filter as the list', async () => {
    const users = await t.database.db.select({ id: sysUser.userId }).from(sysUser).limit(3);
    for (const [groupName, status, n] of [
      ['导出测试组甲', '1', 3],
      ['导出测试组乙', '0', 1],
    ] as const) {
      const res = await t.call(tokens.admin!, {
        method: 'POST',
        url: '/api/system/userGroup/save',
        payload: { groupName, status, userIds: users.slice(0, n).map((u) => u.id) },
      });
      expect(res.statusCode).toBe(200);
    }
    const all = await exportOf('admin', '/api/system/userGroup/export');
    expect(all.headers).toEqual(['用户组编号', '用户组名称', '成员数', '状态', '备注', '创建时间']);
    expect(all.rows).toHaveLength((await listOf('admin', '/api/system/userGroup/list')).total);

    const x = await exportOf(
      'admin',
      `/api/system/userGroup/export?groupName=${encodeURIComponent('导出测试')}&status=1`,
    );
    expect(x.rows).toHaveLength(
      (await listOf('admin', `/api/system/userGroup/list?groupName=${encodeURIComponent('导出测试')}&status=1`)).total,
    );
    expect(x.rows.map((r) => [r[1], r[2], r[3]])).toEqual([['导出测试组甲', 3, '正常']]);
  });

  it.each([
    '/api/menu/export',
    '/api/system/dept/export',
    '/api/system/districts/export',
    '/api/system/oss/export',
    '/api/system/online/export',
    '/api/system/userGroup/export',
  ])('%s refuses an enterprise user (403)', async (url) => {
    const res = await t.call(tokens.ent_gz!, { url });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('dated export file names', () => {
  it('name the China day of the server clock (users, roles)', async () => {
    const day = chinaDate(t.clock.now());
    for (const [url, stem] of [
      ['/api/system/user/export', '用户列表'],
      ['/api/system/role/export', '角色列表'],
    ] as const) {
      const res = await t.call(tokens.admin!, { url });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`${stem}_${day}.xlsx`);
    }
  });
});
