/**
 * The scale dataset's generators (npm run seed:scale) at a small scale: valid check characters,
 * nothing generated twice, the shares DOMAIN.md asks for, and applications whose stored snapshots
 * and history are what the application machine gives (replayed here).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  replayHistory,
  type ApplicationEvent,
  type ApplicationEventType,
  type PersistedApplicationSnapshot,
} from '../../machines/application.machine.js';
import {
  BUSINESS_ROUTES,
  BUSINESS_TYPES,
  routeSteps,
  STEPS,
  type BusinessType,
  type Step,
} from '../../machines/businessTypes.js';
import { isValidCreditCode } from '@machines/creditCode';
import { isValidIdNumber } from '@machines/residentIdNumber';

import { GD_CERT_NO_PATTERN } from '../../server/db/seed/certNo.js';
import {
  COLUMNS,
  ScaleGenerator,
  type Context,
  type GenerateResult,
  type TableName,
} from '../../scripts/lib/scale/generate.js';
import { allPaths } from '../../scripts/lib/scale/paths.js';
import { planOf } from '../../scripts/lib/scale/plan.js';
import { replayRows } from '../../server/modules/certificate/history.js';
import { statutoryExpiryOf } from '../../machines/certificate.machine.js';
import { cell, line } from '../../scripts/lib/scale/tsv.js';

/** Valid today: a seeded person is never born in the future. */
const isValidIdCard = (s: string) => isValidIdNumber(s, new Date().toISOString().slice(0, 10));

const NOW = new Date('2026-06-15T04:00:00Z');
const staff = (base: number) => ({
  ids: Object.fromEntries(STEPS.map((s, i) => [s, base + i])) as Record<Step, number>,
  names: Object.fromEntries(STEPS.map((s) => [s, `staff ${s}`])) as Record<Step, string>,
});
const ctx: Context = {
  now: NOW,
  offsets: {
    enterprise: 60,
    person: 600,
    certificate: 900,
    educationRecord: 0,
    employmentRecord: 0,
    application: 100,
    applicationHistory: 500,
    sysUser: 40,
    examBatch: 0,
    examResult: 0,
    punishment: 0,
    certCheckRecord: 0,
    certificateHistory: 0,
  },
  staff: { 1: staff(11), 2: { ids: staff(21).ids, names: staff(21).names }, 3: staff(31) },
  roleIds: { enterprise: 7, person: 8 },
  passwordHash: 'hash',
  existingIdNos: new Set(),
};

/** A COPY text file back into rows of named columns (\\N is null; the generator escapes nothing else in these columns). */
function read(result: GenerateResult, table: TableName): Record<string, string | null>[] {
  const text = fs.readFileSync(result.files[table], 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const cells = l.split('\t');
      return Object.fromEntries(
        COLUMNS[table].map((c, i) => [c, cells[i] === '\\N' ? null : cells[i]!.replace(/\\\\/g, '\\')]),
      );
    });
}

let dir: string;
let result: GenerateResult;
// Each certificate lives through the certificate machine: on a busy machine this takes more than the hook's default 10 s.
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-test-'));
  result = new ScaleGenerator(ctx, 0.002, dir, 42).generate();
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('scale plan', () => {
  it('is the benchmark dataset of DOMAIN.md at scale 1', () => {
    expect(planOf(1)).toMatchObject({
      enterprises: 50_000,
      persons: 1_000_000,
      certificates: 2_000_000,
      education: 3_000_000,
      applications: 500_000,
    });
    expect(() => planOf(0)).toThrow();
  });
});

describe('COPY text', () => {
  it('escapes what would break a row and writes nulls as \\N', () => {
    expect(line(['a\tb', null, 'c\\d', true, 3])).toBe('a\\tb\t\\N\tc\\\\d\tt\t3\n');
    expect(cell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('generated rows', () => {
  it('have enterprises with valid, unique credit codes and unique names, in the three areas', () => {
    const ents = read(result, 'enterprise');
    expect(ents).toHaveLength(planOf(0.002).enterprises);
    expect(ents.every((e) => isValidCreditCode(e.credit_code!))).toBe(true);
    expect(new Set(ents.map((e) => e.credit_code)).size).toBe(ents.length);
    expect(new Set(ents.map((e) => e.name)).size).toBe(ents.length);
    expect(new Set(ents.map((e) => e.ownership))).toEqual(new Set(['1', '2', '3']));
    expect(ents[0]!.id).toBe('61');
  });

  it('have persons with valid, unique identity numbers whose birth date and sex agree', () => {
    const persons = read(result, 'person');
    expect(persons).toHaveLength(planOf(0.002).persons);
    for (const p of persons) {
      expect(isValidIdCard(p.id_no!), p.id_no!).toBe(true);
      expect(p.id_no!.slice(6, 14)).toBe(p.birth_date!.replace(/-/g, ''));
      expect(Number(p.id_no![16]) % 2 === 1 ? '0' : '1').toBe(p.sex);
    }
    expect(new Set(persons.map((p) => p.id_no)).size).toBe(persons.length);
  });

  it('have about 3 % of persons without an employer, spread over the ids as registrations are', () => {
    const persons = read(result, 'person');
    const leavers = (rows: typeof persons) => rows.filter((p) => p.enterprise_id === null).length / rows.length;
    expect(leavers(persons)).toBeGreaterThan(0.02);
    expect(leavers(persons)).toBeLessThan(0.04);
    // Each quarter of the ids holds its share (they were all at the end before: the newest persons
    // with an employer filter were found only past all of them).
    const quarter = Math.floor(persons.length / 4);
    for (let q = 0; q < 4; q++) {
      const share = leavers(persons.slice(q * quarter, (q + 1) * quarter));
      expect(share, `quarter ${q + 1}`).toBeGreaterThan(0.005);
      expect(share, `quarter ${q + 1}`).toBeLessThan(0.08);
    }
    expect(persons.every((p) => (p.enterprise_id === null) === (p.employ_status !== '1'))).toBe(true);
  });

  it('have certificates with unique numbers in the DOMAIN.md format, every category and status, 40 % valid, issued 2010–2026', () => {
    const certs = read(result, 'certificate');
    expect(Math.abs(certs.length - planOf(0.002).certificates)).toBeLessThan(planOf(0.002).certificates * 0.05);
    expect(certs.every((c) => GD_CERT_NO_PATTERN.test(c.cert_no!))).toBe(true);
    expect(new Set(certs.map((c) => c.cert_no)).size).toBe(certs.length);
    expect(new Set(certs.map((c) => c.query_code)).size).toBe(certs.length);
    expect(new Set(certs.map((c) => c.category))).toEqual(new Set(['A', 'B', 'C1', 'C2', 'C3']));
    // Every status a state of the certificate machine (no 99 其他).
    expect(new Set(certs.map((c) => c.status))).toEqual(new Set(['01', '02', '03', '04', '05', '06', '07']));
    const valid = certs.filter((c) => c.status === '01').length / certs.length;
    expect(valid).toBeGreaterThan(0.36);
    expect(valid).toBeLessThan(0.44);
    expect(certs.every((c) => c.issue_date! >= '2010-01-01' && c.issue_date! <= '2026-06-15')).toBe(true);
    // Valid ones have not run out; 3 years less a day.
    expect(certs.filter((c) => c.status === '01').every((c) => c.expiry_date! >= '2026-06-15')).toBe(true);
    // Each in its enterprise's centre (certificate.area, which the load's disabled triggers would not set).
    const ownership = new Map(read(result, 'enterprise').map((e) => [e.id, e.ownership]));
    expect(certs.every((c) => c.area !== null && c.area === ownership.get(c.enterprise_id))).toBe(true);
    expect(new Set(certs.map((c) => c.area))).toEqual(new Set(['1', '2', '3']));
    // And its holder's name and ID number (migration 0033's copy, which the searches match).
    const persons = new Map(read(result, 'person').map((p) => [p.id, p]));
    expect(
      certs.every(
        (c) => c.holder_name === persons.get(c.person_id)?.name && c.holder_id_no === persons.get(c.person_id)?.id_no,
      ),
    ).toBe(true);
  });

  it('have certificates that lived through the certificate machine: each history replays to its row, every invariant holds', () => {
    const certs = read(result, 'certificate');
    const history = read(result, 'certificate_history');
    const byCert = new Map<string, typeof history>();
    for (const h of history) byCert.set(h.certificate_id!, [...(byCert.get(h.certificate_id!) ?? []), h]);
    const today = '2026-06-15';
    const broken: string[] = [];
    const punishments = read(result, 'punishment');
    const suspensionOf = new Map(punishments.filter((p) => p.type === '暂扣').map((p) => [p.certificate_id, p]));
    for (const c of certs) {
      const rows = byCert.get(c.id!) ?? [];
      const replay = replayRows(
        {
          id: Number(c.id),
          certNo: c.cert_no!,
          category: c.category!,
          personId: Number(c.person_id),
          enterpriseId: Number(c.enterprise_id),
          position: c.position!,
          issueDate: c.issue_date!,
          validFrom: c.valid_from!,
          expiryDate: c.expiry_date!,
          version: Number(c.version),
          queryCode: c.query_code!,
          status: c.status!,
          suspendedFrom: c.suspended_from,
          suspendedTo: c.suspended_to,
        } as Parameters<typeof replayRows>[0],
        rows.map((h) => ({
          id: Number(h.id),
          event: h.event,
          eventData: JSON.parse(h.event_data!),
          stateBefore: null,
          stateAfter: JSON.parse(h.state_after!),
        })),
      );
      if (!replay.consistent) broken.push(`${c.cert_no}: ${replay.error}`);
      if (statutoryExpiryOf(c.valid_from!) !== c.expiry_date)
        broken.push(`${c.cert_no}: validity ${c.valid_from} … ${c.expiry_date}`);
      if (c.status === '01' && c.expiry_date! < today) broken.push(`${c.cert_no}: valid past its validity`);
      if (c.status === '02') {
        const p = suspensionOf.get(c.id);
        if (!p || p.start_date! > today || (p.end_date !== null && p.end_date! < today))
          broken.push(`${c.cert_no}: 02 without a 暂扣 in force`);
        else if (p.start_date !== c.suspended_from || p.end_date !== c.suspended_to)
          broken.push(`${c.cert_no}: its period is not its 暂扣's`);
      }
    }
    expect(broken.slice(0, 10)).toEqual([]);
    // No 新办 or 省外调入 names a certificate issued before it.
    expect(
      read(result, 'application').filter(
        (a) => (a.business_type === 'newCert' || a.business_type === 'inProvince') && a.certificate_id !== null,
      ),
    ).toEqual([]);
  });

  it('have applications of every type in every state, numbered once, with history the machine replays to the stored snapshot', () => {
    const apps = read(result, 'application');
    const history = read(result, 'application_history');
    expect(apps).toHaveLength(planOf(0.002).applications);
    expect(new Set(apps.map((a) => a.apply_no)).size).toBe(apps.length);
    expect(new Set(apps.map((a) => a.business_type)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(apps.map((a) => a.status))).toEqual(new Set(['0', '1', '2', '3', '4', '8']));
    // The holder's name and ID number as migrations 0032's and 0039's triggers keep them.
    const holders = new Map(read(result, 'person').map((p) => [p.id, p]));
    expect(apps.every((a) => a.holder_name === (a.person_id === null ? null : holders.get(a.person_id)?.name))).toBe(
      true,
    );
    expect(apps.every((a) => a.holder_id_no === (a.person_id === null ? null : holders.get(a.person_id)?.id_no))).toBe(
      true,
    );
    expect(apps.some((a) => a.holder_id_no !== null)).toBe(true);
    const byApp = new Map<string, Record<string, string | null>[]>();
    for (const h of history) byApp.set(h.application_id!, [...(byApp.get(h.application_id!) ?? []), h]);
    for (const a of apps) {
      const rows = (byApp.get(a.id!) ?? []).sort((x, y) => Number(x.version) - Number(y.version));
      expect(rows.map((r) => Number(r.version))).toEqual(rows.map((_, i) => i + 1));
      expect(Number(a.version)).toBe(rows.length);
      const type = a.business_type as BusinessType;
      const events: ApplicationEvent[] = rows.map((r, i) => ({
        type: r.event as ApplicationEventType,
        actorId: Number(r.actor_id),
        roleKey: r.role_key!,
        comment: r.comment ?? undefined,
        version: i,
      }));
      const replayed = replayHistory(
        {
          businessType: type,
          applicantId: Number(a.applicant_user_id),
          holderId: BUSINESS_ROUTES[type].personCheck && a.holder_user_id ? Number(a.holder_user_id) : null,
        },
        events,
      );
      expect(replayed, `application ${a.id}`).toEqual(JSON.parse(a.snapshot!) as PersistedApplicationSnapshot);
      if (rows.length)
        expect(rows.at(-1)!.to_state).toBe(
          typeof replayed.value === 'string' ? replayed.value : `inReview.${Object.values(replayed.value)[0]}`,
        );
    }
  });

  it('have the accounts the applications name, each once', () => {
    const users = read(result, 'sys_user');
    expect(new Set(users.map((u) => u.user_name)).size).toBe(users.length);
    const ids = new Set(users.map((u) => Number(u.user_id)));
    const apps = read(result, 'application');
    expect(
      apps.every(
        (a) => ids.has(Number(a.applicant_user_id)) && (a.holder_user_id === null || ids.has(Number(a.holder_user_id))),
      ),
    ).toBe(true);
  });

  it('have continuing education, exam results, punishments and check records', () => {
    for (const t of ['education_record', 'exam_result', 'punishment', 'cert_check_record', 'exam_batch'] as const)
      expect(result.counts[t], t).toBeGreaterThan(0);
    const checks = read(result, 'cert_check_record');
    expect(checks.some((c) => c.found === 'f' && c.certificate_id === null)).toBe(true);
    expect(checks.filter((c) => c.found === 't').every((c) => ['1', '2', '3'].includes(c.area!))).toBe(true);
  });
});

describe('application paths', () => {
  it('reach every state of the machine for every business type', () => {
    const paths = allPaths();
    for (const type of BUSINESS_TYPES) {
      const reached = new Set(paths.filter((p) => p.type === type).map((p) => p.steps.at(-1)?.to ?? 'saved'));
      const expected = [
        'saved',
        'submitted',
        'rejected',
        'closed',
        'deleted',
        ...routeSteps(BUSINESS_ROUTES[type].middleSteps)
          .slice(1)
          .map((s) => `inReview.${s}`),
        ...(BUSINESS_ROUTES[type].personCheck ? ['personCheck'] : []),
      ];
      expect([...reached].sort(), type).toEqual(expected.sort());
    }
  });
});
