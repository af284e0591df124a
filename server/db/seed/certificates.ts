/**
 * ~900 certificates. Each person gets the certificates of their profile ("current" ones) and some get an older,
 * ended certificate of the same or a conflicting category ("historical"). Holding rules of DOMAIN.md hold for
 * every current certificate whatever its status: one 法定代表人 A per enterprise, at most one A, one B and one
 * C3 per person, no C1/C2 together with C3, all at the person's current enterprise.
 */
import type { CertificateEvent } from '../../../machines/certificate.machine.js';
import { CertNoAllocator, certExpiryDate, certIssueDateFor, type CertCategory } from './certNo.js';
import { ISSUING_AUTHORITY } from './dictionaries.js';
import type { PeopleData, PersonSeed } from './people.js';
import type { Rng } from './rng.js';
import { addDays, addYears, ageOn, chinaDayStart, daysBetween, yearOf } from '../../lib/days.js';

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
  /** Its life as the certificate machine takes it (certificateLife): delays, changes, and how it ended. */
  life: LifePlan;
}

/** How a seeded certificate lived: issued on firstIssueDate, delayed `delays` times, changed on `changeDays`, then ended (or not). */
export interface LifePlan {
  delays: number;
  changeDays: string[];
  end: { event: 'EXPIRE' } | { event: 'CANCEL' | 'TRANSFER_OUT' | 'EXPIRE_CANCEL'; day: string } | null;
}

/** A number in 0 … span−1 that follows from `key` (no draw of the generator: the rest of the demo stays as it was). */
const spread = (key: number, span: number): number => (span <= 0 ? 0 : (key * 7919 + 104_729) % span);

/** A day between `from` and `to` inclusive, chosen by `key` (from when the span is empty). */
const dayBetween = (from: string, to: string, key: number): string =>
  addDays(from, spread(key, daysBetween(from, to) + 1));

/** The plan of a seeded certificate's life, its version following from it (1 + delays + changes). */
function lifePlan(
  key: number,
  status: string,
  validFrom: string,
  expiry: string,
  firstIssue: string,
  wantedVersion: number,
  today: string,
  ended: { cancelOn?: string; cancelBy?: string } = {},
): { life: LifePlan; version: number } {
  const delays = Math.round(daysBetween(firstIssue, validFrom) / 365.25 / 3);
  // A later version was decided some weeks before its validity began (certificateLife): a change comes after that.
  const lastDecision = delays > 0 ? addDays(validFrom, -(20 + ((key * 7) % 40))) : validFrom;
  const changeFrom = addDays(lastDecision, 30);
  const changeTo = [addDays(today, -1), addDays(expiry, -1)].sort()[0]!;
  const changes =
    wantedVersion - 1 - delays > 0 && changeFrom <= changeTo ? [dayBetween(changeFrom, changeTo, key)] : [];
  const lastChange = changes.at(-1) ?? lastDecision;
  let end: LifePlan['end'] = null;
  if (status === '05') end = { event: 'EXPIRE' };
  else if (status === '04' && ended.cancelOn) end = { event: 'CANCEL', day: ended.cancelOn };
  else if (status === '04' && expiry < today)
    end = {
      event: 'EXPIRE_CANCEL',
      day: dayBetween(addDays(expiry, 1), [today, ended.cancelBy ?? today].sort()[0]!, key),
    };
  else if (status === '04' || status === '06')
    end = {
      event: status === '04' ? 'CANCEL' : 'TRANSFER_OUT',
      day: dayBetween(addDays(lastChange, 1), today, key + 1),
    };
  return { life: { delays, changeDays: changes, end }, version: 1 + delays + changes.length };
}

/** A moment of a China day (10:00) for a history row. */
const momentOf = (day: string): Date => new Date(chinaDayStart(day).getTime() + 10 * 3_600_000);

/**
 * The certificate machine's events of a seeded certificate's life, each with its moment: its issue,
 * its delays (decided 20–60 days before each new validity), its changes, and how it ended. The
 * loader (server/modules/certificate/writer.ts loadCertificates) runs them through the machine.
 */
export function certificateLife(
  c: CertificateSeed,
  personId: number,
  enterpriseId: number,
): { event: CertificateEvent; at: Date }[] {
  const steps: { event: CertificateEvent; at: Date }[] = [];
  const codeOf = (version: number, of: number) => (version === of ? c.queryCode : `${c.queryCode}-${version}`);
  const total = c.version;
  let version = 1;
  steps.push({
    at: momentOf(c.firstIssueDate),
    event: {
      type: 'ISSUE',
      certNo: c.certNo,
      category: c.category,
      personId,
      enterpriseId,
      position: c.position,
      issueDate: c.firstIssueDate,
      validFrom: c.firstIssueDate,
      expiryDate: certExpiryDate(c.firstIssueDate),
      queryCode: codeOf(version, total),
      acceptedOn: null,
    },
  });
  let validFrom = c.firstIssueDate;
  for (let k = 0; k < c.life.delays; k++) {
    const next = addYears(validFrom, 3);
    const decided = addDays(next, -(20 + ((c.personKey * 7) % 40)));
    version += 1;
    steps.push({
      at: momentOf(decided),
      event: {
        type: 'DELAY',
        validFrom: next,
        expiryDate: certExpiryDate(next),
        issueDate: decided,
        queryCode: codeOf(version, total),
      },
    });
    validFrom = next;
  }
  for (const day of c.life.changeDays) {
    version += 1;
    steps.push({ at: momentOf(day), event: { type: 'CHANGE', issueDate: day, queryCode: codeOf(version, total) } });
  }
  const end = c.life.end;
  if (end?.event === 'EXPIRE' || end?.event === 'EXPIRE_CANCEL') {
    const day = addDays(c.expiryDate, 1);
    steps.push({ at: momentOf(day), event: { type: 'EXPIRE', today: day } });
  }
  if (end && end.event !== 'EXPIRE')
    steps.push({ at: momentOf(end.day), event: { type: end.event === 'TRANSFER_OUT' ? 'TRANSFER_OUT' : 'CANCEL' } });
  return steps;
}

/** Delay window (days before expiry) used to spread expiry dates; the configured default of biz.delay.windowDays. */
export const DELAY_WINDOW_DAYS = 90;
/**
 * Status codes a current certificate can have besides 01 and the expired ones: 注销 and 转出. The
 * punished ones (02 暂扣, 03 撤销, 07 吊销) come with their punishments (server/demo/credit.ts), so that
 * none is without a 暂扣 in force behind it.
 */
const ODD_STATUSES: ReadonlyArray<readonly [string, number]> = [
  ['04', 6],
  ['06', 5.5],
];

/**
 * Issue date for a validity ending about `expiry`, never on 29 February: there the conventions differ
 * (+3 years lands on 28 February in PostgreSQL and dayjs, on 1 March in plain Date arithmetic).
 */
const notFeb29 = (date: string): string => (date.endsWith('-02-29') ? addDays(date, 1) : date);
const issueDateFor = (expiry: string): string => notFeb29(certIssueDateFor(expiry));

function plannedCategories(p: PersonSeed): Array<{ category: CertCategory; position: string }> {
  switch (p.profile) {
    case 'legalRep':
      return [{ category: 'A', position: '01' }];
    case 'manager':
      return [{ category: 'A', position: p.position }];
    case 'managerB':
      return [
        { category: 'A', position: p.position },
        { category: 'B', position: '07' },
      ];
    case 'b':
      return [{ category: 'B', position: '07' }];
    case 'c3':
      return [{ category: 'C3', position: '08' }];
    case 'c12':
      return p.cCategories.map((category) => ({ category, position: '08' }));
    default:
      return [];
  }
}

export function buildCertificates(rng: Rng, today: string, people: PeopleData): CertificateSeed[] {
  const certs: Omit<CertificateSeed, 'certNo' | 'queryCode'>[] = [];
  const demo = new Map([
    [people.person1, 'person1'],
    [people.person2, 'person2'],
  ]);

  for (const p of people.persons) {
    const planned = plannedCategories(p);
    const single = planned.length === 1 && p.profile !== 'legalRep' && !demo.has(p.key);
    for (const { category, position } of planned) {
      // Status and validity period of the current certificate.
      let status = '01';
      let expiry: string;
      const r = rng.faker.number.float({ min: 0, max: 1 });
      if (demo.get(p.key) === 'person1')
        expiry = addDays(today, 45); // inside the delay window
      else if (demo.get(p.key) === 'person2') expiry = addDays(today, 420);
      else if (p.profile !== 'legalRep' && r < 0.07) {
        expiry = addDays(today, -rng.int(1, 900));
        status = rng.chance(0.7) ? '05' : '04';
      } else {
        expiry = rng.chance(0.1)
          ? addDays(today, rng.int(1, DELAY_WINDOW_DAYS - 1))
          : addDays(today, rng.int(DELAY_WINDOW_DAYS, 1090));
        if (single && r > 0.885) status = rng.weighted(ODD_STATUSES);
      }
      const issueDate = issueDateFor(expiry);
      expiry = certExpiryDate(issueDate);
      // Version: 1 new, +1 per delay or change; a delay keeps the number (and its year).
      let version = demo.has(p.key)
        ? 1
        : rng.weighted([
            [1, 60],
            [2, 30],
            [3, 10],
          ]);
      let delays = version === 1 ? 0 : rng.chance(0.7) ? version - 1 : version === 3 ? 1 : 0;
      while (delays > 0 && ageOn(p.birthDate, addYears(issueDate, -3 * delays)) < 23) {
        delays--;
        version--;
      }
      const firstIssueDate = addYears(issueDate, -3 * delays);
      const planned = lifePlan(p.key, status, issueDate, expiry, firstIssueDate, version, today);
      certs.push({
        personKey: p.key,
        entKey: p.entKey ?? p.prevEntKey!,
        category,
        position,
        issueDate,
        expiryDate: expiry,
        status,
        version: planned.version,
        firstIssueDate,
        issuingAuthority: ISSUING_AUTHORITY,
        current: true,
        life: planned.life,
        printCount:
          status === '01' && issueDate > addDays(today, -20) && rng.chance(0.5)
            ? 0
            : rng.weighted([
                [1, 9],
                [2, 1],
              ]),
      });

      // An earlier certificate of the same category that ended (expired, or cancelled before a new exam).
      if (rng.chance(0.5)) {
        const oldIssue = issueDateFor(addDays(firstIssueDate, -rng.int(1, 400)));
        const oldExpiry = certExpiryDate(oldIssue);
        if (ageOn(p.birthDate, oldIssue) >= 23 && yearOf(oldIssue) >= 2008) {
          const status = rng.chance(0.6) ? '05' : '04';
          // Cancelled (注销) before the new certificate was issued (DOMAIN.md "New certificate").
          const planned = lifePlan(
            p.key + 1,
            status,
            oldIssue,
            oldExpiry,
            oldIssue,
            rng.weighted([
              [1, 3],
              [2, 1],
            ]),
            today,
            { cancelBy: addDays(firstIssueDate, -1) },
          );
          certs.push({
            personKey: p.key,
            entKey: p.prevEntKey ?? p.entKey!,
            category,
            position,
            issueDate: oldIssue,
            expiryDate: oldExpiry,
            status,
            version: planned.version,
            firstIssueDate: oldIssue,
            life: planned.life,
            issuingAuthority: ISSUING_AUTHORITY,
            current: false,
            printCount: 1,
          });
        }
      }
    }
    // C3 holders who once held C2: cancelled (04) when they took C3 (C1/C2 cannot be held with C3).
    if (p.profile === 'c3' && rng.chance(0.12)) {
      const c3 = certs.find((c) => c.personKey === p.key && c.category === 'C3' && c.current)!;
      const oldIssue = notFeb29(addDays(c3.firstIssueDate, -rng.int(400, 900)));
      if (ageOn(p.birthDate, oldIssue) >= 23) {
        const expiryDate = certExpiryDate(oldIssue);
        // Cancelled the day before the C3 was issued, or (when it had already expired) once it had.
        const cancelOn = expiryDate >= addDays(c3.firstIssueDate, -1) ? addDays(c3.firstIssueDate, -1) : undefined;
        const planned = lifePlan(p.key + 2, '04', oldIssue, expiryDate, oldIssue, 1, today, {
          cancelOn,
          cancelBy: addDays(c3.firstIssueDate, -1),
        });
        certs.push({
          personKey: p.key,
          entKey: p.prevEntKey ?? p.entKey!,
          category: 'C2',
          position: '08',
          issueDate: oldIssue,
          expiryDate,
          status: '04',
          version: planned.version,
          firstIssueDate: oldIssue,
          life: planned.life,
          issuingAuthority: ISSUING_AUTHORITY,
          current: false,
          printCount: 1,
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
        const status =
          expiry < today
            ? rng.weighted([
                ['05', 1],
                ['04', 1],
              ])
            : '04';
        const planned = lifePlan(p.key + 3, status, issueDate, expiry, issueDate, 1, today);
        certs.push({
          personKey: p.key,
          entKey: p.prevEntKey!,
          category,
          position: category === 'A' ? '02' : category === 'B' ? '07' : '08',
          issueDate,
          expiryDate: expiry,
          status,
          version: planned.version,
          firstIssueDate: issueDate,
          life: planned.life,
          issuingAuthority: ISSUING_AUTHORITY,
          current: false,
          printCount: 1,
        });
      }
    }
  }

  // Numbers in issue order: per category and year the sequence grows with the first issue date.
  const alloc = new CertNoAllocator(
    () => rng.int(1, 40),
    () => rng.int(0, 1500),
  );
  const order = certs
    .map((_, i) => i)
    .sort((a, b) => certs[a]!.firstIssueDate.localeCompare(certs[b]!.firstIssueDate) || a - b);
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
