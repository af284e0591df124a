/** Request and answer shapes of the menu-permission calls (SPEC 3 "Menu entry", SPEC 7 Menus). */
import { z } from 'zod';
import { id, idOrZero, optionalText, text } from '../../../lib/schemas.js';
import { STATUS_CODES } from '../../../lib/codes.js';

export const MENU_TYPES = ['M', 'C', 'F'] as const;
export const MENU_TARGETS = ['_self', '_blank'] as const;

export const menuRow = z.object({
  menuId: z.number(),
  parentId: z.number(),
  menuName: z.string(),
  name: z.string().nullable().describe('路由名称（页面唯一）'),
  menuKey: z.string().nullable().describe('权限标识 区域:对象:操作'),
  menuType: z.enum(MENU_TYPES).describe('M 目录，C 菜单，F 按钮'),
  path: z.string().nullable(),
  component: z.string().nullable(),
  redirect: z.string().nullable(),
  target: z.enum(MENU_TARGETS).nullable(),
  icon: z.string().nullable(),
  visible: z.enum(STATUS_CODES).describe("'1' 隐藏，'0' 显示"),
  hiddenChildren: z.boolean(),
  hiddenHeader: z.boolean(),
  orderNum: z.number(),
  status: z.enum(STATUS_CODES).describe("'1' 正常，'0' 停用"),
  createdAt: z.string().describe('ISO 8601'),
});
export type MenuRow = z.infer<typeof menuRow>;

// A named component in the OpenAPI document: the recursion resolves by reference.
export const menuNode = menuRow
  .extend({
    get children(): z.ZodOptional<z.ZodArray<typeof menuNode>> {
      return z.array(menuNode).optional();
    },
  })
  .meta({ id: 'MenuNode' });

const segment = '[A-Za-z][A-Za-z0-9_-]*';
/** Older keys of the seed have two segments (workflow:sl); new ones must have three. */
export const MENU_KEY_ANY = new RegExp(`^${segment}(:${segment}){1,2}$`);
export const MENU_KEY_NEW = new RegExp(`^${segment}:${segment}:${segment}$`);

export const menuBody = z.object({
  menuId: idOrZero('菜单编号').optional(),
  parentId: idOrZero('上级菜单', { invalid: '上级菜单应为编号' }).default(0),
  menuName: text(64, '菜单名称', { min: 1 }),
  menuType: z.enum(['M', 'C', 'F'], { error: '菜单类型只能是 M（目录）、C（菜单）或 F（按钮）' }),
  menuKey: text(100, '权限标识', { min: 1 }).regex(
    MENU_KEY_ANY,
    '权限标识格式应为 区域:对象:操作，如 system:user:list',
  ),
  name: text(64, '路由名称')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '路由名称只能包含字母、数字和下划线，并以字母开头')
    .nullish()
    .or(z.literal('')),
  path: text(200, '路由地址').nullish(),
  component: text(200, '组件路径')
    .regex(/^[A-Za-z][\w-]*(\/[A-Za-z][\w-]*)*$/, '组件路径格式应为 区域/组件，如 system/UserList')
    .nullish()
    .or(z.literal('')),
  redirect: text(300, '重定向地址').nullish(),
  target: z.enum(['_self', '_blank'], { error: '打开方式只能是 _self 或 _blank' }).nullish().or(z.literal('')),
  icon: text(64, '图标')
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, '图标应为 antd 图标名，如 SettingOutlined')
    .nullish()
    .or(z.literal('')),
  visible: z.enum(['0', '1'], { error: "显示状态只能是 '0'（显示）或 '1'（隐藏）" }).default('0'),
  hiddenChildren: z.boolean().default(false),
  hiddenHeader: z.boolean().default(false),
  orderNum: z.coerce
    .number({ error: '显示顺序应为数字' })
    .int()
    .min(0, '显示顺序不能小于0')
    .max(9999, '显示顺序不能大于9999')
    .default(0),
  status: z.enum(['0', '1'], { error: "菜单状态只能是 '1'（正常）或 '0'（停用）" }).default('1'),
});
export type MenuBody = z.infer<typeof menuBody>;

export const menuUpdateBody = menuBody.extend({
  menuId: id('菜单编号', { invalid: '修改时菜单编号 menuId 应为 1 到 2147483647 之间的整数' }),
});

export const menuListQuery = z.object({
  menuName: optionalText(64, '菜单名称'),
  menuKey: optionalText(100, '权限标识'),
  status: z.enum(['0', '1']).optional(),
  menuType: z.enum(['M', 'C', 'F']).optional(),
  flat: z.enum(['0', '1', 'true', 'false']).optional().describe('1/true：平铺列表；默认树形'),
});
