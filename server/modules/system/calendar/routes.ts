/**
 * 工作日历 /system/calendar: the years of China's working-day calendar (shipped by the package,
 * entered by an administrator, or not known yet), the special days of a year, a day entered or
 * corrected, a year confirmed or taken back, a year imported from Excel (with its template) and
 * exported. Every change is in the operation log and moves the dictionaries' version (every process
 * counts deadlines with the new calendar at once); the statistics are recomputed with it.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../lib/authUser.js';
import { chinaDate, isWeekday } from '../../../lib/days.js';
import { badRequest } from '../../../lib/errors.js';
import { readExcel, sendExcel, sendTemplate, type ExcelColumn } from '../../../lib/excel.js';
import { logAs } from '../../../lib/operLog.js';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { day, intIn, optionalText } from '../../../lib/schemas.js';
import { CALENDAR_FIRST_YEAR, CALENDAR_LAST_YEAR, isCalendarRangeDay } from '../../../lib/workCalendar.js';
import { loadWorkCalendar } from '../../../lib/calendar/inForce.js';
import { readMultipart } from '../oss/multipart.js';
import { IMPORT_COLUMNS, parseYearSheet } from './import.js';
import {
  calendarForImport,
  confirmCalendarYear,
  daysOfYear,
  importCalendarYear,
  listedYears,
  removeCalendarDay,
  revokeCalendarYear,
  saveCalendarDay,
  yearView,
  type DayView,
} from './service.js';

const TAG = ['system-calendar'];
const LOG = logAs('工作日历');
const MAX_IMPORT_BYTES = 1_048_576;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

const year = intIn('年份', CALENDAR_FIRST_YEAR, CALENDAR_LAST_YEAR);
const calendarDay = day('日期').refine(
  isCalendarRangeDay,
  `日期应在 ${CALENDAR_FIRST_YEAR} 至 ${CALENDAR_LAST_YEAR} 年之间`,
);
const notice = optionalText(100, '通知文号').describe('国务院办公厅通知的文号，如 国办发明电〔2026〕X号');

const yearRow = z.object({
  year: z.number(),
  state: z
    .enum(['published', 'confirmed', 'unknown'])
    .describe(
      'published 软件包提供（国务院办公厅通知）；confirmed 管理员录入并确认；unknown 尚未公布或未录入，按周一至周五推算',
    ),
  source: z.string().nullable().describe('提供该年安排的软件包及版本'),
  notice: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  daysOff: z.number().describe('周一至周五放假的天数'),
  daysWorked: z.number().describe('周末调休上班的天数'),
  entered: z.number().describe('管理员录入或更正的天数'),
  canConfirm: z.boolean(),
  canRevoke: z.boolean(),
  canImport: z.boolean(),
});

const dayRow = z.object({
  day: z.string(),
  weekday: z.number().describe('0 周日 … 6 周六'),
  working: z.boolean().describe('true 上班，false 放假'),
  name: z.string().nullable().describe('所属节日，如 春节'),
  entered: z.boolean().describe('管理员录入或更正（否则为软件包的安排）'),
  packageWorking: z.boolean().nullable().describe('软件包的安排；软件包未覆盖该年时为 null'),
  differs: z.boolean().describe('管理员的更正与软件包不同'),
  remark: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

const KINDS = ['off', 'worked', 'entered'] as const;
const listQuery = pageQuery.extend({
  year,
  kind: z
    .enum(KINDS)
    .optional()
    .describe('off 周一至周五放假；worked 周末调休上班；entered 管理员录入或更正；不填为全部'),
});
const kindFilter = (kind: (typeof KINDS)[number] | undefined) => (d: DayView) =>
  kind === 'off'
    ? !d.working && isWeekday(d.day)
    : kind === 'worked'
      ? d.working && !isWeekday(d.day)
      : kind === 'entered'
        ? d.entered
        : true;

/** The import columns first, so an export can be edited and imported back. */
const EXPORT_COLUMNS: readonly ExcelColumn<DayView>[] = [
  { header: '日期', type: 'date', width: 14, value: (d) => d.day },
  { header: '安排', width: 8, value: (d) => (d.working ? '上班' : '放假') },
  { header: '名称', width: 12, value: (d) => d.name },
  { header: '备注', width: 30, value: (d) => d.remark },
  { header: '星期', width: 8, value: (d) => WEEKDAYS[d.weekday] },
  { header: '来源', width: 14, value: (d) => (d.entered ? '管理员录入' : '软件包') },
  {
    header: '软件包安排',
    width: 12,
    value: (d) => (d.packageWorking === null ? '' : d.packageWorking ? '上班' : '放假'),
  },
  { header: '修改人', width: 12, value: (d) => d.updatedBy },
];

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db, clock } = ctx;

  app.get(
    '/system/calendar/years',
    {
      config: { access: { perm: 'system:calendar:list' } },
      schema: {
        tags: TAG,
        summary: '工作日历：年份',
        description:
          '上一年至下一年、管理员录入过的年份与 year 指定的年份，各自的来源（软件包、管理员确认、尚未公布）。missingYear：需要提醒尚未录入的年份（当年未知，或 11 月 1 日起下一年未知）。',
        querystring: z.object({ year: year.optional() }),
        response: {
          200: envelope(
            z.object({
              today: z.string(),
              source: z.string(),
              missingYear: z.number().nullable(),
              years: z.array(yearRow),
            }),
          ),
        },
      },
    },
    async (req) => {
      const now = clock.now();
      const calendar = await loadWorkCalendar(db);
      const years = await listedYears(db, now);
      if (req.query.year && !years.includes(req.query.year)) years.push(req.query.year);
      const today = chinaDate(now);
      return ok({
        today,
        source: calendar.published.source,
        missingYear: calendar.missingYear(today),
        years: await Promise.all(years.sort((a, b) => b - a).map((y) => yearView(db, calendar, y))),
      });
    },
  );

  app.get(
    '/system/calendar/list',
    {
      config: { access: { perm: 'system:calendar:list' } },
      schema: {
        tags: TAG,
        summary: '工作日历：一年中的特殊日期',
        description: '周一至周五放假、周末调休上班、有节日名称或管理员录入的日期，按日期排序。',
        querystring: listQuery,
        response: { 200: pageEnvelope(dayRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = (await daysOfYear(db, await loadWorkCalendar(db), q.year)).filter(kindFilter(q.kind));
      return page(rows.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize), rows.length, q.pageNum);
    },
  );

  app.post(
    '/system/calendar/save',
    {
      config: { access: { perm: 'system:calendar:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '工作日历：录入或更正一天',
        description: '该日按此上班或放假，优先于软件包的安排；在办件的法定期限随之重新计算。',
        body: z.object({
          day: calendarDay,
          working: z.boolean({ error: '安排应为上班（true）或放假（false）' }),
          name: optionalText(20, '名称'),
          remark: optionalText(200, '备注'),
        }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await saveCalendarDay(ctx, req.body, currentUser(req).userName);
      return done(`${req.body.day} 已设为${req.body.working ? '上班' : '放假'}`);
    },
  );

  app.post(
    '/system/calendar/remove',
    {
      config: { access: { perm: 'system:calendar:edit', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '工作日历：恢复一天',
        description: '删除管理员对该日的录入或更正，恢复软件包的安排（软件包未覆盖的年份为周一至周五）。',
        querystring: z.object({ day: calendarDay }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await removeCalendarDay(ctx, req.query.day);
      return done(`${req.query.day} 已恢复默认安排`);
    },
  );

  app.post(
    '/system/calendar/confirm',
    {
      config: { access: { perm: 'system:calendar:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '工作日历：确认一年已按通知录入',
        description: '软件包尚未提供的年份，逐日录入后确认：此后跨入该年的期限不再标注“按周一至周五推算”。',
        body: z.object({ year, notice }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await confirmCalendarYear(ctx, req.body.year, req.body.notice, currentUser(req).userName);
      return done(`${req.body.year}年的安排已确认`);
    },
  );

  app.post(
    '/system/calendar/revoke',
    {
      config: { access: { perm: 'system:calendar:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '工作日历：撤销一年的确认',
        description: '已录入的日期保留；跨入该年的期限重新标注为推算。',
        querystring: z.object({ year }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await revokeCalendarYear(ctx, req.query.year);
      return done(`${req.query.year}年的确认已撤销`);
    },
  );

  app.get(
    '/system/calendar/importTemplate',
    {
      config: { access: { perm: 'system:calendar:import' } },
      schema: {
        tags: TAG,
        summary: '工作日历导入模板（Excel）',
        description: '每行一个日期：安排填“放假”或“上班”（调休上班的周末）；名称如 元旦、春节。',
      },
    },
    async (_req, reply) => sendTemplate(reply, '工作日历导入模板.xlsx', IMPORT_COLUMNS),
  );

  app.post(
    '/system/calendar/importData',
    {
      config: { access: { perm: 'system:calendar:import', log: LOG('import') }, importKind: 'calendar' },
      schema: {
        tags: TAG,
        summary: '导入一年的节假日安排（multipart 字段 file，.xlsx）',
        description:
          '列：日期、安排（放假 / 上班）、名称、备注。文件即该年全部安排：替换该年已录入的日期并确认该年。软件包已提供的年份不能整年导入。任一行有错时不写入任何数据，返回 400 与每个错误（data: [{rowNumber, field, msg}]）。',
        consumes: ['multipart/form-data'],
        querystring: z.object({ year, notice }),
        response: {
          200: envelope(z.object({ daysOff: z.number(), daysWorked: z.number() })),
          400: z.object({
            code: z.number(),
            msg: z.string(),
            field: z.string().optional(),
            data: z.array(z.object({ rowNumber: z.number(), field: z.string(), msg: z.string() })).optional(),
          }),
        },
      },
    },
    async (req) => {
      const { year: y, notice: n } = req.query;
      const { file } = await readMultipart(req, MAX_IMPORT_BYTES);
      const calendar = await calendarForImport(db, y);
      if (!file) throw badRequest('请选择要导入的文件（字段 file）', 'file');
      if (!/\.xlsx$/i.test(file.filename)) throw badRequest('文件类型不支持：请上传 .xlsx 格式的 Excel 文件', 'file');
      let sheet;
      try {
        sheet = await readExcel(file.bytes, IMPORT_COLUMNS);
      } catch (err) {
        throw badRequest(err instanceof Error ? err.message : '文件不是有效的 Excel（.xlsx）文件', 'file');
      }
      const days = parseYearSheet(sheet, y);
      await importCalendarYear(ctx, calendar, y, days, n, currentUser(req).userName);
      const daysOff = days.filter((d) => !d.working && isWeekday(d.day)).length;
      const daysWorked = days.filter((d) => d.working).length;
      return ok({ daysOff, daysWorked }, `导入成功：${y}年周一至周五放假 ${daysOff} 天，调休上班 ${daysWorked} 天`);
    },
  );

  app.get(
    '/system/calendar/export',
    {
      config: { access: { perm: 'system:calendar:export' } },
      schema: {
        tags: TAG,
        summary: '导出一年的特殊日期（Excel，可改后导入）',
        querystring: z.object({ year, kind: z.enum(KINDS).optional() }),
      },
    },
    async (req, reply) => {
      const rows = (await daysOfYear(db, await loadWorkCalendar(db), req.query.year)).filter(
        kindFilter(req.query.kind),
      );
      return sendExcel(reply, `工作日历_${req.query.year}.xlsx`, EXPORT_COLUMNS, rows, String(req.query.year));
    },
  );
};
