/**
 * 人员信息 /system/person (the `person` table): list, get, save (new) / update (id > 0), remove,
 * export. Identity numbers, birth dates and phones are masked everywhere (440***********1234); a
 * holder of system:person:edit reveals one by a click (POST /personalData/{field}/reveal, source
 * 'person', logged), and an update that sends a value back masked as it was shown keeps it.
 * A resident ID (type 111) must pass its check character, and birth date and sex follow from it.
 */
import { z } from 'zod';
import { SEX_CODES, storedCode } from '../../../lib/codes.js';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { application, certificate, enterprise, person, sysUser } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/client.js';
import { DICTIONARIES } from '../../../db/seed/dictionaries.js';
import { checkIdNumber, idNumberMessage } from '../../../../machines/residentIdNumber.js';
import { clockNow } from '../../../lib/clock.js';
import { chinaDate } from '../../../lib/days.js';
import { chinaTime, contains, dateRange, idParams, idsQuery, orderBy } from '../catalog/listKit.js';
import {
  maskBirthDate,
  maskIdNo,
  maskPhone,
  masked,
  personalDataOf,
  type PersonValues,
  type Revealable,
} from '../../../services/personalData.js';
import { revealOfferSchema } from '../../../services/personalDataSchemas.js';
import type { AuthUser } from '../../../lib/authUser.js';
import { day, id, idOrZero, optionalText, text } from '../../../lib/schemas.js';
import { logAs } from '../../../lib/operLog.js';

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
const selectRow = {
  id: person.id,
  name: person.name,
  sex: person.sex,
  idType: person.idType,
  idNo: person.idNo,
  birthDate: person.birthDate,
  education: person.education,
  title: person.title,
  phone: person.phone,
  enterpriseId: person.enterpriseId,
  employer: enterprise.name,
  employStatus: person.employStatus,
  createdAt: person.createdAt,
  updatedAt: person.updatedAt,
};
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
type PersonInput = z.infer<typeof body>;

/** The update with each value sent back masked as the detail showed it replaced by the real one; another masked value is refused. */
function unmasked(
  b: z.infer<typeof updateBody>,
  old: { idNo: string; birthDate: string; phone: string | null },
): PersonInput {
  const keep = <T extends string | null | undefined>(
    sent: T,
    real: string | null,
    mask: (v: string) => string,
    field: string,
    label: string,
  ): T | string | null => {
    if (typeof sent !== 'string' || !sent.includes('*')) return sent;
    if (real !== null && sent === mask(real)) return real;
    throw badRequest(`${label}：请填写完整的值（脱敏值只能原样保留）`, field);
  };
  return {
    ...b,
    idNo: keep(b.idNo, old.idNo, maskIdNo, 'idNo', '证件号码') as string,
    // Left empty (a masked date is no date for a picker): a resident ID gives it, otherwise it stays.
    birthDate:
      keep(b.birthDate, old.birthDate, maskBirthDate, 'birthDate', '出生日期') ??
      (b.idType === '111' ? undefined : old.birthDate),
    phone: keep(b.phone, old.phone, maskPhone, 'phone', '手机号码'),
  };
}

/** A person's data for the person administrator (reveal source 'person'): only who may correct the record sees it. */
export function personAdminData(
  user: AuthUser,
  row: { id: number; name: string; idNo: string; birthDate: string; phone: string | null },
): Revealable<PersonValues> {
  return {
    subject: { personId: row.id, name: row.name },
    duty: user.permissions.has('system:person:edit') ? 'admin:person' : null,
    values: { idNo: row.idNo, birthDate: row.birthDate, phone: row.phone },
  };
}

/** Checks the identity number and fills the birth date it carries; answers the row to write. */
async function normalise(db: DbOrTx, b: PersonInput, exceptId?: number) {
  let birthDate = b.birthDate;
  if (b.idType === '111') {
    const checked = checkIdNumber(b.idNo, chinaDate(clockNow()));
    if (!checked.ok) throw badRequest(idNumberMessage('证件号码（居民身份证）', checked.fault), 'idNo');
    if (birthDate && birthDate !== checked.birthDate)
      throw badRequest(`出生日期：与身份证号码中的出生日期（${checked.birthDate}）不一致`, 'birthDate');
    birthDate = checked.birthDate;
    if (b.sex !== '2' && b.sex !== checked.sex) throw badRequest('性别：与身份证号码不一致', 'sex');
  }
  if (!birthDate) throw badRequest('出生日期不能为空', 'birthDate');
  const [dup] = await db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.idType, b.idType), eq(person.idNo, b.idNo), exceptId ? ne(person.id, exceptId) : undefined));
  if (dup) throw new AppError(409, '证件号码已存在：该人员已登记', 'idNo');
  if (b.enterpriseId) {
    const [ent] = await db.select({ id: enterprise.id }).from(enterprise).where(eq(enterprise.id, b.enterpriseId));
    if (!ent) throw badRequest('工作单位：所选企业不存在', 'enterpriseId');
  }
  return {
    name: b.name,
    sex: b.sex,
    idType: b.idType,
    idNo: b.idNo,
    birthDate,
    education: b.education ?? null,
    title: b.title ?? null,
    phone: b.phone || null,
    enterpriseId: b.enterpriseId ?? null,
    employStatus: b.employStatus,
  };
}

function where(q: z.infer<typeof exportQuery>): SQL | undefined {
  const w: SQL[] = [];
  if (q.name) w.push(ilike(person.name, contains(q.name)));
  if (q.idNo) w.push(ilike(person.idNo, contains(q.idNo.toUpperCase())));
  if (q.sex) w.push(eq(person.sex, q.sex));
  if (q.education) w.push(eq(person.education, q.education));
  if (q.phone) w.push(ilike(person.phone, contains(q.phone)));
  if (q.employer) w.push(ilike(enterprise.name, contains(q.employer)));
  if (q.employStatus) w.push(eq(person.employStatus, q.employStatus));
  w.push(...dateRange(person.createdAt, q.beginTime, q.endTime));
  return w.length ? and(...w) : undefined;
}
const SORTABLE = {
  id: person.id,
  name: person.name,
  birthDate: person.birthDate,
  createdAt: person.createdAt,
  updatedAt: person.updatedAt,
};

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
  { header: '登记时间', type: 'dateTime', width: 20, value: (r) => chinaTime(r.createdAt) },
];

/** A foreign-key violation (another table still points at the row). */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export const personAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const from = () => db.select(selectRow).from(person).leftJoin(enterprise, eq(enterprise.id, person.enterpriseId));

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
      const cond = where(q);
      const [{ total }] = await db
        .select({ total: count() })
        .from(person)
        .leftJoin(enterprise, eq(enterprise.id, person.enterpriseId))
        .where(cond);
      const rows = await from()
        .where(cond)
        .orderBy(...orderBy(q.sortField, q.sortOrder, SORTABLE, [desc(person.createdAt), desc(person.id)]))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize);
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
      const [row] = await from().where(eq(person.id, req.params.id));
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
      const kw = req.query.keyword;
      const rows = await db
        .select({ id: enterprise.id, name: enterprise.name, creditCode: enterprise.creditCode })
        .from(enterprise)
        .where(kw ? or(ilike(enterprise.name, contains(kw)), ilike(enterprise.creditCode, contains(kw))) : undefined)
        .orderBy(enterprise.name)
        .limit(20);
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
      if (req.body.id && req.body.id > 0)
        throw badRequest('人员编号：新增时不应带人员编号，修改请调用 /system/person/update', 'id');
      const id = await db.transaction(async (tx) => {
        const values = await normalise(tx, req.body);
        const [row] = await tx.insert(person).values(values).returning({ id: person.id });
        return row!.id;
      });
      const [row] = await from().where(eq(person.id, id));
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
      const b = req.body;
      await db.transaction(async (tx) => {
        const [old] = await tx
          .select({ id: person.id, idNo: person.idNo, birthDate: person.birthDate, phone: person.phone })
          .from(person)
          .where(eq(person.id, b.id));
        if (!old) throw notFound('人员不存在');
        const values = await normalise(tx, unmasked(b, old), b.id);
        await tx
          .update(person)
          .set({ ...values })
          .where(eq(person.id, b.id));
      });
      const [row] = await from().where(eq(person.id, b.id));
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
      const ids = req.query.ids;
      const n = await db
        .transaction(async (tx) => {
          const rows = await tx
            .select({ id: person.id, name: person.name })
            .from(person)
            .where(inArray(person.id, ids));
          if (rows.length === 0) throw notFound('人员不存在');
          const busy = async (
            ref: typeof certificate.personId | typeof application.personId | typeof sysUser.personId,
          ) => {
            const hit = await tx
              .select({ personId: ref })
              .from(ref.table)
              .where(
                inArray(
                  ref,
                  rows.map((r) => r.id),
                ),
              )
              .limit(1);
            return hit[0]?.personId ?? null;
          };
          for (const [ref, what] of [
            [certificate.personId, '证书'],
            [application.personId, '业务申请'],
            [sysUser.personId, '用户账号'],
          ] as const) {
            const pid = await busy(ref);
            if (pid !== null) throw conflict(`人员「${rows.find((r) => r.id === pid)?.name}」已有${what}，不能删除`);
          }
          await tx.delete(person).where(
            inArray(
              person.id,
              rows.map((r) => r.id),
            ),
          );
          return rows.length;
        })
        .catch((err: unknown) => {
          if (isForeignKeyViolation(err)) throw conflict('所选人员已有从业、继续教育、考试或处罚等记录，不能删除');
          throw err;
        });
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
      const cond = where(req.query);
      return sendExcel(
        reply,
        '人员信息.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => from().where(cond).orderBy(desc(person.id)).limit(limit).offset(offset)),
      );
    },
  );
};
