/**
 * The search pages' calls (SPEC 2 Search): enterprises, persons, applications (work and apply
 * searches) and certificate check records, each with a scoped, paged, sortable list, a detail where
 * the page has one, and a streamed Excel export of the filtered list; plus GET
 * /system/sysCheckRecord/getCheckData (SPEC 7), the figures of the check records.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batches, sendExcel } from '../../lib/excel.js';
import { envelope, ok } from '../../lib/reply.js';
import { currentUser } from '../../lib/authUser.js';
import { chinaDate } from '../../lib/days.js';
import { idParams } from '../../lib/schemas.js';
import { loadLabels } from '../certificate/labels.js';
import { checkBatches, checkData, checkWhere, listChecks } from './checks.js';
import { enterpriseDetail, staffDetail } from './detail.js';
import { loadDistrictNames } from './districts.js';
import { enterpriseBatches, enterpriseWhere, listEnterprises } from './enterprise.js';
import { checkColumns, ENTERPRISE_COLUMNS, staffColumns, WORK_COLUMNS } from './exports.js';
import {
  checkData as checkDataSchema,
  checkDataQuery,
  checkExportQuery,
  checkListQuery,
  checkRow,
  enterpriseDetail as enterpriseDetailSchema,
  enterpriseExportQuery,
  enterpriseListQuery,
  enterpriseRow,
  searchPage,
  staffDetail as staffDetailSchema,
  staffExportQuery,
  staffListQuery,
  staffRow,
  workExportQuery,
  workListQuery,
  workRow,
} from './schemas.js';
import { listStaff, staffBatches, staffWhere } from './staff.js';
import { listWork, workBatches, workWhere } from './work.js';
import { readDeadlineLimits } from '../../workflow/views.js';
import { readsOnlyAccess } from '../../context.js';

const TAGS = ['search'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const perm = (p: string) => ({ access: { perm: p } });
const TOTAL_NOTE = '总数：不超过 2000 条时精确，超过时为估算值（totalExact 为 false，页面显示「约 N 条」）。';
const page = <T>(r: { rows: T[]; total: number; totalExact: boolean }, pageNum: number) => ({
  code: 0 as const,
  msg: '查询成功',
  rows: r.rows,
  total: r.total,
  totalExact: r.totalExact,
  pageNum,
});

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.reads;
  const today = () => chinaDate(app.ctx.clock.now());

  // ---------- 企业查询 ----------
  app.get(
    '/search/enterprise/list',
    {
      config: readsOnlyAccess('search:enterprise:list'),
      schema: {
        tags: TAGS,
        summary: '企业查询',
        description: `区域中心人员只能查到本区域（企业所属区域）的企业，省级管理员全部。企业名称为包含匹配，信用代码为开头匹配。${TOTAL_NOTE}`,
        querystring: enterpriseListQuery,
        response: { 200: searchPage(enterpriseRow) },
      },
    },
    async (req) =>
      page(
        await listEnterprises(db, currentUser(req), req.query, await loadDistrictNames(db), today()),
        req.query.pageNum,
      ),
  );

  app.get(
    '/search/enterprise/get/:id',
    {
      config: perm('search:enterprise:list'),
      schema: {
        tags: TAGS,
        summary: '企业详情（人员与证书）',
        description: '不在调用者数据权限内时 403。人员的证件号码脱敏；完整号码见人员详情（记入个人信息访问日志）。',
        params: idParams,
        response: { 200: envelope(enterpriseDetailSchema) },
      },
    },
    async (req) =>
      ok(
        await enterpriseDetail(
          db,
          currentUser(req),
          req.params.id,
          await loadDistrictNames(db),
          await loadLabels(db),
          today(),
        ),
        '查询成功',
      ),
  );

  app.get(
    '/search/enterprise/export',
    {
      config: perm('search:enterprise:export'),
      schema: {
        tags: TAGS,
        summary: '导出企业查询结果（Excel）',
        description: '与列表相同的筛选与数据权限，按 id 分批流式写出。',
        querystring: enterpriseExportQuery,
        produces: XLSX,
      },
    },
    async (req, reply) => {
      const where = enterpriseWhere(currentUser(req), req.query, today());
      return sendExcel(
        reply,
        '企业查询.xlsx',
        ENTERPRISE_COLUMNS,
        batches(enterpriseBatches(db, where, await loadDistrictNames(db), today()), 1000),
        '企业',
      );
    },
  );

  // ---------- 人员查询 ----------
  app.get(
    '/search/staff/list',
    {
      config: readsOnlyAccess('search:staff:list'),
      schema: {
        tags: TAGS,
        summary: '人员查询',
        description:
          '区域中心人员：工作单位属本区域的人员；企业用户：本企业人员。姓名与证件号码为开头匹配，证件号码脱敏显示。' +
          `每行带其持有的证书（全部状态）。${TOTAL_NOTE}`,
        querystring: staffListQuery,
        response: { 200: searchPage(staffRow) },
      },
    },
    async (req) => page(await listStaff(db, currentUser(req), req.query), req.query.pageNum),
  );

  app.get(
    '/search/staff/get/:id',
    {
      config: perm('search:staff:list'),
      schema: {
        tags: TAGS,
        summary: '人员详情（完整证件号码、证书、从业记录、继续教育、所涉申请）',
        description:
          '不在调用者数据权限内时 403。中心人员与本企业查看完整证件号码、出生日期与手机号，每次查看记入个人信息访问日志。',
        params: idParams,
        response: { 200: envelope(staffDetailSchema) },
      },
    },
    async (req) => ok(await staffDetail(db, currentUser(req), req.params.id, app.ctx.clock.now()), '查询成功'),
  );

  app.get(
    '/search/staff/export',
    {
      config: perm('search:staff:export'),
      schema: {
        tags: TAGS,
        summary: '导出人员查询结果（Excel）',
        description: '与列表相同的筛选与数据权限；证件号码脱敏。',
        querystring: staffExportQuery,
        produces: XLSX,
      },
    },
    async (req, reply) => {
      const where = staffWhere(db, currentUser(req), req.query);
      return sendExcel(
        reply,
        '人员查询.xlsx',
        staffColumns(await loadLabels(db, 'zh-CN')),
        batches(staffBatches(db, where), 1000),
        '人员',
      );
    },
  );

  // ---------- 办件查询 and 申请查询: the same applications, the centre's and the applicant's pages ----------
  for (const kind of ['work', 'apply'] as const) {
    const name = kind === 'work' ? '办件查询' : '申请查询';
    const who =
      kind === 'work'
        ? '各类业务的办件：区域中心人员为本中心办理的，省级管理员全部。'
        : '申请方的各类业务申请：企业用户为本企业的申请，个人为本人的，区域中心人员为本中心办理的。';
    app.get(
      `/search/${kind}/list`,
      {
        config: readsOnlyAccess(`search:${kind}:list`),
        schema: {
          tags: TAGS,
          summary: name,
          description:
            `${who}overdue=1 为已受理未办结且已过法定期限（受理后的工作日：决定 20 日、变更 5 日，系统参数可调；与业务队列相同）；open=1 为在办（申请中、已提交、已受理）。` +
            `beginTime/endTime 为提交日期。每行带当前用户此刻可发送的事件。${TOTAL_NOTE}`,
          querystring: workListQuery,
          response: { 200: searchPage(workRow) },
        },
      },
      async (req) => page(await listWork(db, currentUser(req), req.query, app.ctx.clock.now()), req.query.pageNum),
    );

    app.get(
      `/search/${kind}/export`,
      {
        config: perm(`search:${kind}:export`),
        schema: {
          tags: TAGS,
          summary: `导出${name}结果（Excel）`,
          description: '与列表相同的筛选与数据权限，新到旧流式写出。',
          querystring: workExportQuery,
          produces: XLSX,
        },
      },
      async (req, reply) => {
        const now = app.ctx.clock.now();
        const limits = await readDeadlineLimits(db);
        const where = workWhere(db, currentUser(req), req.query, now, limits);
        return sendExcel(reply, `${name}.xlsx`, WORK_COLUMNS, batches(workBatches(db, where, now, limits), 1000), name);
      },
    );
  }

  // ---------- 证书核验记录 ----------
  app.get(
    '/search/certCheck/list',
    {
      config: readsOnlyAccess('search:certCheck:list'),
      schema: {
        tags: TAGS,
        summary: '证书核验记录',
        description:
          '公众扫码（/cert/查询码）与证书查询（/public/validCard）的每一次查询。区域中心人员可见本区域证书的记录与未查到证书的记录。' +
          `beginTime/endTime 为核验日期。${TOTAL_NOTE}`,
        querystring: checkListQuery,
        response: { 200: searchPage(checkRow) },
      },
    },
    async (req) => page(await listChecks(db, currentUser(req), req.query), req.query.pageNum),
  );

  app.get(
    '/search/certCheck/export',
    {
      config: perm('search:certCheck:export'),
      schema: {
        tags: TAGS,
        summary: '导出证书核验记录（Excel）',
        description: '与列表相同的筛选与数据权限，新到旧流式写出。',
        querystring: checkExportQuery,
        produces: XLSX,
      },
    },
    async (req, reply) => {
      const where = checkWhere(db, currentUser(req), req.query);
      return sendExcel(
        reply,
        '证书核验记录.xlsx',
        checkColumns(await loadLabels(db, 'zh-CN')),
        batches(checkBatches(db, where), 1000),
        '核验记录',
      );
    },
  );

  app.get(
    '/system/sysCheckRecord/getCheckData',
    {
      config: readsOnlyAccess('search:certCheck:list'),
      schema: {
        tags: TAGS,
        summary: '证书核验统计',
        description:
          '一段时间（中国日期，含两端；默认最近 30 天，最长 366 天）的核验次数：合计、查到与未查到、按来源、按天（含 0）、被核验最多的证书，以及今天的次数；数据权限同核验记录列表。',
        querystring: checkDataQuery,
        response: { 200: envelope(checkDataSchema) },
      },
    },
    async (req) => ok(await checkData(db, currentUser(req), req.query, app.ctx.clock.now()), '查询成功'),
  );
};
