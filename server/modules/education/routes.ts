/**
 * 继续教育记录 FurtherEducation (/exam/furtherEducation): the records per person and certificate,
 * and the hours each certificate has in its current validity period against the requirement;
 * both lists export to Excel with their filters; staff remove records after confirming. Visible
 * to centre staff (their area), the provincial administrator (all), enterprises (their employees)
 * and individuals (their own).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { batches, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { chinaDate } from '../../lib/days.js';
import { done, doneEnvelope, page, pageEnvelope } from '../../lib/reply.js';
import { idsQuery } from '../../lib/schemas.js';
import { readBizPolicy, requiredEducationHours } from '../business/facts.js';
import { loadLabels } from '../certificate/labels.js';
import { hoursBatches, hoursWhere, listHours, listRecords, recordBatches, recordWhere } from './query.js';
import { removeEducationRecords } from './service.js';
import {
  hoursExportQuery,
  hoursListQuery,
  hoursRow,
  recordExportQuery,
  recordListQuery,
  recordRow,
  type HoursView,
  type RecordView,
} from './schemas.js';

const TAGS = ['exam-furtherEducation'];
const BASE = '/exam/furtherEducation';
const SCOPE = '区域中心人员为其区域企业的记录，省级管理员全部，企业用户为本企业人员的记录，个人用户为本人的记录。';

const RECORD_COLUMNS: readonly ExcelColumn<RecordView>[] = [
  { header: '姓名', value: (r) => r.name, width: 12 },
  { header: '证件号码', value: (r) => r.idNo, width: 22 },
  { header: '证书号', value: (r) => r.certNo, width: 26 },
  { header: '证书类别', value: (r) => r.category, width: 10 },
  { header: '企业', value: (r) => r.enterpriseName, width: 30 },
  { header: '专业', value: (r) => r.course, width: 30 },
  { header: '学时', value: (r) => r.hours, width: 8 },
  { header: '开始日期', type: 'date', value: (r) => r.startedOn, width: 12 },
  { header: '结束日期', type: 'date', value: (r) => r.finishedOn, width: 12 },
  { header: '培训机构', value: (r) => r.provider, width: 26 },
  { header: '计入当前有效期', value: (r) => (r.counted ? '是' : '否'), width: 14 },
  { header: '导入文件', value: (r) => r.importFileName, width: 26 },
];

const HOURS_COLUMNS: readonly ExcelColumn<HoursView>[] = [
  { header: '证书号', value: (r) => r.certNo, width: 26 },
  { header: '证书类别', value: (r) => r.categoryLabel, width: 24 },
  { header: '证书状态', value: (r) => r.statusLabel, width: 10 },
  { header: '姓名', value: (r) => r.name, width: 12 },
  { header: '证件号码', value: (r) => r.idNo, width: 22 },
  { header: '企业', value: (r) => r.enterpriseName, width: 30 },
  { header: '有效期起', type: 'date', value: (r) => r.validFrom, width: 12 },
  { header: '有效期至', type: 'date', value: (r) => r.expiryDate, width: 12 },
  { header: '已完成学时', value: (r) => r.hours, width: 12 },
  { header: '应完成学时', value: (r) => r.required, width: 12 },
  { header: '尚差学时', value: (r) => r.missing, width: 10 },
  { header: '是否达标', value: (r) => (r.met ? '达标' : '未达标'), width: 10 },
];

export const furtherEducationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const db = ctx.db;
  const required = async () => requiredEducationHours(await readBizPolicy(db));

  app.get(
    `${BASE}/list`,
    {
      config: { access: { perm: 'exam:furtherEducation:list' } },
      schema: {
        tags: TAGS,
        summary: '继续教育记录列表',
        description: `每条培训记录：人员、证书、专业、学时、起止日期、培训机构、是否计入证书当前有效期。${SCOPE}beginTime/endTime 为结束日期。`,
        querystring: recordListQuery,
        response: { 200: pageEnvelope(recordRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listRecords(db, currentUser(req), req.query);
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    `${BASE}/export`,
    {
      config: { access: { perm: 'exam:furtherEducation:export', log: { title: '继续教育记录', action: 'export' } } },
      schema: {
        tags: TAGS,
        summary: '导出继续教育记录（Excel）',
        description: `与列表相同的筛选条件。${SCOPE}`,
        querystring: recordExportQuery,
      },
    },
    async (req, reply) => {
      const where = recordWhere(currentUser(req), req.query);
      return sendExcel(
        reply,
        `继续教育记录_${chinaDate(ctx.clock.now())}.xlsx`,
        RECORD_COLUMNS,
        batches(recordBatches(db, where), 1000),
        '继续教育记录',
      );
    },
  );

  app.get(
    `${BASE}/hours`,
    {
      config: { access: { perm: 'exam:furtherEducation:list' } },
      schema: {
        tags: TAGS,
        summary: '证书继续教育学时统计',
        description:
          '每本证书当前有效期内计入的继续教育学时与应完成学时（参数 biz.delay.hoursPerYear，默认每年 24 学时，× 3 年），' +
          `与证书延期第 2 项核验读取相同的记录。不填 status 时为有效与暂扣的证书。${SCOPE}`,
        querystring: hoursListQuery,
        response: { 200: pageEnvelope(hoursRow) },
      },
    },
    async (req) => {
      const { rows, total } = await listHours(db, currentUser(req), req.query, await required(), await loadLabels(db));
      return page(rows, total, req.query.pageNum);
    },
  );

  app.get(
    `${BASE}/hours/export`,
    {
      config: {
        access: { perm: 'exam:furtherEducation:export', log: { title: '继续教育学时统计', action: 'export' } },
      },
      schema: {
        tags: TAGS,
        summary: '导出证书继续教育学时统计（Excel）',
        description: `与学时统计列表相同的筛选条件。${SCOPE}`,
        querystring: hoursExportQuery,
      },
    },
    async (req, reply) => {
      const need = await required();
      const where = hoursWhere(db, currentUser(req), req.query, need);
      const labels = await loadLabels(db, 'zh-CN');
      return sendExcel(
        reply,
        `继续教育学时统计_${chinaDate(ctx.clock.now())}.xlsx`,
        HOURS_COLUMNS,
        batches(hoursBatches(db, where, need, labels), 500),
        '学时统计',
      );
    },
  );

  app.post(
    `${BASE}/remove`,
    {
      config: { access: { perm: 'exam:furtherEducation:remove', log: { title: '继续教育记录', action: 'delete' } } },
      schema: {
        tags: TAGS,
        summary: '删除继续教育记录',
        description:
          'ids 为以逗号分隔的记录编号。删除后其学时不再计入证书；原导入文件可再次导入以恢复。任一记录不在数据权限内时 403，不存在时 404，均不删除任何记录。',
        querystring: idsQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const ids = [...new Set(req.query.ids)];
      const removed = await removeEducationRecords(db, currentUser(req), ids);
      return done(`已删除 ${removed} 条继续教育记录`);
    },
  );
};
