/** The signed-in user's menu as stored: the entries the user's enabled roles grant. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from '../../db/schema.js';

/** The enabled directories and pages (no buttons) a user's enabled roles grant, parents first, in display order. */
export async function menuEntriesOfUser(db: DbOrTx, userId: number) {
  const rows = await db
    .selectDistinct({
      menuId: sysMenu.menuId,
      parentId: sysMenu.parentId,
      menuName: sysMenu.menuName,
      name: sysMenu.name,
      menuKey: sysMenu.menuKey,
      icon: sysMenu.icon,
      visible: sysMenu.visible,
      path: sysMenu.path,
      component: sysMenu.component,
      redirect: sysMenu.redirect,
      target: sysMenu.target,
      hiddenChildren: sysMenu.hiddenChildren,
      hiddenHeader: sysMenu.hiddenHeader,
      orderNum: sysMenu.orderNum,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, and(eq(sysRole.roleId, sysUserRole.roleId), eq(sysRole.status, '1')))
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysRole.roleId))
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysMenu.status, '1'), inArray(sysMenu.menuType, ['M', 'C'])))
    .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
  // The order column is selected for DISTINCT's sake only.
  return rows.map(({ orderNum: _o, ...rest }) => rest);
}
