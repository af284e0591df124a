/** Request and answer shapes of the statistics pages. */
import { z } from 'zod';
import { BUSINESS_TYPES, type BusinessType } from '../../../machines/businessTypes.js';
import { CATEGORIES, STATUSES } from '../certificate/schemas.js';
import { area, districtCode } from '../search/schemas.js';

const month = (name: string, label: string) =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}（${name}）应为年月，格式 YYYY-MM`)
    .optional();
const year = (name: string, label: string) =>
  z.coerce
    .number({ error: `${label}（${name}）应为年份` })
    .int(`${label}（${name}）应为年份`)
    .min(1990, `${label}（${name}）应为 1990 到 2100 之间的年份`)
    .max(2100, `${label}（${name}）应为 1990 到 2100 之间的年份`)
    .optional();
const businessType = z
  .enum(BUSINESS_TYPES as [BusinessType, ...BusinessType[]], { error: '业务类型不正确' })
  .optional();

export const asOf = z.object({
  refreshedAt: z.string().nullable().describe('统计数据生成时间（ISO 8601）；null 表示尚未生成'),
  asOfDay: z.string().nullable().describe('统计所依据的中国日期（到期、时长、超期均按此日计算）'),
});

export const certsQuery = z.object({
  area,
  districtCode,
  category: z.enum(CATEGORIES, { error: '证书类别应为 A、B、C1、C2 或 C3' }).optional(),
  status: z.enum(STATUSES, { error: '证书状态代码不正确' }).optional(),
  yearFrom: year('yearFrom', '发证年份起'),
  yearTo: year('yearTo', '发证年份止'),
});
export type CertsQuery = z.infer<typeof certsQuery>;
const certFigures = {
  total: z.number(),
  valid: z.number().describe('状态 01 有效'),
  expiring: z.number().describe('有效且 90 天内到期'),
};
export const certsAnswer = asOf.extend({
  totals: z.object(certFigures),
  byCategory: z.array(z.object({ category: z.string(), ...certFigures })),
  byStatus: z.array(z.object({ status: z.string(), total: z.number() })),
  byArea: z.array(z.object({ area: z.string(), ...certFigures })),
  byDistrict: z
    .array(z.object({ code: z.string(), name: z.string(), ...certFigures }))
    .describe('未指定地区时按地市，指定地市时按其区县；数量多到少'),
  byYear: z.array(z.object({ year: z.number(), ...certFigures })),
});

export const completedQuery = z.object({
  area,
  districtCode: districtCode.describe('申请企业所在地市（区县按其地市）'),
  businessType,
  monthFrom: month('monthFrom', '办结月份起').describe('默认：monthTo 之前 11 个月'),
  monthTo: month('monthTo', '办结月份止').describe('默认：本月（中国时间）'),
});
export type CompletedQuery = z.infer<typeof completedQuery>;
const completedFigures = {
  total: z.number(),
  approved: z.number().describe('已办结，准予'),
  denied: z.number().describe('已办结，不予'),
  rejected: z.number().describe('不予以受理办结'),
  handled: z.number().describe('其中已受理的件数（平均办理天数的分母；不予以受理的申请未经受理）'),
  avgDays: z.number().nullable().describe('从受理到办结的平均天数（自然日）'),
  avgWorkDays: z.number().nullable().describe('从受理到办结的平均工作日数（按工作日历）'),
};
export const completedAnswer = asOf.extend({
  monthFrom: z.string(),
  monthTo: z.string(),
  totals: z.object(completedFigures),
  byType: z.array(z.object({ businessType: z.string(), ...completedFigures })),
  byArea: z.array(z.object({ area: z.string(), ...completedFigures })),
  byCity: z.array(z.object({ code: z.string(), name: z.string(), ...completedFigures })),
  byMonth: z.array(z.object({ month: z.string(), ...completedFigures })).describe('每月一行，含 0'),
});

export const afootQuery = z.object({
  area,
  districtCode: districtCode.describe('申请企业所在地市（区县按其地市）'),
  businessType,
});
export type AfootQuery = z.infer<typeof afootQuery>;
const afootFigures = { total: z.number(), overdue: z.number().describe('已受理且超过法定期限') };
export const afootAnswer = asOf.extend({
  totals: z.object({ ...afootFigures, waitingHolder: z.number(), waitingAccept: z.number(), inReview: z.number() }),
  byType: z.array(z.object({ businessType: z.string(), ...afootFigures })).describe('超期多的在前'),
  byStep: z
    .array(z.object({ status: z.number(), step: z.string(), ...afootFigures }))
    .describe('0 待持证人确认，2 待受理（sl），3 审核中（按环节）'),
  byTypeStep: z.array(z.object({ businessType: z.string(), status: z.number(), step: z.string(), ...afootFigures })),
  byAge: z.array(
    z.object({
      bucket: z.number().describe('-1 未提交（待持证人确认），0 ≤7 天，1 8–30 天，2 31–90 天，3 >90 天'),
      ...afootFigures,
    }),
  ),
  byArea: z.array(z.object({ area: z.string(), ...afootFigures })).describe('超期多的在前'),
  byCity: z.array(z.object({ code: z.string(), name: z.string(), ...afootFigures })).describe('超期多的在前'),
});

export const refreshAnswer = asOf.extend({
  refreshed: z.boolean().describe('false：另一次刷新正在进行或刚刚完成，返回的是现有数据'),
  durationMs: z.number(),
  rows: z.number(),
});
