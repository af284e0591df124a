/** Request and answer shapes of the department calls (SPEC 7 Departments). */
import { z } from 'zod';
import { id, idOrZero, optionalText, text } from '../../../lib/schemas.js';
import { AREA_CODES, STATUS_CODES } from '../../../lib/codes.js';

export const deptRow = z.object({
  deptId: z.number(),
  parentId: z.number(),
  ancestors: z.string().describe('上级编号链，如 0,1'),
  deptName: z.string(),
  area: z
    .enum(AREA_CODES)
    .nullable()
    .describe("部门人员的数据范围：'1' 广州类区域中心，'2' 深圳类区域中心，'3' 省中心"),
  orderNum: z.number(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(STATUS_CODES).describe("'1' 正常，'0' 停用"),
  enabled: z.boolean().describe('部门为正常状态（status 为 1）'),
  userCount: z.number().describe('直属用户数'),
  createdAt: z.string().describe('ISO 8601'),
});
export type DeptRow = z.infer<typeof deptRow>;

// A named component in the OpenAPI document: the recursion resolves by reference.
export const deptNode = deptRow
  .extend({
    get children(): z.ZodOptional<z.ZodArray<typeof deptNode>> {
      return z.array(deptNode).optional();
    },
  })
  .meta({ id: 'DeptNode' });

export const deptListQuery = z.object({
  deptName: optionalText(100, '部门名称'),
  status: z.enum(['0', '1']).optional(),
  area: z.enum(['1', '2', '3']).optional(),
  _t: z.coerce.number().optional().describe('时间戳（防缓存，SPEC 7）'),
  t: z.coerce.number().optional().describe('时间戳（防缓存）'),
});

export const deptBody = z.object({
  deptId: idOrZero('部门编号').optional(),
  parentId: id('上级部门', { invalid: '上级部门不能为空' }),
  deptName: text(100, '部门名称', { min: 1 }),
  area: z
    .enum(['1', '2', '3'], { error: "数据范围只能是 '1'（广州类区域中心）、'2'（深圳类区域中心）或 '3'（省中心）" })
    .nullish()
    .or(z.literal('')),
  orderNum: z.coerce
    .number({ error: '显示顺序应为数字' })
    .int()
    .min(0, '显示顺序不能小于0')
    .max(9999, '显示顺序不能大于9999')
    .default(0),
  leader: text(50, '负责人').nullish(),
  phone: z
    .string()
    .trim()
    .regex(/^$|^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, '联系电话格式不正确（手机号或区号-座机号）')
    .nullish(),
  status: z.enum(['0', '1'], { error: "部门状态只能是 '1'（正常）或 '0'（停用）" }).default('1'),
});
export type DeptBody = z.infer<typeof deptBody>;

export const deptUpdateBody = deptBody.extend({
  deptId: id('部门编号', { invalid: '修改时部门编号 deptId 应为 1 到 2147483647 之间的整数' }),
  // The root has no parent; every other department keeps one.
  parentId: idOrZero('上级部门'),
});
