/**
 * The national electronic-certificate identifier of a certificate: the OID arc of the national
 * electronic-certificate standard (1.2.156.3005.2), the issuing province (440000), the category
 * and the number's year and sequence, and a check character by GB/T 17710 (ISO/IEC 7064, the
 * hybrid MOD 37,36 system, which checks letters and digits alike). It is derived from the number,
 * so it never changes through delays and changes, like the number itself.
 */
import { parseCertNo } from '../../db/seed/certNo.js';
import { GUANGDONG_CODE } from '../../lib/areas.js';

export const ECERT_OID = '1.2.156.3005.2';
const CATEGORY_CODE: Record<string, string> = { A: '1', B: '2', C: '3', C1: '31', C2: '32', C3: '33' };
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GB/T 17710 (ISO/IEC 7064) hybrid MOD 37,36 check character of the letters and digits of `text`. */
export function mod3736CheckChar(text: string): string {
  const M = 36;
  let p = M;
  for (const ch of text.toUpperCase().replace(/[^0-9A-Z]/g, '')) {
    const value = ALPHABET.indexOf(ch);
    let s = (p % (M + 1)) + value;
    s = s % M || M;
    p = (s * 2) % (M + 1);
  }
  return ALPHABET[(M + 1 - p) % M]!;
}

/** True when the identifier's last character is its check character. */
export function isValidECertId(id: string): boolean {
  const body = id.slice(0, -1).replace(/\.$/, '');
  return id.length > 1 && mod3736CheckChar(body) === id.slice(-1);
}

/** 1.2.156.3005.2.440000.33.2023.0001234.K for 粤建安C3（2023）0001234; null for a number of another format. */
export function eCertIdOf(certNo: string): string | null {
  const parsed = parseCertNo(certNo);
  if (!parsed) return null;
  const body = [
    ECERT_OID,
    GUANGDONG_CODE,
    CATEGORY_CODE[parsed.category] ?? '9',
    String(parsed.year),
    String(parsed.seq).padStart(7, '0'),
  ].join('.');
  return `${body}.${mod3736CheckChar(body)}`;
}
