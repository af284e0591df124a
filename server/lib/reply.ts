/** The response envelopes of DESIGN.md: {code, msg, data} and lists {code, rows, total, pageNum}. */
import { z } from 'zod';
import { day, INT32_MAX, sortField } from './schemas.js';

export const ok = <T>(data: T, msg = '操作成功') => ({ code: 0 as const, msg, data });
export const done = (msg = '操作成功') => ({ code: 0 as const, msg });
export const page = <T>(rows: T[], total: number, pageNum: number) => ({
  code: 0 as const,
  msg: '查询成功',
  rows,
  total,
  pageNum,
});

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });
export const doneEnvelope = z.object({ code: z.number(), msg: z.string() });
export const pageEnvelope = <T extends z.ZodType>(row: T) =>
  z.object({ code: z.number(), msg: z.string(), rows: z.array(row), total: z.number(), pageNum: z.number() });
export const errorEnvelope = z.object({ code: z.number(), msg: z.string(), field: z.string().optional() });

/** List request of SPEC 3: pageNum, pageSize (10/20/30, default 10), beginTime/endTime YYYY-MM-DD, sortField, sortOrder. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(INT32_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  beginTime: day('beginTime', 'beginTime 应为有效日期，格式 YYYY-MM-DD').optional(),
  endTime: day('endTime', 'endTime 应为有效日期，格式 YYYY-MM-DD').optional(),
  sortField: sortField.optional(),
  sortOrder: z.enum(['ascend', 'descend', 'asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;
