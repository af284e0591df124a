/**
 * The `total` of a list over millions of rows without making the page wait for count(*): the rows
 * matching the filters are counted exactly up to a ceiling (a LIMIT the plan stops at, so cheap
 * whatever the table's size); beyond it the answer is the planner's estimate of the same query,
 * labelled as such (`totalExact: false`; the page shows 约 N 条). An estimate is never below the
 * ceiling, since that many rows were seen.
 */
import type { SQLWrapper } from 'drizzle-orm';
import { renderText, runText, type DbOrTx, type TextStatement } from '../db/client.js';
import { answersKept } from './answersKept.js';
import { countText } from '../db/sql.js';

/** Rows counted exactly before a total becomes an estimate. */
export const EXACT_TOTAL_CEILING = 2000;
/**
 * Above this estimate the exact count is not even tried: the answer is "about that many" anyway,
 * and walking 2,000 rows through joins costs a page request tens of milliseconds. Fifty times the
 * ceiling: a planner that overestimates that much is rare.
 */
export const ESTIMATE_ONLY_ABOVE = 100_000;

/**
 * A person's name prefix that many have (a surname) is estimated from the person names' histogram
 * within a few per cent at the province's scale (张 among a centre's certificates: 30,385
 * estimated, 31,676 matching): above the exact ceiling a list filtered by it answers the estimate
 * rather than counting thousands of matches one by one (20–25 ms for 杨 in a centre's certificates,
 * 5 ms for 王 among its staff, one at a time; several times that sixteen at a time).
 */
export const NAME_ESTIMATE_TRUSTED_ABOVE = EXACT_TOTAL_CEILING;

export interface ListTotal {
  total: number;
  /** false: `total` is the planner's estimate (more than the exact ceiling matched). */
  totalExact: boolean;
}

/**
 * How long a query's estimate is used again. The planner's estimate moves with the table
 * statistics (ANALYZE), not with each write, and it only chooses between counting and estimating
 * (and labels the total as about so many): planning the query for it again on every page of the
 * same filters cost a list request 0.3–0.7 ms of PostgreSQL's time and a round trip.
 */
const estimates = answersKept<number>(60_000, 5_000);

/**
 * Counts that went past their ceiling lately: within the minute the same query and values answer
 * the estimate without counting again. Such a total is "about so many" anyway, and the count that
 * proved it walked ceiling + 1 rows — through a thousand persons' certificates for a name that 2,000
 * share (3 ms a page, many times that sixteen at a time) — for the next page of the same filters, or
 * the next user searching the same common name. A total may so stay labelled 约 for up to a minute
 * after deletions brought the matches under the ceiling; it is never shown as exact when it is not.
 */
const pastCeiling = answersKept<true>(60_000, 5_000);

/*
 * A query is rendered to text once (renderText, db/client.ts): the text is the key of its estimate, and the
 * estimate's EXPLAIN and the bounded count run it as text. Rendering a drizzle query is a good part
 * of a list request's CPU (drizzle walks every fragment), and the same where clause was rendered
 * for the key, again for the count and a third time for an EXPLAIN.
 */

/** The planner's row estimate of a query (EXPLAIN, no execution), reused for the same query and values for a minute. */
export async function estimatedRows(db: DbOrTx, query: SQLWrapper): Promise<number> {
  return estimateOfRendered(db, renderText(query));
}

async function estimateOfRendered(db: DbOrTx, query: TextStatement): Promise<number> {
  const known = estimates.get(db, query);
  if (known !== undefined) return known;
  const [row] = await runText(
    db,
    { sql: `explain (format json) ${query.sql}`, params: query.params },
    { named: false },
  );
  const plan = row ? Object.values(row)[0] : undefined;
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } } | undefined) : undefined;
  const rows = Math.round(top?.Plan?.['Plan Rows'] ?? 0);
  estimates.set(db, query, rows);
  return rows;
}

/**
 * Counts `query` (a select of the list's FROM and WHERE, any columns, no ORDER BY) exactly up to
 * `ceiling`, else estimates it. `estimateOf` is what the planner estimates instead, when `query`
 * has a condition it cannot estimate (a correlated check it guesses at 0.5 %) and an equivalent
 * in substance that it can (a certificate's status as stored rather than as of today: the two
 * differ for a handful of certificates between a 暂扣's start or end and the nightly job).
 * `estimateOnlyAbove`: a lower line for a query whose estimate the caller knows to be close (the
 * default stays high: another shape was once estimated 48 × what it matched). `samePlan`: the count
 * is prepared once per connection on the main sessions (runText), for a query whose plan no value
 * changes. `pastCeiling`: the caller knows more than `ceiling` rows match (it read them): the estimate, not counted.
 */
export async function listTotal(
  db: DbOrTx,
  query: SQLWrapper,
  ceiling = EXACT_TOTAL_CEILING,
  estimateOf: SQLWrapper = query,
  opts: { estimateOnlyAbove?: number; samePlan?: boolean; pastCeiling?: boolean } = {},
): Promise<ListTotal> {
  const counted = renderText(query);
  const estimate = await estimateOfRendered(db, estimateOf === query ? counted : renderText(estimateOf));
  const beyond: ListTotal = { total: Math.max(ceiling + 1, estimate), totalExact: false };
  if (opts.pastCeiling) return beyond;
  if (estimate > (opts.estimateOnlyAbove ?? Math.max(ESTIMATE_ONLY_ABOVE, ceiling * 50)))
    return { total: estimate, totalExact: false };
  // The bound in the text (sql.ts countInText): a kept plan estimates a LIMIT parameter at a tenth of the rows.
  const bounded: TextStatement = {
    sql: `select count(*)::int as n from (${counted.sql} limit ${countText(ceiling + 1)}) bounded`,
    params: counted.params,
  };
  if (pastCeiling.get(db, bounded)) return beyond;
  // Planned for its values each time (unnamed): a count's best plan depends on them (client.ts
  // statementName); `samePlan`: the caller knows one plan serves any values, kept per connection.
  const [row] = await runText(db, bounded, { named: !!opts.samePlan });
  const n = Number((row as { n?: number | string } | undefined)?.n ?? 0);
  if (n <= ceiling) return { total: n, totalExact: true };
  pastCeiling.set(db, bounded, true);
  return beyond;
}
