/** Request and answer shapes shared by the user, role and punishment review calls. */
import { z } from 'zod';
import { id, idList, text } from '../../../lib/schemas.js';
import { REVIEW_WARNINGS } from '../../../../machines/recordReview.machine.js';

export const checkStatusSchema = z
  .enum(['0', '2', '3'])
  .describe("待审核类型：'0' 新增 '2' 修改（用户删除亦为 '2'） '3' 删除（角色）");

export const pendingSchema = z.object({
  reviewId: z.number(),
  checkStatus: checkStatusSchema,
  change: z.enum(['create', 'update', 'delete']),
  submittedBy: z.number(),
  submitterName: z.string(),
  submittedAt: z.string().describe('ISO 8601'),
  canReview: z.boolean().describe('调用者现在可以审核（通过或驳回）：四眼原则与审核权限'),
  canCancel: z.boolean().describe('调用者现在可以撤回（角色变更的提交人）'),
});

export const diffRowSchema = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });

/** What a change does beyond its fields (users: the person link, roles and data area; server/modules/system/users/effect.ts). */
export const effectLineSchema = z.object({
  key: z.enum(['person', 'roles', 'area']).describe('person 关联人员（我的证书）、roles 角色、area 数据范围'),
  label: z.string(),
  before: z.string().describe('变更前（新增时为空）'),
  after: z.string().describe('变更后（删除时为空）'),
  changed: z.boolean(),
});
export const changeWarningSchema = z.object({
  code: z.enum(REVIEW_WARNINGS).describe('unlinksPerson：账号将不再关联持证人员，其证书不再显示在“我的证书”'),
  message: z.string(),
});
export const changeEffectSchema = z.object({
  lines: z.array(effectLineSchema).describe('变更的全部影响：关联人员、角色、数据范围（不论是否变化都列出）'),
  warnings: z.array(changeWarningSchema).describe('须提交人明确选择、审核人逐项确认的影响'),
});
export type ChangeEffect = z.infer<typeof changeEffectSchema>;
export type ChangeWarning = z.infer<typeof changeWarningSchema>;

export const reviewDetailSchema = z.object({
  reviewId: z.number(),
  entity: z.enum(['user', 'role', 'penalty']).describe('user 用户、role 角色、penalty 处罚记录'),
  recordId: z.number().nullable(),
  checkStatus: checkStatusSchema,
  change: z.enum(['create', 'update', 'delete']),
  state: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  submittedBy: z.number(),
  submitterName: z.string(),
  submittedAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  comment: z.string().nullable(),
  title: z.string().describe('被审核记录的名称，如登录名或角色名称'),
  diff: z.array(diffRowSchema).describe('变更对比：字段、变更前、变更后'),
  effect: changeEffectSchema
    .nullable()
    .describe('用户变更的全部影响（关联人员、角色、数据范围）与须确认的警示；角色与处罚记录为空'),
  warnings: z.array(z.enum(REVIEW_WARNINGS)).describe('提交人已明确选择、通过时须逐项确认（acknowledged）的警示'),
  /** Whether the caller may approve or reject it now (the machine's answer). */
  canReview: z.boolean(),
  canCancel: z.boolean(),
});

export const decisionBody = z.object({
  reviewId: id('审核记录'),
  approved: z.boolean({ error: '请选择审核结果' }).describe('true 通过，false 驳回'),
  comment: text(500, '审核意见', { multiline: true }).optional(),
  acknowledged: z
    .array(z.enum(REVIEW_WARNINGS))
    .max(REVIEW_WARNINGS.length)
    .optional()
    .describe('通过时逐项确认的警示（见审核详情的 warnings），如 unlinksPerson'),
});

export const submittedSchema = z.object({ reviewId: z.number(), checkStatus: checkStatusSchema });

/** Ids of a remove call, each once. */
export const idsQuery = z.object({ ids: idList('ids').transform((ids) => [...new Set(ids)]) });
