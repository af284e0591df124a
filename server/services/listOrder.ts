/**
 * Keeping the planner off a walk in list order. A list's first page sorted by an indexed column
 * (newest first…) and filtered through a typed name or ID number is planned as a walk down that
 * index until ten matches turn up, because the planner guesses a prefix's matches from a
 * histogram (hundreds where there are twenty) and expects them spread evenly. When the matches are
 * few and old it reads hundreds of thousands of rows (0.5–3.5 s at the province's scale). With few
 * matching persons, the list sorts their rows instead: its first sort key is written in a form no
 * index provides and that sorts the same, which leaves the planner only the filter's indexes.
 */
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { enterprise, person } from '../db/schema.js';
import { containsText, startsWith } from '../lib/textMatch.js';
import { rowsOf } from '../db/sql.js';

/** Up to this many persons matching a typed name or ID number, their rows are found through them. */
export const FEW_PERSONS = 5000;

/** Whether at most FEW_PERSONS persons match the typed name and ID number prefixes (a count that stops past it). */
export async function fewPersonsMatch(db: DbOrTx, name: string | undefined, idNo: string | undefined): Promise<boolean> {
  if (!name && !idNo) return false;
  const matching = db.select({ one: sql`1` }).from(person)
    .where(and(name ? startsWith(person.name, name) : undefined, idNo ? startsWith(person.idNo, idNo.toUpperCase()) : undefined));
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${matching} limit ${FEW_PERSONS + 1}) m`));
  return Number(row?.n ?? 0) <= FEW_PERSONS;
}

/**
 * Up to this many enterprises whose name contains a typed word, a list filtered by the word names
 * them by id (an enterprise has about ten applications and forty certificates at the province's
 * scale).
 */
export const FEW_ENTERPRISES = 200;

/**
 * The enterprises whose name contains the typed word, when at most FEW_ENTERPRISES do; null when
 * more do (or no word). Named by id, they are as few to the planner as they are: it guesses a
 * word's matches from the name histogram's hundred entries, 1 % of the province for any word one
 * entry holds (506 enterprises for a word 13 have), and then walked the list's order through
 * 108,000 applications or scanned every enterprise's name in parallel (20–70 ms for a 0.5 ms page).
 */
export async function enterprisesNamed(db: DbOrTx, word: string | undefined): Promise<number[] | null> {
  if (!word) return null;
  const rows = await db.select({ id: enterprise.id }).from(enterprise).where(containsText(enterprise.name, word)).limit(FEW_ENTERPRISES + 1);
  return rows.length > FEW_ENTERPRISES ? null : rows.map((r) => r.id);
}

/** A sort key that sorts as `key` but that no index provides (`kind`: how to add nothing to it). */
export function unindexed(key: AnyColumn | SQL, kind: 'text' | 'number' | 'time'): SQL {
  if (kind === 'text') return sql`(${key} || '')`;
  if (kind === 'time') return sql`(${key} + interval '0 seconds')`;
  return sql`(${key} + 0)`;
}
