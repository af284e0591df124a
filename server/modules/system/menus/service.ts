/** Menu permissions: the tree, a role's grants, and the rules a menu change must keep. */
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { AuthUser } from '../../../context.js';
import { DUTY_ROLE_NAMES, isDutyRole, type DutyRoleKey } from '../review/duties.js';
import { MENU_KEY_NEW, MENU_TARGETS, MENU_TYPES, type MenuBody, type MenuRow } from './schemas.js';
import { STATUS_CODES, storedCode, storedCodeOrNull } from '../../../lib/codes.js';
import {
  allMenus,
  deleteMenu,
  grantedMenuIds,
  grantedRoleKeys,
  grantedRoleNames,
  hasChildMenu,
  insertMenu,
  menuById,
  menuIdsMatching,
  menuKeyTaken,
  menuParents,
  roleExists,
  routeNameTaken,
  updateMenuRow,
  type MenuFilter,
  type MenuRecord,
} from './store.js';
import { buildTree, descendantsOf, withAncestors } from '../../../lib/tree.js';

/** A menu row as the API answers it. */
export const toMenuRow = (r: MenuRecord): MenuRow => ({
  menuId: r.menuId,
  parentId: r.parentId,
  menuName: r.menuName,
  name: r.name,
  menuKey: r.menuKey,
  menuType: storedCode(MENU_TYPES, r.menuType),
  path: r.path,
  component: r.component,
  redirect: r.redirect,
  target: storedCodeOrNull(MENU_TARGETS, r.target),
  icon: r.icon,
  visible: storedCode(STATUS_CODES, r.visible),
  hiddenChildren: r.hiddenChildren,
  hiddenHeader: r.hiddenHeader,
  orderNum: r.orderNum,
  status: storedCode(STATUS_CODES, r.status),
  createdAt: r.createdAt.toISOString(),
});

/**
 * 菜单列表 GET /menu/list: matching menus; as a tree the matches keep their ancestors so they still
 * hang where they belong.
 */
export async function listMenus(db: DbOrTx, f: MenuFilter, tree: boolean) {
  const all = await allMenus(db);
  if (!(f.menuName || f.menuKey || f.status || f.menuType)) return tree ? menuTree(all) : all.map(toMenuRow);
  const matched = await menuIdsMatching(db, f);
  if (!tree) {
    const ids = new Set(matched);
    return all.filter((m) => ids.has(m.menuId)).map(toMenuRow);
  }
  const parent = new Map(all.map((m) => [m.menuId, m.parentId]));
  const keep = withAncestors(matched, (id) => parent.get(id) || null);
  return menuTree(all.filter((m) => keep.has(m.menuId)));
}

/** The menus nested under their parents (the top level under 0). */
export const menuTree = (rows: readonly MenuRecord[]) =>
  buildTree(
    rows.map(toMenuRow),
    (r) => r.menuId,
    (r) => (r.parentId === 0 ? null : r.parentId),
  );

/** 菜单编号补全上级 POST /menu/getMenuIdsByMenuIds: the ids plus all their ancestors (unknown ids are dropped). */
export async function idsWithAncestors(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  const all = await menuParents(db);
  const parent = new Map(all.map((m) => [m.id, m.parentId]));
  const known = ids.filter((id) => parent.has(id));
  return [...withAncestors(known, (id) => parent.get(id) || null)].sort((a, b) => a - b);
}

/** 角色已授权的菜单编号 GET /menu/role/{id} */
export async function roleMenuIds(db: DbOrTx, roleId: number): Promise<number[]> {
  if (!(await roleExists(db, roleId))) throw notFound('角色不存在');
  return grantedMenuIds(db, roleId);
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim();

/** The row to write: type-dependent fields cleared or defaulted, every rule of a menu checked. */
async function checkedValues(tx: DbOrTx, b: MenuBody, self: MenuRecord | null) {
  const values = {
    parentId: b.parentId,
    menuName: b.menuName,
    menuType: b.menuType,
    menuKey: b.menuKey,
    name: blankToNull(b.name),
    path: blankToNull(b.path),
    component: blankToNull(b.component),
    redirect: blankToNull(b.redirect),
    target: blankToNull(b.target),
    icon: blankToNull(b.icon),
    visible: b.visible,
    hiddenChildren: b.hiddenChildren,
    hiddenHeader: b.hiddenHeader,
    orderNum: b.orderNum,
    status: b.status,
  };
  if (!self || self.menuKey !== b.menuKey) {
    if (!MENU_KEY_NEW.test(b.menuKey))
      throw badRequest('权限标识格式应为 区域:对象:操作（三段），如 system:user:list', 'menuKey');
  }
  if (b.menuType === 'F') {
    // A button is a permission only: nothing to route to.
    Object.assign(values, {
      name: null,
      path: null,
      component: null,
      redirect: null,
      target: null,
      icon: null,
      hiddenChildren: false,
      hiddenHeader: false,
    });
    if (b.parentId === 0) throw badRequest('上级菜单：按钮必须挂在目录或菜单下', 'parentId');
  } else {
    if (!values.path)
      throw badRequest(b.menuType === 'M' ? '路由地址不能为空（目录）' : '路由地址不能为空（菜单）', 'path');
    if (b.menuType === 'C' && !values.component && !/^https?:\/\//.test(values.path))
      throw badRequest('组件路径不能为空（菜单），如 system/UserList', 'component');
    if (b.menuType === 'M' && !values.component) values.component = 'RouteView';
  }
  if (self) {
    if (b.parentId === self.menuId) throw badRequest('上级菜单不能选择自己', 'parentId');
    const all = await menuParents(tx);
    const below = descendantsOf(self.menuId, (id) => all.filter((m) => m.parentId === id).map((m) => m.id));
    if (below.has(b.parentId)) throw badRequest('上级菜单不能选择自己的下级菜单', 'parentId');
    if (b.menuType === 'F' && below.size > 0) throw badRequest('菜单类型：有下级的菜单不能改为按钮', 'menuType');
    if (self.menuKey !== b.menuKey) {
      // Renaming a granted key would hand the role a different permission without the role review.
      const granted = await grantedRoleNames(tx, self.menuId);
      if (granted.length)
        throw badRequest(`权限标识：菜单已分配给角色（${granted.join('、')}），不能修改权限标识`, 'menuKey');
    }
  }
  if (b.parentId !== 0) {
    const parent = await menuById(tx, b.parentId);
    if (!parent) throw badRequest('上级菜单不存在', 'parentId');
    if (parent.menuType === 'F') throw badRequest('上级菜单：按钮下不能再添加菜单或按钮', 'parentId');
    if (b.menuType === 'M' && parent.menuType === 'C')
      throw badRequest('上级菜单：菜单（页面）下只能添加按钮', 'parentId');
    if (b.menuType === 'C' && parent.menuType === 'C')
      throw badRequest('上级菜单：菜单（页面）下只能添加按钮', 'parentId');
  }
  if (await menuKeyTaken(tx, b.menuKey, self ? self.menuId : null))
    throw new AppError(409, `权限标识「${b.menuKey}」已存在`, 'menuKey');
  if (values.name) {
    if (await routeNameTaken(tx, values.name, self ? self.menuId : null))
      throw new AppError(409, `路由名称「${values.name}」已存在`, 'name');
  }
  return values;
}

/** 新增菜单 POST /menu/save */
export async function createMenu(db: Db, b: MenuBody): Promise<MenuRecord> {
  return db.transaction(async (tx) => insertMenu(tx, await checkedValues(tx, b, null)));
}

/**
 * 三员分立: a menu the security or audit administrator works through belongs to that duty. The
 * system administrator may rename it or move it in the order, but not hide, disable, re-route or
 * delete it: that would take the other administrator's work away without anyone's review.
 */
async function assertOtherDutyKeepsMenu(
  tx: DbOrTx,
  caller: AuthUser,
  self: MenuRecord,
  next: MenuRecord | null,
): Promise<void> {
  const others = (await grantedRoleKeys(tx, self.menuId)).filter(
    (k): k is DutyRoleKey => isDutyRole(k) && !caller.roleKeys.includes(k),
  );
  if (others.length === 0) return;
  const cosmetic =
    next !== null &&
    (
      ['parentId', 'menuType', 'menuKey', 'path', 'component', 'redirect', 'target', 'visible', 'status'] as const
    ).every((k) => next[k] === self[k]);
  if (!cosmetic) {
    throw forbidden(
      `三员分立：菜单「${self.menuName}」属于${others.map((k) => DUTY_ROLE_NAMES[k]).join('、')}的职责，只能修改名称、图标与排序，不能停用、隐藏、改路由或删除`,
    );
  }
}

/** 修改菜单 POST /menu/update */
export async function updateMenu(db: Db, caller: AuthUser, menuId: number, b: MenuBody): Promise<MenuRecord> {
  return db.transaction(async (tx) => {
    const self = await menuById(tx, menuId);
    if (!self) throw notFound('菜单不存在');
    const values = await checkedValues(tx, b, self);
    await assertOtherDutyKeepsMenu(tx, caller, self, { ...self, ...values });
    return updateMenuRow(tx, menuId, values);
  });
}

/** 删除菜单 POST /menu/remove/{id}: none with menus below or granted to a role. */
export async function removeMenu(db: Db, caller: AuthUser, menuId: number): Promise<MenuRecord> {
  return db.transaction(async (tx) => {
    const self = await menuById(tx, menuId);
    if (!self) throw notFound('菜单不存在');
    await assertOtherDutyKeepsMenu(tx, caller, self, null);
    if (await hasChildMenu(tx, menuId)) throw conflict(`菜单「${self.menuName}」存在下级菜单或按钮，不允许删除`);
    const roles = await grantedRoleNames(tx, menuId);
    if (roles.length)
      throw conflict(`菜单「${self.menuName}」已分配给角色（${roles.join('、')}），不允许删除，请先在角色中取消授权`);
    await deleteMenu(tx, menuId);
    return self;
  });
}
