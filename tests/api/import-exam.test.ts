/**
 * ExamImport through the HTTP API: one result per accepted sign-up of a held batch, the same file
 * again changing nothing, a corrected result replacing the stored one while the batch is held, a
 * bad file refused whole with its per-row report, and the batch's area as data scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { asc, eq, inArray } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import { readXlsx } from '../helpers/xlsx.js';
import type { TestApp } from '../helpers/app.js';
import {
  EXAM_HEADER,
  examSetup,
  importTables,
  multipart,
  xlsx,
  type CellInput,
  type ExamSetup,
} from '../helpers/imports.js';
import { dataImport, examResult } from '../../server/db/schema.js';
import { chinaDate } from '../../server/lib/days.js';

let t: TestApp;
const api = apiSuite({
  users: ['gz_sl', 'sz_staff', 'province', 'ent_gz'],
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
const URL = '/api/exam/examImport/importData';

let held: ExamSetup;
let published: ExamSetup;
let shenzhen: ExamSetup;
beforeAll(async () => {
  const today = chinaDate(t.clock.now());
  held = await examSetup(db(), {
    area: '1',
    enterpriseUser: 'ent_gz',
    state: 'held',
    today,
    size: 6,
    statuses: ['accepted', 'accepted', 'accepted', 'accepted', 'accepted', 'pending'],
  });
  published = await examSetup(db(), { area: '1', enterpriseUser: 'ent_gz', state: 'published', today, size: 1 });
  shenzhen = await examSetup(db(), { area: '2', enterpriseUser: 'ent_sz', state: 'held', today, size: 1 });
});

const upload = async (user: string, file: Buffer, name = 'scores.xlsx') =>
  t.call(await api.token(user), { method: 'POST', url: URL, ...multipart(file, name) });
const file = (...rows: CellInput[][]) => xlsx([[...EXAM_HEADER], ...rows]);
const line = (
  c: ExamSetup['candidates'][number],
  knowledge: CellInput,
  ability: CellInput,
  attended: CellInput,
): CellInput[] => [c.name, c.idNo, c.ticketNo, knowledge, ability, attended];
const resultsOf = (signupIds: number[]) =>
  db().select().from(examResult).where(inArray(examResult.signupId, signupIds)).orderBy(asc(examResult.signupId));

describe('the template', () => {
  it('has the six columns with drop-downs for the coded ones', async () => {
    const res = await api.get('gz_sl', '/api/exam/examImport/importTemplate');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('成绩导入')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(EXAM_HEADER.map((h) => `${h}*`));
    expect(sheet.getCell('F2').dataValidation).toMatchObject({ type: 'list', formulae: ['"参考,缺考,1,0"'] });
    expect(sheet.getCell('D5000').dataValidation).toMatchObject({ type: 'list', formulae: ['"合格,不合格,1,0"'] });
  });
});

describe('scores of a held batch', () => {
  it('writes one result per sign-up: words and codes alike, absent ⇒ both parts 0; batch data from the batch', async () => {
    const [a, b, c, d] = held.candidates;
    const before = await importTables(db());
    const res = await upload(
      'gz_sl',
      await file(
        line(a!, '合格', '合格', '参考'),
        line(b!, 1, 0, 1),
        line(c!, '', '', '缺考'),
        line(d!, '0', '不合格', '0'),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('导入成功：共 4 行，新增或更正 4 行');
    const importId = res.json().data.importId as number;
    const rows = await resultsOf([a!.signupId, b!.signupId, c!.signupId, d!.signupId]);
    expect(
      rows.map((r) => [
        r.signupId,
        r.personId,
        r.attended,
        r.knowledgeResult,
        r.abilityResult,
        r.category,
        r.batchNo,
        r.examDate,
        r.importId,
      ]),
    ).toEqual([
      [a!.signupId, a!.personId, '1', '1', '1', 'C3', held.batchNo, held.examDay, importId],
      [b!.signupId, b!.personId, '1', '1', '0', 'C3', held.batchNo, held.examDay, importId],
      [c!.signupId, c!.personId, '0', '0', '0', 'C3', held.batchNo, held.examDay, importId],
      [d!.signupId, d!.personId, '0', '0', '0', 'C3', held.batchNo, held.examDay, importId],
    ]);
    expect(await importTables(db())).toEqual({ ...before, exam: before.exam + 4, imports: before.imports + 1 });
    const [record] = await db().select().from(dataImport).where(eq(dataImport.id, importId));
    expect(record).toMatchObject({ kind: 'exam', rows: 4, written: 4 });
  });

  it('the same file again changes nothing', async () => {
    const [a, b, c, d] = held.candidates;
    const same = await file(
      line(a!, '合格', '合格', '参考'),
      line(b!, 1, 0, 1),
      line(c!, '', '', '缺考'),
      line(d!, '0', '不合格', '0'),
    );
    const before = await importTables(db());
    const stored = await resultsOf([a!.signupId, b!.signupId, c!.signupId, d!.signupId]);
    const res = await upload('gz_sl', same);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ importId: null, rows: 4, written: 0, unchanged: 4 });
    expect(await importTables(db())).toEqual(before);
    expect(await resultsOf([a!.signupId, b!.signupId, c!.signupId, d!.signupId])).toEqual(stored);
  });

  it('a corrected result replaces the stored one while the batch is held; the unchanged rows keep their import', async () => {
    const [a, b] = held.candidates;
    const [oldA] = await resultsOf([a!.signupId]);
    const res = await upload(
      'gz_sl',
      await file(line(a!, '合格', '合格', '参考'), line(b!, '合格', '合格', '参考')),
      '更正.xlsx',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 2, written: 1, unchanged: 1 });
    const [newA, newB] = await resultsOf([a!.signupId, b!.signupId]);
    expect(newA).toEqual(oldA);
    expect(newB).toMatchObject({ abilityResult: '1', importId: res.json().data.importId });
  });
});

describe('a bad file is refused whole', () => {
  it('reports each row and writes nothing', async () => {
    const [a, b, , d, e, pending] = held.candidates;
    const before = await importTables(db());
    const stored = await db().select().from(examResult).orderBy(asc(examResult.id));
    const res = await upload(
      'gz_sl',
      await file(
        line(e!, '合格', '合格', '参考'),
        ['无此人', '440105199001010009', d!.ticketNo, '合格', '合格', '参考'],
        ['错名', a!.idNo, a!.ticketNo, '合格', '合格', '参考'],
        [a!.name, a!.idNo, 'NO-SUCH-TICKET', '合格', '合格', '参考'],
        [a!.name, a!.idNo, b!.ticketNo, '合格', '合格', '参考'],
        line(pending!, '合格', '合格', '参考'),
        line(published.candidates[0]!, '合格', '合格', '参考'),
        line(b!, '优秀', '', '到场'),
        line(a!, '合格', '', '缺考'),
        line(e!, '合格', '合格', '参考'),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('导入失败：共 9 行有错误，未导入任何数据，请按错误报告修改后重新导入');
    expect(res.json().data).toEqual([
      { rowNumber: 3, field: '证件号码', msg: '系统中没有该证件号码的人员' },
      { rowNumber: 4, field: '姓名', msg: '姓名与该证件号码登记的姓名不一致' },
      { rowNumber: 5, field: '准考证号', msg: '准考证号“NO-SUCH-TICKET”不存在' },
      { rowNumber: 6, field: '准考证号', msg: '该准考证号不是此人员的报名' },
      { rowNumber: 7, field: '准考证号', msg: '该报名待审核，只有审核通过的报名可以导入成绩' },
      {
        rowNumber: 8,
        field: '准考证号',
        msg: `考试批次“测试批次${published.batchNo}”当前为“成绩已发布”，只能在考试结束后、成绩发布前导入成绩`,
      },
      { rowNumber: 9, field: '安全生产知识', msg: '安全生产知识“优秀”不在允许范围内，应为 合格、不合格、1、0' },
      { rowNumber: 9, field: '管理能力', msg: '管理能力不能为空' },
      { rowNumber: 9, field: '考试情况', msg: '考试情况“到场”不在允许范围内，应为 参考、缺考、1、0' },
      { rowNumber: 10, field: '安全生产知识', msg: '缺考的考生不能为“合格”' },
      { rowNumber: 11, field: '准考证号', msg: '与第2行重复（同一条记录在文件中出现了两次）' },
    ]);
    expect(await importTables(db())).toEqual(before);
    expect(await db().select().from(examResult).orderBy(asc(examResult.id))).toEqual(stored);
  });
});

describe('data scope: the batch’s area', () => {
  it('another centre’s batch refuses the file with 403', async () => {
    const before = await importTables(db());
    const res = await upload(
      'gz_sl',
      await file(
        line(held.candidates[4]!, '合格', '合格', '参考'),
        line(shenzhen.candidates[0]!, '合格', '合格', '参考'),
      ),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual([
      { rowNumber: 3, field: '准考证号', msg: `考试批次“测试批次${shenzhen.batchNo}”不属于您所在区域，无权导入` },
    ]);
    expect(await importTables(db())).toEqual(before);
  });

  it('its own centre and the provincial administrator may', async () => {
    expect(
      (await upload('sz_staff', await file(line(shenzhen.candidates[0]!, '合格', '不合格', '参考')))).json().data
        .written,
    ).toBe(1);
    expect(
      (await upload('province', await file(line(shenzhen.candidates[0]!, '合格', '合格', '参考')))).json().data.written,
    ).toBe(1);
  });

  it('enterprises may not import or see the history; each centre sees its own imports', async () => {
    expect((await upload('ent_gz', await file(line(held.candidates[4]!, '合格', '合格', '参考')))).statusCode).toBe(
      403,
    );
    expect((await api.get('ent_gz', '/api/exam/examImport/list')).statusCode).toBe(403);
    const gz = (await api.get('gz_sl', '/api/exam/examImport/list?pageSize=50')).json();
    const sz = (await api.get('sz_staff', '/api/exam/examImport/list?pageSize=50')).json();
    expect(gz.total).toBeGreaterThanOrEqual(2);
    expect(sz.rows.map((r: { createdBy: string }) => r.createdBy)).not.toContain('陈丽娟');
    expect(gz.rows.every((r: { kind: string }) => r.kind === 'exam')).toBe(true);
    // The history exports with its filters and scope.
    const exported = await api.get('gz_sl', '/api/exam/examImport/export?fileName=' + encodeURIComponent('更正'));
    expect(exported.statusCode).toBe(200);
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet.headers).toEqual([
      '导入编号',
      '文件名',
      '数据行数',
      '新增行数',
      '已存在行数',
      '导入人',
      '导入时间',
      '文件 SHA-256',
    ]);
    expect(sheet.rows.map((r) => r.slice(1, 6))).toEqual([['更正.xlsx', 2, 1, 1, '陈丽娟']]);
    const fromShenzhen = await readXlsx(
      (await api.get('sz_staff', '/api/exam/examImport/export?fileName=' + encodeURIComponent('更正'))).rawPayload,
    );
    expect(fromShenzhen.rows).toEqual([]);
  });
});
