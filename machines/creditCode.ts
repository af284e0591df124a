/**
 * Unified social credit codes (统一社会信用代码, GB 32100-2015), 18 characters: registration
 * authority, organisation type, 6-digit address code, 9-character organisation code, check
 * character. Alphabet: digits and capital letters without I, O, Z, S, V. The one validator of
 * registration and every enterprise form and import; pure, so the browser's forms and the server
 * answer alike.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters (GB 32100 §4.4: MOD 31). */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new Error('a credit code body has 17 characters');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_ALPHABET.indexOf(first17[i]!);
    if (v < 0) throw new Error(`character ${first17[i]} is not allowed in a credit code`);
    sum += v * WEIGHTS[i]!;
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

export type CreditCodeFault = 'shape' | 'checkChar';
export type CreditCodeCheck = { ok: true; value: string } | { ok: false; fault: CreditCodeFault };

/** As typed: blanks around it dropped, lower-case letters read (and stored) as capitals. */
export const normalizeCreditCode = (raw: string): string => raw.trim().toUpperCase();

const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export function checkCreditCode(raw: string): CreditCodeCheck {
  const code = normalizeCreditCode(raw);
  if (!SHAPE.test(code)) return { ok: false, fault: 'shape' };
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) return { ok: false, fault: 'checkChar' };
  return { ok: true, value: code };
}

export const isValidCreditCode = (raw: string): boolean => checkCreditCode(raw).ok;

/** The refusal of a fault, naming the field: "统一社会信用代码校验位不正确，请核对代码". */
export function creditCodeMessage(label: string, fault: CreditCodeFault): string {
  switch (fault) {
    case 'shape':
      return `${label}应为 18 位数字或大写字母（不含 I、O、Z、S、V），第 3–8 位为行政区划代码`;
    case 'checkChar':
      return `${label}校验位不正确，请核对代码`;
  }
}
