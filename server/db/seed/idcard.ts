/**
 * Resident identity numbers (GB 11643): 6-digit district code (GB/T 2260) + birth date YYYYMMDD +
 * 3-digit sequence (odd = male, even = female) + check character (ISO 7064 MOD 11-2, 'X' for 10).
 * The validator is machines/residentIdNumber.ts; these build numbers for the seed and the tests.
 */
import { idNumberCheckChar } from '../../../machines/residentIdNumber.js';

/** Builds an identity number. birthDate 'YYYY-MM-DD'; seq 0..999 (its parity decides the sex). */
export function makeIdCard(districtCode: string, birthDate: string, seq: number): string {
  if (!/^\d{6}$/.test(districtCode)) throw new Error(`bad district code ${districtCode}`);
  if (!Number.isInteger(seq) || seq < 0 || seq > 999) throw new RangeError(`bad sequence ${seq}`);
  const body = `${districtCode}${birthDate.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return body + idNumberCheckChar(body);
}

/** sys_user_sex of the holder: '0' male (odd 17th digit), '1' female. */
export function sexFromIdCard(idNo: string): '0' | '1' {
  return Number(idNo[16]) % 2 === 1 ? '0' : '1';
}

/** Birth date 'YYYY-MM-DD' from an 18-character identity number. */
export function birthDateFromIdCard(idNo: string): string {
  return `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`;
}
