/** District names as lists show them (广州市天河区), read from sys_district (~140 rows) once per dictionaries' version. */
import type { DbOrTx } from '../../db/client.js';
import { sysDistrict } from '../../db/schema.js';
import { keptForDictionaries } from '../../lib/requestScope.js';

export interface DistrictNames {
  /** 广州市天河区 for a county, 广州市 for a city; the code itself when unknown. */
  of(code: string | null | undefined): string;
  /** The city of a code (4401xx → 440100). */
  cityOf(code: string): string;
}

export const cityCodeOf = (code: string): string => `${code.slice(0, 4)}00`;

export function loadDistrictNames(db: DbOrTx): Promise<DistrictNames> {
  return keptForDictionaries('districts', () => readDistrictNames(db));
}

async function readDistrictNames(db: DbOrTx): Promise<DistrictNames> {
  const rows = await db
    .select({
      code: sysDistrict.code,
      name: sysDistrict.name,
      parentCode: sysDistrict.parentCode,
      level: sysDistrict.level,
    })
    .from(sysDistrict);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const full = new Map<string, string>();
  for (const r of rows) {
    const parent = r.level === 3 && r.parentCode ? byCode.get(r.parentCode) : undefined;
    full.set(r.code, parent ? `${parent.name}${r.name}` : r.name);
  }
  return {
    of: (code) => (code ? (full.get(code) ?? code) : ''),
    cityOf: cityCodeOf,
  };
}
