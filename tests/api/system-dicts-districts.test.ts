/** 字典管理 /api/system/dict/{type,data} and 行政区划 /api/system/districts: access, SPEC 3 value types, Excel in and out, refusals. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { sysDictData, sysDictType, sysDistrict } from '../../server/db/schema.js';

let t: TestApp;
const USERS = ['admin', 'secadmin', 'auditor', 'ent_gz'] as const;
type User = (typeof USERS)[number];
const { tokens, as } = apiSuite({
  users: USERS,
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
const counts = async () => ({
  types: (await db().select({ n: count() }).from(sysDictType))[0]!.n,
  data: (await db().select({ n: count() }).from(sysDictData))[0]!.n,
  districts: (await db().select({ n: count() }).from(sysDistrict))[0]!.n,
});
const dictId = async (dictType: string) =>
  (await db().select().from(sysDictType).where(eq(sysDictType.dictType, dictType)))[0]!.dictId;
const options = async (dictType: string) =>
  (await as('ent_gz', 'GET', `/api/system/dict/data/type?dictType=${dictType}`)).json().data as Array<{
    dictLabel: string;
    dictValue: string | number;
    isDefault: string;
  }>;

async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function readSheet(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return out;
}
function importFile(user: User, bytes: Buffer, name = 'dict.xlsx', query = '') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.call(tokens[user], {
    method: 'POST',
    url: `/api/system/dict/data/importData${query}`,
    payload: form as unknown as object,
  });
}
const HEAD = ['字典类型', '字典标签', '字典键值', '字典排序', '状态'];

describe('who may call the dictionary and district routes', () => {
  const reads: Array<[string, User[]]> = [
    ['/api/system/dict/type/list', ['admin']],
    ['/api/system/dict/data/list?dictType=sys_user_sex', ['admin']],
    ['/api/system/dict/type/export', ['admin']],
    ['/api/system/dict/data/export?dictType=sys_user_sex', ['admin']],
    ['/api/system/dict/data/importTemplate', ['admin']],
    ['/api/system/dict/data/type?dictType=sys_user_sex', ['admin', 'secadmin', 'auditor', 'ent_gz']],
    ['/api/system/districts/list', ['admin']],
    ['/api/system/districts/list2', ['admin', 'secadmin', 'auditor', 'ent_gz']],
  ];
  it.each(reads)('GET %s', async (url, allowed) => {
    for (const user of USERS) {
      const res = await as(user, 'GET', url);
      expect(res.statusCode, user).toBe(allowed.includes(user) ? 200 : 403);
    }
  });

  it('changes: only admin; the others get 403 and nothing changes', async () => {
    const before = await counts();
    const sex = await dictId('sys_user_sex');
    const [male] = await db().select().from(sysDictData).where(eq(sysDictData.dictType, 'sys_user_sex'));
    const calls: Array<[string, unknown]> = [
      ['/api/system/dict/type/save', { dictName: '测试', dictType: 'probe_type' }],
      ['/api/system/dict/type/update', { dictId: sex, dictName: '改名', dictType: 'sys_user_sex' }],
      [`/api/system/dict/type/remove?ids=${sex}`, undefined],
      ['/api/system/dict/data/save', { dictType: 'sys_user_sex', dictLabel: '测试', dictValue: '9' }],
      [
        '/api/system/dict/data/update',
        { dictCode: male!.dictCode, dictType: 'sys_user_sex', dictLabel: '改名', dictValue: male!.dictValue },
      ],
      [`/api/system/dict/data/remove?ids=${male!.dictCode}`, undefined],
      ['/api/system/districts/save', { code: '440199', name: '测试区', parentCode: '440100' }],
      ['/api/system/districts/update', { code: '440106', name: '改名区' }],
      ['/api/system/districts/remove?ids=440106', undefined],
    ];
    for (const user of ['secadmin', 'auditor', 'ent_gz'] as const) {
      for (const [url, payload] of calls)
        expect((await as(user, 'POST', url, payload)).statusCode, `${user} ${url}`).toBe(403);
      const bytes = await xlsx([HEAD, ['sys_user_sex', '测试', 9, 1, 1]]);
      expect((await importFile(user, bytes)).statusCode, `${user} import`).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await db().select().from(sysDictData).where(eq(sysDictData.dictCode, male!.dictCode)))[0]!.dictLabel).toBe(
      male!.dictLabel,
    );
    expect((await db().select().from(sysDistrict).where(eq(sysDistrict.code, '440106')))[0]!.name).toBe('天河区');
  });
});

describe('dictionary types and data', () => {
  it('keeps the 19 SPEC 3 types with numbers and strings exactly as SPEC 3 says', async () => {
    const list = (await as('admin', 'GET', '/api/system/dict/type/list?pageSize=30')).json();
    expect(list.total).toBe(19);
    const strings = [
      'ministerial_position',
      'ministerial_title_rank',
      'nonew_cert_comment',
      'no_agree_comment',
      'new_cert_comment',
      'ent_id_type',
      'affiliationRelation',
      'certificateIssuingAuthority',
      'ministerial_diploma',
      'emp_employStatus',
    ];
    const numbers = [
      'work_status',
      'sys_notice_type',
      'sys_user_sex',
      'exam_model',
      'enterprise_qualification',
      'emp_regType',
    ];
    for (const type of strings) {
      const opts = await options(type);
      expect(opts.length, type).toBeGreaterThan(0);
      expect(
        opts.every((o) => typeof o.dictValue === 'string'),
        type,
      ).toBe(true);
    }
    for (const type of numbers)
      expect(
        (await options(type)).every((o) => typeof o.dictValue === 'number'),
        type,
      ).toBe(true);
    // Codes with letters or leading zeros cannot be numbers.
    expect((await options('cert_status')).map((o) => o.dictValue)).toContain('01');
    const rows = list.rows as Array<{ dictType: string; builtIn: boolean; numeric: boolean | null; dataCount: number }>;
    expect(rows.every((r) => r.builtIn)).toBe(true);
    expect(rows.find((r) => r.dictType === 'sys_user_sex')).toMatchObject({ numeric: true, dataCount: 3 });
    expect(rows.find((r) => r.dictType === 'emp_employStatus')).toMatchObject({ numeric: false });
  });

  it('pages and filters types and data', async () => {
    const page2 = (await as('admin', 'GET', '/api/system/dict/type/list?pageNum=2&pageSize=10')).json();
    expect(page2).toMatchObject({ code: 0, total: 19, pageNum: 2 });
    expect(page2.rows).toHaveLength(9);
    const comments = (await as('admin', 'GET', '/api/system/dict/type/list?dictType=comment')).json();
    expect(comments.total).toBe(3);
    const data = (
      await as('admin', 'GET', `/api/system/dict/data/list?dictType=cert_status&dictLabel=${encodeURIComponent('销')}`)
    ).json();
    expect(data.rows.map((r: { dictLabel: string }) => r.dictLabel).sort()).toEqual(['吊销', '撤销', '注销']);
  });

  it('adds values to numeric and string dictionaries by their kind, one default at a time', async () => {
    expect(
      (
        await as('admin', 'POST', '/api/system/dict/type/save', {
          dictName: '测试等级',
          dictType: 'test_level',
          remark: 'x',
        })
      ).statusCode,
    ).toBe(200);
    const dup = await as('admin', 'POST', '/api/system/dict/type/save', { dictName: '重复', dictType: 'test_level' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('dictType');
    const badType = await as('admin', 'POST', '/api/system/dict/type/save', { dictName: 'x', dictType: '1bad-type' });
    expect(badType.json()).toMatchObject({ field: 'dictType' });

    const first = await as('admin', 'POST', '/api/system/dict/data/save', {
      dictType: 'test_level',
      dictLabel: '一级',
      dictValue: '1',
      dictSort: 1,
      isDefault: 'Y',
    });
    expect(first.json().data).toMatchObject({ numeric: true, isDefault: 'Y' });
    expect(
      (
        await as('admin', 'POST', '/api/system/dict/data/save', {
          dictType: 'test_level',
          dictLabel: '二级',
          dictValue: '2',
          dictSort: 2,
          isDefault: 'Y',
        })
      ).statusCode,
    ).toBe(200);
    const opts = await options('test_level');
    expect(opts.map((o) => [o.dictValue, o.isDefault])).toEqual([
      [1, 'N'],
      [2, 'Y'],
    ]);

    const letters = await as('admin', 'POST', '/api/system/dict/data/save', {
      dictType: 'test_level',
      dictLabel: '甲',
      dictValue: 'A',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({
      field: 'dictValue',
      msg: '字典键值：字典「test_level」的选项值为数字，「A」不是数字',
    });
    const twice = await as('admin', 'POST', '/api/system/dict/data/save', {
      dictType: 'test_level',
      dictLabel: '重复',
      dictValue: '2',
    });
    expect(twice.statusCode).toBe(409);
    const noType = await as('admin', 'POST', '/api/system/dict/data/save', {
      dictType: 'no_such_type',
      dictLabel: 'x',
      dictValue: '1',
    });
    expect(noType.json()).toMatchObject({ field: 'dictType' });

    // A SPEC 3 string dictionary keeps a digit-only value as a string.
    expect(
      (
        await as('admin', 'POST', '/api/system/dict/data/save', {
          dictType: 'ministerial_position',
          dictLabel: '测试职务',
          dictValue: '10',
        })
      ).statusCode,
    ).toBe(200);
    expect((await options('ministerial_position')).find((o) => o.dictLabel === '测试职务')!.dictValue).toBe('10');
  });

  it('updates data and renames a custom type with its data; built-in types keep their name and stay', async () => {
    const [two] = await db()
      .select()
      .from(sysDictData)
      .where(and(eq(sysDictData.dictValue, '2'), eq(sysDictData.dictType, 'test_level')));
    const upd = await as('admin', 'POST', '/api/system/dict/data/update', {
      dictCode: two!.dictCode,
      dictType: 'test_level',
      dictLabel: '二级（改）',
      dictValue: '3',
      status: '0',
    });
    expect(upd.json().data).toMatchObject({ dictLabel: '二级（改）', dictValue: '3', status: '0' });
    expect((await options('test_level')).map((o) => o.dictValue)).toEqual([1]);

    const renamed = await as('admin', 'POST', '/api/system/dict/type/update', {
      dictId: await dictId('test_level'),
      dictName: '测试级别',
      dictType: 'test_grade',
    });
    expect(renamed.json().data).toMatchObject({ dictType: 'test_grade', dataCount: 2 });
    expect((await db().select().from(sysDictData).where(eq(sysDictData.dictType, 'test_grade'))).length).toBe(2);

    const builtIn = await as('admin', 'POST', '/api/system/dict/type/update', {
      dictId: await dictId('sys_user_sex'),
      dictName: '性别',
      dictType: 'sex',
    });
    expect(builtIn.statusCode).toBe(400);
    const keepsName = await as('admin', 'POST', '/api/system/dict/type/update', {
      dictId: await dictId('sys_user_sex'),
      dictName: '用户性别（改）',
      dictType: 'sys_user_sex',
    });
    expect(keepsName.statusCode).toBe(200);
    const remove = await as('admin', 'POST', `/api/system/dict/type/remove?ids=${await dictId('sys_user_sex')}`);
    expect(remove.statusCode).toBe(400);
    expect(remove.json().msg).toContain('系统字典');
  });

  it('exports types and data to Excel, and the data export imports back', async () => {
    const types = await as('admin', 'GET', '/api/system/dict/type/export');
    expect(types.headers['content-type']).toContain('spreadsheetml');
    const typeSheet = await readSheet(types.rawPayload);
    expect(typeSheet[0]!.slice(0, 3)).toEqual(['字典编号', '字典名称', '字典类型']);
    expect(typeSheet).toHaveLength(1 + 20);
    const data = await as('admin', 'GET', '/api/system/dict/data/export?dictType=sys_user_sex');
    expect(decodeURIComponent(String(data.headers['content-disposition']))).toContain('字典数据_sys_user_sex.xlsx');
    const dataSheet = await readSheet(data.rawPayload);
    expect(dataSheet[0]!.slice(0, 5)).toEqual(HEAD);
    expect(dataSheet.slice(1).map((r) => r[1])).toEqual(['男', '女', '未知']);
    const template = await readSheet((await as('admin', 'GET', '/api/system/dict/data/importTemplate')).rawPayload);
    expect(template[0]).toEqual(['字典类型*', '字典标签*', '字典键值*', '字典排序', '状态']);

    // An export re-imported with updateSupport changes nothing but is accepted.
    const again = await importFile('admin', data.rawPayload, 'export.xlsx', '?updateSupport=true');
    expect(again.json()).toMatchObject({ code: 0, data: { inserted: 0, updated: 3 } });
  });

  it('imports good rows; a file with any bad row writes nothing and reports every bad row', async () => {
    const good = await xlsx([
      HEAD,
      ['test_grade', '四级', 4, 4, 1],
      ['test_grade', '五级', '5', '', '停用'],
      ['cer_type', '测试类', 'T1', 9, ''],
    ]);
    const ok = await importFile('admin', good);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ code: 0, data: { inserted: 3, updated: 0 } });
    expect((await options('test_grade')).map((o) => o.dictValue)).toEqual([1, 4]);
    expect((await options('cer_type')).map((o) => o.dictValue)).toContain('T1');

    const before = await counts();
    const bad = await xlsx([
      HEAD,
      ['test_grade', '六级', 6, 6, 1],
      ['no_such_type', '甲', 1, 1, 1],
      ['test_grade', '七级', 'seven', 7, 1],
      ['test_grade', '', 8, 8, 1],
      ['test_grade', '九级', 9, 'x', '坏'],
      ['test_grade', '六级again', 6, 1, 1],
      ['test_grade', '已有', 4, 1, 1],
    ]);
    const res = await importFile('admin', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('导入失败：6 行有错误，未导入任何数据');
    const errors = res.json().data as Array<{ rowNumber: number; field: string; msg: string }>;
    expect(errors.map((e) => [e.rowNumber, e.field])).toEqual([
      [3, 'dictType'],
      [4, 'dictValue'],
      [5, 'dictLabel'],
      [6, 'dictSort'],
      [6, 'status'],
      [7, 'dictValue'],
      [8, 'dictValue'],
    ]);
    expect(errors.find((e) => e.rowNumber === 4)!.msg).toContain('不是数字');
    expect(errors.find((e) => e.rowNumber === 7)!.msg).toBe('与第 2 行的字典键值「6」重复');
    expect(errors.find((e) => e.rowNumber === 8)!.msg).toContain('已存在');
    expect(await counts()).toEqual(before);
    expect((await options('test_grade')).map((o) => o.dictValue)).toEqual([1, 4]);
  });

  it('refuses files that are not a usable Excel sheet', async () => {
    const notXlsx = await importFile('admin', Buffer.from('a,b,c'), 'dict.csv');
    expect(notXlsx.json()).toMatchObject({ field: 'file' });
    expect(notXlsx.json().msg).toContain('.xlsx');
    const broken = await importFile('admin', Buffer.from('not a zip'), 'dict.xlsx');
    expect(broken.statusCode).toBe(400);
    const missing = await importFile(
      'admin',
      await xlsx([
        ['字典类型', '字典标签'],
        ['test_grade', 'x'],
      ]),
    );
    expect(missing.json().msg).toContain('缺少列：字典键值');
    const empty = await importFile('admin', await xlsx([HEAD]));
    expect(empty.json().msg).toBe('导入文件中没有数据');
  });

  it('removes data by ids, and a custom type together with its data', async () => {
    const rows = await db().select().from(sysDictData).where(eq(sysDictData.dictType, 'test_grade'));
    const one = await as('admin', 'POST', `/api/system/dict/data/remove?ids=${rows[0]!.dictCode}`);
    expect(one.json().msg).toBe('已删除 1 条字典数据');
    const type = await as('admin', 'POST', `/api/system/dict/type/remove?ids=${await dictId('test_grade')}`);
    expect(type.statusCode).toBe(200);
    expect(type.json().msg).toBe(`已删除 1 个字典类型及其 ${rows.length - 1} 条数据`);
    expect(await db().select().from(sysDictData).where(eq(sysDictData.dictType, 'test_grade'))).toEqual([]);
    expect((await as('admin', 'POST', '/api/system/dict/type/remove?ids=abc')).statusCode).toBe(400);
    expect((await as('admin', 'POST', '/api/system/dict/data/remove?ids=999999')).statusCode).toBe(404);
  });
});

describe('districts', () => {
  it('lists a level at a time, searches by name and gives the province tree', async () => {
    const top = (await as('admin', 'GET', '/api/system/districts/list')).json();
    expect(top.rows).toEqual([
      expect.objectContaining({ code: '440000', name: '广东省', level: 1, hasChildren: true }),
    ]);
    const cities = (await as('admin', 'GET', '/api/system/districts/list?parentCode=440000')).json();
    expect(cities.total).toBe(21);
    expect(cities.rows[0]).toMatchObject({ code: '440100', name: '广州市', area: '1', hasChildren: true });
    const gz = (await as('admin', 'GET', '/api/system/districts/list?parentCode=440100')).json().rows as Array<{
      code: string;
      fullName: string;
      hasChildren: boolean;
    }>;
    expect(gz.find((d) => d.code === '440106')).toMatchObject({ fullName: '广州市 / 天河区', hasChildren: false });
    const found = (await as('admin', 'GET', `/api/system/districts/list?name=${encodeURIComponent('天河')}`)).json()
      .rows;
    expect(found.map((d: { code: string }) => d.code)).toEqual(['440106']);

    const tree = (await as('ent_gz', 'GET', '/api/system/districts/list2')).json().data as Array<{
      code: string;
      area: string;
      children?: Array<{ code: string }>;
    }>;
    expect(tree).toHaveLength(21);
    expect(tree.find((c) => c.code === '440300')!.area).toBe('2');
    expect(tree.find((c) => c.code === '440100')!.children!.map((c) => c.code)).toContain('440106');
  });

  it('adds a county under a city, refusing a wrong prefix, a duplicate and a fourth level', async () => {
    const added = await as('admin', 'POST', '/api/system/districts/save', {
      code: '440199',
      name: '测试区',
      parentCode: '440100',
      orderNum: 99,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ code: '440199', level: 3, area: '1', parentCode: '440100' });
    const prefix = await as('admin', 'POST', '/api/system/districts/save', {
      code: '440299',
      name: 'x',
      parentCode: '440100',
    });
    expect(prefix.json()).toMatchObject({ field: 'code' });
    expect(prefix.json().msg).toContain('4401');
    expect(
      (await as('admin', 'POST', '/api/system/districts/save', { code: '440199', name: 'x', parentCode: '440100' }))
        .statusCode,
    ).toBe(409);
    const tooDeep = await as('admin', 'POST', '/api/system/districts/save', {
      code: '440199001',
      name: 'x',
      parentCode: '440199',
    });
    expect(tooDeep.json()).toMatchObject({ field: 'parentCode' });
  });

  it("renames a district and passes a city's new area to its counties", async () => {
    const renamed = await as('admin', 'POST', '/api/system/districts/update', {
      code: '440199',
      name: '测试新区',
      area: '1',
      orderNum: 98,
    });
    expect(renamed.json().data).toMatchObject({ name: '测试新区', orderNum: 98 });
    const city = await as('admin', 'POST', '/api/system/districts/update', {
      code: '445300',
      name: '云浮市',
      area: '2',
      orderNum: 21,
    });
    expect(city.statusCode).toBe(200);
    const counties = await db().select().from(sysDistrict).where(eq(sysDistrict.parentCode, '445300'));
    expect(counties.length).toBeGreaterThan(0);
    expect(counties.every((c) => c.area === '2')).toBe(true);
  });

  it('refuses removing a district with children or registered enterprises, removes a free one', async () => {
    const city = await as('admin', 'POST', '/api/system/districts/remove?ids=440100');
    expect(city.statusCode).toBe(409);
    expect(city.json().msg).toBe('「广州市」（440100）存在下级区划，不允许删除');
    const used = await as('admin', 'POST', '/api/system/districts/remove?ids=440106');
    expect(used.statusCode).toBe(409);
    expect(used.json().msg).toContain('家企业登记在此');
    const free = await as('admin', 'POST', '/api/system/districts/remove?ids=440199');
    expect(free.json()).toMatchObject({ code: 0, msg: '已删除 1 个行政区划' });
    expect(await db().select().from(sysDistrict).where(eq(sysDistrict.code, '440199'))).toEqual([]);
  });
});
