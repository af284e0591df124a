/** Request and answer shapes of the search pages (OpenAPI comes from these). */
import { z } from 'zod';
import { revealOfferSchema } from '../../services/personalDataSchemas.js';
import { BUSINESS_TYPES, STEPS, type BusinessType, type Step } from '../../../machines/businessTypes.js';
import { pageEnvelope, pageQuery } from '../../lib/reply.js';
import { day as calendarDay, id, optionalText } from '../../lib/schemas.js';
import { queueRow } from '../workflow/routes.js';
import { CATEGORIES, STATUSES, certificateRow } from '../certificate/schemas.js';

const day = (name: string, label: string) =>
  calendarDay(name, `${label}（${name}）应为有效日期，格式 YYYY-MM-DD`).optional();
const text = (max: number, label: string) => optionalText(max, label).transform((v) => (v === '' ? undefined : v));
const upper = (max: number, label: string) => text(max, label).transform((v) => v?.toUpperCase());
const flag = (label: string) => z.enum(['0', '1'], { error: `${label}应为 0 或 1` }).optional();

export const AREAS = ['1', '2', '3'] as const;
export const area = z
  .enum(AREAS, { error: '区域应为 1（广州）、2（深圳）或 3（省中心）' })
  .optional()
  .describe('所属区域 1 广州 2 深圳 3 省中心（区域中心人员只能看到本区域）');
export const districtCode = z
  .string()
  .regex(/^\d{6}$/, '行政区划代码应为 6 位数字')
  .optional()
  .describe('行政区划：地市代码（如 440100）含其下区县，区县代码为其本身');

/** A list answer whose total may be an estimate (count(*) over millions of rows is not what a page waits for). */
export const searchPage = <T extends z.ZodType>(row: T) =>
  pageEnvelope(row).extend({
    totalExact: z.boolean().describe('false：total 为估算值（约 N 条），匹配的行超过精确计数上限'),
  });

// ---------- enterprises ----------

export const LICENCE_STATES = ['valid', 'expiring', 'expired', 'none'] as const;
export const enterpriseFilters = z.object({
  name: text(200, '企业名称').describe('企业名称（包含）'),
  creditCode: upper(18, '统一社会信用代码').describe('统一社会信用代码（开头一致）'),
  districtCode,
  area,
  qualification: text(100, '资质').describe('资质（与字典 enterprise_qualification 一致）'),
  licenceState: z
    .enum(LICENCE_STATES, { error: '许可证状态应为 valid、expiring、expired 或 none' })
    .optional()
    .describe('安全生产许可证：valid 有效期内，expiring 90 天内到期，expired 已过期，none 未登记'),
  licenceFrom: day('licenceFrom', '许可证有效期至起'),
  licenceTo: day('licenceTo', '许可证有效期至止'),
  status: flag('企业状态').describe('1 有效 0 无效'),
});
export const enterpriseListQuery = pageQuery.extend(enterpriseFilters.shape).extend({
  sortField: z
    .enum(['name', 'creditCode', 'districtCode', 'qualification', 'licenceValidTo'], { error: '排序字段不正确' })
    .optional(),
});
export const enterpriseExportQuery = enterpriseListQuery.omit({ pageNum: true, pageSize: true });
export type EnterpriseListQuery = z.infer<typeof enterpriseListQuery>;
export type EnterpriseFilters = z.infer<typeof enterpriseExportQuery>;

export const enterpriseRow = z.object({
  id: z.number(),
  name: z.string(),
  creditCode: z.string(),
  legalRepresentative: z.string(),
  address: z.string(),
  districtCode: z.string(),
  districtName: z.string().describe('区县（含地市）名称'),
  ownership: z.string().describe('所属区域 1 广州 2 深圳 3 省中心'),
  qualification: z.string().nullable(),
  licenceNo: z.string().nullable(),
  licenceValidTo: z.string().nullable(),
  licenceState: z.enum(LICENCE_STATES),
  status: z.string().describe('1 有效 0 无效'),
  staffCount: z.number().describe('在册人员数'),
  validCertCount: z.number().describe('有效证书数'),
});
export type EnterpriseRowView = z.infer<typeof enterpriseRow>;

// ---------- persons (staff) ----------

export const staffFilters = z.object({
  name: text(64, '姓名').describe('姓名（开头一致）'),
  idNo: upper(32, '证件号码').describe('证件号码（开头一致）'),
  certNo: text(40, '证书编号').describe('持有的证书编号（全为数字按结尾，否则按开头匹配）'),
  category: z.enum(CATEGORIES, { error: '证书类别应为 A、B、C1、C2 或 C3' }).optional().describe('持有该类别的证书'),
  certStatus: z
    .enum(STATUSES, { error: '证书状态代码不正确' })
    .optional()
    .describe('持有该状态的证书（与 category 同时给出时为同一证书）'),
  enterpriseName: text(200, '工作单位').describe('工作单位名称（包含）'),
  enterpriseId: id('企业编号').optional(),
  employStatus: z.enum(['1', '2', '3'], { error: '从业状态应为 1 在职、2 离职或 3 退休' }).optional(),
  sex: z.enum(['0', '1'], { error: '性别应为 0（男）或 1（女）' }).optional(),
  area,
  districtCode,
});
export const staffListQuery = pageQuery.extend(staffFilters.shape).extend({
  sortField: z.enum(['name', 'idNo', 'birthDate', 'enterpriseName'], { error: '排序字段不正确' }).optional(),
});
export const staffExportQuery = staffListQuery.omit({ pageNum: true, pageSize: true });
export type StaffListQuery = z.infer<typeof staffListQuery>;
export type StaffFilters = z.infer<typeof staffExportQuery>;

export const heldCertificate = z.object({
  id: z.number(),
  certNo: z.string(),
  category: z.string(),
  status: z.string(),
  expiryDate: z.string(),
  valid: z.boolean().describe('状态为 01 有效'),
});
export const staffRow = z.object({
  id: z.number(),
  name: z.string(),
  sex: z.string(),
  idType: z.string(),
  idNo: z.string().describe('脱敏：440***********1234'),
  birthYear: z.string(),
  education: z.string().nullable(),
  title: z.string().nullable(),
  enterpriseId: z.number().nullable(),
  enterpriseName: z.string().nullable(),
  employStatus: z.string(),
  certificates: z.array(heldCertificate).describe('持有的证书（全部状态）'),
});
export type StaffRowView = z.infer<typeof staffRow>;

// ---------- applications (work and apply searches) ----------

export const workFilters = z.object({
  applyNo: upper(32, '申请编号').describe('申请编号（开头一致）'),
  businessType: z.enum(BUSINESS_TYPES as [BusinessType, ...BusinessType[]], { error: '业务类型不正确' }).optional(),
  status: z
    .enum(['0', '1', '2', '3', '4', '8'], { error: '申请状态应为 0、1、2、3、4 或 8' })
    .optional()
    .describe('0 申请中 1 已保存 2 已提交 3 已受理 4 不予以受理办结 8 已办结'),
  step: z.enum(STEPS as unknown as [Step, ...Step[]], { error: '环节应为 sl、cb、cs、sh、sp 或 bj' }).optional(),
  outcome: z.enum(['approved', 'denied'], { error: '办理结果应为 approved 或 denied' }).optional(),
  enterpriseName: text(200, '企业名称').describe('申请企业名称（包含）'),
  enterpriseId: id('企业编号').optional(),
  personName: text(64, '人员姓名').describe('所涉人员姓名（开头一致）'),
  idNo: upper(32, '证件号码').describe('所涉人员证件号码（开头一致）'),
  personId: id('人员编号').optional(),
  certNo: text(40, '证书编号').describe('所涉证书编号（全为数字按结尾，否则按开头匹配）'),
  area,
  districtCode: districtCode.describe('申请企业所在行政区划'),
  acceptedFrom: day('acceptedFrom', '受理日期起'),
  acceptedTo: day('acceptedTo', '受理日期止'),
  closedFrom: day('closedFrom', '办结日期起'),
  closedTo: day('closedTo', '办结日期止'),
  overdue: flag('是否超期').describe(
    '1：已受理未办结且已过法定期限（受理后决定 20 个、变更 5 个工作日，系统参数可调）',
  ),
  open: flag('是否在办').describe('1：在办（申请中、已提交、已受理），0：已结束（不予受理、已办结）'),
});
const WORK_SORTS = ['applyNo', 'businessType', 'status', 'submittedAt', 'acceptedAt', 'closedAt', 'updatedAt'] as const;
export const workListQuery = pageQuery.extend(workFilters.shape).extend({
  beginTime: day('beginTime', '提交日期起'),
  endTime: day('endTime', '提交日期止'),
  sortField: z.enum(WORK_SORTS, { error: '排序字段不正确' }).optional(),
});
export const workExportQuery = workListQuery.omit({ pageNum: true, pageSize: true });
export type WorkListQuery = z.infer<typeof workListQuery>;
export type WorkFilters = z.infer<typeof workExportQuery>;

export const workRow = queueRow.extend({
  enterpriseId: z.number().nullable(),
  enterpriseName: z.string().nullable(),
  personId: z.number().nullable(),
  closedAt: z.string().nullable(),
  overdue: z.boolean().describe('已受理未办结且已过法定期限'),
});
export type WorkRowView = z.infer<typeof workRow>;

// ---------- certificate check records ----------

export const checkFilters = z.object({
  source: z.enum(['qr', 'card'], { error: '来源应为 qr（扫码）或 card（证书查询）' }).optional(),
  found: flag('是否查到'),
  certNo: text(40, '证书编号').describe('证书编号（全为数字按结尾，否则按开头匹配）'),
  queryCode: text(32, '查询码').describe('查询码（完全一致）'),
  ip: text(64, 'IP').describe('来源地址（开头一致）'),
  area,
});
export const checkListQuery = pageQuery.extend(checkFilters.shape).extend({
  beginTime: day('beginTime', '核验日期起'),
  endTime: day('endTime', '核验日期止'),
  sortField: z.enum(['checkedAt', 'source', 'found'], { error: '排序字段不正确' }).optional(),
});
export const checkExportQuery = checkListQuery.omit({ pageNum: true, pageSize: true });
export type CheckListQuery = z.infer<typeof checkListQuery>;
export type CheckFilters = z.infer<typeof checkExportQuery>;

export const checkRow = z.object({
  id: z.number(),
  source: z.string().describe('qr 扫码 card 证书查询'),
  queryCode: z.string().nullable(),
  queryText: z.string().nullable(),
  found: z.boolean(),
  certificateId: z.number().nullable(),
  certNo: z.string().nullable(),
  holderName: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  certStatus: z.string().nullable(),
  area: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  checkedAt: z.string().describe('ISO 8601'),
});
export type CheckRowView = z.infer<typeof checkRow>;

export const checkDataQuery = z.object({
  beginTime: day('beginTime', '核验日期起').describe('默认：结束日期前 29 天'),
  endTime: day('endTime', '核验日期止').describe('默认：今天（中国时间）'),
  area,
});
export const checkData = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  total: z.number(),
  found: z.number(),
  notFound: z.number(),
  today: z.number().describe('今天（中国时间）的核验次数'),
  bySource: z.array(z.object({ source: z.string(), total: z.number() })),
  byDay: z
    .array(z.object({ day: z.string(), total: z.number(), found: z.number(), notFound: z.number() }))
    .describe('每天一行，含 0'),
  topCertificates: z
    .array(z.object({ certificateId: z.number(), certNo: z.string(), holderName: z.string(), checks: z.number() }))
    .describe('被核验最多的 10 个证书'),
});

// ---------- detail views ----------

export const enterpriseDetail = enterpriseRow.extend({
  people: z.array(staffRow).describe('在册人员（前 100 人，证件号码脱敏）'),
  certificates: z.array(certificateRow).describe('本企业的证书（前 100 个）'),
  certificateTotal: z.number(),
  certificatesByStatus: z.array(z.object({ status: z.string(), statusLabel: z.string(), count: z.number() })),
  openApplications: z.number().describe('在办申请数（申请中、已提交、已受理）'),
});

export const staffDetail = z.object({
  id: z.number(),
  name: z.string(),
  sex: z.string(),
  idType: z.string(),
  idNo: z
    .string()
    .describe(
      '证件号码（脱敏；本人为完整值）。中心人员与本企业可点击查看完整值（personalData），每次查看记入个人信息访问日志',
    ),
  personalData: revealOfferSchema,
  birthDate: z.string(),
  phone: z.string().nullable(),
  education: z.string().nullable(),
  title: z.string().nullable(),
  enterpriseId: z.number().nullable(),
  enterpriseName: z.string().nullable(),
  employStatus: z.string(),
  certificates: z.array(heldCertificate),
  employment: z
    .array(
      z.object({
        source: z.string(),
        enterpriseId: z.number(),
        enterpriseName: z.string(),
        startDate: z.string(),
        endDate: z.string().nullable(),
      }),
    )
    .describe('三库（企业库、人员库、项目库、社保）中的从业记录'),
  educationHours: z.number().describe('继续教育学时合计'),
  educationRecords: z.number(),
  applications: z.array(workRow).describe('所涉申请（最近 20 条，调用者数据权限内）'),
});
