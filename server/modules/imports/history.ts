/**
 * The history of imports (data_import) of one kind, as a list: who imported which file, how many
 * rows it had and how many were new. Staff see the imports made by staff of their area, the
 * provincial administrator all of them.
 */
import { z } from 'zod';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { dataImport, sysDept, sysUser } from '../../db/schema.js';
import { dateRange } from '../../lib/dateRange.js';
import { pageQuery } from '../../lib/reply.js';
import { id, optionalText } from '../../lib/schemas.js';
import type { ImportArea } from './scope.js';
import { containsText } from '../../lib/textMatch.js';

export const historyQuery = pageQuery.extend({
  fileName: optionalText(255, '文件名'),
  importId: id('导入编号').optional(),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

export const historyRow = z.object({
  id: z.number(),
  kind: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  rows: z.number().describe('文件中的数据行数'),
  written: z.number().describe('本次新增或更正的行数'),
  unchanged: z.number().describe('已存在、未改变的行数'),
  createdBy: z.string().nullable().describe('导入人'),
  createdAt: z.string().describe('ISO 8601'),
});

export const historyExportQuery = historyQuery.omit({ pageNum: true, pageSize: true });
export type HistoryRow = z.infer<typeof historyRow>;

export async function listImports(db: DbOrTx, kind: 'exam' | 'education', area: ImportArea, q: HistoryQuery) {
  const w: (SQL | undefined)[] = [
    eq(dataImport.kind, kind),
    ...dateRange(dataImport.createdAt, q.beginTime, q.endTime),
  ];
  if (area !== 'all') w.push(eq(sysDept.area, area));
  if (q.fileName) w.push(containsText(dataImport.fileName, q.fileName));
  if (q.importId) w.push(eq(dataImport.id, q.importId));
  const where = and(...w);
  const base = () =>
    db
      .select({
        id: dataImport.id,
        kind: dataImport.kind,
        fileName: dataImport.fileName,
        sha256: dataImport.sha256,
        rows: dataImport.rows,
        written: dataImport.written,
        createdBy: sysUser.nickName,
        createdAt: dataImport.createdAt,
      })
      .from(dataImport)
      .leftJoin(sysUser, eq(sysUser.userId, dataImport.createdBy))
      .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId));
  const [{ total }] = (await db
    .select({ total: count() })
    .from(dataImport)
    .leftJoin(sysUser, eq(sysUser.userId, dataImport.createdBy))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(where)) as [{ total: number }];
  const rows = await base()
    .where(where)
    .orderBy(desc(dataImport.createdAt), desc(dataImport.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total,
    rows: rows.map((r) => ({ ...r, unchanged: r.rows - r.written, createdAt: r.createdAt.toISOString() })),
  };
}
