/** 办件查询 and 申请查询: scope, every filter (overdue against the statutory deadline included), sorting, the export. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNotNull, like, sql, type AnyColumn } from 'drizzle-orm';
import { apiSuite } from '../helpers/api.js';
import type { TestApp } from '../helpers/app.js';
import { byteCompare, isOrdered, searchExport, searchList } from '../helpers/search.js';
import { application, certificate, enterprise, person, sysConfig, sysUser } from '../../server/db/schema.js';
import { addDays, chinaDate, chinaDayStart } from '../../server/lib/days.js';
import { latestOverdueAcceptanceDay, workingDaysLeft } from '../../server/lib/workdays.js';
import { deadlineOf, readDeadlineDays, readDeadlineLimits } from '../../server/workflow/views.js';
import { readWorkCalendar } from '../../server/lib/calendar/inForce.js';
import { DEADLINE_CONFIG_KEYS } from '../../server/workflow/detail.js';
import { readsPerVersion } from '../helpers/keptPerVersion.js';

let t: TestApp;
const api = apiSuite({
  ready: (app) => {
    t = app;
  },
});
const db = () => t.database.db;
type Row = {
  id: number;
  applyNo: string;
  businessType: string;
  status: number;
  step: string | null;
  area: string;
  outcome: string | null;
  enterpriseId: number | null;
  personId: number | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  closedAt: string | null;
  holderName: string | null;
  deadline: string | null;
  daysLeft: number | null;
  overdue: boolean;
  allowedEvents: string[];
};
const list = (user: string, q = '', kind = 'work') =>
  searchList<Row>(api, user, `/api/search/${kind}/list?pageSize=500${q}`);
const live = eq(application.deleted, false);
const countOf = async (where?: ReturnType<typeof and>) =>
  (await db().select({ n: count() }).from(application).where(and(live, where)))[0]!.n;
const userRow = async (name: string) => (await db().select().from(sysUser).where(eq(sysUser.userName, name)))[0]!;

/** Ids of the items under review that the test moved back in time: accepted 40 and 60 China days ago. */
let overdueIds: number[] = [];
/** A 变更 (5 working days) accepted on the last day that makes it overdue: within a decision's 20. */
let modifyOverdueId = 0;

beforeAll(async () => {
  // Under review and accepted long ago: past the 20-working-day deadline however the days fall.
  const review = await db()
    .select({ id: application.id })
    .from(application)
    .where(and(live, eq(application.status, 3), eq(application.area, '1')))
    .limit(2);
  expect(review.length).toBe(2);
  overdueIds = review.map((r) => r.id);
  const today = chinaDate(t.clock.now());
  await db()
    .update(application)
    .set({ acceptedAt: chinaDayStart(addDays(today, -40)) })
    .where(eq(application.id, overdueIds[0]!));
  await db()
    .update(application)
    .set({ acceptedAt: chinaDayStart(addDays(today, -60)) })
    .where(eq(application.id, overdueIds[1]!));
  const [modify] = await db()
    .select({ id: application.id })
    .from(application)
    .where(and(live, eq(application.status, 3), eq(application.businessType, 'modify')))
    .limit(1);
  expect(modify, 'a 变更 under review in the demo').toBeDefined();
  modifyOverdueId = modify!.id;
  await db()
    .update(application)
    .set({ acceptedAt: chinaDayStart(latestOverdueAcceptanceDay(await readWorkCalendar(db()), t.clock.now(), 5)) })
    .where(eq(application.id, modifyOverdueId));
});

describe('work search scope', () => {
  it('shows the province every centre and a centre its own items only', async () => {
    expect((await list('province')).total).toBe(await countOf());
    for (const [user, area] of [
      ['gz_sl', '1'],
      ['sz_staff', '2'],
      ['prov_staff', '3'],
    ] as const) {
      const body = await list(user);
      expect(body.total).toBe(await countOf(eq(application.area, area)));
      expect(body.rows.every((r) => r.area === area)).toBe(true);
    }
    expect((await list('gz_cs', '&area=3')).total).toBe(0);
    for (const user of ['ent_gz', 'person1', 'admin'])
      expect((await api.get(user, '/api/search/work/list')).statusCode).toBe(403);
  });

  it('apply search: an enterprise sees its own applications of every type, a centre its own', async () => {
    const ent = await userRow('ent_gz');
    const own = await list('ent_gz', '', 'apply');
    expect(own.total).toBe(await countOf(eq(application.enterpriseId, ent.enterpriseId!)));
    expect(new Set(own.rows.map((r) => r.businessType)).size).toBeGreaterThan(3);
    expect(own.rows.every((r) => r.enterpriseId === ent.enterpriseId)).toBe(true);
    // Rows carry what the applicant may do now (saved drafts: SUBMIT, DELETE…), from the engine.
    expect(own.rows.some((r) => r.status === 1 && r.allowedEvents.includes('SUBMIT'))).toBe(true);
    expect((await list('sz_staff', '', 'apply')).total).toBe(await countOf(eq(application.area, '2')));
    expect((await api.get('person1', '/api/search/apply/list')).statusCode).toBe(403);
  });
});

describe('work search rows', () => {
  it("names each item's enterprise and certificate (none where it has none) on plain, filtered and sorted pages", async () => {
    const names = new Map(
      (await db().select({ id: enterprise.id, name: enterprise.name }).from(enterprise)).map((e) => [e.id, e.name]),
    );
    const numbers = new Map(
      (await db().select({ id: certificate.id, certNo: certificate.certNo }).from(certificate)).map((c) => [
        c.id,
        c.certNo,
      ]),
    );
    const [e] = await db()
      .select({ name: enterprise.name })
      .from(enterprise)
      .innerJoin(application, eq(application.enterpriseId, enterprise.id))
      .limit(1);
    const pages = [
      await list('province'),
      await list('province', '&sortField=submittedAt&sortOrder=descend'),
      await list('province', `&enterpriseName=${encodeURIComponent(e!.name)}`),
      await list('ent_gz', '', 'apply'),
    ];
    const rows = pages.flatMap(
      (p) =>
        p.rows as (Row & { enterpriseName: string | null; certNo: string | null; certificateId?: number | null })[],
    );
    const stored = new Map(
      (
        await db()
          .select({ id: application.id, certificateId: application.certificateId })
          .from(application)
          .where(
            inArray(
              application.id,
              rows.map((r) => r.id),
            ),
          )
      ).map((a) => [a.id, a.certificateId]),
    );
    for (const r of rows) {
      expect(r.enterpriseName, `application ${r.id}`).toBe(r.enterpriseId === null ? null : names.get(r.enterpriseId));
      const certificateId = stored.get(r.id) ?? null;
      expect(r.certNo, `application ${r.id}`).toBe(certificateId === null ? null : numbers.get(certificateId));
    }
    expect(rows.some((r) => r.certNo === null)).toBe(true);
    expect(rows.some((r) => r.certNo !== null)).toBe(true);
    expect(pages.every((p) => p.rows.length > 0)).toBe(true);

    // The queues show the same names: the applicant (the enterprise, else the holder) and the certificate, with a keyword or without.
    const queue = async (q: string) =>
      (await api.get('gz_sl', `/api/workflow/queue/accepted?pageSize=500${q}`)).json() as {
        rows: {
          id: number;
          applyNo: string;
          applicantName: string;
          holderName: string | null;
          certNo: string | null;
        }[];
      };
    const all = (await queue('')).rows;
    const typed = (await queue(`&keyword=${encodeURIComponent(all[0]!.applyNo)}`)).rows;
    const apps = new Map(
      (
        await db()
          .select()
          .from(application)
          .where(
            inArray(
              application.id,
              [...all, ...typed].map((r) => r.id),
            ),
          )
      ).map((a) => [a.id, a]),
    );
    for (const r of [...all, ...typed]) {
      const a = apps.get(r.id)!;
      expect({ applicantName: r.applicantName, certNo: r.certNo }, `application ${r.id}`).toEqual({
        applicantName: (a.enterpriseId === null ? null : names.get(a.enterpriseId)) ?? a.holderName ?? '',
        certNo: a.certificateId === null ? null : numbers.get(a.certificateId),
      });
    }
    expect(all.length).toBeGreaterThan(1);
    expect(typed.length).toBeGreaterThan(0);
  });
});

describe('work search filters', () => {
  it('filters by type, status, step, outcome and open/ended', async () => {
    expect((await list('province', '&businessType=delay')).total).toBe(
      await countOf(eq(application.businessType, 'delay')),
    );
    for (const status of [0, 1, 2, 3, 4, 8]) {
      const body = await list('province', `&status=${status}`);
      expect(body.total, `status ${status}`).toBe(await countOf(eq(application.status, status)));
      expect(body.rows.every((r) => r.status === status)).toBe(true);
    }
    expect((await list('province', '&status=3&step=sh')).total).toBe(
      await countOf(and(eq(application.status, 3), eq(application.step, 'sh'))),
    );
    expect((await list('province', '&outcome=denied')).total).toBe(await countOf(eq(application.outcome, 'denied')));
    expect((await list('province', '&open=1')).total).toBe(await countOf(inArray(application.status, [0, 2, 3])));
    expect((await list('province', '&open=0')).total).toBe(await countOf(inArray(application.status, [4, 8])));
    expect((await api.get('province', '/api/search/work/list?status=5')).statusCode).toBe(400);
    expect((await api.get('province', '/api/search/work/list?step=xx')).json().field).toBe('step');
  });

  it('filters by number (start), enterprise, person, ID number and certificate', async () => {
    const [a] = await db()
      .select()
      .from(application)
      .where(
        and(
          live,
          isNotNull(application.personId),
          isNotNull(application.certificateId),
          isNotNull(application.enterpriseId),
        ),
      )
      .limit(1);
    const byNo = await list('province', `&applyNo=${a!.applyNo.slice(0, 6).toLowerCase()}`);
    expect(byNo.total).toBe(await countOf(like(application.applyNo, `${a!.applyNo.slice(0, 6)}%`)));
    expect((await list('province', `&applyNo=${a!.applyNo.slice(2)}`)).total).toBe(0);
    expect((await list('province', `&enterpriseId=${a!.enterpriseId}`)).total).toBe(
      await countOf(eq(application.enterpriseId, a!.enterpriseId!)),
    );
    const [e] = await db().select().from(enterprise).where(eq(enterprise.id, a!.enterpriseId!));
    const byEntName = await list('province', `&enterpriseName=${encodeURIComponent(e!.name)}`);
    expect(byEntName.rows.map((r) => r.id)).toContain(a!.id);
    const [p] = await db().select().from(person).where(eq(person.id, a!.personId!));
    expect((await list('province', `&personName=${encodeURIComponent(p!.name)}`)).rows.map((r) => r.id)).toContain(
      a!.id,
    );
    expect((await list('province', `&idNo=${p!.idNo.toLowerCase()}`)).total).toBe(
      await countOf(eq(application.personId, p!.id)),
    );
    expect((await list('province', `&personId=${p!.id}`)).total).toBe(await countOf(eq(application.personId, p!.id)));
    const [c] = await db().select().from(certificate).where(eq(certificate.id, a!.certificateId!));
    expect(
      (await list('province', `&certNo=${encodeURIComponent(c!.certNo.slice(-7))}`)).rows.map((r) => r.id),
    ).toContain(a!.id);
    expect((await list('province', '&districtCode=440100')).total).toBe(
      (
        await db()
          .select({ n: count() })
          .from(application)
          .innerJoin(enterprise, eq(enterprise.id, application.enterpriseId))
          .where(and(live, like(enterprise.districtCode, '4401%')))
      )[0]!.n,
    );
  });

  it("finds a person's applications by the name and ID number they have now, changed by any path, and by the new holder's when an application changes hands", async () => {
    const [a] = await db()
      .select()
      .from(application)
      .where(and(live, isNotNull(application.personId)))
      .limit(1);
    const [p] = await db().select().from(person).where(eq(person.id, a!.personId!));
    const theirs = await countOf(eq(application.personId, p!.id));
    const byName = async (name: string) =>
      (await list('province', `&personName=${encodeURIComponent(name)}`)).rows.map((r) => r.id);
    const byIdNo = async (idNo: string) => (await list('province', `&idNo=${idNo}`)).rows.map((r) => r.id);
    const newIdNo = `Z${String(p!.id).padStart(17, '0')}`;
    try {
      await db().update(person).set({ name: '改名测试人' }).where(eq(person.id, p!.id));
      const renamed = await byName('改名测');
      expect(renamed).toContain(a!.id);
      expect(renamed).toHaveLength(theirs);
      // A new ID number alone: found by its start, typed in lower case; no longer by the old one.
      await db().update(person).set({ idNo: newIdNo }).where(eq(person.id, p!.id));
      expect((await byIdNo(newIdNo.slice(0, 14).toLowerCase())).sort()).toEqual([...renamed].sort());
      expect(await byIdNo(p!.idNo)).not.toContain(a!.id);
      // Shown under the new name too.
      expect(
        (await list('province', `&personName=${encodeURIComponent('改名测')}`)).rows.every(
          (r) => r.holderName === '改名测试人',
        ),
      ).toBe(true);
      expect(await byName(p!.name)).not.toContain(a!.id);
      // The application passes to another person: it is found under theirs, no longer under the first.
      const [other] = await db()
        .select()
        .from(person)
        .where(sql`${person.id} <> ${p!.id} and ${person.name} not like '改名%'`)
        .limit(1);
      await db().update(application).set({ personId: other!.id }).where(eq(application.id, a!.id));
      expect(await byName(other!.name)).toContain(a!.id);
      expect(await byName('改名测')).toHaveLength(theirs - 1);
      expect(await byIdNo(other!.idNo)).toContain(a!.id);
      expect(await byIdNo(newIdNo)).toHaveLength(theirs - 1);
    } finally {
      await db().update(application).set({ personId: p!.id }).where(eq(application.id, a!.id));
      await db().update(person).set({ name: p!.name, idNo: p!.idNo }).where(eq(person.id, p!.id));
    }
    expect(await byName(p!.name)).toContain(a!.id);
    expect(await byIdNo(p!.idNo)).toContain(a!.id);
  });

  it('filters by submitted, accepted and closed China days', async () => {
    const today = chinaDate(t.clock.now());
    const from = addDays(today, -3);
    const day = (col: AnyColumn) => sql`(${col} at time zone 'Asia/Shanghai')::date`;
    const submitted = await list('province', `&beginTime=${from}&endTime=${today}`);
    expect(submitted.total).toBe(
      await countOf(and(sql`${day(application.submittedAt)} between ${from}::date and ${today}::date`)),
    );
    expect(submitted.total).toBeGreaterThan(0);
    expect((await list('province', `&acceptedFrom=${from}&acceptedTo=${today}`)).total).toBe(
      await countOf(sql`${day(application.acceptedAt)} between ${from}::date and ${today}::date`),
    );
    expect((await list('province', `&closedFrom=${from}&closedTo=${today}`)).total).toBe(
      await countOf(sql`${day(application.closedAt)} between ${from}::date and ${today}::date`),
    );
  });

  it('finds the overdue items: under review and past the statutory deadline of their type (20 working days, a 变更 5), as the queues count them', async () => {
    const now = t.clock.now();
    const limits = await readDeadlineLimits(db());
    const rows = await db()
      .select()
      .from(application)
      .where(and(live, eq(application.status, 3)));
    const expected = rows
      .filter((r) => {
        const deadline = deadlineOf(r, limits);
        return deadline !== null && workingDaysLeft(limits.calendar, now, deadline) < 0;
      })
      .map((r) => r.id)
      .sort();
    expect(expected).toEqual(expect.arrayContaining([...overdueIds, modifyOverdueId]));
    const body = await list('province', '&overdue=1');
    expect(body.rows.map((r) => r.id).sort()).toEqual(expected);
    expect(body.rows.every((r) => r.overdue && r.daysLeft! < 0 && r.deadline! < chinaDate(now))).toBe(true);
    expect((await list('province', '&overdue=0')).total).toBe((await countOf()) - expected.length);
    expect((await list('sz_staff', '&overdue=1')).rows.every((r) => r.area === '2')).toBe(true);
  });

  it("shows each row's deadline by the settings as they are now, with or without the overdue filter", async () => {
    const now = t.clock.now();
    const key = DEADLINE_CONFIG_KEYS.reviewDays;
    const [before] = await db().select().from(sysConfig).where(eq(sysConfig.configKey, key));
    try {
      for (const days of ['7', '45']) {
        await db().update(sysConfig).set({ configValue: days }).where(eq(sysConfig.configKey, key));
        const limits = await readDeadlineLimits(db());
        expect(limits.reviewDays).toBe(Number(days));
        const stored = new Map(
          (
            await db()
              .select()
              .from(application)
              .where(and(live, eq(application.status, 3)))
          ).map((r) => [r.id, r]),
        );
        for (const q of ['&status=3', '&status=3&overdue=0']) {
          const rows = (await list('province', q)).rows;
          expect(rows.length, q).toBeGreaterThan(0);
          for (const r of rows) {
            const deadline = deadlineOf(stored.get(r.id)!, limits);
            expect([r.deadline, r.overdue], `${q} ${r.applyNo} at ${days} days`).toEqual([
              deadline,
              deadline !== null && workingDaysLeft(limits.calendar, now, deadline) < 0,
            ]);
          }
        }
      }
    } finally {
      await db().update(sysConfig).set({ configValue: before!.configValue }).where(eq(sysConfig.configKey, key));
    }
  });

  it("reads the deadline settings once per dictionaries' version within signed-in requests, and every time outside them", async () => {
    const { first, again, sent } = await readsPerVersion(db(), readDeadlineDays);
    expect(again).toEqual(first);
    expect(sent).toEqual({ sameVersion: 1, nextVersion: 2, outside: 3 });
  });

  it('sorts on the shown columns, nulls last', async () => {
    for (const order of ['ascend', 'descend'] as const) {
      const nos = (await list('province', `&sortField=applyNo&sortOrder=${order}`)).rows.map((r) => r.applyNo);
      expect(isOrdered(nos, byteCompare, order === 'ascend' ? 'asc' : 'desc')).toBe(true);
      for (const field of ['submittedAt', 'acceptedAt', 'closedAt'] as const) {
        const values = (await list('province', `&sortField=${field}&sortOrder=${order}`)).rows.map((r) => r[field]);
        const present = values.filter((v): v is string => v !== null);
        expect(
          values.slice(0, present.length).every((v) => v !== null),
          `${field}: nulls last`,
        ).toBe(true);
        expect(
          isOrdered(present, (a, b) => a.localeCompare(b), order === 'ascend' ? 'asc' : 'desc'),
          `${field} ${order}`,
        ).toBe(true);
      }
    }
    const statuses = (await list('province', '&sortField=status&sortOrder=ascend')).rows.map((r) => r.status);
    expect(isOrdered(statuses, (a, b) => a - b)).toBe(true);
  });

  it("sorts a typed holder's items the same way (found through the few matching persons: services/listOrder.ts)", async () => {
    const [a] = await db()
      .select()
      .from(application)
      .where(and(live, isNotNull(application.personId)))
      .limit(1);
    const [p] = await db().select().from(person).where(eq(person.id, a!.personId!));
    const surname = encodeURIComponent(p!.name.slice(0, 1));
    const all = (await list('province', `&personName=${surname}`)).rows;
    expect(all.length).toBeGreaterThan(0);
    expect(
      isOrdered(
        all.map((r) => r.id),
        (x, y) => x - y,
        'desc',
      ),
    ).toBe(true);
    // Paged: the page's ids are chosen first, then joined (listWork), and page 2 continues page 1.
    for (const pageNum of [1, 2]) {
      const page = await searchList<Row>(
        api,
        'province',
        `/api/search/work/list?pageNum=${pageNum}&pageSize=2&personName=${surname}`,
      );
      expect(
        page.rows.map((r) => r.id),
        `page ${pageNum}`,
      ).toEqual(all.slice((pageNum - 1) * 2, pageNum * 2).map((r) => r.id));
      expect(
        page.rows.every((r) => r.holderName?.startsWith(p!.name.slice(0, 1))),
        `page ${pageNum}`,
      ).toBe(true);
    }
    for (const order of ['ascend', 'descend'] as const) {
      for (const field of [
        'applyNo',
        'businessType',
        'status',
        'submittedAt',
        'acceptedAt',
        'closedAt',
        'updatedAt',
      ] as const) {
        const res = await list('province', `&personName=${surname}&sortField=${field}&sortOrder=${order}`);
        expect(res.rows.map((r) => r.id).sort(), `${field} ${order}`).toEqual(all.map((r) => r.id).sort());
      }
      const nos = (await list('province', `&personName=${surname}&sortField=applyNo&sortOrder=${order}`)).rows.map(
        (r) => r.applyNo,
      );
      expect(isOrdered(nos, byteCompare, order === 'ascend' ? 'asc' : 'desc')).toBe(true);
      const submitted = (
        await list('province', `&personName=${surname}&sortField=submittedAt&sortOrder=${order}`)
      ).rows.map((r) => r.submittedAt);
      const present = submitted.filter((v): v is string => v !== null);
      expect(submitted.slice(0, present.length).every((v) => v !== null)).toBe(true);
      expect(isOrdered(present, (x, y) => x.localeCompare(y), order === 'ascend' ? 'asc' : 'desc')).toBe(true);
    }
  });

  it("lists an enterprise word's items newest first, paged (found through the few matching enterprises: services/listOrder.ts)", async () => {
    const [a] = await db()
      .select()
      .from(application)
      .where(and(live, isNotNull(application.enterpriseId)))
      .limit(1);
    const [e] = await db().select().from(enterprise).where(eq(enterprise.id, a!.enterpriseId!));
    const word = encodeURIComponent(e!.name);
    const all = (await list('province', `&enterpriseName=${word}`)).rows;
    expect(all.map((r) => r.id)).toContain(a!.id);
    expect(
      isOrdered(
        all.map((r) => r.id),
        (x, y) => x - y,
        'desc',
      ),
    ).toBe(true);
    const second = await searchList<Row>(
      api,
      'province',
      `/api/search/work/list?pageNum=2&pageSize=1&enterpriseName=${word}`,
    );
    expect(second.rows.map((r) => r.id)).toEqual(all.slice(1, 2).map((r) => r.id));
  });

  it('exports the filtered items as a real .xlsx', async () => {
    const body = await list('gz_sl', '&open=1');
    const sheet = await searchExport(api, 'gz_sl', '/api/search/work/export?open=1');
    expect(sheet.headers.slice(0, 2)).toEqual(['申请编号', '业务类型']);
    expect(sheet.rows.map((r) => String(r[0])).sort()).toEqual(body.rows.map((r) => r.applyNo).sort());
    const overdue = await searchExport(api, 'province', '/api/search/work/export?overdue=1');
    expect(overdue.rows.every((r) => r[overdue.headers.indexOf('是否超期')] === '超期')).toBe(true);
    expect(overdue.rows).toHaveLength((await list('province', '&overdue=1')).total);
    expect(overdue.rows.length).toBeGreaterThanOrEqual(overdueIds.length);
    const ent = await searchExport(api, 'ent_gz', '/api/search/apply/export');
    expect(ent.rows).toHaveLength((await list('ent_gz', '', 'apply')).total);
  });
});
