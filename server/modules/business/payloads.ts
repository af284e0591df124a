/**
 * The business form of each application type (what steps 1–2 of the apply modal fill), validated at
 * the edge with messages that name the field. Materials are ids of uploaded files (sys_oss).
 */
import { z } from 'zod';
import {
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  type BusinessType,
  type SubjectTarget,
} from '../../../machines/businessTypes.js';
import { day, id, idNumber, optionalText as optionalFieldText, text as fieldText } from '../../lib/schemas.js';

export const CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
export type Category = (typeof CATEGORIES)[number];

const date = (label: string) => day(label, `${label}应为有效日期，格式 YYYY-MM-DD`);
const text = (label: string, max: number, multiline = false) =>
  fieldText(max, label, { min: 1, multiline, tooLong: `${label}不能超过${max}字` });
const optionalText = (label: string, max: number, multiline = false) =>
  optionalFieldText(max, label, { multiline, tooLong: `${label}不能超过${max}字` });
const position = z.string({ error: '职务不能为空' }).regex(/^(0[1-8]|99)$/, '职务代码不正确（01–08 或 99）');

const materials = z
  .array(id('申请材料', { invalid: '申请材料格式不正确' }), { error: '申请材料格式不正确' })
  .max(20, '申请材料最多20个文件')
  .default([]);
const common = { remark: optionalText('备注', 500, true), materials };

/** Grounds of a revocation (DOMAIN.md). */
export const REVOCATION_REASONS = {
  '1': '离开企业或退出行业',
  '2': '证书有效期届满未延期',
  '3': '死亡或丧失民事行为能力',
  '4': '本人申请',
  '5': '超过年龄限制',
  '9': '其他',
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;
const revocationReason = z.enum(Object.keys(REVOCATION_REASONS) as [RevocationReason, ...RevocationReason[]], {
  error: '注销原因不正确',
});

export const PAYLOADS = {
  newCert: z.object({
    category: z.enum(CATEGORIES, { error: '证书类别不正确（A、B、C1、C2、C3）' }),
    position,
    ...common,
  }),
  delay: z.object({ ...common }),
  inner: z.object({ position: position.optional(), ...common }),
  inProvince: z.object({
    originalCertNo: text('原证书编号', 40),
    originalProvince: text('原发证省份', 20),
    /** An unclassified old C becomes C3 (DOMAIN.md). */
    category: z.enum([...CATEGORIES, 'C'], { error: '证书类别不正确' }),
    issueDate: date('原发证日期'),
    expiryDate: date('原有效期截止日期'),
    position,
    ...common,
  }),
  outProvince: z.object({ targetProvince: text('调入省份', 20), reason: text('调出原因', 200, true), ...common }),
  modify: z
    .object({
      name: text('姓名', 64).optional(),
      idNo: idNumber('身份证号码').optional(),
      sex: z.enum(['0', '1'], { error: '性别不正确' }).optional(),
      position: position.optional(),
      title: z
        .string()
        .regex(/^(0[1-5]|99)$/, '技术职称代码不正确')
        .optional(),
      education: z
        .string()
        .regex(/^(0[1-7]|99)$/, '文化程度代码不正确')
        .optional(),
      /** Reissue of a lost certificate after a public notice. */
      lostReissue: z.boolean().default(false),
      noticeRef: optionalText('遗失声明', 200),
      reason: text('变更原因', 200, true),
      ...common,
    })
    .superRefine((p, ctx) => {
      const changes = [p.name, p.idNo, p.sex, p.position, p.title, p.education].filter((v) => v !== undefined);
      if (changes.length === 0 && !p.lostReissue)
        ctx.addIssue({ code: 'custom', path: ['name'], message: '请至少填写一项变更内容或选择遗失补办' });
      if (p.lostReissue && !p.noticeRef)
        ctx.addIssue({ code: 'custom', path: ['noticeRef'], message: '遗失补办须填写遗失声明（登报或公示）' });
    }),
  revocation: z.object({ reason: revocationReason, ...common }),
  personRevocation: z.object({ reason: revocationReason, ...common }),
  rename: z.object({
    newName: text('新企业名称', 200),
    newLegalRepresentative: optionalText('新法定代表人', 64),
    /** When the 法定代表人 changes, the old one's A certificate is revoked in the same application. */
    revokeOldLegalRepA: z.boolean().default(false),
    ...common,
  }),
} satisfies Record<BusinessType, z.ZodType>;

export type PayloadOf<T extends BusinessType> = z.infer<(typeof PAYLOADS)[T]>;

/** What an application is about (the route table's target): which of person / certificate the applicant chooses in step 0. */
export const TARGET = Object.fromEntries(BUSINESS_TYPES.map((t) => [t, BUSINESS_ROUTES[t].target])) as Record<
  BusinessType,
  SubjectTarget
>;

/** Parses a stored or submitted payload; the first problem as {field, msg}. */
export function parsePayload<T extends BusinessType>(
  type: T,
  payload: unknown,
): { ok: true; value: PayloadOf<T> } | { ok: false; field: string; msg: string } {
  const result = PAYLOADS[type].safeParse(payload ?? {});
  if (result.success) return { ok: true, value: result.data as PayloadOf<T> };
  const issue = result.error.issues[0]!;
  return { ok: false, field: issue.path.join('.') || 'payload', msg: issue.message };
}
