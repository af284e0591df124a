/**
 * The server keeps the permissions of a set of roles until the authz version moves; the version is
 * moved by triggers on roles, menus and grants, so a change made by any path — here plain SQL, as
 * an operator in psql or an older tool would — takes effect at the caller's next call.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

let t: TestApp;
const { token } = apiSuite({
  ready: async (app) => {
    t = app;
  },
});

const USER_LIST = '/api/system/user/list';
const status = async (user: string, url = USER_LIST) => (await t.call(await token(user), { url })).statusCode;
const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);
const version = async () =>
  Number(
    (
      (await run(sql`select version from sys_authz_version where id = 1`)) as unknown as {
        rows: { version: unknown }[];
      }
    ).rows[0]!.version,
  );

const adminRoleGrant = sql`sys_role_menu rm where rm.role_id = (select role_id from sys_role where role_key = 'admin')
  and rm.menu_id in (select menu_id from sys_menu where menu_key = 'system:user:list')`;

describe('permissions follow the grants at the next call', () => {
  it('a grant removed in SQL is refused at once, and allowed again when restored', async () => {
    expect(await status('admin')).toBe(200);
    // The grant is read once more after each change: warm the cache first.
    expect(await status('admin')).toBe(200);
    const [grant] = (
      (await run(sql`select rm.role_id, rm.menu_id from ${adminRoleGrant}`)) as unknown as {
        rows: { role_id: number; menu_id: number }[];
      }
    ).rows;
    expect(grant).toBeDefined();
    const before = await version();
    await run(sql`delete from ${adminRoleGrant}`);
    expect(await version()).toBeGreaterThan(before);
    expect(await status('admin')).toBe(403);
    await run(sql`insert into sys_role_menu (role_id, menu_id) values (${grant!.role_id}, ${grant!.menu_id})`);
    expect(await status('admin')).toBe(200);
  });

  it('a menu disabled or a role disabled takes its permissions away; enabled, they come back', async () => {
    expect(await status('admin')).toBe(200);
    await run(sql`update sys_menu set status = '0' where menu_key = 'system:user:list'`);
    expect(await status('admin')).toBe(403);
    await run(sql`update sys_menu set status = '1' where menu_key = 'system:user:list'`);
    expect(await status('admin')).toBe(200);
    expect(await status('gz_sl', '/api/workflow/queue/waitAccept')).toBe(200);
    await run(
      sql`update sys_role set status = '0' where role_key in (select r.role_key from sys_role r join sys_user_role ur on ur.role_id = r.role_id join sys_user u on u.user_id = ur.user_id where u.user_name = 'gz_sl')`,
    );
    expect(await status('gz_sl', '/api/workflow/queue/waitAccept')).toBe(403);
    await run(
      sql`update sys_role set status = '1' where role_key in (select r.role_key from sys_role r join sys_user_role ur on ur.role_id = r.role_id join sys_user u on u.user_id = ur.user_id where u.user_name = 'gz_sl')`,
    );
    expect(await status('gz_sl', '/api/workflow/queue/waitAccept')).toBe(200);
  });
});
