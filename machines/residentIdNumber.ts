/**
 * Resident identity numbers (公民身份号码, GB 11643-1999): 6-digit address code (GB/T 2260, its first
 * two digits a province-level code), birth date YYYYMMDD, 3-digit sequence (odd = male), check
 * character (ISO 7064 MOD 11-2, X for 10). The one validator of every route, form and import that
 * takes an identity number; pure, so the browser's forms and the server answer alike.
 *
 * Only the province level of the address code is checked: numbers keep the county code of the
 * day they were issued, and many of those counties have since been merged or renamed.
 */

/** Province-level codes: GB/T 2260's 31 provinces, 71 Taiwan, 81 Hong Kong, 82 Macao, and 83 of the Taiwan residents' residence permit (2018). */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

/** The check character of the first 17 digits. */
export function idNumberCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new Error('the first 17 characters of an identity number must be digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

function isRealDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export type IdNumberFault = 'shape' | 'region' | 'birthDate' | 'future' | 'checkChar';

export type IdNumberCheck =
  | { ok: true; value: string; birthDate: string; sex: '0' | '1' }
  | { ok: false; fault: IdNumberFault };

/** As typed: blanks around it dropped, a lower-case x read (and stored) as X. */
export const normalizeIdNumber = (raw: string): string => raw.trim().toUpperCase();

/**
 * Checks an identity number against `today` (YYYY-MM-DD, China day): 18 characters, a province
 * code, a real birth date from 1800 on and not after today, and the check character.
 */
export function checkIdNumber(raw: string, today: string): IdNumberCheck {
  const id = normalizeIdNumber(raw);
  if (!/^\d{17}[\dX]$/.test(id)) return { ok: false, fault: 'shape' };
  if (!PROVINCE_CODES.has(id.slice(0, 2))) return { ok: false, fault: 'region' };
  const [y, m, d] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  if (y < 1800 || !isRealDay(y, m, d)) return { ok: false, fault: 'birthDate' };
  const birthDate = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (birthDate > today) return { ok: false, fault: 'future' };
  if (idNumberCheckChar(id.slice(0, 17)) !== id[17]) return { ok: false, fault: 'checkChar' };
  return { ok: true, value: id, birthDate, sex: Number(id[16]) % 2 === 1 ? '0' : '1' };
}

export const isValidIdNumber = (raw: string, today: string): boolean => checkIdNumber(raw, today).ok;

/** The refusal of a fault, naming the field: "身份证号码校验位不正确，请核对号码". */
export function idNumberMessage(label: string, fault: IdNumberFault): string {
  switch (fault) {
    case 'shape':
      return `${label}应为 18 位：17 位数字加 1 位数字或 X`;
    case 'region':
      return `${label}前两位不是有效的省级行政区划代码`;
    case 'birthDate':
      return `${label}中的出生日期不是有效日期`;
    case 'future':
      return `${label}中的出生日期晚于今天`;
    case 'checkChar':
      return `${label}校验位不正确，请核对号码`;
  }
}

/**
 * A number of any identity document (证件号码) as a look-up or an import gives it: one written only
 * in digits (a final X allowed) is a resident identity number and must pass {@link checkIdNumber};
 * a number with letters is another document's (passport, permit) and is left to the caller's format.
 */
export function checkDocumentNumber(raw: string, today: string): IdNumberCheck | { ok: true; value: string } {
  const value = normalizeIdNumber(raw);
  return /^\d+X?$/.test(value) ? checkIdNumber(value, today) : { ok: true, value };
}
