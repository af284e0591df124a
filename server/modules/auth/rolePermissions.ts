/**
 * The permissions a set of active roles grants, kept by each server process until the database's
 * authz version moves (sys_authz_version: statement triggers bump it on every change to roles,
 * menus or grants, whatever makes it). The session query then reads the version and the caller's
 * role ids instead of joining a hundred grants on every call.
 *
 * Only one version is kept at a time and it only moves forward: a request that read an older
 * version (it started before the change committed) is answered from the database, not from the
 * cache and without clearing it. Whatever is cached under a version was read after that version
 * was committed, so no caller gets permissions older than the ones its own session read saw.
 */
import { runText, type DbOrTx } from '../../db/client.js';

const PERMISSIONS_OF_ROLES = `select distinct m.menu_key from sys_role_menu rm join sys_menu m on m.menu_id = rm.menu_id
  where rm.role_id = any($1::int[]) and m.status = '1' and m.menu_key is not null`;

const NONE: ReadonlySet<string> = new Set();

export class RolePermissions {
  private version = -1;
  private readonly byRoles = new Map<string, ReadonlySet<string>>();

  /** The permissions of these active roles (ids in any order) at `version`, the authz version the caller's session read saw. */
  async of(db: DbOrTx, version: number, roleIds: readonly number[]): Promise<ReadonlySet<string>> {
    if (roleIds.length === 0) return NONE;
    if (version > this.version) {
      this.byRoles.clear();
      this.version = version;
    }
    const key = [...roleIds].sort((a, b) => a - b).join(',');
    const cached = version === this.version ? this.byRoles.get(key) : undefined;
    if (cached) return cached;
    const rows = await runText(db, { sql: PERMISSIONS_OF_ROLES, params: [roleIds] });
    const permissions: ReadonlySet<string> = new Set(rows.map((r) => String(r.menu_key)));
    if (version === this.version) this.byRoles.set(key, permissions);
    return permissions;
  }
}

const perDatabase = new WeakMap<object, RolePermissions>();

/** The cache of one database (a process may serve several: the tests do). */
export function rolePermissionsOf(db: DbOrTx): RolePermissions {
  let cache = perDatabase.get(db);
  if (!cache) perDatabase.set(db, (cache = new RolePermissions()));
  return cache;
}
