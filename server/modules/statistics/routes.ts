/**
 * The statistics pages' calls (SPEC 2 Statistics): figures of ended applications, applications in
 * progress and certificates, from the tables refreshStatistics keeps (each answer says when they
 * were made), their Excel exports, and a refresh on demand.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { sendExcel } from '../../lib/excel.js';
import { envelope, ok } from '../../lib/reply.js';
import { loadLabels } from '../certificate/labels.js';
import { loadDistrictNames } from '../search/districts.js';
import { certColumns, certRows, closedColumns, closedRows, openColumns, openRows } from './exports.js';
import {
  afootStatistics,
  afootWhere,
  certStatistics,
  certsWhere,
  completedPeriod,
  completedStatistics,
  completedWhere,
} from './figures.js';
import { REFRESH_MIN_INTERVAL_MS, refreshOnRequest } from './service.js';
import {
  afootAnswer,
  afootQuery,
  certsAnswer,
  certsQuery,
  completedAnswer,
  completedQuery,
  refreshAnswer,
} from './schemas.js';
import { readsOnlyAccess } from '../../context.js';

const TAGS = ['statistics'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const perm = (p: string) => ({ access: { perm: p } });
const SCOPE =
  '区域中心人员为本区域，省级管理员为全省（可按 area 筛选）。数据来自定时刷新的统计表，refreshedAt 为生成时间。';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/statistics/certs',
    {
      config: readsOnlyAccess('statistics:certs:list'),
      schema: {
        tags: TAGS,
        summary: '证书统计',
        description: `按类别、状态、区域、地区（地市或其区县）、发证年份统计证书数，有效证书数与 90 天内到期数。${SCOPE}`,
        querystring: certsQuery,
        response: { 200: envelope(certsAnswer) },
      },
    },
    async (req) => ok(await certStatistics(db, currentUser(req), req.query, await loadDistrictNames(db)), '查询成功'),
  );

  app.get(
    '/statistics/certs/export',
    {
      config: perm('statistics:certs:export'),
      schema: {
        tags: TAGS,
        summary: '导出证书统计（Excel）',
        description: '统计表中符合筛选条件的每一行（类别×状态×区域×区县×发证年份）。',
        querystring: certsQuery,
        produces: XLSX,
      },
    },
    async (req, reply) => {
      const where = certsWhere(currentUser(req), req.query);
      return sendExcel(
        reply,
        '证书统计.xlsx',
        certColumns(await loadLabels(db, 'zh-CN'), await loadDistrictNames(db)),
        await certRows(db, where),
        '证书统计',
      );
    },
  );

  app.get(
    '/statistics/completedTask',
    {
      config: readsOnlyAccess('statistics:completedTask:list'),
      schema: {
        tags: TAGS,
        summary: '已办结业务统计',
        description: `办结（已办结、不予以受理办结）的申请按业务类型、结果、区域、地市与办结月份统计，含平均办理天数。默认最近 12 个月。${SCOPE}`,
        querystring: completedQuery,
        response: { 200: envelope(completedAnswer) },
      },
    },
    async (req) =>
      ok(
        await completedStatistics(db, currentUser(req), req.query, await loadDistrictNames(db), app.ctx.clock.now()),
        '查询成功',
      ),
  );

  app.get(
    '/statistics/completedTask/export',
    {
      config: perm('statistics:completedTask:export'),
      schema: {
        tags: TAGS,
        summary: '导出已办结业务统计（Excel）',
        description: '统计表中符合筛选条件的每一行（月份×业务类型×结果×区域×地市）。',
        querystring: completedQuery,
        produces: XLSX,
      },
    },
    async (req, reply) => {
      const where = completedWhere(currentUser(req), req.query, completedPeriod(req.query, app.ctx.clock.now()));
      return sendExcel(
        reply,
        '已办结业务统计.xlsx',
        closedColumns(await loadDistrictNames(db)),
        await closedRows(db, where),
        '已办结业务',
      );
    },
  );

  app.get(
    '/statistics/afootTask',
    {
      config: readsOnlyAccess('statistics:afootTask:list'),
      schema: {
        tags: TAGS,
        summary: '在办业务统计',
        description: `在办（待持证人确认、待受理、审核中）的申请按业务类型、状态与环节、已等待时长、区域、地市统计，超期（超过法定办理时限：受理后决定 20 个、变更 5 个工作日，系统参数可调）多的在前。${SCOPE}`,
        querystring: afootQuery,
        response: { 200: envelope(afootAnswer) },
      },
    },
    async (req) => ok(await afootStatistics(db, currentUser(req), req.query, await loadDistrictNames(db)), '查询成功'),
  );

  app.get(
    '/statistics/afootTask/export',
    {
      config: perm('statistics:afootTask:export'),
      schema: {
        tags: TAGS,
        summary: '导出在办业务统计（Excel）',
        description: '统计表中符合筛选条件的每一行（业务类型×状态×环节×区域×地市×时长×是否超期）。',
        querystring: afootQuery,
        produces: XLSX,
      },
    },
    async (req, reply) => {
      const where = afootWhere(currentUser(req), req.query);
      return sendExcel(
        reply,
        '在办业务统计.xlsx',
        openColumns(await loadDistrictNames(db)),
        await openRows(db, where),
        '在办业务',
      );
    },
  );

  app.post(
    '/statistics/refresh',
    {
      config: { access: { log: { title: '统计数据', action: 'refresh' } } },
      schema: {
        tags: TAGS,
        summary: '立即刷新统计数据',
        description: `需任一统计页面的权限。距上次刷新不足 ${REFRESH_MIN_INTERVAL_MS / 1000} 秒、或另一次刷新正在进行时，返回现有数据（refreshed 为 false）。`,
        response: { 200: envelope(refreshAnswer) },
      },
    },
    async (req) => {
      const r = await refreshOnRequest(app.ctx, currentUser(req));
      return ok(
        {
          refreshed: r.refreshed,
          refreshedAt: r.refreshedAt.toISOString(),
          asOfDay: r.asOfDay,
          durationMs: r.durationMs,
          rows: r.rows,
        },
        {
          recent: '统计数据刚刚刷新过',
          refreshed: '统计数据已刷新',
          busy: '另一次刷新正在进行，返回的是现有数据',
        }[r.outcome],
      );
    },
  );
};
