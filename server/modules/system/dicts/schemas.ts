/** Request and answer shapes of the dictionary calls (SPEC 7 Dictionary types / data). */
import { z } from 'zod';
import { pageQuery } from '../../../lib/reply.js';
import { STATUS_CODES, YES_NO } from '../../../lib/codes.js';
import { id, idOrZero, optionalText, text } from '../../../lib/schemas.js';

export const dictTypeRow = z.object({
  dictId: z.number(),
  dictName: z.string(),
  dictType: z.string(),
  status: z.enum(STATUS_CODES).describe("'1' 正常，'0' 停用"),
  remark: z.string().nullable(),
  builtIn: z.boolean().describe('SPEC 3 的系统字典：不能删除、不能改类型'),
  numeric: z.boolean().nullable().describe('选项值按数字返回（无数据时为 null）'),
  dataCount: z.number(),
  createdAt: z.string().describe('ISO 8601'),
});

export const dictDataRow = z.object({
  dictCode: z.number(),
  dictSort: z.number(),
  dictLabel: z.string(),
  dictValue: z.string().describe('原样保存的键值；按类型取选项时数字字典返回数字'),
  dictType: z.string(),
  numeric: z.boolean(),
  listClass: z.string().nullable(),
  isDefault: z.enum(YES_NO).describe('Y 默认，N 否'),
  status: z.enum(STATUS_CODES).describe("'1' 正常，'0' 停用"),
  remark: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
});

const status = z.enum(['0', '1'], { error: "状态只能是 '1'（正常）或 '0'（停用）" }).default('1');
const dictType = text(100, '字典类型', { min: 1 }).regex(
  /^[A-Za-z][A-Za-z0-9_]*$/,
  '字典类型只能包含字母、数字和下划线，并以字母开头',
);

export const typeFilters = z.object({
  dictName: optionalText(100, '字典名称'),
  dictType: optionalText(100, '字典类型'),
  status: z.enum(['0', '1']).optional(),
});
export const typeListQuery = pageQuery.extend(typeFilters.shape);
export const typeExportQuery = typeListQuery.omit({ pageNum: true, pageSize: true });

export const typeBody = z.object({
  dictId: idOrZero('字典编号').optional(),
  dictName: text(100, '字典名称', { min: 1 }),
  dictType,
  status,
  remark: text(500, '备注', { multiline: true }).nullish(),
});
export type TypeBody = z.infer<typeof typeBody>;
export const typeUpdateBody = typeBody.extend({
  dictId: id('字典编号', { invalid: '修改时字典编号 dictId 应为 1 到 2147483647 之间的整数' }),
});

export const dataFilters = z.object({
  dictType: optionalText(100, '字典类型'),
  dictLabel: optionalText(100, '字典标签'),
  status: z.enum(['0', '1']).optional(),
});
export const dataListQuery = pageQuery.extend(dataFilters.shape);
export const dataExportQuery = dataListQuery.omit({ pageNum: true, pageSize: true });

export const dataBody = z.object({
  dictCode: idOrZero('字典编码').optional(),
  dictType,
  dictLabel: text(100, '字典标签', { min: 1 }),
  dictValue: text(100, '字典键值', { min: 1 }),
  dictSort: z.coerce
    .number({ error: '字典排序应为数字' })
    .int()
    .min(0, '字典排序不能小于0')
    .max(9999, '字典排序不能大于9999')
    .default(0),
  listClass: text(32, '回显样式')
    .regex(/^$|^[A-Za-z][\w-]*$/, '回显样式应为样式名，如 success、warning')
    .nullish(),
  isDefault: z.enum(['Y', 'N'], { error: '是否默认只能是 Y 或 N' }).default('N'),
  status,
  remark: text(500, '备注', { multiline: true }).nullish(),
});
export type DataBody = z.infer<typeof dataBody>;
export const dataUpdateBody = dataBody.extend({
  dictCode: id('字典编码', { invalid: '修改时字典编码 dictCode 应为 1 到 2147483647 之间的整数' }),
});

export const importQuery = z.object({
  updateSupport: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe('true：已存在的键值更新标签、排序与状态；默认视为错误'),
});

export const importRowError = z.object({ rowNumber: z.number(), field: z.string(), msg: z.string() });
