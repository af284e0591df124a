/**
 * The centres by area (enterpriseOwnership 1 Guangzhou-type, 2 Shenzhen-type, 3 provincial:
 * DOMAIN.md "Areas"), named as their departments are: what exports, messages and tickets write.
 */
import { DEPT_GZ, DEPT_PROV, DEPT_SZ } from '../db/seed/organisation.js';

export const AREA_CENTRES: Readonly<Record<string, string>> = { '1': DEPT_GZ, '2': DEPT_SZ, '3': DEPT_PROV };

/** The centre of an area, or the code itself when it is none of the three. */
export const areaCentre = (area: string): string => AREA_CENTRES[area] ?? area;
