/**
 * Menus and grants a newer version brings to a database seeded by an older one. The seed runs once,
 * so a menu added to MENU_TREE later never reaches an existing database by itself; adding it at
 * every start would also bring back entries an administrator deleted on purpose. So it is an
 * operator's step (`npm run seed:menus`, README "Upgrading"), and the start-up only says how many
 * entries are missing.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { sysMenu, sysRole, sysRoleMenu } from '../schema.js';
import { flattenMenus, menuRow, type FlatMenu } from './menus.js';
import { grantedMenuKeys, ROLES } from './roles.js';

/**
 * The seed's menus the database does not have (by menuKey), parents first — leaving out those whose
 * parent is gone too while the parent itself is not missing from the seed's point of view (an
 * administrator removed the whole directory: its new pages would have nowhere to go).
 */
export async function missingMenus(db: DbOrTx): Promise<FlatMenu[]> {
  const have = new Set((await db.select({ menuKey: sysMenu.menuKey }).from(sysMenu)).map((m) => m.menuKey));
  const placed = new Set<string>();
  const missing: FlatMenu[] = [];
  // flattenMenus lists parents before their children.
  for (const f of flattenMenus()) {
    if (have.has(f.node.menuKey)) continue;
    if (f.parentKey && !have.has(f.parentKey) && !placed.has(f.parentKey)) continue;
    placed.add(f.node.menuKey);
    missing.push(f);
  }
  return missing;
}

export interface MenuUpgrade {
  /** menuKeys added, parents first. */
  added: string[];
  /** Role grants added for them (role key → menuKeys). */
  granted: Record<string, string[]>;
}

/**
 * Adds the missing menus under their parents and grants each to the seed's roles that hold it —
 * only roles that still exist, and only the new entries: grants an administrator changed on the
 * existing ones stay as they are. One transaction.
 */
export async function addMissingMenus(db: DbOrTx): Promise<MenuUpgrade> {
  return db.transaction(async (tx) => {
    const missing = await missingMenus(tx);
    const upgrade: MenuUpgrade = { added: [], granted: {} };
    if (missing.length === 0) return upgrade;
    const ids = new Map(
      (await tx.select({ menuId: sysMenu.menuId, menuKey: sysMenu.menuKey }).from(sysMenu)).map((m) => [
        m.menuKey!,
        m.menuId,
      ]),
    );
    // Parents come first, so a new parent has its id in time.
    for (const f of missing) {
      const [row] = await tx
        .insert(sysMenu)
        .values(menuRow(f, f.parentKey ? ids.get(f.parentKey)! : 0))
        .returning({ menuId: sysMenu.menuId });
      ids.set(f.node.menuKey, row!.menuId);
      upgrade.added.push(f.node.menuKey);
    }
    const added = new Set(upgrade.added);
    const roles = await tx
      .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey })
      .from(sysRole)
      .where(
        inArray(
          sysRole.roleKey,
          ROLES.map((r) => r.roleKey),
        ),
      );
    const grants: { roleId: number; menuId: number }[] = [];
    for (const role of roles) {
      const keys = [...grantedMenuKeys(ROLES.find((r) => r.roleKey === role.roleKey)!)].filter((k) => added.has(k));
      if (keys.length === 0) continue;
      upgrade.granted[role.roleKey] = keys;
      grants.push(...keys.map((k) => ({ roleId: role.roleId, menuId: ids.get(k)! })));
    }
    if (grants.length > 0) await tx.insert(sysRoleMenu).values(grants).onConflictDoNothing();
    return upgrade;
  });
}
