/** Request and answer shapes shared by the user and role review calls. */
import { z } from 'zod';

export const checkStatusSchema = z.enum(['0', '2', '3']).describe("待审核类型：'0' 新增 '2' 修改（用户删除亦为 '2'） '3' 删除（角色）");

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

export const reviewDetailSchema = z.object({
  reviewId: z.number(),
  entity: z.enum(['user', 'role']),
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
  /** Whether the caller may approve or reject it now (the machine's answer). */
  canReview: z.boolean(),
  canCancel: z.boolean(),
});

export const decisionBody = z.object({
  reviewId: z.coerce.number({ error: '审核记录不能为空' }).int().positive(),
  approved: z.boolean({ error: '请选择审核结果' }).describe('true 通过，false 驳回'),
  comment: z.string().trim().max(500, '审核意见不能超过500个字符').optional(),
});

export const submittedSchema = z.object({ reviewId: z.number(), checkStatus: checkStatusSchema });

export const idsQuery = z.object({
  ids: z
    .string({ error: '请选择要删除的记录' })
    .regex(/^\d+(,\d+)*$/, 'ids 应为以逗号分隔的编号')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
