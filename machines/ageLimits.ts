/**
 * Age limits to the day (DOMAIN.md "Delay" check 5, and the new-certificate age rule): a holder is
 * over a limit from the day after the birthday that reaches it (B 65, C 60), and an A holder other
 * than the 法定代表人 from the day after the statutory retirement date.
 *
 * The retirement age follows the 2024 decision of the NPC Standing Committee (全国人民代表大会常务委员会
 * 关于实施渐进式延迟法定退休年龄的决定, in force 2025-01-01) and its annexed tables: men 60 and women
 * whose original age was 55 gain one month for every four months of birth, from those born in January
 * 1965 (men) and January 1970 (women), up to 63 and 58 (36 months, reached by those born from
 * September 1976 and September 1981). Ages are counted as the civil code counts periods of years and
 * months (民法典 第二百零二条): the period ends on the corresponding day of the last month, or on that
 * month's last day when it has none (born 31 August + 4 months → 31 December; 29 February → 28 February).
 *
 * Pure and shared: the delay-eligibility machine, the server's rules and the tests use these.
 */

export type Sex = '0' | '1';

/** Who a limit applies to: the category of the certificate, and whether an A holder is the 法定代表人 (no limit). */
export interface AgeLimitSubject {
  birthDate: string;
  /** sys_user_sex: '0' male, '1' female. */
  sex: string;
  category: string;
  isLegalRepresentative: boolean;
}

/** B and C limits in whole years (sys_config biz.age.max.B / .C). */
export interface YearLimits {
  B: number;
  C: number;
}

export const DEFAULT_YEAR_LIMITS: YearLimits = { B: 65, C: 60 };

/** The original statutory retirement ages in years (men 60, women 55) and their final ones (63, 58). */
export const ORIGINAL_RETIREMENT_YEARS: Record<Sex, number> = { '0': 60, '1': 55 };
const RAISE_FROM_BIRTH_YEAR: Record<Sex, number> = { '0': 1965, '1': 1970 };
const MONTHS_OF_BIRTH_PER_MONTH_OF_RAISE = 4;
const MAX_RAISE_MONTHS = 36;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A day plus whole months; a day the target month lacks becomes that month's last day (民法典 第二百零二条). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return `${pad(ty, 4)}-${pad(tm)}-${pad(Math.min(d, daysInMonth(ty, tm)))}`;
}

const sexOf = (sex: string): Sex => (sex === '1' ? '1' : '0');

/** Months by which the 2024 decision raises the retirement age of a person born on `birthDate` (0 to 36). */
export function retirementRaiseMonths(birthDate: string, sex: string): number {
  const [y, m] = parts(birthDate);
  const monthsSinceStart = (y - RAISE_FROM_BIRTH_YEAR[sexOf(sex)]) * 12 + (m - 1);
  if (monthsSinceStart < 0) return 0;
  return Math.min(MAX_RAISE_MONTHS, Math.floor(monthsSinceStart / MONTHS_OF_BIRTH_PER_MONTH_OF_RAISE) + 1);
}

/** The statutory retirement age in months (60 years 3 months = 723). */
export function retirementAgeMonths(birthDate: string, sex: string): number {
  return ORIGINAL_RETIREMENT_YEARS[sexOf(sex)] * 12 + retirementRaiseMonths(birthDate, sex);
}

/** The day the person reaches the statutory retirement age: the last day within it. */
export function retirementDate(birthDate: string, sex: string): string {
  return addMonthsToDay(birthDate, retirementAgeMonths(birthDate, sex));
}

/** "60 岁 3 个月" / "63 岁" of an age in months. */
export function yearsAndMonthsText(months: number): string {
  const y = Math.floor(months / 12);
  const m = months % 12;
  return m ? `${y} 岁 ${m} 个月` : `${y} 岁`;
}

/** The limit of a category: a number of years, the retirement age, or none (the A 法定代表人). */
export type AgeLimit = { kind: 'years'; years: number } | { kind: 'retirement'; months: number } | null;

export function ageLimitOf(subject: AgeLimitSubject, limits: YearLimits = DEFAULT_YEAR_LIMITS): AgeLimit {
  if (subject.category === 'B') return { kind: 'years', years: limits.B };
  if (subject.category.startsWith('C')) return { kind: 'years', years: limits.C };
  if (subject.isLegalRepresentative) return null;
  return { kind: 'retirement', months: retirementAgeMonths(subject.birthDate, subject.sex) };
}

/** The last day on which the subject is within the limit (the birthday reaching it, or the retirement date); null when no limit applies. */
export function lastDayWithinAgeLimit(
  subject: AgeLimitSubject,
  limits: YearLimits = DEFAULT_YEAR_LIMITS,
): string | null {
  const limit = ageLimitOf(subject, limits);
  if (!limit) return null;
  return addMonthsToDay(subject.birthDate, limit.kind === 'years' ? limit.years * 12 : limit.months);
}

/** Over the limit on `today`: from the day after the last day within it. */
export function isOverAgeLimit(
  subject: AgeLimitSubject,
  today: string,
  limits: YearLimits = DEFAULT_YEAR_LIMITS,
): boolean {
  const last = lastDayWithinAgeLimit(subject, limits);
  return last !== null && today > last;
}

/** The limit in words for a refusal: "B 类证书年龄上限 65 岁（2026-05-10 届满）". */
export function ageLimitText(subject: AgeLimitSubject, limits: YearLimits = DEFAULT_YEAR_LIMITS): string {
  const limit = ageLimitOf(subject, limits);
  const last = lastDayWithinAgeLimit(subject, limits);
  if (!limit || !last) return '';
  return limit.kind === 'years'
    ? `${subject.category} 类证书年龄上限 ${limit.years} 岁（${last} 届满）`
    : `A 类证书至法定退休年龄 ${yearsAndMonthsText(limit.months)}（${last} 届满）`;
}
