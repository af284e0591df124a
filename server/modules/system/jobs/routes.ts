/**
 * 定时任务 /system/job: the job monitor for the system administrator — jobs with schedule, last and
 * next run and failures, their runs (list and Excel), run now, pause and resume, and the national
 * platform outbox (list, Excel, retry of dead records). The auditor reads what the jobs did in the
 * operation log (each run is written there by the system user), not here: 三员分立 keeps the
 * steering with the system administrator.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../lib/authUser.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { id } from '../../../lib/schemas.js';
import { JOB_NAMES } from '../../../jobs/types.js';
import { chinaDate, chinaDateTime } from '../../../lib/days.js';
import { readWorkCalendar } from '../../../lib/calendar/inForce.js';
import { JOB_TIMEZONE, JOBS } from '../../../jobs/catalog.js';
import { maskedDocument } from '../../../services/personalData.js';
import {
  listJobs,
  OUTBOX_STATES,
  outboxCounts,
  outboxView,
  requireJob,
  retryOutbox,
  RUN_TRIGGERS,
  runView,
  setPaused,
} from './service.js';
import { outboxPage, outboxPages, runPages, runsPage, type OutboxJoined, type RunRow } from './store.js';

const TAG = ['system-job'];

const jobName = z.enum(JOB_NAMES, { error: '任务名称 job 不存在' }).describe('任务名称');
const jobParams = z.object({ job: jobName });

const runRow = z.object({
  id: z.number(),
  job: z.string(),
  trigger: z.string().describe('schedule 定时 | manual 手动 | retry 失败重试'),
  startedAt: z.string().describe('ISO 8601'),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  running: z.boolean().describe('已开始、尚未结束'),
  ok: z.boolean().nullable(),
  rows: z.number().describe('处理的行数（发送的记录、发出的提醒等）'),
  error: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

const jobRow = z.object({
  job: jobName,
  title: z.string(),
  cron: z.string().describe('cron 表达式（中国时间）'),
  timezone: z.string(),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  nextRunAt: z.string().nullable().describe('下次运行时间（ISO 8601）；暂停时为 null'),
  lastRun: runRow.nullable(),
  lastFailure: z.object({ id: z.number(), startedAt: z.string(), error: z.string().nullable() }).nullable(),
  failuresRecent: z.number().describe('近 7 天失败次数'),
  retryLimit: z.number().describe('失败后由引擎自动重试的次数（指数退避）'),
  canRun: z.boolean(),
  canPause: z.boolean(),
  canResume: z.boolean(),
});

const statusData = z.object({
  engine: z
    .enum(['pglite', 'postgres'])
    .nullable()
    .describe('本进程运行任务引擎所用的数据库；null：本进程不运行任务引擎'),
  timezone: z.string(),
  national: z.object({
    configured: z.boolean().describe('已配置 NATIONAL_PLATFORM_URL；未配置时推送记录保持待发送'),
    maxAttempts: z.number(),
    backoffSeconds: z.number(),
  }),
  outbox: z.object({ pending: z.number(), sent: z.number(), dead: z.number() }),
  calendar: z.object({
    missingYear: z
      .number()
      .nullable()
      .describe(
        '节假日安排尚未录入、须提醒的年份（当年未知，或 11 月 1 日起下一年未知）：跨入该年的法定期限按周一至周五推算',
      ),
  }),
});

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const runFilters = z.object({
  job: jobName.optional(),
  trigger: z.enum(RUN_TRIGGERS).optional(),
  ok: bool.optional().describe('true 成功 | false 失败'),
});
const runList = pageQuery.extend(runFilters.shape);
const runExport = runList.omit({ pageNum: true, pageSize: true });

const outboxRow = z.object({
  id: z.number(),
  kind: z.string().describe('issue 发证 | transferOut 调出省外 | revoke 注销'),
  certificateId: z.number().nullable(),
  certNo: z.string().nullable(),
  applicationId: z.number().nullable(),
  applyNo: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(OUTBOX_STATES).describe('pending 待发送 | sent 已发送 | dead 已放弃'),
  attempts: z.number(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  canRetry: z.boolean(),
});
const outboxFilters = z.object({
  state: z.enum(OUTBOX_STATES).optional(),
  kind: z.enum(['issue', 'transferOut', 'revoke']).optional(),
});
const outboxList = pageQuery.extend(outboxFilters.shape);
const outboxExport = outboxList.omit({ pageNum: true, pageSize: true });

const TRIGGER_LABEL: Record<string, string> = { schedule: '定时', manual: '手动', retry: '失败重试' };
const STATE_LABEL: Record<string, string> = { pending: '待发送', sent: '已发送', dead: '已放弃' };
const KIND_LABEL: Record<string, string> = { issue: '发证', transferOut: '调出省外', revoke: '注销' };
const titleOf = (job: string) => JOBS.find((j) => j.name === job)?.title ?? job;

const RUN_COLUMNS: ExcelColumn<RunRow>[] = [
  { header: '运行编号', value: (r) => r.id },
  { header: '任务', width: 20, value: (r) => titleOf(r.job) },
  { header: '触发方式', value: (r) => TRIGGER_LABEL[r.trigger] ?? r.trigger },
  { header: '开始时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.startedAt) },
  { header: '结束时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.finishedAt) },
  { header: '耗时（毫秒）', value: (r) => runView(r).durationMs },
  { header: '结果', value: (r) => (r.ok === null ? '运行中' : r.ok ? '成功' : '失败') },
  { header: '处理行数', value: (r) => r.rows },
  { header: '错误信息', width: 50, value: (r) => r.error },
  { header: '详情', width: 60, value: (r) => (r.detail ? JSON.stringify(r.detail) : '') },
];

const OUTBOX_COLUMNS: ExcelColumn<OutboxJoined>[] = [
  { header: '记录编号', value: (r) => r.record.id },
  { header: '类型', value: (r) => KIND_LABEL[r.record.kind] ?? r.record.kind },
  { header: '证书编号', width: 26, value: (r) => r.certNo },
  { header: '业务编号', width: 20, value: (r) => r.applyNo },
  { header: '状态', value: (r) => STATE_LABEL[r.record.state] ?? r.record.state },
  { header: '尝试次数', value: (r) => r.record.attempts },
  { header: '最近错误', width: 50, value: (r) => r.record.lastError },
  { header: '最近尝试时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.record.lastAttemptAt) },
  { header: '生成时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.record.createdAt) },
  { header: '发送时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.record.sentAt) },
  { header: '内容', width: 60, value: (r) => JSON.stringify(maskedDocument(r.record.payload)) },
];

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const db = ctx.db;

  app.get(
    '/system/job/list',
    {
      config: { access: { perm: 'system:job:list' } },
      schema: {
        tags: TAG,
        summary: '定时任务列表（计划、上次运行、下次运行、失败）',
        querystring: pageQuery,
        response: { 200: pageEnvelope(jobRow) },
      },
    },
    async (req) => {
      const rows = await listJobs(ctx, currentUser(req));
      const { pageNum, pageSize } = req.query;
      return page(rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), rows.length, pageNum);
    },
  );

  app.get(
    '/system/job/status',
    {
      config: { access: { perm: 'system:job:list' } },
      schema: { tags: TAG, summary: '任务引擎与国家平台推送状态', response: { 200: envelope(statusData) } },
    },
    async () => {
      const { national } = ctx.config;
      return ok({
        engine: ctx.jobs.engine,
        timezone: JOB_TIMEZONE,
        national: {
          configured: national.url !== null,
          maxAttempts: national.maxAttempts,
          backoffSeconds: national.backoffSeconds,
        },
        outbox: await outboxCounts(ctx),
        // The deadline warnings count on the working-day calendar: a year not entered yet is told here.
        calendar: { missingYear: (await readWorkCalendar(ctx.db)).missingYear(chinaDate(ctx.clock.now())) },
      });
    },
  );

  app.post(
    '/system/job/run/:job',
    {
      config: { access: { perm: 'system:job:run', log: { title: '定时任务', action: 'run' } } },
      schema: {
        tags: TAG,
        summary: '立即执行一次',
        description:
          '任务引擎在本进程运行时排入队列（由任一进程的引擎执行，结果见运行记录）；否则在本次请求中执行并返回运行记录编号。暂停的任务也可手动执行。',
        params: jobParams,
        response: { 200: envelope(z.object({ queued: z.boolean(), runId: z.number().nullable() })) },
      },
    },
    async (req) => {
      const def = requireJob(req.params.job);
      const answer = await ctx.jobs.runNow(def.name, currentUser(req).userName);
      return ok(answer, answer.queued ? '已加入执行队列' : '已执行');
    },
  );

  app.post(
    '/system/job/pause/:job',
    {
      config: { access: { perm: 'system:job:pause', log: { title: '定时任务', action: 'pause' } } },
      schema: {
        tags: TAG,
        summary: '暂停任务（定时不再运行，可手动执行）',
        params: jobParams,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await setPaused(ctx, currentUser(req), req.params.job, true);
      return done('已暂停');
    },
  );

  app.post(
    '/system/job/resume/:job',
    {
      config: { access: { perm: 'system:job:resume', log: { title: '定时任务', action: 'resume' } } },
      schema: { tags: TAG, summary: '恢复任务', params: jobParams, response: { 200: doneEnvelope } },
    },
    async (req) => {
      await setPaused(ctx, currentUser(req), req.params.job, false);
      return done('已恢复');
    },
  );

  app.get(
    '/system/job/runs',
    {
      config: { access: { perm: 'system:job:list' } },
      schema: { tags: TAG, summary: '任务运行记录', querystring: runList, response: { 200: pageEnvelope(runRow) } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await runsPage(db, q);
      return page(rows.map(runView), total, q.pageNum);
    },
  );

  app.get(
    '/system/job/runs/export',
    {
      config: { access: { perm: 'system:job:export' } },
      schema: { tags: TAG, summary: '导出任务运行记录（Excel）', querystring: runExport },
    },
    async (req, reply) => {
      return sendExcel(reply, '定时任务运行记录.xlsx', RUN_COLUMNS, batches(runPages(db, req.query)));
    },
  );

  app.get(
    '/system/job/outbox/list',
    {
      config: { access: { perm: 'system:job:list' } },
      schema: {
        tags: TAG,
        summary: '国家平台推送记录',
        querystring: outboxList,
        response: { 200: pageEnvelope(outboxRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const user = currentUser(req);
      const { rows, total } = await outboxPage(db, q);
      return page(
        rows.map((r) => outboxView(r, user)),
        total,
        q.pageNum,
      );
    },
  );

  app.get(
    '/system/job/outbox/export',
    {
      config: { access: { perm: 'system:job:export' } },
      schema: { tags: TAG, summary: '导出国家平台推送记录（Excel）', querystring: outboxExport },
    },
    async (req, reply) => {
      return sendExcel(reply, '国家平台推送记录.xlsx', OUTBOX_COLUMNS, batches(outboxPages(db, req.query)));
    },
  );

  app.post(
    '/system/job/outbox/retry/:id',
    {
      config: { access: { perm: 'system:job:run', log: { title: '国家平台推送', action: 'retry' } } },
      schema: {
        tags: TAG,
        summary: '重试已放弃的推送记录',
        params: z.object({ id: id('记录编号') }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await retryOutbox(ctx, req.params.id);
      return done('已重新排队，将在下次推送时发送');
    },
  );
};
