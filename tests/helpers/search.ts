/** Shared checks of the search suites: a list answer, an export read back, byte-order comparison. */
import { expect } from 'vitest';
import type { Suite } from './api.js';
import { readXlsx } from './xlsx.js';

export interface SearchPage<T> {
  code: number;
  rows: T[];
  total: number;
  totalExact: boolean;
  pageNum: number;
}

/** GET a list as `user` and expect 200. */
export async function searchList<T = Record<string, unknown>>(
  api: Suite,
  user: string,
  url: string,
): Promise<SearchPage<T>> {
  const res = await api.get(user, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchPage<T>;
}

/** GET an export as `user`: a real .xlsx, read back. */
export async function searchExport(api: Suite, user: string, url: string) {
  const res = await api.get(user, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toContain('.xlsx');
  return readXlsx(res.rawPayload);
}

/** Byte order of UTF-8 strings: the order of the collate-"C" indexes the searches sort by. */
export const byteCompare = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Whether values are in order (asc or desc) by a comparator. */
export function isOrdered<T>(values: T[], compare: (a: T, b: T) => number, order: 'asc' | 'desc' = 'asc'): boolean {
  for (let i = 1; i < values.length; i++) {
    const c = compare(values[i - 1]!, values[i]!);
    if (order === 'asc' ? c > 0 : c < 0) return false;
  }
  return true;
}

/** 440***********1234: first 3 and last 4 kept. */
export const MASKED_ID = /^.{3}\*+.{4}$/;
