import { get, type ApiResult } from './request';

/** One entry of the flat menu list (SPEC 3 "Menu entry from the server"). */
export interface MenuEntry {
  menuId: number;
  parentId: number;
  menuName: string;
  name?: string | null;
  menuKey?: string | null;
  icon?: string | null;
  /** '1' means hidden */
  visible?: '0' | '1' | string | null;
  path?: string | null;
  component?: string | null;
  redirect?: string | null;
  target?: string | null;
  hiddenChildren?: boolean | null;
  hiddenHeader?: boolean | null;
  orderNum?: number | null;
}

/** 用户菜单 GET /menu/user/0 */
export const getUserMenus = () => get<ApiResult<MenuEntry[]>>('/menu/user/0');
