import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../server/db/seed/demo.js';
import { certificateLife } from '../../server/db/seed/certificates.js';
import { liveThrough, statusOfState } from '../../machines/certificate.machine.js';
import { certExpiryDate, GD_CERT_NO_PATTERN, parseCertNo } from '../../server/db/seed/certNo.js';
import { isValidCreditCode } from '@machines/creditCode';
import { sexFromIdCard } from '../../server/db/seed/idcard.js';
import { isValidIdNumber } from '@machines/residentIdNumber';
import { addDays, ageOn, yearOf } from '../../server/lib/days.js';

/** Valid today: a seeded person is never born in the future. */
const isValidIdCard = (s: string) => isValidIdNumber(s, new Date().toISOString().slice(0, 10));

const NOW = new Date('2026-03-15T02:00:00Z');
const data = buildDemoData(NOW);
const today = data.today;

describe('demo data (pure build)', () => {
  it('is deterministic for a given moment', () => {
    expect(JSON.stringify(buildDemoData(NOW))).toBe(JSON.stringify(data));
  });

  it('has the expected volumes', () => {
    expect(data.enterprises).toHaveLength(60);
    expect(data.people.persons.length).toBeGreaterThanOrEqual(560);
    expect(data.people.persons.length).toBeLessThanOrEqual(660);
    expect(data.certificates.length).toBeGreaterThanOrEqual(820);
    expect(data.certificates.length).toBeLessThanOrEqual(1000);
  });

  it('gives enterprises valid, unique credit codes and the ownership of their district', () => {
    expect(new Set(data.enterprises.map((e) => e.creditCode)).size).toBe(60);
    expect(new Set(data.enterprises.map((e) => e.name)).size).toBe(60);
    for (const e of data.enterprises) {
      expect(isValidCreditCode(e.creditCode), e.creditCode).toBe(true);
      expect(e.creditCode.slice(2, 8)).toBe(e.districtCode);
      expect(e.ownership).toBe(e.districtCode.startsWith('4401') ? '1' : e.districtCode.startsWith('4403') ? '2' : '3');
      expect(e.licenceNo).toMatch(/^\(粤\)JZ安许证字\[\d{4}\]\d{6}$/);
      expect(e.legalRepresentative).not.toBe('');
    }
    expect(data.enterprises.slice(0, 3).map((e) => e.ownership)).toEqual(['1', '2', '3']);
  });

  it('gives persons valid, unique identity numbers matching sex and birth date, aged 25 to 64', () => {
    const ids = data.people.persons.map((p) => p.idNo);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of data.people.persons) {
      expect(isValidIdCard(p.idNo), p.idNo).toBe(true);
      expect(p.idNo.slice(0, 2)).toBe('44');
      expect(sexFromIdCard(p.idNo)).toBe(p.sex);
      expect(p.idNo.slice(6, 14)).toBe(p.birthDate.replaceAll('-', ''));
      const age = ageOn(p.birthDate, today);
      expect(age).toBeGreaterThanOrEqual(25);
      expect(age).toBeLessThanOrEqual(64);
    }
    const phones = data.people.persons.map((p) => p.phone);
    expect(new Set(phones).size).toBe(phones.length);
  });

  it('numbers certificates uniquely in the national format with 3-year validity', () => {
    const nos = data.certificates.map((c) => c.certNo);
    expect(new Set(nos).size).toBe(nos.length);
    expect(new Set(data.certificates.map((c) => c.queryCode)).size).toBe(nos.length);
    for (const c of data.certificates) {
      expect(c.certNo).toMatch(GD_CERT_NO_PATTERN);
      expect(parseCertNo(c.certNo)!.category).toBe(c.category);
      expect(parseCertNo(c.certNo)!.year).toBe(yearOf(c.firstIssueDate));
      expect(c.queryCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(c.expiryDate).toBe(certExpiryDate(c.issueDate));
      expect(c.issueDate <= today).toBe(true);
      expect(c.issueDate.endsWith('-02-29')).toBe(false);
      expect(c.version).toBeGreaterThanOrEqual(1);
      expect(c.version).toBeLessThanOrEqual(3);
    }
  });

  it('lives each certificate through the certificate machine to its status, version and dates, every event by now', () => {
    for (const c of data.certificates) {
      const steps = certificateLife(c, 1, 1);
      const last = liveThrough(steps.map((s) => s.event)).at(-1)!;
      expect(
        [statusOfState(last.value), last.context.version, last.context.validFrom, last.context.expiryDate],
        c.certNo,
      ).toEqual([c.status, c.version, c.issueDate, c.expiryDate]);
      expect(
        steps.every((s) => s.at.getTime() <= NOW.getTime()),
        c.certNo,
      ).toBe(true);
    }
  });

  it('spreads statuses and expiry dates; the punished statuses come with their punishments (server/demo/credit.ts)', () => {
    const statuses = new Set(data.certificates.map((c) => c.status));
    expect([...statuses].sort()).toEqual(['01', '04', '05', '06']);
    const valid = data.certificates.filter((c) => c.status === '01');
    expect(valid.length / data.certificates.length).toBeGreaterThan(0.5);
    for (const c of valid) expect(c.expiryDate >= today).toBe(true);
    const soon = valid.filter((c) => c.expiryDate < addDays(today, 90)).length / valid.length;
    expect(soon).toBeGreaterThan(0.06);
    expect(soon).toBeLessThan(0.15);
    expect(data.certificates.some((c) => c.expiryDate < today)).toBe(true);
  });

  it('respects the holding rules for valid certificates', () => {
    const valid = data.certificates.filter((c) => c.status === '01');
    const byPerson = new Map<number, typeof valid>();
    for (const c of valid) byPerson.set(c.personKey, [...(byPerson.get(c.personKey) ?? []), c]);
    for (const [key, certs] of byPerson) {
      const cats = certs.map((c) => c.category);
      expect(new Set(cats).size, `person ${key}`).toBe(cats.length);
      if (cats.includes('C3')) expect(cats.includes('C1') || cats.includes('C2')).toBe(false);
      expect(new Set(certs.map((c) => c.entKey)).size).toBe(1);
      expect(certs[0]!.entKey).toBe(data.people.persons[key]!.entKey);
    }
    for (const e of data.enterprises) {
      const reps = valid.filter((c) => c.entKey === e.key && c.category === 'A' && c.position === '01');
      expect(reps, e.name).toHaveLength(1);
      expect(data.people.persons[reps[0]!.personKey]!.name).toBe(e.legalRepresentative);
    }
  });

  it('sets up person1 (C3 inside the delay window, enough hours) and person2 (B with a valid registration)', () => {
    const p1 = data.people.persons[data.people.person1]!;
    const p2 = data.people.persons[data.people.person2]!;
    expect([p1.phone, p2.phone, p1.entKey, p2.entKey]).toEqual(['13800000001', '13800000002', 0, 0]);
    const c3 = data.certificates.find((c) => c.personKey === p1.key && c.category === 'C3' && c.status === '01')!;
    expect(c3.expiryDate > today && c3.expiryDate < addDays(today, 90)).toBe(true);
    const hours = data.education.filter((r) => r.certNo === c3.certNo).reduce((s, r) => s + Number(r.hours), 0);
    expect(hours).toBeGreaterThanOrEqual(72);
    expect(data.certificates.some((c) => c.personKey === p2.key && c.category === 'B' && c.status === '01')).toBe(true);
    expect(data.people.regConstructors.some((r) => r.personKey === p2.key && r.entKey === 0 && r.status === '0')).toBe(
      true,
    );
  });

  it('has employment records matching most employers, a few mismatching, and some holders short of hours', () => {
    const emp = data.people.employment;
    for (const s of ['ent', 'person', 'project', 'social']) expect(emp.some((r) => r.source === s)).toBe(true);
    const mismatched = data.people.persons.filter(
      (p) => p.entKey !== null && emp.some((r) => r.personKey === p.key && r.endDate === null && r.entKey !== p.entKey),
    );
    expect(mismatched.length).toBeGreaterThan(5);
    expect(mismatched.length).toBeLessThan(data.people.persons.length * 0.1);
    expect(data.people.regConstructors.some((r) => r.status === '1')).toBe(true);
    expect(data.people.persons.filter((p) => p.eduShort).length).toBeGreaterThan(30);
  });

  it("has messages for every demo user (the to-dos are the workflow's, written as the demo's applications move)", () => {
    const users = new Set(data.messages.map((m) => m.userName));
    expect(users.size).toBe(17);
    expect(data.messages.some((m) => m.ckzt === '0')).toBe(true);
    for (const t of ['systemType', 'supervisionType']) expect(data.messages.some((m) => m.msgType === t)).toBe(true);
    // The system's own notices are the delay-reminder job's, about the recipient's certificates (none made up).
    const fromSystem = data.messages.filter((m) => m.senderName === '系统');
    expect(fromSystem.length).toBeGreaterThan(0);
    for (const m of fromSystem) {
      const cert = data.certificates.find((c) => m.bt.includes(c.certNo) || m.nr.includes(c.certNo));
      expect(cert, m.bt).toBeDefined();
      expect(m.bt).toMatch(/^证书延期提醒：|^证书已失效：/);
    }
    expect(data.messages.find((m) => m.userName === 'person1' && m.bt.startsWith('证书延期提醒：'))).toBeDefined();
  });
});

describe('demo data at other moments', () => {
  it.each(['2028-02-29T10:00:00Z', '2026-12-31T17:00:00Z', '2030-06-30T00:00:00Z'])(
    'keeps its invariants on %s',
    (iso) => {
      const d = buildDemoData(new Date(iso));
      const nos = d.certificates.map((c) => c.certNo);
      expect(new Set(nos).size).toBe(nos.length);
      for (const p of d.people.persons) expect(isValidIdCard(p.idNo)).toBe(true);
      for (const c of d.certificates) {
        expect(c.expiryDate).toBe(certExpiryDate(c.issueDate));
        expect(c.issueDate <= d.today).toBe(true);
      }
      const valid = d.certificates.filter((c) => c.status === '01');
      for (const e of d.enterprises)
        expect(valid.filter((c) => c.entKey === e.key && c.position === '01')).toHaveLength(1);
      const c3 = valid.find((c) => c.personKey === d.people.person1 && c.category === 'C3')!;
      expect(c3.expiryDate > d.today && c3.expiryDate < addDays(d.today, 90)).toBe(true);
    },
  );
});
