/** 参数设置, 操作日志, 登录日志: permissions of the three administrators, security policy by secadmin only, logs read-only, Excel exports. */
import { describe, expect, it, vi } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/sql.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { readXlsx } from '../helpers/xlsx.js';
import { chinaDate } from '../../server/lib/days.js';
import { rateLimitBucket, sysConfig, sysLoginLog, sysOperLog } from '../../server/db/schema.js';
import { OPER_ACTION_NAMES, type OperAction } from '../../server/lib/operLog.js';

let t: TestApp;
const { tokens } = apiSuite({
  users: ['admin', 'secadmin', 'auditor', 'ent_gz'],
  ready: (app) => {
    t = app;
  },
});

const configRow = async (key: string) =>
  (await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, key)))[0]!;

describe('参数设置 /system/config', () => {
  it('lists with filters for admin and secadmin; auditor and ent_gz get 403', async () => {
    const res = await t.call(tokens.admin!, { url: '/api/system/config/list?configKey=sys.login&pageSize=20' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.rows.length).toBeGreaterThanOrEqual(3);
    expect(
      body.rows.every((r: { configKey: string; security: boolean }) => r.configKey.includes('sys.login') && r.security),
    ).toBe(true);
    expect(body.total).toBe(body.rows.length);
    const biz = (await t.call(tokens.secadmin!, { url: '/api/system/config/list?configName=年龄' })).json();
    expect(biz.rows.map((r: { configKey: string }) => r.configKey).sort()).toEqual(['biz.age.max.B', 'biz.age.max.C']);
    expect((await t.call(tokens.auditor!, { url: '/api/system/config/list' })).statusCode).toBe(403);
    expect((await t.call(tokens.ent_gz!, { url: '/api/system/config/list' })).statusCode).toBe(403);
    const one = (await t.call(tokens.admin!, { url: `/api/system/config/get/${body.rows[0].configId}` })).json();
    expect(one.data.configKey).toBe(body.rows[0].configKey);
  });

  it('admin creates, edits and removes a custom parameter; others are refused and change nothing', async () => {
    const payload = {
      configName: '咨询电话',
      configKey: 'biz.hotline',
      configValue: '020-83300000',
      remark: '首页显示',
    };
    for (const u of ['secadmin', 'auditor', 'ent_gz']) {
      expect((await t.call(tokens[u]!, { method: 'POST', url: '/api/system/config/save', payload })).statusCode).toBe(
        403,
      );
    }
    expect(await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'biz.hotline'))).toHaveLength(0);
    const created = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/config/save', payload });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.configId as number;
    expect(created.json().data.configType).toBe('N');
    const dup = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/config/save', payload });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toContain('biz.hotline');
    expect(dup.json().field).toBe('configKey');

    const edited = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/update',
      payload: { ...payload, configId: id, configValue: '020-83300001' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await configRow('biz.hotline')).configValue).toBe('020-83300001');
    // secadmin holds system:config:edit too, so ordinary keys are open to it
    expect(
      (
        await t.call(tokens.secadmin!, {
          method: 'POST',
          url: '/api/system/config/update',
          payload: { ...payload, configId: id, configValue: '020-1' },
        })
      ).statusCode,
    ).toBe(200);
    for (const u of ['auditor', 'ent_gz']) {
      expect(
        (
          await t.call(tokens[u]!, {
            method: 'POST',
            url: '/api/system/config/update',
            payload: { ...payload, configId: id, configValue: 'x' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: `/api/system/config/remove?ids=${id}` })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.call(tokens.secadmin!, { method: 'POST', url: `/api/system/config/remove?ids=${id}` })).statusCode,
    ).toBe(403);
    expect((await configRow('biz.hotline')).configValue).toBe('020-1');
    const removed = await t.call(tokens.admin!, { method: 'POST', url: `/api/system/config/remove?ids=${id}` });
    expect(removed.statusCode).toBe(200);
    expect(await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'biz.hotline'))).toHaveLength(0);
  });

  it('names the field of bad input', async () => {
    const noName = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/save',
      payload: { configName: '', configKey: 'a.b', configValue: '1' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().field).toBe('configName');
    expect(noName.json().msg).toContain('参数名称');
    const badKey = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/save',
      payload: { configName: 'x', configKey: 'a b', configValue: '1' },
    });
    expect(badKey.json().field).toBe('configKey');
    const noValue = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/save',
      payload: { configName: 'x', configKey: 'a.b' },
    });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().field).toBe('configValue');
    const noId = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/update',
      payload: { configId: 0, configName: 'x', configKey: 'a.b', configValue: '1' },
    });
    expect(noId.json().field).toBe('configId');
    const badIds = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/config/remove?ids=abc' });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().field).toBe('ids');
  });

  it('keeps built-in rows: no removal, no key change', async () => {
    const row = await configRow('biz.delay.windowDays');
    const res = await t.call(tokens.admin!, { method: 'POST', url: `/api/system/config/remove?ids=${row.configId}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('不能删除');
    const rename = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/update',
      payload: {
        configId: row.configId,
        configName: row.configName,
        configKey: 'biz.delay.other',
        configValue: '60',
        configType: 'Y',
      },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().field).toBe('configKey');
    expect((await configRow('biz.delay.windowDays')).configValue).toBe('90');
  });

  it('lets only the security administrator change security policy, and the policy follows at once', async () => {
    const row = await configRow('sys.login.maxFailures');
    const payload = {
      configId: row.configId,
      configName: row.configName,
      configKey: row.configKey,
      configValue: '2',
      configType: 'Y',
      remark: row.remark,
    };
    const byAdmin = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/config/update', payload });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().msg).toContain('安全管理员');
    expect((await configRow('sys.login.maxFailures')).configValue).toBe('5');
    const newSecurityKey = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/config/save',
      payload: { configName: 'x', configKey: 'sys.password.extra', configValue: '1' },
    });
    expect(newSecurityKey.statusCode).toBe(403);

    // the policy is cached: read it now so the change below must invalidate it
    expect((await t.app.ctx.policy.get()).loginMaxFailures).toBe(5);
    const tooLow = await t.call(tokens.secadmin!, {
      method: 'POST',
      url: '/api/system/config/update',
      payload: { ...payload, configValue: '0' },
    });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().field).toBe('configValue');
    const bySec = await t.call(tokens.secadmin!, { method: 'POST', url: '/api/system/config/update', payload });
    expect(bySec.statusCode).toBe(200);
    expect((await t.app.ctx.policy.get()).loginMaxFailures).toBe(2);

    // two wrong passwords now lock gz_cb (the captcha starts only after 3)
    const wrong = () =>
      t.app.inject({ method: 'POST', url: '/api/login/login', payload: { username: 'gz_cb', password: 'Wrong#2026' } });
    const first = await wrong();
    expect(first.statusCode).toBe(401);
    expect(first.json().msg).toContain('再错1次');
    expect((await wrong()).statusCode).toBe(423);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { username: 'gz_cb', password: 'Demo#2026' },
    });
    expect(locked.statusCode).toBe(423);

    // unlock: secadmin yes; admin, auditor, ent_gz no
    for (const u of ['admin', 'auditor', 'ent_gz']) {
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: '/api/system/logininfor/unlock/gz_cb' })).statusCode,
      ).toBe(403);
    }
    // The lock of gz_cb from this address (login-attempts.ts) is a row until the unlock clears it.
    const lockRows = () =>
      t.database.db.select().from(rateLimitBucket).where(like(rateLimitBucket.key, 'login-lock:gz\\_cb@%'));
    expect(await lockRows()).toHaveLength(1);
    const unlock = await t.call(tokens.secadmin!, { method: 'POST', url: '/api/system/logininfor/unlock/gz_cb' });
    expect(unlock.statusCode).toBe(200);
    expect(await lockRows()).toHaveLength(0);
    expect(
      (await t.call(tokens.secadmin!, { method: 'POST', url: '/api/system/logininfor/unlock/nobody_here' })).statusCode,
    ).toBe(404);
    expect(await t.login('gz_cb')).toBeTruthy();
    await t.call(tokens.secadmin!, {
      method: 'POST',
      url: '/api/system/config/update',
      payload: { ...payload, configValue: '5' },
    });
  });

  it('exports a real .xlsx following the filter (admin yes, secadmin no)', async () => {
    const res = await t.call(tokens.admin!, { url: '/api/system/config/export?configKey=sys.password' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const { headers, rows } = await readXlsx(res.rawPayload);
    expect(headers).toEqual(['参数编号', '参数名称', '参数键名', '参数键值', '系统内置', '备注', '创建时间']);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => String(r[2]).startsWith('sys.password.'))).toBe(true);
    expect((await t.call(tokens.secadmin!, { url: '/api/system/config/export' })).statusCode).toBe(403);
  });
});

describe('操作日志 and 登录日志', () => {
  it('auditor reads and exports the operation log; admin, secadmin, ent_gz cannot', async () => {
    const list = await t.call(tokens.auditor!, { url: '/api/system/operlog/list?title=参数设置&pageSize=30' });
    expect(list.statusCode).toBe(200);
    const rows = list.json().rows as { title: string; operName: string; operId: number; status: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.title === '参数设置')).toBe(true);
    const failed = (
      await t.call(tokens.auditor!, { url: '/api/system/operlog/list?title=参数设置&status=1&pageSize=30' })
    ).json();
    expect(failed.rows.length).toBeGreaterThan(0);
    expect(failed.rows.every((r: { status: string; success: boolean }) => r.status === '1' && !r.success)).toBe(true);
    const succeeded = (
      await t.call(tokens.auditor!, { url: '/api/system/operlog/list?title=参数设置&status=0&pageSize=30' })
    ).json();
    expect(succeeded.rows.length).toBeGreaterThan(0);
    expect(succeeded.rows.every((r: { success: boolean }) => r.success)).toBe(true);
    const bySec = (
      await t.call(tokens.auditor!, { url: '/api/system/operlog/list?operName=secadmin&pageSize=30' })
    ).json();
    expect(bySec.rows.every((r: { operName: string }) => r.operName === 'secadmin')).toBe(true);
    const one = await t.call(tokens.auditor!, { url: `/api/system/operlog/get/${rows[0]!.operId}` });
    expect(one.json().data.operId).toBe(rows[0]!.operId);
    for (const u of ['admin', 'secadmin', 'ent_gz']) {
      expect((await t.call(tokens[u]!, { url: '/api/system/operlog/list' })).statusCode).toBe(403);
      expect((await t.call(tokens[u]!, { url: '/api/system/operlog/export' })).statusCode).toBe(403);
    }
    const exp = await t.call(tokens.auditor!, { url: '/api/system/operlog/export?title=参数设置&status=1' });
    expect(exp.statusCode).toBe(200);
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers.slice(0, 5)).toEqual(['日志编号', '系统模块', '操作类型', '请求方式', '操作人员']);
    expect(x.rows).toHaveLength(failed.total);
    expect(x.rows.every((r) => r[1] === '参数设置' && r[8] === '失败')).toBe(true);
    // Each failure says why, as the server answered it.
    expect(x.headers[9]).toBe('错误消息');
    expect(x.rows.every((r) => typeof r[9] === 'string' && r[9].length > 0)).toBe(true);
    expect(failed.rows.every((r: { errorMsg: string | null }) => !!r.errorMsg)).toBe(true);
    // The action in words, as the page shows it in Chinese (not the stored code).
    const actionOf = new Map(
      (failed.rows as { operId: number; action: OperAction }[]).map((r) => [r.operId, r.action]),
    );
    expect(x.rows.map((r) => r[2])).toEqual(x.rows.map((r) => OPER_ACTION_NAMES[actionOf.get(Number(r[0]))!]));
    expect(x.rows.every((r) => /^[\u4e00-\u9fff]+$/.test(String(r[2])))).toBe(true);
  });

  it('never lets secrets into the operation log', async () => {
    const rows = await t.database.db.select().from(sysOperLog);
    expect(rows.some((r) => (r.operParam ?? '').includes('Demo#2026'))).toBe(false);
  });

  it("the operation log's commit that does not wait for the disk stays in its statement: every connection still commits durably", async () => {
    // Every connection of the pool (PGlite has one) is told to commit durably (the test clusters may
    // run with synchronous_commit off), a call leaves a row, then each is asked how it commits now.
    const onEveryConnection = async (statement: string): Promise<string[]> => {
      const pool = t.database.pool;
      if (!pool)
        return rowsOf<Record<string, string>>(await t.database.db.execute(sql.raw(statement))).map(
          (r) => Object.values(r)[0]!,
        );
      const clients = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
      try {
        return await Promise.all(
          clients.map(async (c) =>
            String(Object.values((await c.query<Record<string, string>>(statement)).rows[0] ?? {})[0]),
          ),
        );
      } finally {
        for (const c of clients) c.release();
      }
    };
    await onEveryConnection(`select set_config('synchronous_commit', 'on', false)`);
    const marker = `lazy-commit-${Date.now()}`;
    expect(
      (await t.call(tokens.admin!, { method: 'POST', url: '/api/system/config/remove', payload: { marker } }))
        .statusCode,
    ).toBe(400);
    // The row is written after the answer.
    await vi.waitFor(async () => {
      const rows = await t.database.db.select({ p: sysOperLog.operParam }).from(sysOperLog);
      expect(rows.some((r) => (r.p ?? '').includes(marker))).toBe(true);
    });
    const settings = await onEveryConnection('show synchronous_commit');
    expect(settings.length).toBeGreaterThan(0);
    expect(
      settings.every((v) => v === 'on'),
      settings.join(),
    ).toBe(true);
  });

  it('auditor and secadmin read the login log; auditor exports; filters by user, status and date', async () => {
    const today = chinaDate(t.clock.now());
    const failed = await t.call(tokens.secadmin!, {
      url: `/api/system/logininfor/list?userName=gz_cb&status=1&beginTime=${today}&endTime=${today}`,
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().total).toBeGreaterThanOrEqual(3);
    expect(
      failed.json().rows.every((r: { userName: string; status: string }) => r.userName === 'gz_cb' && r.status === '1'),
    ).toBe(true);
    // The server says where the unlock button stands: a failed sign-in of a named account, never a success.
    expect(failed.json().rows.every((r: { success: boolean; unlockable: boolean }) => !r.success && r.unlockable)).toBe(
      true,
    );
    const signedIn = (
      await t.call(tokens.secadmin!, { url: '/api/system/logininfor/list?userName=secadmin&status=0' })
    ).json().rows;
    expect(signedIn.length).toBeGreaterThan(0);
    expect(signedIn.every((r: { success: boolean; unlockable: boolean }) => r.success && !r.unlockable)).toBe(true);
    const yesterday = (
      await t.call(tokens.auditor!, { url: '/api/system/logininfor/list?userName=gz_cb&endTime=2000-01-01' })
    ).json();
    expect(yesterday.total).toBe(0);
    for (const u of ['admin', 'ent_gz'])
      expect((await t.call(tokens[u]!, { url: '/api/system/logininfor/list' })).statusCode).toBe(403);
    expect((await t.call(tokens.secadmin!, { url: '/api/system/logininfor/export' })).statusCode).toBe(403);
    const exp = await t.call(tokens.auditor!, { url: '/api/system/logininfor/export?userName=gz_cb&status=1' });
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers).toEqual([
      '访问编号',
      '用户名称',
      '登录方式',
      '登录地址',
      '浏览器',
      '登录状态',
      '提示消息',
      '访问时间',
    ]);
    const all = await t.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.userName, 'gz_cb'));
    expect(x.rows).toHaveLength(all.filter((r) => r.status === '1').length);
  });

  it('offers no way to edit or delete a log row', async () => {
    const [before] = await t.database.db.select({ n: sysOperLog.operId }).from(sysOperLog).limit(1);
    const attempts: Array<{ method: 'POST' | 'DELETE' | 'PUT'; url: string }> = [
      { method: 'POST', url: '/api/system/operlog/remove?ids=1' },
      { method: 'POST', url: '/api/system/operlog/clean' },
      { method: 'POST', url: '/api/system/operlog/update' },
      { method: 'DELETE', url: '/api/system/operlog/1' },
      { method: 'PUT', url: '/api/system/operlog/1' },
      { method: 'POST', url: '/api/system/logininfor/remove?ids=1' },
      { method: 'POST', url: '/api/system/logininfor/clean' },
      { method: 'DELETE', url: '/api/system/logininfor/1' },
    ];
    for (const a of attempts) {
      for (const u of ['admin', 'auditor', 'secadmin']) {
        const res = await t.call(tokens[u]!, { method: a.method, url: a.url });
        expect([403, 404]).toContain(res.statusCode);
      }
    }
    expect(
      await t.database.db.select({ n: sysOperLog.operId }).from(sysOperLog).where(eq(sysOperLog.operId, before!.n)),
    ).toHaveLength(1);
    const logins = await t.database.db.select().from(sysLoginLog);
    expect(logins.length).toBeGreaterThan(0);
  });
});
