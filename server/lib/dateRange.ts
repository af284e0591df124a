/** The beginTime/endTime filter of every list (SPEC 3): inclusive China days on a timestamp column. */
import { gte, lt, type SQL, type SQLWrapper } from 'drizzle-orm';
import { chinaDayEnd, chinaDayStart } from './days.js';

export function dateRange(column: SQLWrapper, beginTime?: string, endTime?: string): SQL[] {
  const out: SQL[] = [];
  if (beginTime) out.push(gte(column, chinaDayStart(beginTime)));
  if (endTime) out.push(lt(column, chinaDayEnd(endTime)));
  return out;
}
