/**
 * The seeded database as users rely on it: reference data, demo accounts, certificates and their rules.
 * Not an apiSuite: it reads the database alone (openTestDatabase), no app.
 */
import { caseIdNo } from '../../server/demo/businessCases.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.js';
import { sysUser } from '../../server/db/schema.js';
import { createInitialAdmin, DEMO_ACCOUNTS, isSeeded, seedReferenceData } from '../../server/db/seed/index.js';
import { GD_CERT_NO_PATTERN } from '../../server/db/seed/certNo.js';
import { chinaDate, addDays } from '../../server/lib/days.js';
import { openTestDatabase } from '../helpers/db.js';
import { OPER_ACTIONS } from '../../server/lib/operLog.js';
import { WORKFLOW_EVENT_LOG } from '../../server/modules/workflow/routes.js';
import { testNow } from '../helpers/app.js';

let database: Database;
type Row = Record<string, unknown>;
// Both drivers (PGlite and node-postgres) answer { rows }.
const rows = async <T = Row>(query: string): Promise<T[]> =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const count = async (query: string): Promise<number> => Number((await rows<{ n: number | string }>(query))[0]!.n);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('reference data', () => {
  it('has the 19 dictionary types with their values', async () => {
    expect(await count('select count(*) n from sys_dict_type')).toBe(19);
    const status = await rows<{ dict_value: string; numeric: boolean }>(
      `select dict_value, numeric from sys_dict_data where dict_type = 'cert_status' order by dict_sort`,
    );
    expect(status.map((r) => r.dict_value)).toEqual(['01', '02', '03', '04', '05', '06', '07', '99']);
    expect(status.every((r) => r.numeric === false)).toBe(true);
    expect(await count(`select count(*) n from sys_dict_data where dict_type = 'sys_user_sex' and numeric`)).toBe(3);
    expect(
      await count(`select count(*) n from sys_dict_data where dict_type = 'ministerial_position' and numeric`),
    ).toBe(0);
  });

  it('has Guangdong with 21 cities, the five departments, twelve roles and the configuration', async () => {
    expect(await count(`select count(*) n from sys_district where level = 2 and parent_code = '440000'`)).toBe(21);
    expect(await count(`select count(*) n from sys_district where code like '4401%' and area <> '1'`)).toBe(0);
    expect(await count(`select count(*) n from sys_dept`)).toBe(5);
    expect(await count(`select count(*) n from sys_role where status = '1' and check_status is null`)).toBe(12);
    expect(await count(`select count(*) n from sys_config where config_type = 'Y'`)).toBeGreaterThanOrEqual(15);
  });

  it('gives every role the dashboard', async () => {
    const without = await rows(`select r.role_key from sys_role r where not exists (
      select 1 from sys_role_menu rm join sys_menu m on m.menu_id = rm.menu_id where rm.role_id = r.role_id and m.menu_key = 'dashboard:workplace:view')`);
    expect(without).toEqual([]);
  });

  it('grants parents of every granted menu', async () => {
    const orphans =
      await rows(`select r.role_key, m.menu_key from sys_role_menu rm join sys_role r using (role_id) join sys_menu m using (menu_id)
      where m.parent_id <> 0 and not exists (select 1 from sys_role_menu p where p.role_id = rm.role_id and p.menu_id = m.parent_id)`);
    expect(orphans).toEqual([]);
  });

  it('is idempotent', async () => {
    const before = await count('select count(*) n from sys_menu');
    await seedReferenceData(database.db);
    expect(await count('select count(*) n from sys_menu')).toBe(before);
    expect(await count('select count(*) n from sys_dict_type')).toBe(19);
  });
});

describe('demo accounts', () => {
  it('exist with their type and roles', async () => {
    const users = await rows<{ user_name: string; user_type: string; roles: string }>(`select u.user_name, u.user_type,
      string_agg(r.role_key, ',' order by r.role_key) roles from sys_user u join sys_user_role ur using (user_id) join sys_role r using (role_id) group by 1, 2`);
    const byName = new Map(users.map((u) => [u.user_name, u]));
    for (const a of DEMO_ACCOUNTS) expect(byName.get(a.userName)?.user_type, a.userName).toBe(a.userType);
    expect(byName.get('admin')!.roles).toBe('admin');
    expect(byName.get('province')!.roles).toBe('adminProvince');
    expect(byName.get('gz_cs')!.roles).toBe('step_cs');
    expect(byName.get('sz_staff')!.roles.split(',')).toHaveLength(6);
    expect(byName.get('ent_gz')!.roles).toBe('enterprise');
    expect(byName.get('person1')!.roles).toBe('person');
    expect(await isSeeded(database.db)).toBe(true);
  });

  it('links staff to their area and enterprise users to an enterprise of the matching ownership', async () => {
    const staff = await rows<{ user_name: string; area: string | null }>(
      `select u.user_name, d.area from sys_user u left join sys_dept d using (dept_id) where u.user_type = '02'`,
    );
    const area = new Map(staff.map((s) => [s.user_name, s.area]));
    expect([area.get('gz_sl'), area.get('sz_staff'), area.get('prov_staff'), area.get('province')]).toEqual([
      '1',
      '2',
      '3',
      '3',
    ]);
    const ents = await rows<{ user_name: string; ownership: string }>(
      `select u.user_name, e.ownership from sys_user u join enterprise e on e.id = u.enterprise_id where u.user_type = '03' order by 1`,
    );
    // ent_gz, ent_sz, ent_prov and the renaming enterprises of each centre (ent_gz2 …).
    const areaOf = { gz: '1', sz: '2', prov: '3' } as Record<string, string>;
    expect(ents.length).toBeGreaterThanOrEqual(3);
    for (const e of ents) expect(e.ownership, e.user_name).toBe(areaOf[/^ent_([a-z]+)\d*$/.exec(e.user_name)![1]!]);
    expect(
      ents.filter((e) => ['ent_gz', 'ent_sz', 'ent_prov'].includes(e.user_name)).map((e) => [e.user_name, e.ownership]),
    ).toEqual([
      ['ent_gz', '1'],
      ['ent_prov', '3'],
      ['ent_sz', '2'],
    ]);
    const admins = await rows<{ user_name: string; duty: string }>(
      `select user_name, duty from sys_user where user_type = '00' order by 1`,
    );
    expect(admins.map((a) => a.duty)).toEqual(['sys', 'audit', 'sec']);
  });

  it('person1 and person2 are employees of ent_gz with their phones and valid certificates', async () => {
    const people = await rows<{
      user_name: string;
      phone: string;
      enterprise_id: number;
      person_phone: string;
      same: boolean;
    }>(`select u.user_name, u.phone,
      p.phone person_phone, p.enterprise_id = (select enterprise_id from sys_user where user_name = 'ent_gz') same
      from sys_user u join person p on p.id = u.person_id where u.user_name in ('person1', 'person2') order by 1`);
    expect(people.map((p) => [p.user_name, p.phone, p.person_phone, p.same])).toEqual([
      ['person1', '13800000001', '13800000001', true],
      ['person2', '13800000002', '13800000002', true],
    ]);
    for (const name of ['person1', 'person2']) {
      expect(
        await count(
          `select count(*) n from certificate c join sys_user u on u.person_id = c.person_id where u.user_name = '${name}' and c.status = '01'`,
        ),
      ).toBeGreaterThan(0);
    }
  });

  it('person1 holds a valid C3 inside the delay window with enough education hours', async () => {
    // The template database was seeded at the suite's instant.
    const today = chinaDate(testNow());
    const [c3] = await rows<{
      cert_no: string;
      expiry: string;
      hours: string;
    }>(`select c.cert_no, c.expiry_date::text expiry,
      (select coalesce(sum(hours), 0) from education_record e where e.cert_no = c.cert_no) hours
      from certificate c join sys_user u on u.person_id = c.person_id where u.user_name = 'person1' and c.category = 'C3' and c.status = '01'`);
    expect(c3).toBeDefined();
    expect(c3!.expiry > today && c3!.expiry < addDays(today, 90)).toBe(true);
    expect(Number(c3!.hours)).toBeGreaterThanOrEqual(72);
  });

  it("messages for everybody, some unread; to-dos for every step's staff, each the workflow's own for an application", async () => {
    expect(
      await count(
        `select count(*) n from sys_user u where not exists (select 1 from sys_msg_info m where m.user_id = u.user_id)`,
      ),
    ).toBe(0);
    expect(await count(`select count(*) n from sys_msg_info where ckzt = '0'`)).toBeGreaterThan(10);
    expect(
      await count(`select count(*) n from sys_user u where exists (select 1 from sys_user_role ur join sys_role r on r.role_id = ur.role_id where ur.user_id = u.user_id and r.role_key like 'step_%')
      and not exists (select 1 from sys_todo t where t.user_id = u.user_id and t.status = '0')`),
    ).toBe(0);
    // None made up: each names what it is for (ref); an application's names it by its number.
    expect(
      await count(
        `select count(*) n from sys_todo t where t.ref is null or (t.ref like 'application:%' and not exists (select 1 from application a where t.ref = 'application:' || a.id and t.mc like '%' || a.apply_no))`,
      ),
    ).toBe(0);
    expect(await count('select count(*) n from sys_todo')).toBeGreaterThan(50);
  });
});

describe('enterprises, persons and certificates', () => {
  it('have the demo volumes', async () => {
    expect(await count('select count(*) n from enterprise')).toBe(60);
    expect(await count('select count(*) n from person')).toBeGreaterThanOrEqual(560);
    expect(await count('select count(*) n from certificate')).toBeGreaterThanOrEqual(820);
    expect(await count('select count(*) n from education_record')).toBeGreaterThan(1000);
    expect(await count('select count(*) n from employment_record')).toBeGreaterThan(1000);
    expect(await count(`select count(*) n from reg_constructor where status = '0'`)).toBeGreaterThan(100);
  });

  it('numbers every certificate uniquely in the national format', async () => {
    const certs = await rows<{ cert_no: string; category: string }>('select cert_no, category from certificate');
    expect(new Set(certs.map((c) => c.cert_no)).size).toBe(certs.length);
    for (const c of certs) {
      expect(c.cert_no).toMatch(GD_CERT_NO_PATTERN);
      expect(c.cert_no.startsWith(`粤建安${c.category}（`)).toBe(true);
    }
    // A transfer from another province keeps the original end date (DOMAIN.md); every other certificate runs 3 years.
    expect(
      await count(`select count(*) n from certificate c where expiry_date <> (valid_from + interval '3 years' - interval '1 day')::date
      and not exists (select 1 from application a where a.certificate_id = c.id and a.business_type = 'inProvince')`),
    ).toBe(0);
  });

  it('respects the holding rules for valid certificates (but for the seeded exceptions the rules must catch)', async () => {
    // The business cases break the rules on purpose: holders who moved to a new employer before their
    // transfer (inner*) and a C3 holder who also holds a C1 (delay code 8).
    const today = chinaDate(testNow());
    const exceptions = [0, 1, 2]
      .flatMap((i) =>
        (['innerA', 'innerB', 'innerC', 'innerD', 'innerE', 'innerF', 'delayConflict'] as const).map(
          (k) => `'${caseIdNo(i, k, today)}'`,
        ),
      )
      .join(',');
    const notException = `c.person_id not in (select id from person where id_no in (${exceptions}))`;
    // One 法定代表人 A per enterprise.
    expect(
      await count(`select count(*) n from enterprise e where (select count(*) from certificate c
      where c.enterprise_id = e.id and c.status = '01' and c.category = 'A' and c.position = '01') <> 1`),
    ).toBe(0);
    // At most one of each category per person.
    expect(
      await count(
        `select count(*) n from (select person_id, category from certificate c where status = '01' and ${notException} group by 1, 2 having count(*) > 1) x`,
      ),
    ).toBe(0);
    // No C1/C2 together with C3.
    expect(
      await count(`select count(*) n from certificate a join certificate b on a.person_id = b.person_id
      where a.status = '01' and b.status = '01' and a.category = 'C3' and b.category in ('C1', 'C2') and ${notException.replace('c.person_id', 'a.person_id')}`),
    ).toBe(0);
    // All of a person's valid certificates at their current enterprise.
    expect(
      await count(`select count(*) n from certificate c join person p on p.id = c.person_id
      where c.status = '01' and c.enterprise_id is distinct from p.enterprise_id and ${notException}`),
    ).toBe(0);
    // And the exceptions are there for the rules to find.
    expect(
      await count(`select count(*) n from certificate c where status = '01' and not (${notException})`),
    ).toBeGreaterThanOrEqual(21);
  });
});

describe('the demo over a year', () => {
  /** The twelve whole China months before this one (which may have begun an hour ago), oldest first. */
  const lastTwelveMonths = () => {
    const [y, m] = chinaDate(testNow()).split('-').map(Number) as [number, number];
    return Array.from({ length: 12 }, (_, i) => {
      const index = y * 12 + (m - 1) - (12 - i);
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    });
  };
  const monthsOf = async (query: string) =>
    new Map((await rows<{ month: string; n: number | string }>(query)).map((r) => [r.month, Number(r.n)]));

  it("ends applications in the months of a year, not only in the last days: a year's chart looks like a year", async () => {
    const months = lastTwelveMonths();
    const ended = await monthsOf(`select to_char(closed_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, count(*) n
      from application where deleted = false and status in (4, 8) and closed_at is not null group by 1`);
    const covered = months.filter((m) => (ended.get(m) ?? 0) > 0);
    expect(covered.length, `months with ended applications: ${[...ended].join(' ')}`).toBeGreaterThanOrEqual(10);
    // Handling takes days: an ended application's acceptance lies days before its end, not minutes.
    const [{ n }] = await rows<{ n: number | string }>(`select count(*) n from application
      where deleted = false and status = 8 and accepted_at is not null and closed_at - accepted_at >= interval '2 days'`);
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('issues certificates in every one of the last twelve whole months', async () => {
    const months = lastTwelveMonths();
    const issued = await monthsOf(
      `select to_char(issue_date, 'YYYY-MM') as month, count(*) n from certificate group by 1`,
    );
    expect(
      months.filter((m) => !issued.get(m)),
      `months without a certificate issued: ${[...issued].filter(([m]) => months.includes(m)).join(' ')}`,
    ).toEqual([]);
  });
});

describe('the demo operation log', () => {
  it("reads as the server writes it: workflow events under their route's title, every action one the log page names", async () => {
    const events = await rows<{ title: string; action: string }>(
      `select distinct title, action from sys_oper_log where oper_url like '/api/workflow/%/events'`,
    );
    expect(events).toEqual([WORKFLOW_EVENT_LOG]);
    const actions = await rows<{ action: string }>('select distinct action from sys_oper_log');
    expect(actions.length).toBeGreaterThan(0);
    for (const { action } of actions) expect(OPER_ACTIONS as readonly string[], action).toContain(action);
    // Its refusals carry the server's message and status, and every row's parameters have the
    // shape the log writes ({ query, body, params }).
    const failed = await rows<{ http_status: number; error_msg: string | null }>(
      `select http_status, error_msg from sys_oper_log where status = '1' order by http_status`,
    );
    expect(failed).toEqual([
      { http_status: 400, error_msg: '请填写意见' },
      { http_status: 409, error_msg: '数据已被他人更新，请刷新后重试' },
    ]);
    const params = await rows<{ p: string }>(
      `select oper_param p from sys_oper_log where oper_url like '/api/workflow/%/events'`,
    );
    for (const { p } of params) expect(Object.keys(JSON.parse(p) as object), p).toEqual(['query', 'body', 'params']);
  });
});

describe('createInitialAdmin', () => {
  it('creates admin with a forced password change when there is none, and leaves an existing one alone', async () => {
    await createInitialAdmin(database.db, 'existing-hash-is-kept');
    const [kept] = await database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    expect(kept!.mustChangePassword).toBe(false);

    await database.db.delete(sysUser).where(eq(sysUser.userName, 'admin'));
    await createInitialAdmin(database.db, 'new-hash');
    const [admin] = await database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin'));
    expect(admin).toMatchObject({ userType: '00', duty: 'sys', mustChangePassword: true, passwordHash: 'new-hash' });
    expect(
      await count(
        `select count(*) n from sys_user_role ur join sys_role r using (role_id) where ur.user_id = ${admin!.userId} and r.role_key = 'admin'`,
      ),
    ).toBe(1);
  });
});
