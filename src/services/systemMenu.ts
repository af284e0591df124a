/** 菜单权限 (SPEC 7 Menus, under /menu). */
import { get, post, type ApiResult } from './request';

export type MenuType = 'M' | 'C' | 'F';

export interface SysMenu {
  menuId: number;
  parentId: number;
  menuName: string;
  /** Route name, unique among pages. */
  name: string | null;
  /** Permission string area:entity:action. */
  menuKey: string | null;
  menuType: MenuType;
  path: string | null;
  component: string | null;
  redirect: string | null;
  target: string | null;
  icon: string | null;
  /** '1' hidden. */
  visible: '0' | '1';
  hiddenChildren: boolean;
  hiddenHeader: boolean;
  orderNum: number;
  /** '1' normal, '0' disabled. */
  status: '0' | '1';
  createdAt: string;
  children?: SysMenu[];
}

export interface MenuQuery {
  menuName?: string;
  menuKey?: string;
  status?: '0' | '1';
  menuType?: MenuType;
  flat?: '1';
}

export type MenuInput = Omit<SysMenu, 'menuId' | 'createdAt' | 'children' | 'hiddenHeader'> & { menuId?: number; hiddenHeader?: boolean };

/** 菜单列表（树） GET /menu/list */
export const listMenus = (q: MenuQuery = {}) => get<ApiResult<SysMenu[]>>('/menu/list', q);

/** 角色已授权菜单与菜单树 GET /menu/role/{id} */
export const getRoleMenus = (roleId: number) => get<ApiResult<{ checkedKeys: number[]; menus: SysMenu[] }>>(`/menu/role/${roleId}`);

/** 菜单编号补全上级 POST /menu/getMenuIdsByMenuIds */
export const getMenuIdsByMenuIds = (menuIds: number[]) => post<ApiResult<number[]>>('/menu/getMenuIdsByMenuIds', { menuIds });

/** 新增菜单 POST /menu/save，修改菜单 POST /menu/update（menuId > 0 时为修改） */
export const saveMenu = (m: MenuInput) =>
  post<ApiResult<SysMenu>>(m.menuId && m.menuId > 0 ? '/menu/update' : '/menu/save', m);

/** 删除菜单 POST /menu/remove/{id} */
export const removeMenu = (menuId: number) => post<ApiResult<unknown>>(`/menu/remove/${menuId}`);
