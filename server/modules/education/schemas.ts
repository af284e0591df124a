/** Request and answer shapes of the FurtherEducation calls (OpenAPI comes from these). */
import { z } from 'zod';
import { pageQuery } from '../../lib/reply.js';
import { day as calendarDay, id, optionalText } from '../../lib/schemas.js';

const day = (name: string) => calendarDay(name, `${name} 应为有效日期，格式 YYYY-MM-DD`).optional();
const text = (max: number, label: string) => optionalText(max, label).transform((v) => (v === '' ? undefined : v));
const yesNo = (what: string) => z.enum(['1', '0'], { error: `${what}应为 1 或 0` }).optional();

export const recordFilters = z.object({
  name: text(64, '姓名').describe('姓名（包含）'),
  idNo: text(32, '证件号码').describe('证件号码（包含）'),
  certNo: text(40, '证书号').describe('证书号（包含）'),
  course: text(200, '专业').describe('专业（包含）'),
  provider: text(200, '培训机构').describe('培训机构（包含）'),
  enterpriseName: text(200, '企业名称').describe('企业名称（包含）'),
  personId: id('人员编号').optional(),
  certificateId: id('证书编号').optional(),
  importId: id('导入编号').optional().describe('某次导入写入的记录'),
  counted: yesNo('是否计入').describe('1 计入证书当前有效期的学时，0 不计入'),
});

export const recordListQuery = pageQuery.extend(recordFilters.shape).extend({
  beginTime: day('beginTime').describe('结束日期 起（含）'),
  endTime: day('endTime').describe('结束日期 止（含）'),
  sortField: z.enum(['finishedOn', 'hours', 'name', 'certNo', 'course']).optional(),
});
export type RecordQuery = z.infer<typeof recordListQuery>;
export const recordExportQuery = recordListQuery.omit({ pageNum: true, pageSize: true });

export const recordRow = z.object({
  id: z.number(),
  personId: z.number(),
  name: z.string(),
  idNo: z.string().describe('脱敏后的证件号码'),
  certNo: z.string().nullable(),
  category: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  course: z.string(),
  provider: z.string().nullable(),
  hours: z.number(),
  startedOn: z.string().nullable(),
  finishedOn: z.string(),
  importId: z.number().nullable().describe('写入该记录的导入（空：其他途径录入）'),
  importFileName: z.string().nullable(),
  counted: z.boolean().describe('计入该证书当前有效期的学时（延期第 2 项核验读取的记录）'),
  canRemove: z.boolean().describe('调用者可以删除该记录'),
});
export type RecordView = z.infer<typeof recordRow>;

const STATUSES = ['01', '02', '03', '04', '05', '06', '07', '99'] as const;

export const hoursListQuery = pageQuery.extend({
  name: text(64, '姓名').describe('持证人姓名（包含）'),
  idNo: text(32, '证件号码').describe('证件号码（包含）'),
  certNo: text(40, '证书号').describe('证书号（包含）'),
  enterpriseName: text(200, '企业名称').describe('企业名称（包含）'),
  category: z.enum(['A', 'B', 'C1', 'C2', 'C3'], { error: '证书类别应为 A、B、C1、C2 或 C3' }).optional(),
  status: z.enum(STATUSES, { error: '证书状态代码不正确' }).optional().describe('证书状态；不填时为 01 有效与 02 暂扣'),
  personId: id('人员编号').optional(),
  met: yesNo('是否达标').describe('1 学时已达标，0 未达标'),
  expiryFrom: day('expiryFrom').describe('有效期至 起（含）'),
  expiryTo: day('expiryTo').describe('有效期至 止（含）'),
  sortField: z.enum(['expiryDate', 'certNo', 'name', 'validFrom']).optional(),
});
export type HoursQuery = z.infer<typeof hoursListQuery>;
export const hoursExportQuery = hoursListQuery.omit({ pageNum: true, pageSize: true });

export const hoursRow = z.object({
  certificateId: z.number(),
  certNo: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  validFrom: z.string().describe('当前有效期起'),
  expiryDate: z.string().describe('有效期至'),
  personId: z.number(),
  name: z.string(),
  idNo: z.string().describe('脱敏后的证件号码'),
  enterpriseName: z.string(),
  hours: z.number().describe('当前有效期内计入的继续教育学时'),
  required: z.number().describe('有效期内应完成的学时（参数 biz.delay.hoursPerYear × 3 年）'),
  met: z.boolean(),
  missing: z.number().describe('尚差的学时'),
});
export type HoursView = z.infer<typeof hoursRow>;
