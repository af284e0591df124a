/** Menu permissions' SQL: sys_menu rows, and the roles (sys_role_menu) they are granted to. */
import { and, asc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sysMenu, sysRole, sysRoleMenu } from '../../../db/schema.js';
import { containsPattern } from '../../../lib/textMatch.js';

export type MenuRecord = typeof sysMenu.$inferSelect;
/** The columns a menu's form writes. */
export type MenuValues = Omit<typeof sysMenu.$inferInsert, 'menuId' | 'createdAt' | 'updatedAt'>;

/** The filters of the menu list and its export. */
export interface MenuFilter {
  menuName?: string;
  menuKey?: string;
  status?: string;
  menuType?: string;
}

const ORDER = [asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId)];

/** Every menu, parents' ids first, then in their order. */
export async function allMenus(db: DbOrTx): Promise<MenuRecord[]> {
  return db
    .select()
    .from(sysMenu)
    .orderBy(...ORDER);
}

/** The ids of the menus the filter matches. */
export async function menuIdsMatching(db: DbOrTx, f: MenuFilter): Promise<number[]> {
  const w: SQL[] = [];
  if (f.menuName) w.push(ilike(sysMenu.menuName, containsPattern(f.menuName)));
  if (f.menuKey) w.push(ilike(sysMenu.menuKey, containsPattern(f.menuKey)));
  if (f.status) w.push(eq(sysMenu.status, f.status));
  if (f.menuType) w.push(eq(sysMenu.menuType, f.menuType));
  const matched = await db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(and(...w));
  return matched.map((m) => m.id);
}

/** Each menu's id and its parent's. */
export async function menuParents(db: DbOrTx): Promise<{ id: number; parentId: number }[]> {
  return db.select({ id: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu);
}

/** Whether a role of this id exists. */
export async function roleExists(db: DbOrTx, roleId: number): Promise<boolean> {
  const [role] = await db.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleId, roleId));
  return role !== undefined;
}

/** The ids of the menus granted to a role, ascending. */
export async function grantedMenuIds(db: DbOrTx, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ menuId: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(eq(sysRoleMenu.roleId, roleId))
    .orderBy(asc(sysRoleMenu.menuId));
  return rows.map((r) => r.menuId);
}

/** The names of the roles a menu is granted to, in the roles' order. */
export async function grantedRoleNames(db: DbOrTx, menuId: number): Promise<string[]> {
  const rows = await db
    .select({ roleName: sysRole.roleName })
    .from(sysRoleMenu)
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .where(eq(sysRoleMenu.menuId, menuId))
    .orderBy(asc(sysRole.roleSort));
  return rows.map((r) => r.roleName);
}

/** The keys of the roles a menu is granted to, each once. */
export async function grantedRoleKeys(db: DbOrTx, menuId: number): Promise<string[]> {
  const holders = await db
    .selectDistinct({ roleKey: sysRole.roleKey })
    .from(sysRoleMenu)
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .where(eq(sysRoleMenu.menuId, menuId));
  return holders.map((h) => h.roleKey);
}

/** The menu by id, if any. */
export async function menuById(db: DbOrTx, menuId: number): Promise<MenuRecord | undefined> {
  const [row] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
  return row;
}

/** Whether another menu (not `selfId`) has this permission key. */
export async function menuKeyTaken(db: DbOrTx, menuKey: string, selfId: number | null): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.menuKey, menuKey), selfId !== null ? ne(sysMenu.menuId, selfId) : undefined));
  return dup !== undefined;
}

/** Whether another menu (not `selfId`) has this route name. */
export async function routeNameTaken(db: DbOrTx, name: string, selfId: number | null): Promise<boolean> {
  const [dup] = await db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.name, name), selfId !== null ? ne(sysMenu.menuId, selfId) : undefined));
  return dup !== undefined;
}

/** Whether a menu has any menu or button below it. */
export async function hasChildMenu(db: DbOrTx, menuId: number): Promise<boolean> {
  const children = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).limit(1);
  return children.length > 0;
}

/** Inserts a menu. */
export async function insertMenu(db: DbOrTx, values: MenuValues): Promise<MenuRecord> {
  const [row] = await db.insert(sysMenu).values(values).returning();
  return row!;
}

/** Updates a menu's columns. */
export async function updateMenuRow(db: DbOrTx, menuId: number, values: MenuValues): Promise<MenuRecord> {
  const [row] = await db
    .update(sysMenu)
    .set({ ...values })
    .where(eq(sysMenu.menuId, menuId))
    .returning();
  return row!;
}

/** Deletes a menu. */
export async function deleteMenu(db: DbOrTx, menuId: number): Promise<void> {
  await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId));
}
