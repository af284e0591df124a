/** The workbench's answer: one shape for every kind of user, filled with what concerns them. */
import { z } from 'zod';
import { asOf } from '../statistics/schemas.js';
import { workRow } from '../search/schemas.js';

export const figure = z.object({
  key: z.string().describe('图形标识（页面据此取文字），如 waitAccept、overdue、expiring'),
  value: z.number(),
  link: z.string().nullable().describe('数字背后的列表（调用者有权限打开时）'),
  tone: z.enum(['default', 'success', 'warning', 'danger']),
});

export const workbench = z.object({
  kind: z
    .enum(['staff', 'province', 'enterprise', 'person', 'system'])
    .describe('staff 区域中心人员，province 省级管理员，enterprise 企业用户，person 个人用户，system 系统管理员'),
  area: z.string().nullable(),
  statistics: asOf.describe('区域统计数字的生成时间（来自统计表）'),
  figures: z.array(figure),
  queues: z
    .array(
      z.object({
        businessType: z.string(),
        view: z.enum(['waitAccept', 'waitReview']),
        count: z.number(),
        overdue: z.number(),
        link: z.string(),
      }),
    )
    .describe('待办队列：调用者的环节在其区域内各业务类型的待办件数（计数列表）'),
  areas: z
    .array(z.object({ area: z.string(), open: z.number(), overdue: z.number() }))
    .describe('各中心在办与超期件数（省级管理员）'),
  certificates: z
    .array(
      z.object({
        id: z.number(),
        certNo: z.string(),
        category: z.string(),
        name: z.string(),
        status: z.string(),
        expiryDate: z.string(),
        daysLeft: z.number().describe('距有效期至的天数（中国日期）'),
        valid: z.boolean(),
        expiring: z.boolean().describe('有效且 90 天内到期'),
      }),
    )
    .describe('企业：即将到期的证书；个人：本人的证书'),
  applications: z.array(workRow).describe('企业与个人：在办的申请'),
  calendarMissingYear: z
    .number()
    .nullable()
    .describe(
      '省级管理员与系统管理员：节假日安排尚未录入的年份（当年未知，或 11 月 1 日起下一年未知），跨入该年的法定期限按周一至周五推算',
    ),
  summary: z
    .object({ doneToday: z.number(), doneThisMonth: z.number(), returnedThisMonth: z.number() })
    .nullable()
    .describe('工作总结：调用者今天与本月办理（同意、不同意、退回）的件数'),
});
export type Workbench = z.infer<typeof workbench>;
export type Figure = z.infer<typeof figure>;
