/**
 * Resident identity numbers (GB 11643): 6-digit district code (GB/T 2260) + birth date YYYYMMDD +
 * 3-digit sequence (odd = male, even = female) + check character (ISO 7064 MOD 11-2, 'X' for 10).
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

export function idCardCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('the first 17 characters of an identity number must be digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

function isRealDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1800 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Format, birth date and check character of an 18-character identity number ('x' accepted as 'X'). */
export function isValidIdCard(idNo: string): boolean {
  const id = idNo.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!isRealDate(id.slice(6, 14))) return false;
  return idCardCheckChar(id.slice(0, 17)) === id[17];
}

/** Builds an identity number. birthDate 'YYYY-MM-DD'; seq 0..999 (its parity decides the sex). */
export function makeIdCard(districtCode: string, birthDate: string, seq: number): string {
  if (!/^\d{6}$/.test(districtCode)) throw new Error(`bad district code ${districtCode}`);
  if (!Number.isInteger(seq) || seq < 0 || seq > 999) throw new RangeError(`bad sequence ${seq}`);
  const body = `${districtCode}${birthDate.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  return body + idCardCheckChar(body);
}

/** sys_user_sex of the holder: '0' male (odd 17th digit), '1' female. */
export function sexFromIdCard(idNo: string): '0' | '1' {
  return Number(idNo[16]) % 2 === 1 ? '0' : '1';
}

/** Birth date 'YYYY-MM-DD' from an 18-character identity number. */
export function birthDateFromIdCard(idNo: string): string {
  return `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`;
}
