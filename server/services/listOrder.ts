/**
 * Keeping the planner off a walk in list order. A list's first page sorted by an indexed column
 * (newest first…) and filtered through a typed name or ID number is planned as a walk down that
 * index until ten matches turn up, because the planner guesses a prefix's matches from a
 * histogram (hundreds where there are twenty) and expects them spread evenly. When the matches are
 * few and old it reads hundreds of thousands of rows (0.5–3.5 s at the province's scale). With few
 * matches (a typed holder's certificates, a word's enterprises), the list names them by id and sorts their rows instead: its
 * first sort key is written in a form no index provides and that sorts the same, which leaves the
 * planner only the filter's indexes.
 */
import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { renderText, runText, type DbOrTx } from '../db/client.js';
import { answersKept } from './answersKept.js';
import { enterprise } from '../db/schema.js';
import { containsText } from '../lib/textMatch.js';

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
  return fewOf(
    db,
    db.select({ id: enterprise.id }).from(enterprise).where(containsText(enterprise.name, word)),
    FEW_ENTERPRISES,
  );
}

/**
 * How long "more than few match" is believed without asking again. A surname always matches more
 * than a list's few (王: 70,000 persons), and finding it out read few + 1 index entries into an array
 * on every page of its list (1–2 ms of PostgreSQL's time for 5,001, a third of such a page's). The answer
 * chooses the plan (null: the list filters by the word itself, right for any number of matches) and,
 * where `few` is a list's exact ceiling, labels its total as estimated: believed a minute longer than
 * true, a page may be slower, or its total say 约 for a minute after deletions brought it under the
 * ceiling (as listTotal's own memory does); the rows are always the matching ones. The ids themselves
 * are never kept: a row added since must be listed.
 */
const manyBelieved = answersKept<true>(60_000, 5_000);

/**
 * The ids `matching` selects when at most `few` (one row: a comma-separated text, not a row per id),
 * else null; `orderedBy`: their order, over `matching`'s columns (as m.…). The rows are found before
 * they are ordered, so finding that more than `few` match reads `few` + 1 of them, never sorts them all.
 */
export async function fewOf(db: DbOrTx, matching: SQLWrapper, few: number, orderedBy?: SQL): Promise<number[] | null> {
  // The ids as one comma-separated text: a compound surname's 2,162 ids parsed as an int[] by the
  // driver's generic array parser cost the server 0.4 ms a request, a split a tenth of that.
  const order = orderedBy ? sql` order by ${orderedBy}` : sql``;
  const query = renderText(
    sql`select coalesce(string_agg(m.id::text, ','${order}), '') as ids from (${matching} limit ${few + 1}) m`,
  );
  if (manyBelieved.get(db, query)) return null;
  // Planned for its values (unnamed): a rare name and a surname want different plans.
  const [row] = (await runText(db, query, { named: false })) as { ids?: string }[];
  const ids = row?.ids ? row.ids.split(',').map(Number) : [];
  if (ids.length <= few) return ids;
  manyBelieved.set(db, query, true);
  return null;
}

/** A sort key that sorts as `key` but that no index provides (`kind`: how to add nothing to it). */
export function unindexed(key: AnyColumn | SQL, kind: 'text' | 'number' | 'time'): SQL {
  if (kind === 'text') return sql`(${key} || '')`;
  if (kind === 'time') return sql`(${key} + interval '0 seconds')`;
  return sql`(${key} + 0)`;
}

/**
 * Whether two conditions are the same SQL with the same values: a list asks for nothing but what
 * `expected` says (compared as rendered, so a filter the list gains later is never overlooked).
 */
export function sameCondition(asked: SQL | undefined, expected: SQL | undefined): boolean {
  if (!asked || !expected) return asked === expected;
  const a = renderText(asked);
  const b = renderText(expected);
  return a.sql === b.sql && JSON.stringify(a.params) === JSON.stringify(b.params);
}
