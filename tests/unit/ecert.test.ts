import { describe, expect, it } from 'vitest';
import { eCertIdOf, isValidECertId, mod3736CheckChar } from '../../server/modules/certificate/ecert.js';

describe('national electronic-certificate identifier', () => {
  it('computes the GB/T 17710 (ISO/IEC 7064 MOD 37,36) check character', () => {
    // The standard's worked example: A12425GABC1234002 → M.
    expect(mod3736CheckChar('A12425GABC1234002')).toBe('M');
  });

  it('derives the identifier from the certificate number, under the national OID arc', () => {
    const id = eCertIdOf('粤建安C3（2023）0001234')!;
    expect(id.startsWith('1.2.156.3005.2.440000.33.2023.0001234.')).toBe(true);
    expect(isValidECertId(id)).toBe(true);
    expect(eCertIdOf('粤建安B（2017）0005125')).toMatch(/^1\.2\.156\.3005\.2\.440000\.2\.2017\.0005125\.[0-9A-Z]$/);
    expect(eCertIdOf('not a number')).toBeNull();
  });

  it('catches a changed digit', () => {
    const id = eCertIdOf('粤建安C3（2023）0001234')!;
    expect(isValidECertId(id.replace('0001234', '0001243'))).toBe(false);
  });
});
