/**
 * A database seeded by an older version gets this version's new menu entries through
 * npm run seed:menus (addMissingMenus): under their parents, granted to the seed roles that hold
 * them, without touching the grants an administrator changed; the start says how many are missing.
 *
 * Not an apiSuite: it works on a database alone (openTestDatabase), no app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../server/db/client.js';
import { sysMenu, sysRole, sysRoleMenu } from '../../server/db/schema.js';
import { addMissingMenus, missingMenus } from '../../server/db/seed/upgradeMenus.js';
import { prepareDatabase } from '../../server/bootstrap.js';
import { loadConfig } from '../../server/config.js';
import { openTestDatabase } from '../helpers/db.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const menuId = async (key: string) =>
  (await database.db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.menuKey, key)))[0]?.id;
/** Role keys granted a menu. */
const grantedTo = async (key: string) =>
  (
    await database.db
      .select({ roleKey: sysRole.roleKey })
      .from(sysRoleMenu)
      .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(eq(sysMenu.menuKey, key))
  )
    .map((r) => r.roleKey)
    .sort();

describe('menu entries a newer version brings', () => {
  it('a freshly seeded database lacks none', async () => {
    expect(await missingMenus(database.db)).toEqual([]);
    expect((await addMissingMenus(database.db)).added).toEqual([]);
  });

  it("come back under their parent with the seed roles' grants, once; grants an administrator changed stay", async () => {
    // As an older version would have it: no 在办业务统计 page (nor its export button).
    const page = 'statistics:afootTask:list';
    const parentBefore = (
      await database.db.select({ parentId: sysMenu.parentId }).from(sysMenu).where(eq(sysMenu.menuKey, page))
    )[0]!.parentId;
    const rolesBefore = await grantedTo(page);
    expect(rolesBefore.length).toBeGreaterThan(0);
    const pageId = (await menuId(page))!;
    const buttons = (
      await database.db.select({ key: sysMenu.menuKey }).from(sysMenu).where(eq(sysMenu.parentId, pageId))
    ).map((b) => b.key!);
    expect(buttons).toContain('statistics:afootTask:export');
    await database.db.delete(sysMenu).where(inArray(sysMenu.menuKey, [page, ...buttons]));
    // An administrator took 办件查询 away from the province's role.
    expect(await grantedTo('search:work:list')).toContain('adminProvince');
    const [province] = await database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'adminProvince'));
    await database.db
      .delete(sysRoleMenu)
      .where(
        and(eq(sysRoleMenu.roleId, province!.roleId), eq(sysRoleMenu.menuId, (await menuId('search:work:list'))!)),
      );

    expect((await missingMenus(database.db)).map((f) => f.node.menuKey)).toEqual([page, ...buttons]);
    const outcome = await prepareDatabase(
      database,
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', SEED_DEMO: '1' }),
    );
    expect(outcome).toEqual({ kind: 'existing', missingMenus: 1 + buttons.length });

    const done = await addMissingMenus(database.db);
    expect(done.added).toEqual([page, ...buttons]);
    const [row] = await database.db.select().from(sysMenu).where(eq(sysMenu.menuKey, page));
    expect(row!.parentId).toBe(parentBefore);
    expect(row!.component).toBe('statistics/StatisticsAfootTask');
    expect(await grantedTo(page)).toEqual(rolesBefore);
    expect(Object.keys(done.granted).sort()).toEqual(rolesBefore);
    expect(await grantedTo('search:work:list')).not.toContain('adminProvince');

    expect((await addMissingMenus(database.db)).added).toEqual([]);
  });
});
