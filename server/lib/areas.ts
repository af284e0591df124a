/**
 * The centres by area (enterpriseOwnership 1 Guangzhou-type, 2 Shenzhen-type, 3 provincial:
 * DOMAIN.md "Areas"), by the names of their departments (the seed creates them with these names):
 * what exports, messages and tickets write.
 */
export const AREA_CENTRES: Readonly<Record<string, string>> = {
  '1': '广州区域中心',
  '2': '深圳区域中心',
  '3': '省中心',
};

/** The centre of an area, or the code itself when it is none of the three. */
export const areaCentre = (area: string): string => AREA_CENTRES[area] ?? area;

/** The province's division code: as a district filter, everything. */
export const GUANGDONG_CODE = '440000';
