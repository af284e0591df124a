/**
 * ~600 persons with valid identity numbers, their current employer, what certificates they are meant to hold
 * (profile), their employment as the three databases report it, and 注册建造师 registrations of B holders.
 */
import { guangdongDistricts } from './districts.js';
import type { EnterpriseSeed } from './enterprises.js';
import { makeIdCard } from './idcard.js';
import type { Rng } from './rng.js';
import { addDays, addYears } from '../../lib/days.js';

/**
 * legalRep: the enterprise's 法定代表人 (A, position 01). manager: other A holders (02–06), managerB also holds a B.
 * b: 项目负责人 (B). c3: 专职安全员 (C3). c12: C1 and/or C2. none: no certificate yet. former: left the industry.
 */
export type Profile = 'legalRep' | 'manager' | 'managerB' | 'b' | 'c3' | 'c12' | 'none' | 'former';

export interface PersonSeed {
  key: number;
  name: string;
  sex: '0' | '1';
  idNo: string;
  birthDate: string;
  age: number;
  education: string;
  title: string | null;
  phone: string;
  entKey: number | null;
  /** emp_employStatus: 1 在职, 2 离职, 3 退休. */
  employStatus: '1' | '2' | '3';
  hiredOn: string;
  prevEntKey: number | null;
  profile: Profile;
  /** ministerial_position of the A certificate (01–06), '07' for B-only, '08' for C holders, '99' otherwise. */
  position: string;
  /** How the three databases see the employment: the current employer, another one, or nothing at all. */
  employment: 'match' | 'mismatch' | 'missing';
  /** Holds too few continuing-education hours. */
  eduShort: boolean;
  /** For c12: which of C1/C2 are held. */
  cCategories: Array<'C1' | 'C2'>;
}

export interface EmploymentSeed {
  personKey: number;
  entKey: number;
  source: 'ent' | 'person' | 'project' | 'social';
  startDate: string;
  endDate: string | null;
}
export interface RegConstructorSeed {
  personKey: number;
  entKey: number;
  regNo: string;
  major: string;
  status: '0' | '1';
  validTo: string;
}

export interface PeopleData {
  persons: PersonSeed[];
  employment: EmploymentSeed[];
  regConstructors: RegConstructorSeed[];
  /** Keys of the persons behind the demo accounts person1 and person2. */
  person1: number;
  person2: number;
}

export const PERSON1_PHONE = '13800000001';
export const PERSON2_PHONE = '13800000002';

const PROFILE_WEIGHTS: ReadonlyArray<readonly [Profile, number]> = [
  ['manager', 11],
  ['managerB', 4],
  ['b', 26],
  ['c3', 38],
  ['c12', 12],
  ['none', 6],
];

const AGE_RANGE: Record<Profile, readonly [number, number]> = {
  legalRep: [38, 64],
  manager: [35, 62],
  managerB: [35, 60],
  b: [28, 62],
  c3: [25, 58],
  c12: [25, 58],
  none: [25, 55],
  former: [30, 64],
};

const MAJORS = ['建筑工程', '建筑工程', '市政公用工程', '机电工程', '公路工程', '水利水电工程'] as const;

function education(rng: Rng, profile: Profile): string {
  if (profile === 'legalRep' || profile === 'manager' || profile === 'managerB')
    return rng.weighted([
      ['01', 1],
      ['02', 6],
      ['03', 20],
      ['04', 8],
      ['05', 2],
    ]);
  if (profile === 'b')
    return rng.weighted([
      ['02', 2],
      ['03', 20],
      ['04', 12],
      ['05', 2],
    ]);
  return rng.weighted([
    ['03', 10],
    ['04', 16],
    ['05', 8],
    ['06', 4],
    ['07', 1],
  ]);
}

function title(rng: Rng, profile: Profile): string | null {
  if (profile === 'legalRep' || profile === 'manager' || profile === 'managerB')
    return rng.weighted([
      ['01', 2],
      ['02', 10],
      ['03', 6],
      ['99', 1],
    ]);
  if (profile === 'b')
    return rng.weighted([
      ['02', 3],
      ['03', 12],
      ['04', 6],
    ]);
  if (profile === 'none')
    return rng.chance(0.4)
      ? null
      : rng.weighted([
          ['04', 3],
          ['05', 4],
        ]);
  return rng.weighted([
    ['03', 4],
    ['04', 8],
    ['05', 6],
    ['99', 1],
  ]);
}

export function buildPeople(rng: Rng, today: string, enterprises: EnterpriseSeed[]): PeopleData {
  const birthplaces = guangdongDistricts()
    .filter((d) => d.level === 3 || d.code === '441900' || d.code === '442000')
    .map((d) => d.code);
  const usedIds = new Set<string>();
  rng.reservePhone(PERSON1_PHONE);
  rng.reservePhone(PERSON2_PHONE);

  const persons: PersonSeed[] = [];
  const add = (
    entKey: number | null,
    profile: Profile,
    fixed: { sex?: '0' | '1'; age?: number; phone?: string; position?: string } = {},
  ): PersonSeed => {
    const maleShare = profile === 'legalRep' ? 0.9 : profile === 'c3' || profile === 'c12' ? 0.72 : 0.8;
    const sex = fixed.sex ?? (rng.chance(maleShare) ? '0' : '1');
    const [minAge, maxAge] = AGE_RANGE[profile];
    // A few C holders are past the age limit of 60 (they may only be revoked).
    const age = fixed.age ?? (profile === 'c3' && rng.chance(0.03) ? rng.int(61, 63) : rng.int(minAge, maxAge));
    const birthDate = addDays(addYears(today, -age), -rng.int(0, 364));
    let idNo = '';
    while (!idNo || usedIds.has(idNo)) {
      const seq = rng.int(0, 499) * 2 + (sex === '0' ? 1 : 0);
      idNo = makeIdCard(rng.pick(birthplaces), birthDate, seq);
    }
    usedIds.add(idNo);
    const yearsEmployed = rng.int(1, Math.max(1, Math.min(15, age - 23)));
    const position =
      fixed.position ??
      (profile === 'legalRep'
        ? '01'
        : profile === 'manager' || profile === 'managerB'
          ? rng.weighted([
              ['02', 3],
              ['03', 3],
              ['04', 2],
              ['05', 4],
              ['06', 2],
            ])
          : profile === 'b'
            ? '07'
            : profile === 'c3' || profile === 'c12'
              ? '08'
              : '99');
    const p: PersonSeed = {
      key: persons.length,
      name: rng.name(sex === '0' ? 'male' : 'female'),
      sex,
      idNo,
      birthDate,
      age,
      education: education(rng, profile),
      title: title(rng, profile),
      phone: fixed.phone ?? rng.mobile(),
      entKey,
      employStatus: entKey === null ? (age >= 60 ? '3' : '2') : '1',
      hiredOn: addDays(addYears(today, -yearsEmployed), -rng.int(0, 300)),
      prevEntKey: null,
      profile,
      position,
      employment: 'match',
      eduShort: false,
      cCategories:
        profile === 'c12'
          ? rng.weighted<Array<'C1' | 'C2'>>([
              [['C1'], 3],
              [['C2'], 4],
              [['C1', 'C2'], 3],
            ])
          : [],
    };
    persons.push(p);
    return p;
  };

  // Every enterprise: its 法定代表人 first, then its staff.
  for (const e of enterprises) {
    const rep = add(e.key, 'legalRep');
    e.legalRepresentative = rep.name;
  }
  const person1 = add(0, 'c3', { sex: '0', age: 38, phone: PERSON1_PHONE });
  const person2 = add(0, 'b', { sex: '1', age: 42, phone: PERSON2_PHONE });
  for (const e of enterprises) {
    const staff = e.size - 1 - (e.key === 0 ? 2 : 0);
    for (let i = 0; i < staff; i++) add(e.key, rng.weighted(PROFILE_WEIGHTS));
  }
  for (let i = 0; i < 15; i++) add(null, 'former');

  const demo = new Set([person1.key, person2.key]);
  for (const p of persons) {
    if (rng.chance(0.3) || p.entKey === null) {
      let prev = rng.int(0, enterprises.length - 1);
      if (prev === p.entKey) prev = (prev + 1) % enterprises.length;
      p.prevEntKey = prev;
    }
    if (!demo.has(p.key) && p.profile !== 'legalRep' && p.entKey !== null) {
      const r = rng.faker.number.float({ min: 0, max: 1 });
      p.employment = r < 0.04 ? 'mismatch' : r < 0.06 ? 'missing' : 'match';
    }
    p.eduShort = !demo.has(p.key) && rng.chance(0.15);
  }
  if (person2.prevEntKey === null) person2.prevEntKey = 5;

  // The three databases (enterprise, person, project) plus the social-insurance record.
  const employment: EmploymentSeed[] = [];
  for (const p of persons) {
    if (p.prevEntKey !== null) {
      const prevEnd = p.entKey === null ? addDays(today, -rng.int(60, 900)) : addDays(p.hiredOn, -rng.int(1, 30));
      const prevStart = addYears(prevEnd, -rng.int(1, 6));
      employment.push({
        personKey: p.key,
        entKey: p.prevEntKey,
        source: 'ent',
        startDate: prevStart,
        endDate: prevEnd,
      });
      employment.push({
        personKey: p.key,
        entKey: p.prevEntKey,
        source: 'social',
        startDate: addDays(prevStart, rng.int(0, 45)),
        endDate: prevEnd,
      });
    }
    if (p.entKey === null || p.employment === 'missing') continue;
    employment.push({ personKey: p.key, entKey: p.entKey, source: 'ent', startDate: p.hiredOn, endDate: null });
    employment.push({ personKey: p.key, entKey: p.entKey, source: 'person', startDate: p.hiredOn, endDate: null });
    if (p.employment === 'mismatch') {
      // Social insurance still paid by another enterprise: the "employer mismatch" case (delay code 7).
      let other = rng.int(0, enterprises.length - 1);
      if (other === p.entKey) other = (other + 1) % enterprises.length;
      employment.push({
        personKey: p.key,
        entKey: other,
        source: 'social',
        startDate: addDays(p.hiredOn, rng.int(0, 60)),
        endDate: null,
      });
    } else {
      employment.push({
        personKey: p.key,
        entKey: p.entKey,
        source: 'social',
        startDate: addDays(p.hiredOn, rng.int(0, 60)),
        endDate: null,
      });
    }
    if (p.profile === 'b' || p.profile === 'managerB' || (p.profile === 'c3' && rng.chance(0.5))) {
      employment.push({
        personKey: p.key,
        entKey: p.entKey,
        source: 'project',
        startDate: addDays(today, -rng.int(30, 700)),
        endDate: null,
      });
    }
  }

  // 注册建造师 registrations of B holders at their enterprise; about one in ten has lapsed (status '1').
  const regConstructors: RegConstructorSeed[] = [];
  const usedRegNos = new Set<string>();
  for (const p of persons) {
    if (p.entKey === null || (p.profile !== 'b' && p.profile !== 'managerB')) continue;
    const valid = demo.has(p.key) || !rng.chance(0.1);
    const level = rng.chance(0.35) ? '1' : '2';
    let regNo = '';
    while (!regNo || usedRegNos.has(regNo)) regNo = `粤${level}44${rng.int(2008, 2024)}${rng.faker.string.numeric(6)}`;
    usedRegNos.add(regNo);
    regConstructors.push({
      personKey: p.key,
      entKey: p.entKey,
      regNo,
      major: rng.pick(MAJORS),
      status: valid ? '0' : '1',
      validTo: valid ? addDays(today, rng.int(120, 1400)) : addDays(today, -rng.int(10, 500)),
    });
  }

  return { persons, employment, regConstructors, person1: person1.key, person2: person2.key };
}
