/**
 * 人员信息 /system/person (the `person` table): list, get, save (new) / update (id > 0), remove,
 * export. Identity numbers, birth dates and phones are masked everywhere (440***********1234); a
 * holder of system:person:edit reveals one by a click (POST /personalData/{field}/reveal, source
 * 'person', logged), and an update that sends a value back masked as it was shown keeps it.
 * A resident ID (type 111) must pass its check character, and birth date and sex follow from it.
 */
import { z } from 'zod';
import { SEX_CODES, storedCode } from '../../../lib/codes.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { DICTIONARIES } from '../../../db/seed/dictionaries.js';
import { maskBirthDate, maskIdNo, maskPhone, masked, personalDataOf } from '../../../services/personalData.js';
import { revealOfferSchema } from '../../../services/personalDataSchemas.js';
import { day, id, idOrZero, idParams, idsQuery, optionalText, text } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';
import { createPerson, personAdminData, removePersons, updatePerson } from './service.js';
import { enterpriseOptions, personExportBatch, personLineById, personPage } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAG = ['system-person'];
const LOG = logAs('人员信息');

const dictLabels = (type: string) =>
  new Map(DICTIONARIES.find((d) => d.dictType === type)?.items.map(([v, l]) => [v, l]) ?? []);
const SEX = dictLabels('sys_user_sex');
const ID_TYPE = dictLabels('ent_id_type');
const DIPLOMA = dictLabels('ministerial_diploma');
const TITLE = dictLabels('ministerial_title_rank');
const EMPLOY = dictLabels('emp_employStatus');
const codeOf = (labels: Map<string, string>, what: string) =>
  z
    .string()
    .refine(
      (v) => labels.has(v),
      `${what}应为字典中的值：${[...labels.entries()].map(([v, l]) => `${v} ${l}`).join('、')}`,
    );

const personRow = z.object({
  id: z.number(),
  name: z.string(),
  sex: z.enum(SEX_CODES),
  idType: z.string(),
  idNo: z.string().describe('列表中为脱敏后的证件号码'),
  birthDate: z.string(),
  education: z.string().nullable(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  enterpriseId: z.number().nullable(),
  employer: z.string().nullable().describe('工作单位（企业名称）'),
  employStatus: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
type Row = Omit<z.infer<typeof personRow>, 'sex' | 'createdAt' | 'updatedAt'> & {
  sex: string;
  createdAt: Date;
  updatedAt: Date;
};
/** A row as lists show it: identity number, birth date and phone masked. */
const toRow = (r: Row) => ({
  ...r,
  sex: storedCode(SEX_CODES, r.sex),
  ...masked({ idNo: r.idNo, birthDate: r.birthDate, phone: r.phone }),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const filters = z.object({
  name: optionalText(64, '姓名'),
  idNo: optionalText(32, '证件号码').describe('证件号码（全部或部分）'),
  sex: z.enum(['0', '1', '2']).optional(),
  education: optionalText(2, '文化程度'),
  phone: optionalText(20, '手机号码'),
  employer: optionalText(200, '工作单位').describe('工作单位名称'),
  employStatus: optionalText(2, '在职状态'),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const body = z.object({
  id: idOrZero('人员编号').optional(),
  name: text(64, '姓名', { min: 1 }),
  sex: z.enum(['0', '1', '2'], { error: '性别应为 0（男）、1（女）或 2（未知）' }),
  idType: codeOf(ID_TYPE, '证件类型').default('111'),
  idNo: text(32, '证件号码', { min: 1 }).transform((v) => v.toUpperCase()),
  birthDate: day('出生日期').optional(),
  education: codeOf(DIPLOMA, '文化程度').nullish(),
  title: codeOf(TITLE, '技术职称').nullish(),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v), '手机号码应为 11 位中国大陆手机号')
    .nullish(),
  enterpriseId: id('工作单位编号').nullish(),
  employStatus: codeOf(EMPLOY, '从业状态').default('1'),
});
const MASKED_BIRTH = /^\d{4}-\*\*-\*\*$/;
const MASKED_PHONE = /^1[3-9]\d\*{4}\d{4}$/;
const updateBody = body.extend({
  id: id('人员编号', { invalid: '修改时人员编号 id 应为 1 到 2147483647 之间的整数' }),
  // The detail shows these masked: sent back as shown they mean "unchanged" (unmasked below).
  birthDate: z.union([day('出生日期'), z.string().regex(MASKED_BIRTH, '出生日期格式不正确')]).optional(),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v) || MASKED_PHONE.test(v), '手机号码应为 11 位中国大陆手机号')
    .nullish(),
});
const EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { header: '姓名', value: (r) => r.name },
  { header: '性别', value: (r) => SEX.get(r.sex) ?? r.sex },
  { header: '证件类型', value: (r) => ID_TYPE.get(r.idType) ?? r.idType },
  { header: '证件号码', width: 22, value: (r) => maskIdNo(r.idNo) },
  { header: '出生日期', value: (r) => maskBirthDate(r.birthDate) },
  { header: '文化程度', value: (r) => (r.education ? (DIPLOMA.get(r.education) ?? r.education) : '') },
  { header: '技术职称', value: (r) => (r.title ? (TITLE.get(r.title) ?? r.title) : '') },
  { header: '手机号码', width: 14, value: (r) => maskPhone(r.phone) },
  { header: '工作单位', width: 40, value: (r) => r.employer },
  { header: '从业状态', value: (r) => EMPLOY.get(r.employStatus) ?? r.employStatus },
  { header: '登记时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const personAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/person/list',
    {
      config: { access: { perm: 'system:person:list' } },
      schema: {
        tags: TAG,
        summary: '人员列表（证件号码脱敏）',
        querystring: listQuery,
        response: { 200: pageEnvelope(personRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await personPage(db, q);
      return page(
        rows.map((r) => toRow(r)),
        total,
        q.pageNum,
      );
    },
  );

  app.get(
    '/system/person/get/:id',
    {
      config: { access: { perm: 'system:person:list' } },
      schema: {
        tags: TAG,
        summary: '人员详情（证件号码、出生日期与手机号码脱敏；有修改权限者可点击查看，见 personalData）',
        params: idParams,
        response: { 200: envelope(personRow.extend({ personalData: revealOfferSchema })) },
      },
    },
    async (req) => {
      const row = await personLineById(db, req.params.id);
      if (!row) throw notFound('人员不存在');
      const { offer } = personalDataOf(personAdminData(currentUser(req), row), 'person', row.id);
      return ok({ ...toRow(row), personalData: offer }, '查询成功');
    },
  );

  app.get(
    '/system/person/enterprises',
    {
      config: { access: { perm: 'system:person:list' } },
      schema: {
        tags: TAG,
        summary: '工作单位候选（按名称或统一社会信用代码搜索）',
        querystring: z.object({ keyword: optionalText(100, '关键字') }),
        response: { 200: envelope(z.array(z.object({ id: z.number(), name: z.string(), creditCode: z.string() }))) },
      },
    },
    async (req) => {
      const rows = await enterpriseOptions(db, req.query.keyword);
      return ok(rows, '查询成功');
    },
  );

  app.post(
    '/system/person/save',
    {
      config: { access: { perm: 'system:person:add', log: LOG('insert') } },
      schema: { tags: TAG, summary: '新增人员', body, response: { 200: envelope(personRow) } },
    },
    async (req) => {
      const id = await createPerson(db, req.body);
      const row = await personLineById(db, id);
      return ok(toRow(row!), '新增成功');
    },
  );

  app.post(
    '/system/person/update',
    {
      config: { access: { perm: 'system:person:edit', log: LOG('update') } },
      schema: {
        tags: TAG,
        summary: '修改人员（id > 0）',
        description: '证件号码、出生日期、手机号码给出详情中的脱敏值时保持原值（表单不必先查看完整值）。',
        body: updateBody,
        response: { 200: envelope(personRow) },
      },
    },
    async (req) => {
      await updatePerson(db, req.body);
      const row = await personLineById(db, req.body.id);
      return ok(toRow(row!), '修改成功');
    },
  );

  app.post(
    '/system/person/remove',
    {
      config: { access: { perm: 'system:person:remove', log: LOG('delete') } },
      schema: {
        tags: TAG,
        summary: '删除人员（ids；已有证书、业务或账号的人员不能删除）',
        querystring: idsQuery,
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const n = await removePersons(db, req.query.ids);
      return done(`已删除 ${n} 名人员`);
    },
  );

  app.get(
    '/system/person/export',
    {
      config: { access: { perm: 'system:person:export' } },
      schema: { tags: TAG, summary: '导出人员（Excel，证件号码脱敏）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      return sendExcel(
        reply,
        '人员信息.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => personExportBatch(db, q, offset, limit)),
      );
    },
  );
};
