/** Request and answer shapes of the certificate calls (OpenAPI comes from these). */
import { z } from 'zod';
import { revealOfferSchema } from '../../services/personalDataSchemas.js';
import { pageQuery } from '../../lib/reply.js';
import { day as calendarDay, id, idList as ids, optionalText } from '../../lib/schemas.js';

const day = (name: string) => calendarDay(name, `${name} 应为有效日期，格式 YYYY-MM-DD`).optional();
const text = (max: number, label: string) => optionalText(max, label).transform((v) => (v === '' ? undefined : v));

export const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
export const STATUSES = ['01', '02', '03', '04', '05', '06', '07', '99'] as const;

/** Filters shared by the list and both exports. */
export const certificateFilters = z.object({
  certNo: text(40, '证书编号').describe(
    '证书编号：全为数字时按结尾匹配（年度流水号，如 0001234），否则按开头匹配（如 粤建安C3（2023））',
  ),
  name: text(64, '姓名').describe('持证人姓名（开头一致）'),
  idNo: text(32, '身份证号').describe('身份证号（开头一致）'),
  category: z.enum(CATEGORIES, { error: '证书类别应为 A、B、C1、C2 或 C3' }).optional(),
  status: z
    .enum(STATUSES, { error: '证书状态代码不正确' })
    .optional()
    .describe('01 有效 02 暂扣 03 撤销 04 注销 05 失效 06 办理转出 07 吊销 99 其他'),
  enterpriseName: text(200, '企业名称').describe('企业名称（包含）'),
  enterpriseId: id('企业编号').optional(),
  personId: id('人员编号').optional(),
  area: z
    .enum(['1', '2', '3'], { error: '区域应为 1、2 或 3' })
    .optional()
    .describe('企业所属区域 1 广州 2 深圳 3 省中心'),
  districtCode: z
    .string()
    .regex(/^\d{6}$/, '行政区划代码应为 6 位数字')
    .optional()
    .describe('企业所在行政区划：地市代码含其下区县'),
  expiryFrom: day('expiryFrom').describe('有效期至 起（含）'),
  expiryTo: day('expiryTo').describe('有效期至 止（含）'),
});
export type CertificateFilters = z.infer<typeof certificateFilters>;

export const certificateListQuery = pageQuery.extend(certificateFilters.shape).extend({
  beginTime: day('beginTime').describe('发证日期 起（含）'),
  endTime: day('endTime').describe('发证日期 止（含）'),
  sortField: z
    .enum([
      'certNo',
      'name',
      'category',
      'enterpriseName',
      'issueDate',
      'expiryDate',
      'status',
      'version',
      'printCount',
    ])
    .optional(),
});
export type CertificateListQuery = z.infer<typeof certificateListQuery>;
export const certificateExportQuery = certificateListQuery.omit({ pageNum: true, pageSize: true });
export type CertificateExportQuery = z.infer<typeof certificateExportQuery>;

export const certificateRow = z.object({
  id: z.number(),
  certNo: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  personId: z.number(),
  name: z.string(),
  sex: z.string(),
  sexLabel: z.string(),
  idNo: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  creditCode: z.string(),
  ownership: z.string().describe('企业所属区域 1 广州 2 深圳 3 省中心'),
  position: z.string(),
  positionLabel: z.string(),
  issueDate: z.string().describe('发证日期：发证或最近一次变更的决定日期'),
  validFrom: z.string().describe('有效期起'),
  expiryDate: z.string().describe('有效期至'),
  status: z.string().describe('今日的证书状态（证书状态机的状态）'),
  statusLabel: z.string(),
  statusText: z.string().describe('状态的文字：暂扣时含暂扣期，如 暂扣（2026-01-01 至 2026-06-30）'),
  suspendedFrom: z.string().nullable().describe('暂扣期起（状态为 02 时）'),
  suspendedTo: z.string().nullable().describe('暂扣期止（状态为 02 时；为空：至解除）'),
  version: z.number(),
  versionLabel: z.string().describe('三位版本号，如 002'),
  eCertId: z.string().nullable().describe('全国电子证照标识（OID 1.2.156.3005.2，GB/T 17710 校验码）'),
  issuingAuthority: z.string(),
  queryCode: z.string(),
  printCount: z.number(),
  printedVersion: z.number().nullable(),
  printedAt: z.string().nullable(),
});
export type CertificateRowView = z.infer<typeof certificateRow>;

export const historyRow = z.object({
  version: z.number(),
  versionLabel: z.string(),
  current: z.boolean(),
  reason: z.string().nullable().describe('被替换时的业务类型'),
  reasonLabel: z.string().nullable(),
  applicationId: z.number().nullable(),
  applyNo: z.string().nullable(),
  changedAt: z.string().nullable().describe('该版本被替换的时间（当前版本为空）'),
  certNo: z.string(),
  name: z.string(),
  idNo: z.string(),
  enterpriseName: z.string(),
  position: z.string(),
  positionLabel: z.string(),
  issueDate: z.string(),
  validFrom: z.string(),
  expiryDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
});

export const certificateDetail = certificateRow.extend({
  holder: z
    .object({
      id: z.number(),
      name: z.string(),
      sex: z.string(),
      sexLabel: z.string(),
      idType: z.string(),
      idNo: z.string(),
      birthDate: z.string(),
      education: z.string().nullable(),
      educationLabel: z.string(),
      title: z.string().nullable(),
      titleLabel: z.string(),
      phone: z.string().nullable(),
      personalData: revealOfferSchema,
    })
    .describe('持证人（证件号码、出生日期、手机号码脱敏，持证人本人为完整值；personalData 说明可点击查看的字段）'),
  enterprise: z.object({
    id: z.number(),
    name: z.string(),
    creditCode: z.string(),
    legalRepresentative: z.string(),
    address: z.string(),
    ownership: z.string(),
    licenceNo: z.string().nullable(),
    licenceValidTo: z.string().nullable(),
  }),
  history: z.array(historyRow).describe('版本历史：当前版本在前，其后为 certificate_history 中的旧版本（新到旧）'),
});

export const pickerQuery = pageQuery.pick({ pageNum: true, pageSize: true }).extend({
  personId: id('人员编号').optional(),
  enterpriseId: id('企业编号').optional(),
  idNo: text(32, '身份证号').describe('身份证号（完全一致）'),
  category: z.enum(CATEGORIES).optional(),
  keyword: text(64, '关键字').describe('证书编号或姓名（包含）'),
});

export const submittingQuery = z.object({
  personId: id('人员编号').optional(),
  enterpriseId: id('企业编号').optional(),
  certificateId: id('证书编号').optional(),
});

export const submittingRow = z.object({
  certificateId: z.number(),
  certNo: z.string(),
  name: z.string(),
  applicationId: z.number(),
  applyNo: z.string(),
  businessType: z.string(),
  businessLabel: z.string(),
  status: z.number().describe('0 申请中 1 已保存 2 已提交 3 已受理'),
  statusLabel: z.string(),
});

/** ids=1,2,3 (the download helper sends a comma list), each once. */
export const idList = (label = 'ids') => ids(label, 500).transform((a) => [...new Set(a)]);

export const printInfoRow = z.object({
  applicationId: z.number(),
  certificateId: z.number().nullable(),
  certNo: z.string().nullable(),
  holderName: z.string().nullable(),
  version: z.number().nullable(),
  versionLabel: z.string().nullable(),
  status: z.string().nullable(),
  statusLabel: z.string().nullable(),
  printCount: z.number().nullable(),
  printedVersion: z.number().nullable(),
  printedAt: z.string().nullable(),
  applicationPrintedAt: z.string().nullable(),
});
