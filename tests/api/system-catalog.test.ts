/** The seven catalog pages (sys_catalog kinds) and 人员信息: CRUD per kind, permissions, field-named errors, masked ID numbers, exports. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { readXlsx } from '../helpers/xlsx.js';
import { enterprise, person, sysCatalog } from '../../server/db/schema.js';
import { catalogSeedRows, seedCatalog } from '../../server/db/seed/catalog.js';
import { makeIdCard } from '../../server/db/seed/idcard.js';
import { CATALOG_KINDS, catalogPerms, type CatalogKind } from '../../server/modules/system/catalog/kinds.js';
import { maskIdNo } from '../../server/services/personalData.js';

let t: TestApp;
const OTHERS = ['secadmin', 'auditor', 'ent_gz'] as const;
const { tokens } = apiSuite({
  users: ['admin', ...OTHERS],
  ready: async (app) => {
    t = app;
    await seedCatalog(app.database.db);
  },
});

/** A valid new row of each kind. */
const SAMPLE: Record<CatalogKind, Record<string, unknown>> = {
  position: { certType: 'C' },
  fileTag: { color: '#123abc', fileTypes: 'pdf', maxSizeMb: 3 },
  organTag: { color: '#00ff00', description: '测试标签' },
  dataOrder: { table: 'certificate', field: 'cert_no', direction: 'desc' },
  violateType: { level: '2', basis: '测试依据', score: 3 },
  question: { answer: '测试答案', category: '测试' },
  gateway: { url: 'https://example.gov.cn/api/test', method: 'POST', timeoutMs: 5000 },
};
/** One bad extra value per kind and the field the answer must name. */
const BAD: Record<CatalogKind, [Record<string, unknown>, string]> = {
  position: [{ certType: 'X' }, 'extra.certType'],
  fileTag: [{ color: 'red' }, 'extra.color'],
  organTag: [{ color: '#12' }, 'extra.color'],
  dataOrder: [{ table: 'certificate', field: 'cert no', direction: 'asc' }, 'extra.field'],
  violateType: [{ level: '5' }, 'extra.level'],
  question: [{ answer: '' }, 'extra.answer'],
  gateway: [{ url: 'ftp://x', method: 'GET' }, 'extra.url'],
};

describe('catalog permissions follow the menu buttons', () => {
  it('maps add/remove of the edit-only data-order page to its edit key and export to list', () => {
    expect(catalogPerms('dataOrder')).toEqual({
      list: 'system:dataOrder:list',
      add: 'system:dataOrder:edit',
      edit: 'system:dataOrder:edit',
      remove: 'system:dataOrder:edit',
      export: 'system:dataOrder:list',
    });
    expect(catalogPerms('gateway').add).toBe('system:gateway:add');
    expect(catalogPerms('gateway').export).toBe('system:gateway:list');
  });
});

describe.each(CATALOG_KINDS)('catalog %s', (kind) => {
  const base = `/api/system/catalog/${kind}`;
  const seeded = catalogSeedRows().filter((r) => r.kind === kind);

  it('lists the seeded rows in order for admin; others get 403', async () => {
    const res = await t.call(tokens.admin!, { url: `${base}/list?pageSize=30` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(seeded.length);
    expect(res.json().rows.map((r: { code: string }) => r.code)).toEqual(seeded.map((r) => r.code));
    for (const u of OTHERS) expect((await t.call(tokens[u]!, { url: `${base}/list` })).statusCode).toBe(403);
  });

  it('creates, reads, updates, exports and removes as admin; the others change nothing', async () => {
    const payload = {
      code: `t_${kind}`,
      name: `测试${kind}`,
      sortOrder: 999,
      status: '1',
      remark: '测试',
      extra: SAMPLE[kind],
    };
    for (const u of OTHERS)
      expect((await t.call(tokens[u]!, { method: 'POST', url: `${base}/save`, payload })).statusCode).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(sysCatalog)
        .where(and(eq(sysCatalog.kind, kind), eq(sysCatalog.code, payload.code))),
    ).toHaveLength(0);

    const created = await t.call(tokens.admin!, { method: 'POST', url: `${base}/save`, payload });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.extra).toMatchObject(SAMPLE[kind]);
    const dup = await t.call(tokens.admin!, { method: 'POST', url: `${base}/save`, payload });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('code');
    expect((await t.call(tokens.admin!, { url: `${base}/get/${id}` })).json().data.code).toBe(payload.code);
    // a row of one kind is not reachable through another kind's path
    const other = kind === 'position' ? 'gateway' : 'position';
    expect((await t.call(tokens.admin!, { url: `/api/system/catalog/${other}/get/${id}` })).statusCode).toBe(404);

    for (const u of OTHERS) {
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: `${base}/update`, payload: { ...payload, id, name: '改' } }))
          .statusCode,
      ).toBe(403);
      expect((await t.call(tokens[u]!, { method: 'POST', url: `${base}/remove?ids=${id}` })).statusCode).toBe(403);
      expect((await t.call(tokens[u]!, { url: `${base}/export` })).statusCode).toBe(403);
    }
    const upd = await t.call(tokens.admin!, {
      method: 'POST',
      url: `${base}/update`,
      payload: { ...payload, id, name: `测试${kind}（改）`, status: '0' },
    });
    expect(upd.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sysCatalog).where(eq(sysCatalog.id, id));
    expect(row!.name).toBe(`测试${kind}（改）`);
    expect(row!.status).toBe('0');

    const exp = await t.call(tokens.admin!, { url: `${base}/export?status=0` });
    expect(exp.statusCode).toBe(200);
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers.slice(0, 3)).toEqual(['编号', '编码', '名称']);
    expect(x.headers.slice(-4)).toEqual(['排序', '状态', '备注', '创建时间']);
    const disabled = seeded.filter((r) => r.status === '0').length + 1;
    expect(x.rows).toHaveLength(disabled);
    expect(x.rows.some((r) => r[1] === payload.code)).toBe(true);

    expect((await t.call(tokens.admin!, { method: 'POST', url: `${base}/remove?ids=${id}` })).statusCode).toBe(200);
    expect(await t.database.db.select().from(sysCatalog).where(eq(sysCatalog.id, id))).toHaveLength(0);
  });

  it('names the field of bad input', async () => {
    const [extra, field] = BAD[kind];
    const res = await t.call(tokens.admin!, {
      method: 'POST',
      url: `${base}/save`,
      payload: { code: 'bad_one', name: '坏', extra },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    const noName = await t.call(tokens.admin!, {
      method: 'POST',
      url: `${base}/save`,
      payload: { code: 'bad_two', name: '', extra: SAMPLE[kind] },
    });
    expect(noName.json().field).toBe('name');
    expect(noName.json().msg).toContain('名称');
  });
});

describe('人员信息 /system/person', () => {
  it('lists with masked ID numbers and filters; others get 403', async () => {
    const res = await t.call(tokens.admin!, { url: '/api/system/person/list?pageSize=10' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { id: number; idNo: string; employer: string | null }[];
    expect(rows.length).toBe(10);
    for (const r of rows) expect(r.idNo).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    const [full] = await t.database.db.select().from(person).where(eq(person.id, rows[0]!.id));
    expect(rows[0]!.idNo).toBe(maskIdNo(full!.idNo));
    expect(rows[0]!.idNo).not.toBe(full!.idNo);
    const withEmployer = rows.find((r) => r.employer);
    const byEmployer = (
      await t.call(tokens.admin!, {
        url: `/api/system/person/list?employer=${encodeURIComponent(withEmployer!.employer!)}&pageSize=30`,
      })
    ).json();
    expect(byEmployer.rows.every((r: { employer: string }) => r.employer === withEmployer!.employer)).toBe(true);
    for (const u of OTHERS) expect((await t.call(tokens[u]!, { url: '/api/system/person/list' })).statusCode).toBe(403);
  });

  it('creates, edits, exports and removes a person; checks the ID number; others change nothing', async () => {
    const [ent] = await t.database.db.select().from(enterprise).limit(1);
    const idNo = makeIdCard('440106', '1990-05-17', 123);
    const payload = {
      name: '测试人员',
      sex: '0',
      idType: '111',
      idNo,
      education: '03',
      title: '03',
      phone: '13800138000',
      enterpriseId: ent!.id,
      employStatus: '1',
    };
    for (const u of OTHERS)
      expect((await t.call(tokens[u]!, { method: 'POST', url: '/api/system/person/save', payload })).statusCode).toBe(
        403,
      );
    expect(await t.database.db.select().from(person).where(eq(person.idNo, idNo))).toHaveLength(0);

    const badCheck = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/person/save',
      payload: { ...payload, idNo: idNo.slice(0, 17) + (idNo[17] === '1' ? '2' : '1') },
    });
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json().field).toBe('idNo');
    const badSex = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/person/save',
      payload: { ...payload, sex: '1' },
    });
    expect(badSex.json().field).toBe('sex');
    const badPhone = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/person/save',
      payload: { ...payload, phone: '12345' },
    });
    expect(badPhone.json().field).toBe('phone');
    expect(badPhone.json().msg).toContain('手机号码');
    const badEdu = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/person/save',
      payload: { ...payload, education: '42' },
    });
    expect(badEdu.json().field).toBe('education');
    const noName = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/person/save',
      payload: { ...payload, name: '' },
    });
    expect(noName.json().field).toBe('name');

    const created = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/person/save', payload });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    // The answer is masked like every row and the edit form (get); the birth date was taken from the
    // ID number, as a logged reveal shows.
    expect(created.json().data.birthDate).toBe('1990-**-**');
    expect((await t.call(tokens.admin!, { url: `/api/system/person/get/${id}` })).json().data.birthDate).toBe(
      '1990-**-**',
    );
    const revealed = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/personalData/birthDate/reveal',
      payload: { source: 'person', id },
    });
    expect(revealed.json().data.value).toBe('1990-05-17');
    expect(created.json().data.idNo).toBe(maskIdNo(idNo));
    expect(created.json().data.employer).toBe(ent!.name);
    const dup = await t.call(tokens.admin!, { method: 'POST', url: '/api/system/person/save', payload });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('idNo');
    // the editor reveals the full number (logged) to correct it
    const fullIdNo = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/personalData/idNo/reveal',
      payload: { source: 'person', id },
    });
    expect(fullIdNo.json().data.value).toBe(idNo);

    for (const u of OTHERS) {
      expect(
        (
          await t.call(tokens[u]!, {
            method: 'POST',
            url: '/api/system/person/update',
            payload: { ...payload, id, name: '改' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.call(tokens[u]!, { method: 'POST', url: `/api/system/person/remove?ids=${id}` })).statusCode,
      ).toBe(403);
      expect((await t.call(tokens[u]!, { url: '/api/system/person/export' })).statusCode).toBe(403);
    }
    const upd = await t.call(tokens.admin!, {
      method: 'POST',
      url: '/api/system/person/update',
      payload: { ...payload, id, name: '测试人员乙', employStatus: '2' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.name).toBe('测试人员乙');

    const exp = await t.call(tokens.admin!, { url: '/api/system/person/export?name=测试人员乙' });
    const x = await readXlsx(exp.rawPayload);
    expect(x.headers).toEqual([
      '姓名',
      '性别',
      '证件类型',
      '证件号码',
      '出生日期',
      '文化程度',
      '技术职称',
      '手机号码',
      '工作单位',
      '从业状态',
      '登记时间',
    ]);
    expect(x.rows).toHaveLength(1);
    expect(x.rows[0]![3]).toBe(maskIdNo(idNo));
    expect(x.rows[0]![5]).toBe('大学本科');
    expect(x.rows[0]![9]).toBe('离职');

    expect(
      (await t.call(tokens.admin!, { method: 'POST', url: `/api/system/person/remove?ids=${id}` })).statusCode,
    ).toBe(200);
    expect(await t.database.db.select().from(person).where(eq(person.id, id))).toHaveLength(0);
  });

  it('refuses to remove a person who holds certificates', async () => {
    const rows = (
      await t.call(tokens.admin!, { url: '/api/system/person/list?pageSize=1&sortField=id&sortOrder=asc' })
    ).json().rows;
    const res = await t.call(tokens.admin!, { method: 'POST', url: `/api/system/person/remove?ids=${rows[0].id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('不能删除');
    expect(await t.database.db.select().from(person).where(eq(person.id, rows[0].id))).toHaveLength(1);
  });
});
