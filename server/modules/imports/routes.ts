/**
 * ExamImport (/exam/examImport) and EducationImport (/exam/educationImport): for each, the
 * template, the import itself, the refused file's report as Excel, and the history of imports.
 * The two differ only in their columns and checks (exam.ts, education.ts); the all-or-nothing run
 * is server/lib/import.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { chinaDate } from '../../lib/days.js';
import { attachment, batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { chinaDateTime } from '../../lib/days.js';
import { envelope, errorEnvelope, ok, page, pageEnvelope } from '../../lib/reply.js';
import { intIn, optionalText, text } from '../../lib/schemas.js';
import type { Db } from '../../db/client.js';
import { DEFAULT_LIMITS, runImport, type ImportSummary } from '../../lib/import/run.js';
import type { ImportColumn } from '../../lib/import/sheet.js';
import { receiveUpload, type ReceivedFile } from '../../lib/import/upload.js';
import { ImportGate, ImportsBusy } from '../../lib/import/gate.js';
import { reportWorkbook, templateWorkbook } from '../../lib/import/workbooks.js';
import { EDUCATION_COLUMNS, EDUCATION_NOTES, educationImport } from './education.js';
import { EXAM_COLUMNS, EXAM_NOTES, examImport } from './exam.js';
import { historyExportQuery, historyQuery, historyRow, listImports, type HistoryRow } from './history.js';
import { importAreaOf, type ImportArea } from './scope.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A 100,000-row file of either kind is ~7 MB; twice that leaves room for styled files. */
export const MAX_IMPORT_BYTES = 20 * 1_048_576;

interface KindRoutes {
  kind: 'exam' | 'education';
  /** Path segment and permission entity: exam:<entity>:list / import. */
  entity: 'examImport' | 'educationImport';
  label: string;
  sheetName: string;
  columns: readonly ImportColumn[];
  notes: readonly string[];
  /** Runs the kind's import (its row types stay inside). */
  run(db: Db, area: ImportArea, today: string, file: ReceivedFile, userId: number): Promise<ImportSummary>;
  whatIsWritten: string;
}

const KINDS: readonly KindRoutes[] = [
  {
    kind: 'exam',
    entity: 'examImport',
    label: '成绩导入',
    sheetName: '成绩导入',
    columns: EXAM_COLUMNS,
    notes: EXAM_NOTES,
    run: (db, area, _today, file, userId) => runImport(db, examImport(area), file, userId),
    whatIsWritten:
      '每个准考证号（审核通过的报名）一条考试成绩；考试批次须属于调用者的区域（省级管理员：全部）且处于“已考试”状态。',
  },
  {
    kind: 'education',
    entity: 'educationImport',
    label: '继续教育导入',
    sheetName: '继续教育导入',
    columns: EDUCATION_COLUMNS,
    notes: EDUCATION_NOTES,
    run: (db, area, today, file, userId) => runImport(db, educationImport(area, today), file, userId),
    whatIsWritten:
      '每行一条继续教育记录，学时计入所填证书（须为该人员的证书，证书所属企业在调用者的区域内；省级管理员：全部）。',
  },
];

const rowIssue = z.object({
  rowNumber: intIn('行号', 1, 1_048_576).describe('Excel 中的行号（第1行为列名）'),
  field: text(50, '列', { min: 1 }).describe('列名'),
  msg: text(500, '问题', { min: 1 }).describe('错误原因'),
});
const issueOut = z.object({
  rowNumber: z.number().describe('Excel 中的行号（第1行为列名）'),
  field: z.string().describe('列名'),
  msg: z.string().describe('错误原因'),
});
const refusal = errorEnvelope.extend({ data: z.array(issueOut).optional().describe('逐行错误报告：行号、列、原因') });

const summary = z.object({
  importId: z.number().nullable().describe('导入记录编号；没有任何新数据时为空（不生成导入记录）'),
  fileName: z.string(),
  rows: z.number().describe('文件中的数据行数'),
  written: z.number().describe('新增（成绩：新增或更正）的行数'),
  unchanged: z.number().describe('已存在且未改变的行数'),
  previous: z
    .object({ id: z.number(), createdAt: z.string() })
    .nullable()
    .describe('同一文件（sha256 相同）此前的导入'),
});

const HISTORY_COLUMNS: readonly ExcelColumn<HistoryRow>[] = [
  { header: '导入编号', value: (r) => r.id, width: 10 },
  { header: '文件名', value: (r) => r.fileName, width: 40 },
  { header: '数据行数', value: (r) => r.rows, width: 10 },
  { header: '新增行数', value: (r) => r.written, width: 10 },
  { header: '已存在行数', value: (r) => r.unchanged, width: 12 },
  { header: '导入人', value: (r) => r.createdBy, width: 12 },
  { header: '导入时间', type: 'dateTime', value: (r) => chinaDateTime(r.createdAt), width: 20 },
  { header: '文件 SHA-256', value: (r) => r.sha256, width: 66 },
];

const binary = z.string().meta({ format: 'binary' }).describe('Excel 文件（.xlsx），文件名见 Content-Disposition');

function successMessage(s: ImportSummary, what: string): string {
  if (s.written === 0) {
    return `文件中的 ${s.rows} 行均已导入过，本次没有改变任何数据${s.previous ? `（该文件已于导入记录 #${s.previous.id} 导入）` : ''}`;
  }
  return `导入成功：共 ${s.rows} 行，新增${what} ${s.written} 行${s.unchanged ? `，${s.unchanged} 行已存在（未改变）` : ''}`;
}

/** What a refused import's Retry-After says: about one import's time. */
const BUSY_RETRY_SECONDS = 30;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // One gate for both kinds: each holds a transaction and a workbook reader while it runs.
  const gate = new ImportGate(ctx.config.imports);
  ctx.metrics.watchImportGate(() => gate.state);
  for (const k of KINDS) {
    const base = `/exam/${k.entity}`;
    const perm = (action: string) => `exam:${k.entity}:${action}`;
    const tags = ['exam-import'];

    app.get(
      `${base}/importTemplate`,
      {
        config: { access: { perm: perm('import') } },
        schema: {
          tags,
          summary: `${k.label}模板（Excel）`,
          description: `列：${k.columns.map((c) => `${c.header}${c.required ? '（必填）' : ''}`).join('、')}。第二个工作表“填写说明”说明每列的填写要求。`,
        },
      },
      async (_req, reply) => {
        const buffer = await templateWorkbook(k.sheetName, k.columns, k.notes);
        return attachment(reply, `${k.label}模板.xlsx`, XLSX).send(buffer);
      },
    );

    app.post(
      `${base}/importData`,
      {
        config: { access: { perm: perm('import'), log: { title: k.label, action: 'import' } }, importKind: k.kind },
        schema: {
          tags,
          summary: `${k.label}（Excel，全部成功或全部不导入）`,
          description:
            `multipart/form-data，文件字段 file：.xlsx 工作簿（按文件内容判断，不看扩展名），最大 ${MAX_IMPORT_BYTES / 1_048_576} MB、` +
            `${DEFAULT_LIMITS.maxRows} 行数据。${k.whatIsWritten}逐行校验：任一行有误时不写入任何数据，400（有不在数据权限内的记录时 403），` +
            `data 为逐行报告 {rowNumber, field, msg}（最多 ${DEFAULT_LIMITS.maxIssues} 处）。全部正确时在一个事务中写入；` +
            '重复导入同一文件或相同的行不会改变数据（written 为 0 时不生成导入记录）。' +
            '文件解压后最多 160 MB（单个部分 128 MB、共享字符串 48 MB）、500 个部件、含空行 200,001 行，超出时 400 并说明上限。' +
            '每个服务进程同时最多进行 IMPORT_CONCURRENCY（默认 2）个导入，另有 IMPORT_QUEUE（默认 4）个排队等待最多 30 秒；其余 503，附 Retry-After。',
          consumes: ['multipart/form-data'],
          // Documents the form for clients; the file itself is streamed by receiveUpload, never parsed into a body.
          // (fastify validates a multipart request's absent body as null)
          body: z.preprocess(
            (v) => v ?? undefined,
            z.object({ file: z.string().meta({ format: 'binary' }).describe('.xlsx 文件') }).optional(),
          ),
          response: { 200: envelope(summary), 400: refusal, 403: refusal, 503: errorEnvelope },
        },
      },
      async (req, reply) => {
        const caller = currentUser(req);
        const area = importAreaOf(caller);
        const busy = (err: unknown) => {
          if (err instanceof ImportsBusy) reply.header('retry-after', String(BUSY_RETRY_SECONDS));
          return err;
        };
        // Refused before its file is received when even the queue is full.
        if (gate.full()) throw busy(new ImportsBusy(gate.limits));
        const file = await receiveUpload(req, MAX_IMPORT_BYTES);
        try {
          const leave = await gate.enter().catch((err: unknown) => {
            throw busy(err);
          });
          try {
            const result = await k.run(ctx.db, area, chinaDate(ctx.clock.now()), file, caller.userId);
            return ok(result, successMessage(result, k.kind === 'exam' ? '或更正' : ''));
          } finally {
            leave();
          }
        } finally {
          file.dispose();
        }
      },
    );

    app.post(
      `${base}/report`,
      {
        bodyLimit: 2 * 1_048_576,
        config: { access: { perm: perm('import') } },
        schema: {
          tags,
          summary: `${k.label}错误报告（Excel）`,
          description: '把导入失败时返回的逐行报告（data）转为 Excel 下载：行号、列、问题。',
          body: z.object({
            fileName: optionalText(255, '文件名'),
            issues: z
              .array(rowIssue)
              .min(1, '错误报告不能为空')
              .max(DEFAULT_LIMITS.maxIssues, `错误报告最多 ${DEFAULT_LIMITS.maxIssues} 条`),
          }),
          response: { 200: binary },
        },
      },
      async (req, reply) => {
        const title = req.body.fileName ? `导入文件：${req.body.fileName}（未导入任何数据）` : '未导入任何数据';
        const buffer = await reportWorkbook(title, req.body.issues);
        const stem = (req.body.fileName ?? k.label).replace(/\.xlsx$/i, '');
        return attachment(reply, `${stem}_错误报告.xlsx`, XLSX).send(buffer);
      },
    );

    app.get(
      `${base}/list`,
      {
        config: { access: { perm: perm('list') } },
        schema: {
          tags,
          summary: `${k.label}记录`,
          description:
            '历次导入：文件名、行数、新增行数、导入人与时间。区域中心人员看到本区域人员的导入，省级管理员看到全部。beginTime/endTime 为导入日期（中国日）。',
          querystring: historyQuery,
          response: { 200: pageEnvelope(historyRow) },
        },
      },
      async (req) => {
        const area = importAreaOf(currentUser(req));
        const { rows, total } = await listImports(ctx.db, k.kind, area, req.query);
        return page(rows, total, req.query.pageNum);
      },
    );

    app.get(
      `${base}/export`,
      {
        config: { access: { perm: perm('list'), log: { title: `${k.label}记录`, action: 'export' } } },
        schema: {
          tags,
          summary: `导出${k.label}记录（Excel）`,
          description: '与导入记录列表相同的筛选条件与数据权限。',
          querystring: historyExportQuery,
        },
      },
      async (req, reply) => {
        const area = importAreaOf(currentUser(req));
        const fetch = (offset: number, limit: number) =>
          listImports(ctx.db, k.kind, area, {
            ...req.query,
            pageNum: Math.floor(offset / limit) + 1,
            pageSize: limit,
          }).then((r) => r.rows);
        return sendExcel(
          reply,
          `${k.label}记录_${chinaDate(ctx.clock.now())}.xlsx`,
          HISTORY_COLUMNS,
          batches(fetch, 500),
          `${k.label}记录`,
        );
      },
    );
  }
};
