/**
 * Certificate numbers and validity (DOMAIN.md): province abbreviation + 建安 + category + （year） + 7-digit
 * sequence restarting each year per category, e.g. 粤建安C3（2023）0001234 (full-width brackets).
 * Validity is 3 years: expiry = issue + 3 years − 1 day.
 */
import { addDays, addYears } from '../../lib/days.js';
import { statutoryExpiryOf } from '../../../machines/certificate.machine.js';

export const CERT_CATEGORIES = ['A', 'B', 'C1', 'C2', 'C3'] as const;
export type CertCategory = (typeof CERT_CATEGORIES)[number];

export const CERT_VALIDITY_YEARS = 3;

/** Any province's number; group 1 province, 2 category, 3 year, 4 sequence. */
export const CERT_NO_PATTERN = /^([\u4e00-\u9fa5])建安(A|B|C1|C2|C3|C)（(\d{4})）(\d{7})$/;
/** A Guangdong number of one of the five categories. */
export const GD_CERT_NO_PATTERN = /^粤建安(A|B|C1|C2|C3)（(\d{4})）(\d{7})$/;

export function formatCertNo(category: CertCategory, year: number, seq: number, province = '粤'): string {
  if (!Number.isInteger(seq) || seq < 1 || seq > 9_999_999)
    throw new RangeError(`certificate sequence out of range: ${seq}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999)
    throw new RangeError(`certificate year out of range: ${year}`);
  return `${province}建安${category}（${year}）${String(seq).padStart(7, '0')}`;
}

export function parseCertNo(certNo: string): { province: string; category: string; year: number; seq: number } | null {
  const m = CERT_NO_PATTERN.exec(certNo);
  if (!m) return null;
  return { province: m[1]!, category: m[2]!, year: Number(m[3]), seq: Number(m[4]) };
}

/** Expiry of a certificate valid from `issueDate`: the certificate machine's rule (the day before start + 3 years). */
export function certExpiryDate(issueDate: string, years = CERT_VALIDITY_YEARS): string {
  return statutoryExpiryOf(issueDate, years);
}

/** Issue date whose validity ends on expiryDate; exact except for 28 February of a leap year (no issue date ends there: its result ends on the 29th). */
export function certIssueDateFor(expiryDate: string, years = CERT_VALIDITY_YEARS): string {
  return addYears(addDays(expiryDate, 1), -years);
}

/**
 * Hands out unique numbers per category and year. Sequences start at a realistic offset and grow by
 * small steps (numbers issued to people outside the demo data fill the gaps).
 */
export class CertNoAllocator {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly step: (key: string) => number = () => 1,
    private readonly start: (key: string) => number = () => 0,
  ) {}

  next(category: CertCategory, year: number): string {
    const key = `${category}-${year}`;
    const prev = this.last.get(key) ?? this.start(key);
    const seq = prev + Math.max(1, Math.floor(this.step(key)));
    this.last.set(key, seq);
    return formatCertNo(category, year, seq);
  }
}
