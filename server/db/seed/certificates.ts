/**
 * ~900 certificates. Each person gets the certificates of their profile ("current" ones) and some get an older,
 * ended certificate of the same or a conflicting category ("historical"). Holding rules of DOMAIN.md hold for
 * every current certificate whatever its status: one 法定代表人 A per enterprise, at most one A, one B and one
 * C3 per person, no C1/C2 together with C3, all at the person's current enterprise.
 */
import { CertNoAllocator, certExpiryDate, certIssueDateFor, type CertCategory } from './certNo.js';
import { ISSUING_AUTHORITY } from './dictionaries.js';
import type { PeopleData, PersonSeed } from './people.js';
import type { Rng } from './rng.js';
import { addDays, addYears, ageOn, yearOf } from '../../lib/days.js';

export interface CertificateSeed {
  personKey: number;
  entKey: number;
  category: CertCategory;
  position: string;
  issueDate: string;
  expiryDate: string;
  status: string;
  version: number;
  /** First issue of this number (the year in the number); earlier than issueDate after delays. */
  firstIssueDate: string;
  certNo: string;
  queryCode: string;
  issuingAuthority: string;
  printCount: number;
  /** True for the person's current certificate of its category, false for an ended earlier one. */
  current: boolean;
}

/** Delay window (days before expiry) used to spread expiry dates; the configured default of biz.delay.windowDays. */
export const DELAY_WINDOW_DAYS = 90;
/** Status codes a current certificate can have besides 01 and the expired ones. */
const ODD_STATUSES: ReadonlyArray<readonly [string, number]> = [['02', 3], ['03', 2], ['04', 2], ['06', 2], ['07', 1.5], ['99', 1]];

/**
 * Issue date for a validity ending about `expiry`, never on 29 February: there the conventions differ
 * (+3 years lands on 28 February in PostgreSQL and dayjs, on 1 March in plain Date arithmetic).
 */
const notFeb29 = (date: string): string => (date.endsWith('-02-29') ? addDays(date, 1) : date);
const issueDateFor = (expiry: string): string => notFeb29(certIssueDateFor(expiry));

function plannedCategories(p: PersonSeed): Array<{ category: CertCategory; position: string }> {
  switch (p.profile) {
    case 'legalRep': return [{ category: 'A', position: '01' }];
    case 'manager': return [{ category: 'A', position: p.position }];
    case 'managerB': return [{ category: 'A', position: p.position }, { category: 'B', position: '07' }];
    case 'b': return [{ category: 'B', position: '07' }];
    case 'c3': return [{ category: 'C3', position: '08' }];
    case 'c12': return p.cCategories.map((category) => ({ category, position: '08' }));
    default: return [];
  }
}

export function buildCertificates(rng: Rng, today: string, people: PeopleData): CertificateSeed[] {
  const certs: Omit<CertificateSeed, 'certNo' | 'queryCode'>[] = [];
  const demo = new Map([[people.person1, 'person1'], [people.person2, 'person2']]);

  for (const p of people.persons) {
    const planned = plannedCategories(p);
    const single = planned.length === 1 && p.profile !== 'legalRep' && !demo.has(p.key);
    for (const { category, position } of planned) {
      // Status and validity period of the current certificate.
      let status = '01';
      let expiry: string;
      const r = rng.faker.number.float({ min: 0, max: 1 });
      if (demo.get(p.key) === 'person1') expiry = addDays(today, 45); // inside the delay window
      else if (demo.get(p.key) === 'person2') expiry = addDays(today, 420);
      else if (p.profile !== 'legalRep' && r < 0.07) {
        expiry = addDays(today, -rng.int(1, 900));
        status = rng.chance(0.7) ? '05' : '04';
      } else {
        expiry = rng.chance(0.1) ? addDays(today, rng.int(1, DELAY_WINDOW_DAYS - 1)) : addDays(today, rng.int(DELAY_WINDOW_DAYS, 1090));
        if (single && r > 0.885) status = rng.weighted(ODD_STATUSES);
      }
      const issueDate = issueDateFor(expiry);
      expiry = certExpiryDate(issueDate);
      // Version: 1 new, +1 per delay or change; a delay keeps the number (and its year).
      let version = demo.has(p.key) ? 1 : rng.weighted([[1, 60], [2, 30], [3, 10]]);
      let delays = version === 1 ? 0 : rng.chance(0.7) ? version - 1 : version === 3 ? 1 : 0;
      while (delays > 0 && ageOn(p.birthDate, addYears(issueDate, -3 * delays)) < 23) { delays--; version--; }
      const firstIssueDate = addYears(issueDate, -3 * delays);
      certs.push({
        personKey: p.key, entKey: p.entKey ?? p.prevEntKey!, category, position, issueDate, expiryDate: expiry, status, version,
        firstIssueDate, issuingAuthority: ISSUING_AUTHORITY, current: true,
        printCount: status === '01' && issueDate > addDays(today, -20) && rng.chance(0.5) ? 0 : rng.weighted([[1, 9], [2, 1]]),
      });

      // An earlier certificate of the same category that ended (expired, or cancelled before a new exam).
      if (rng.chance(0.5)) {
        const oldIssue = issueDateFor(addDays(firstIssueDate, -rng.int(1, 400)));
        const oldExpiry = certExpiryDate(oldIssue);
        if (ageOn(p.birthDate, oldIssue) >= 23 && yearOf(oldIssue) >= 2008) {
          certs.push({
            personKey: p.key, entKey: p.prevEntKey ?? p.entKey!, category, position, issueDate: oldIssue, expiryDate: oldExpiry,
            status: rng.chance(0.6) ? '05' : '04', version: rng.weighted([[1, 3], [2, 1]]), firstIssueDate: oldIssue,
            issuingAuthority: ISSUING_AUTHORITY, current: false, printCount: 1,
          });
        }
      }
    }
    // C3 holders who once held C2: cancelled (04) when they took C3 (C1/C2 cannot be held with C3).
    if (p.profile === 'c3' && rng.chance(0.12)) {
      const c3 = certs.find((c) => c.personKey === p.key && c.category === 'C3' && c.current)!;
      const oldIssue = notFeb29(addDays(c3.firstIssueDate, -rng.int(400, 900)));
      if (ageOn(p.birthDate, oldIssue) >= 23) {
        certs.push({
          personKey: p.key, entKey: p.prevEntKey ?? p.entKey!, category: 'C2', position: '08', issueDate: oldIssue,
          expiryDate: certExpiryDate(oldIssue), status: '04', version: 1, firstIssueDate: oldIssue,
          issuingAuthority: ISSUING_AUTHORITY, current: false, printCount: 1,
        });
      }
    }
    // People who left the industry: their certificates were cancelled.
    if (p.profile === 'former') {
      const n = rng.int(1, 2);
      const categories: CertCategory[] = rng.shuffle(['A', 'B', 'C3'] as CertCategory[]).slice(0, n);
      for (const category of categories) {
        const issueDate = issueDateFor(addDays(today, rng.int(-1500, 500)));
        const expiry = certExpiryDate(issueDate);
        if (ageOn(p.birthDate, issueDate) < 23) continue;
        certs.push({
          personKey: p.key, entKey: p.prevEntKey!, category, position: category === 'A' ? '02' : category === 'B' ? '07' : '08', issueDate,
          expiryDate: expiry, status: expiry < today ? rng.weighted([['05', 1], ['04', 1]]) : '04', version: 1, firstIssueDate: issueDate,
          issuingAuthority: ISSUING_AUTHORITY, current: false, printCount: 1,
        });
      }
    }
  }

  // Numbers in issue order: per category and year the sequence grows with the first issue date.
  const alloc = new CertNoAllocator(() => rng.int(1, 40), () => rng.int(0, 1500));
  const order = certs.map((_, i) => i).sort((a, b) => certs[a]!.firstIssueDate.localeCompare(certs[b]!.firstIssueDate) || a - b);
  const numbers = new Array<string>(certs.length);
  for (const i of order) numbers[i] = alloc.next(certs[i]!.category, yearOf(certs[i]!.firstIssueDate));
  const usedCodes = new Set<string>();
  return certs.map((c, i) => {
    let queryCode = '';
    while (!queryCode || usedCodes.has(queryCode)) queryCode = rng.urlSafe(16);
    usedCodes.add(queryCode);
    return { ...c, certNo: numbers[i]!, queryCode };
  });
}
