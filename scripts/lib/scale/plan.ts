/** How many rows of each kind the benchmark dataset of DOMAIN.md "Scale" has, at a scale factor. */
export interface ScalePlan {
  scale: number;
  enterprises: number;
  persons: number;
  certificates: number;
  education: number;
  applications: number;
  examBatches: number;
  examResults: number;
  punishments: number;
  checkRecords: number;
}

/** DOMAIN.md: 50,000 enterprises, 1,000,000 persons, 2,000,000 certificates (40 % valid), 3,000,000 continuing-education rows, 500,000 applications. */
export function planOf(scale: number): ScalePlan {
  if (!(scale > 0) || scale > 10) throw new Error(`--scale must be above 0 and at most 10 (got ${scale})`);
  const n = (full: number, min = 1) => Math.max(min, Math.round(full * scale));
  return {
    scale,
    enterprises: n(50_000, 30),
    persons: n(1_000_000, 300),
    certificates: n(2_000_000, 600),
    education: n(3_000_000, 900),
    applications: n(500_000, 150),
    examBatches: n(2_000, 20),
    examResults: n(300_000, 90),
    /** Warnings, fines and points on valid certificates; every suspended, revoked or withdrawn certificate has its punishment besides. */
    punishments: n(20_000, 10),
    checkRecords: n(400_000, 120),
  };
}

/** The share of certificates that are valid (status 01). */
export const VALID_SHARE = 0.4;
