/**
 * Unified social credit codes (GB 32100-2015), 18 characters:
 * 1 registration authority (9 = market regulation), 1 organisation type (1 = enterprise),
 * 6 district code, 9 organisation code (GB 11714, with its own check character), 1 check character.
 * Alphabet: digits and capital letters without I, O, Z, S, V.
 * The validator is machines/creditCode.ts; these build codes for the seed and the tests.
 */
import { CREDIT_CODE_ALPHABET, creditCodeCheckChar } from '../../../machines/creditCode.js';

export { CREDIT_CODE_ALPHABET };
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;

/** GB 11714 organisation-code check character of its first 8 characters (digits or letters A=10 … Z=35). */
export function orgCodeCheckChar(first8: string): string {
  if (!/^[0-9A-Z]{8}$/.test(first8)) throw new Error('an organisation code body has 8 digits or capital letters');
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += parseInt(first8[i]!, 36) * ORG_WEIGHTS[i]!;
  const c = 11 - (sum % 11);
  return c === 10 ? 'X' : c === 11 ? '0' : String(c);
}

/** A credit code of an enterprise registered in districtCode with an 8-digit organisation-code body. */
export function makeCreditCode(districtCode: string, orgBody8: string, authority = '9', orgType = '1'): string {
  if (!/^\d{6}$/.test(districtCode)) throw new Error(`bad district code ${districtCode}`);
  const org = orgBody8 + orgCodeCheckChar(orgBody8);
  const body = `${authority}${orgType}${districtCode}${org}`;
  return body + creditCodeCheckChar(body);
}
