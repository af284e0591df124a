/**
 * FurtherEducation: the records and the per-certificate hours against the requirement, for the
 * centre (its area), the enterprise (its employees) and the holder (own); the requirement comes
 * from sys_config through the same function delay rule 2 uses; exports follow the filters;
 * removing asks for the permission and the scope and takes the hours out again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { readXlsx } from '../helpers/xlsx.js';
import { EDUCATION_HEADER, holdersInArea, multipart, xlsx, type CellInput, type Holder } from '../helpers/imports.js';
import { certificate, educationRecord, person, sysConfig, sysUser } from '../../server/db/schema.js';
import { caseIdNo } from '../../server/demo/businessCases.js';
import { addDays, chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const api = apiSuite({
  users: ['gz_sl', 'gz_cs', 'sz_staff', 'province', 'ent_gz', 'ent_sz', 'person1'],
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;

let today: string;
let gz: Holder[];
let sz: Holder[];
let shortCert: typeof certificate.$inferSelect;
let shortHolder: typeof person.$inferSelect;
beforeAll(async () => {
  today = chinaDate(t.clock.now());
  gz = await holdersInArea(db(), '1', 3);
  sz = await holdersInArea(db(), '2', 1);
  [shortHolder] = (await db()
    .select()
    .from(person)
    .where(eq(person.idNo, caseIdNo(0, 'delayHours', today)))) as [typeof person.$inferSelect];
  [shortCert] = (await db()
    .select()
    .from(certificate)
    .where(and(eq(certificate.personId, shortHolder.id), eq(certificate.status, '01')))) as [
    typeof certificate.$inferSelect,
  ];
});

const upload = async (user: string, rows: CellInput[][]) =>
  t.call(await api.token(user), {
    method: 'POST',
    url: '/api/exam/educationImport/importData',
    ...multipart(await xlsx([[...EDUCATION_HEADER], ...rows])),
  });
const training = (h: { name: string; idNo: string; certNo: string }, hours: number, course: string): CellInput[] => [
  h.name,
  h.idNo,
  h.certNo,
  course,
  hours,
  addDays(today, -9),
  addDays(today, -8),
  '广东建设职业技术学院',
];
const list = async (user: string, query: string) => {
  const res = await api.get(user, `/api/exam/furtherEducation/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    rows: Array<
      Record<string, unknown> & {
        id: number;
        personId: number;
        certNo: string;
        hours: number;
        canRemove: boolean;
        idNo: string;
      }
    >;
  };
};
const hoursOf = async (user: string, certNo: string) => {
  const res = await api.get(user, `/api/exam/furtherEducation/hours?certNo=${encodeURIComponent(certNo)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows[0] as { hours: number; required: number; met: boolean; missing: number } | undefined;
};

describe('records, by who is looking', () => {
  beforeAll(async () => {
    const res = await upload('province', [training(gz[0]!, 6, '记录可见性'), training(sz[0]!, 6, '记录可见性')]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the centre sees its area’s, masked, each flagged as counted and removable', async () => {
    const own = await list('gz_sl', `course=${encodeURIComponent('记录可见性')}`);
    expect(own.rows.map((r) => r.certNo)).toEqual([gz[0]!.certNo]);
    expect(own.rows[0]).toMatchObject({
      personId: gz[0]!.personId,
      hours: 6,
      counted: true,
      canRemove: true,
      finishedOn: addDays(today, -8),
      provider: '广东建设职业技术学院',
    });
    expect(own.rows[0]!.idNo).toMatch(/^\d{3}\*+\w{4}$/);
    expect(own.rows[0]!.idNo).not.toBe(gz[0]!.idNo);
    // Another step of the same centre reads them but may not remove.
    expect((await list('gz_cs', `course=${encodeURIComponent('记录可见性')}`)).rows.map((r) => r.canRemove)).toEqual([
      false,
    ]);
    expect((await list('sz_staff', `course=${encodeURIComponent('记录可见性')}`)).rows.map((r) => r.certNo)).toEqual([
      sz[0]!.certNo,
    ]);
    expect((await list('province', `course=${encodeURIComponent('记录可见性')}`)).total).toBe(2);
  });

  it('an enterprise sees its employees’, a holder their own', async () => {
    const [entGz] = await db().select().from(sysUser).where(eq(sysUser.userName, 'ent_gz'));
    const entRows = await list('ent_gz', 'pageSize=100');
    expect(entRows.total).toBeGreaterThan(0);
    const persons = await db().select({ id: person.id, enterpriseId: person.enterpriseId }).from(person);
    const employer = new Map(persons.map((p) => [p.id, p.enterpriseId]));
    const certs = new Map(
      (await db().select({ certNo: certificate.certNo, enterpriseId: certificate.enterpriseId }).from(certificate)).map(
        (c) => [c.certNo, c.enterpriseId],
      ),
    );
    expect(
      entRows.rows.every(
        (r) => employer.get(r.personId) === entGz!.enterpriseId || certs.get(r.certNo) === entGz!.enterpriseId,
      ),
    ).toBe(true);
    expect(entRows.rows.every((r) => r.canRemove === false)).toBe(true);
    expect((await list('ent_sz', `certNo=${encodeURIComponent(gz[0]!.certNo)}`)).total).toBe(0);

    const [p1] = await db().select().from(sysUser).where(eq(sysUser.userName, 'person1'));
    const own = await list('person1', 'pageSize=100');
    expect(own.total).toBeGreaterThan(0);
    expect(own.rows.every((r) => r.personId === p1!.personId)).toBe(true);
    expect((await list('person1', `certNo=${encodeURIComponent(gz[0]!.certNo)}`)).total).toBe(0);
  });

  it('filters: import, counted, dates; the export holds the filtered rows', async () => {
    const filtered = await list(
      'gz_sl',
      `course=${encodeURIComponent('记录可见性')}&counted=1&beginTime=${addDays(today, -8)}&endTime=${addDays(today, -8)}`,
    );
    expect(filtered.total).toBe(1);
    expect((await list('gz_sl', `course=${encodeURIComponent('记录可见性')}&counted=0`)).total).toBe(0);
    const byImport = await list('province', `importId=${filtered.rows[0]!.importId}`);
    expect(byImport.total).toBe(2);
    const exported = await api.get(
      'gz_sl',
      `/api/exam/furtherEducation/export?course=${encodeURIComponent('记录可见性')}`,
    );
    expect(exported.statusCode).toBe(200);
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet.headers).toEqual([
      '姓名',
      '证件号码',
      '证书号',
      '证书类别',
      '企业',
      '专业',
      '学时',
      '开始日期',
      '结束日期',
      '培训机构',
      '计入当前有效期',
      '导入文件',
    ]);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]!.slice(2, 7)).toEqual([
      gz[0]!.certNo,
      expect.any(String),
      expect.any(String),
      '记录可见性',
      6,
    ]);
    expect(String(sheet.rows[0]![1])).toContain('*');
  });
});

describe('hours per certificate against the requirement', () => {
  it('counts the validity period’s rows and compares with sys_config’s requirement, as rule 2 does', async () => {
    expect(await hoursOf('gz_sl', shortCert.certNo)).toMatchObject({
      hours: 32,
      required: 72,
      met: false,
      missing: 40,
    });
    const unmet = (
      await api.get('gz_sl', `/api/exam/furtherEducation/hours?met=0&certNo=${encodeURIComponent(shortCert.certNo)}`)
    ).json();
    expect(unmet.total).toBe(1);
    expect(
      (
        await api.get('gz_sl', `/api/exam/furtherEducation/hours?met=1&certNo=${encodeURIComponent(shortCert.certNo)}`)
      ).json().total,
    ).toBe(0);
    const check = async () =>
      (
        await api.get(
          'ent_gz',
          `/api/applyCertification/checkDataByApplyId?businessType=delay&certificateId=${shortCert.id}`,
        )
      ).json().code as number;
    expect(await check()).toBe(2);

    // The administrator lowers the requirement to 10 a year: both the list and the rule follow.
    await db().update(sysConfig).set({ configValue: '10' }).where(eq(sysConfig.configKey, 'biz.delay.hoursPerYear'));
    try {
      expect(await hoursOf('gz_sl', shortCert.certNo)).toMatchObject({
        hours: 32,
        required: 30,
        met: true,
        missing: 0,
      });
      expect(await check()).toBe(0);
    } finally {
      await db().update(sysConfig).set({ configValue: '24' }).where(eq(sysConfig.configKey, 'biz.delay.hoursPerYear'));
    }
    expect(await hoursOf('gz_sl', shortCert.certNo)).toMatchObject({ required: 72 });
  });

  it('is scoped like the certificates and exports with its filters', async () => {
    expect(await hoursOf('sz_staff', shortCert.certNo)).toBeUndefined();
    expect(await hoursOf('ent_gz', shortCert.certNo)).toMatchObject({ hours: 32 });
    expect(await hoursOf('ent_sz', shortCert.certNo)).toBeUndefined();
    const exported = await api.get(
      'gz_sl',
      `/api/exam/furtherEducation/hours/export?certNo=${encodeURIComponent(shortCert.certNo)}`,
    );
    expect(exported.statusCode).toBe(200);
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet.rows).toEqual([
      [
        shortCert.certNo,
        expect.any(String),
        '有效',
        shortHolder.name,
        expect.stringContaining('*'),
        expect.any(String),
        shortCert.validFrom,
        shortCert.expiryDate,
        32,
        72,
        40,
        '未达标',
      ],
    ]);
  });
});

describe('removing a record', () => {
  it('needs the permission and the scope; a removed record no longer counts; importing it again restores it', async () => {
    const row = training({ name: shortHolder.name, idNo: shortHolder.idNo, certNo: shortCert.certNo }, 8, '删除测试');
    const imported = await upload('gz_sl', [row]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.written).toBe(1);
    expect(await hoursOf('gz_sl', shortCert.certNo)).toMatchObject({ hours: 40 });
    const [record] = await db().select().from(educationRecord).where(eq(educationRecord.course, '删除测试'));

    const remove = (user: string, ids: string) => api.post(user, `/api/exam/furtherEducation/remove?ids=${ids}`);
    expect((await remove('ent_gz', String(record!.id))).statusCode).toBe(403);
    expect((await remove('gz_cs', String(record!.id))).statusCode).toBe(403);
    expect((await remove('sz_staff', String(record!.id))).statusCode).toBe(403);
    const missing = await remove('gz_sl', `${record!.id},999999`);
    expect(missing.statusCode).toBe(404);
    expect(await db().select().from(educationRecord).where(eq(educationRecord.id, record!.id))).toHaveLength(1);

    const removed = await remove('gz_sl', String(record!.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().msg).toBe('已删除 1 条继续教育记录');
    expect(await hoursOf('gz_sl', shortCert.certNo)).toMatchObject({ hours: 32 });

    const again = await upload('gz_sl', [row]);
    expect(again.json().data.written).toBe(1);
    expect(await hoursOf('gz_sl', shortCert.certNo)).toMatchObject({ hours: 40 });
  });
});
