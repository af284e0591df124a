/** Request and answer shapes of the district calls (SPEC 7 Districts; GB/T 2260 codes). */
import { z } from 'zod';
import { pageQuery } from '../../../lib/reply.js';
import { optionalText, text } from '../../../lib/schemas.js';
import { AREA_CODES } from '../../../lib/codes.js';

const area = z.string().nullable().describe("默认受理中心：'1' 广州类，'2' 深圳类，'3' 省中心");

export const districtRow = z.object({
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  level: z.number().describe('1 省，2 市，3 区县'),
  area: z.enum(AREA_CODES).nullable().describe("默认受理中心：'1' 广州类，'2' 深圳类，'3' 省中心"),
  orderNum: z.number(),
  hasChildren: z.boolean(),
  fullName: z.string().describe('含上级的全称，如 广州市 / 天河区'),
});

export const districtNode = z
  .object({
    code: z.string(),
    name: z.string(),
    level: z.number(),
    area,
    get children(): z.ZodOptional<z.ZodArray<typeof districtNode>> {
      return z.array(districtNode).optional();
    },
  })
  .meta({ id: 'DistrictNode' });

export const districtListQuery = pageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(500),
  parentCode: z
    .string()
    .trim()
    .regex(/^\d{6,12}$/, '上级代码应为 6 到 12 位数字')
    .optional(),
  name: optionalText(64, '名称'),
});

const code = z
  .string({ error: '行政区划代码不能为空' })
  .trim()
  .regex(/^\d{6}(\d{3}(\d{3})?)?$/, '行政区划代码应为 6 位（或 9、12 位）数字');

export const districtBody = z.object({
  code,
  name: text(64, '名称', { min: 1 }),
  parentCode: z
    .string({ error: '上级区划不能为空' })
    .trim()
    .regex(/^\d{6,12}$/, '上级区划代码应为 6 到 12 位数字'),
  area: z.enum(['1', '2', '3'], { error: "受理中心只能是 '1'、'2' 或 '3'" }).nullish().or(z.literal('')),
  orderNum: z.coerce.number({ error: '显示顺序应为数字' }).int().min(0).max(9999).default(0),
});
export type DistrictBody = z.infer<typeof districtBody>;

export const districtUpdateBody = z.object({
  code,
  name: districtBody.shape.name,
  area: districtBody.shape.area,
  orderNum: districtBody.shape.orderNum,
});
export type DistrictUpdateBody = z.infer<typeof districtUpdateBody>;
