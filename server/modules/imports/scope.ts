/**
 * Who may import for what: centre staff for their own area (an exam batch's area, a certificate
 * enterprise's ownership area), the provincial administrator for every area. Anyone else who
 * somehow holds the permission has no area to import for.
 */
import type { AuthUser } from '../../lib/authUser.js';
import { forbidden } from '../../lib/errors.js';

export type ImportArea = '1' | '2' | '3' | 'all';

export function importAreaOf(user: AuthUser): ImportArea {
  if (user.area === 'all') return 'all';
  if (user.userType === '02' && user.area) return user.area;
  throw forbidden('只有区域中心工作人员和省级管理员可以导入数据');
}

export const inArea = (area: ImportArea, rowArea: string) => area === 'all' || area === rowArea;

/** Rows by a key (Map.groupBy arrives with Node 21). */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
