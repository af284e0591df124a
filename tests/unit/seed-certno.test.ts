import { describe, expect, it } from 'vitest';
import {
  CertNoAllocator,
  certExpiryDate,
  certIssueDateFor,
  formatCertNo,
  GD_CERT_NO_PATTERN,
  parseCertNo,
} from '../../server/db/seed/certNo.js';
import { addYears, ageOn, chinaDate } from '../../server/lib/days.js';

describe('certificate numbers', () => {
  it('formats province + 建安 + category + （year） + 7-digit sequence with full-width brackets', () => {
    expect(formatCertNo('C3', 2023, 1234)).toBe('粤建安C3（2023）0001234');
    expect(formatCertNo('B', 2017, 5125)).toBe('粤建安B（2017）0005125');
    expect(formatCertNo('A', 2020, 1, '湘')).toBe('湘建安A（2020）0000001');
    expect(GD_CERT_NO_PATTERN.test('粤建安C3（2023）0001234')).toBe(true);
    expect(GD_CERT_NO_PATTERN.test('粤建安C3(2023)0001234')).toBe(false);
    expect(() => formatCertNo('A', 2020, 0)).toThrow();
    expect(() => formatCertNo('A', 2020, 10_000_000)).toThrow();
  });

  it('parses numbers back', () => {
    expect(parseCertNo('粤建安C1（2019）0123456')).toEqual({ province: '粤', category: 'C1', year: 2019, seq: 123456 });
    expect(parseCertNo('粤建安D（2019）0123456')).toBeNull();
  });

  it('allocates unique, growing numbers per category and year', () => {
    const alloc = new CertNoAllocator(
      () => 3,
      () => 100,
    );
    expect(alloc.next('C3', 2023)).toBe('粤建安C3（2023）0000103');
    expect(alloc.next('C3', 2023)).toBe('粤建安C3（2023）0000106');
    expect(alloc.next('C3', 2024)).toBe('粤建安C3（2024）0000103');
    expect(alloc.next('B', 2023)).toBe('粤建安B（2023）0000103');
  });
});

describe('validity arithmetic', () => {
  it('expiry = issue + 3 years − 1 day', () => {
    expect(certExpiryDate('2023-01-01')).toBe('2025-12-31');
    expect(certExpiryDate('2023-03-01')).toBe('2026-02-28');
    expect(certExpiryDate('2024-03-01')).toBe('2027-02-28');
    expect(certExpiryDate('2024-02-29')).toBe('2027-02-28');
    expect(certExpiryDate('2021-03-01')).toBe('2024-02-29');
    expect(certExpiryDate('2023-07-15')).toBe('2026-07-14');
  });

  it('issue date for a wanted expiry is the inverse', () => {
    for (const e of ['2026-07-14', '2027-02-28', '2024-02-29', '2025-12-31', '2026-01-01']) {
      expect(certExpiryDate(certIssueDateFor(e))).toBe(e);
    }
  });

  it('date helpers', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(chinaDate(new Date('2026-03-14T16:30:00Z'))).toBe('2026-03-15');
  });
});
