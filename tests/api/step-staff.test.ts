/**
 * sys_step_staff, whom a transition tells at each step of each centre, is derived by triggers: after
 * any change to users, roles, grants, menus or departments — made by any path, here plain SQL — it
 * holds exactly what joining those tables says now, and the next transition's to-do goes there.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';

let t: TestApp;
apiSuite({
  ready: async (app) => {
    t = app;
  },
});

type Row = { area: string; step: string; user_id: number };
const rows = async <T = Row>(statement: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
const key = (r: Row) => `${r.area}/${r.step}/${Number(r.user_id)}`;

/** The six-table join the transitions ran before the table existed. */
const joined = async () =>
  (
    await rows(sql`
  select distinct d.area, substr(m.menu_key, 10) as step, u.user_id from sys_user u
  join sys_dept d on d.dept_id = u.dept_id
  join sys_user_role ur on ur.user_id = u.user_id
  join sys_role r on r.role_id = ur.role_id
  join sys_role_menu rm on rm.role_id = r.role_id
  join sys_menu m on m.menu_id = rm.menu_id
  where u.status = '1' and u.user_type = '02' and r.status = '1' and d.area is not null
    and m.menu_key in ('workflow:sl', 'workflow:cb', 'workflow:cs', 'workflow:sh', 'workflow:sp', 'workflow:bj')`)
  )
    .map(key)
    .sort();
const stored = async () => (await rows(sql`select area, step, user_id from sys_step_staff`)).map(key).sort();
const idOf = async (userName: string) =>
  Number(
    (await rows<{ user_id: number }>(sql`select user_id from sys_user where user_name = ${userName}`))[0]!.user_id,
  );

async function expectInStep(userName: string, area: string, step: string, present: boolean) {
  const id = await idOf(userName);
  expect((await stored()).includes(`${area}/${step}/${id}`), `${userName} at ${area}/${step}`).toBe(present);
  expect(await stored()).toEqual(await joined());
}

describe('the staff of each step follow every change', () => {
  it('holds what the tables say after the demo seed', async () => {
    const now = await stored();
    expect(now.length).toBeGreaterThan(5);
    expect(now).toEqual(await joined());
    await expectInStep('gz_cb', '1', 'cb', true);
  });

  it('a user disabled, a role taken, a grant removed, a department moved: out; undone: back', async () => {
    const gzCb = await idOf('gz_cb');
    await t.database.db.execute(sql`update sys_user set status = '0' where user_id = ${gzCb}`);
    await expectInStep('gz_cb', '1', 'cb', false);
    await t.database.db.execute(sql`update sys_user set status = '1' where user_id = ${gzCb}`);
    await expectInStep('gz_cb', '1', 'cb', true);

    const roles = await rows<{ role_id: number }>(sql`select role_id from sys_user_role where user_id = ${gzCb}`);
    await t.database.db.execute(sql`delete from sys_user_role where user_id = ${gzCb}`);
    await expectInStep('gz_cb', '1', 'cb', false);
    for (const r of roles)
      await t.database.db.execute(
        sql`insert into sys_user_role (user_id, role_id) values (${gzCb}, ${Number(r.role_id)})`,
      );
    await expectInStep('gz_cb', '1', 'cb', true);

    await t.database.db.execute(
      sql`update sys_role set status = '0' where role_id in (select role_id from sys_user_role where user_id = ${gzCb})`,
    );
    await expectInStep('gz_cb', '1', 'cb', false);
    await t.database.db.execute(
      sql`update sys_role set status = '1' where role_id in (select role_id from sys_user_role where user_id = ${gzCb})`,
    );
    await expectInStep('gz_cb', '1', 'cb', true);

    const dept = (await rows<{ dept_id: number }>(sql`select dept_id from sys_user where user_id = ${gzCb}`))[0]!
      .dept_id;
    const other = (await rows<{ dept_id: number }>(sql`select dept_id from sys_dept where area = '2' limit 1`))[0]!;
    await t.database.db.execute(sql`update sys_user set dept_id = ${Number(other.dept_id)} where user_id = ${gzCb}`);
    await expectInStep('gz_cb', '1', 'cb', false);
    await expectInStep('gz_cb', '2', 'cb', true);
    await t.database.db.execute(sql`update sys_user set dept_id = ${Number(dept)} where user_id = ${gzCb}`);
    await expectInStep('gz_cb', '1', 'cb', true);
  });

  it('a staff user added with a step role is told at that step; a login does not rebuild anything', async () => {
    const gzCb = await idOf('gz_cb');
    await t.database.db.execute(sql`insert into sys_user (user_name, nick_name, user_type, dept_id, status, password_hash)
      select 'gz_cb_new', '新承办人', '02', dept_id, '1', password_hash from sys_user where user_id = ${gzCb}`);
    const added = await idOf('gz_cb_new');
    await expectInStep('gz_cb_new', '1', 'cb', false);
    await t.database.db.execute(
      sql`insert into sys_user_role (user_id, role_id) select ${added}, role_id from sys_user_role where user_id = ${gzCb}`,
    );
    await expectInStep('gz_cb_new', '1', 'cb', true);
    // A login touches the user's row: the staff stay as they are, without a rebuild.
    await t.database.db.execute(sql`delete from sys_step_staff where user_id = ${added}`);
    await t.login('gz_cb');
    expect((await stored()).includes(`1/cb/${added}`)).toBe(false);
    await t.database.db.execute(sql`select rebuild_step_staff()`);
    expect((await stored()).includes(`1/cb/${added}`)).toBe(true);
    // Removed (its roles go with it): no longer told.
    await t.database.db.execute(sql`delete from sys_user where user_id = ${added}`);
    expect((await stored()).includes(`1/cb/${added}`)).toBe(false);
    expect(await stored()).toEqual(await joined());
  });
});
