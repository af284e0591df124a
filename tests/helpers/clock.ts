/**
 * The instant the API suites live at. `SAFECERT_TEST_NOW` (ISO) fixes it for a run, and
 * `npm test` sets it to the hours that used to break date code: just before and just after midnight
 * China time (15:59 and 16:01 UTC). The seed template is made at this instant and every test app's
 * clock starts there, so the demo's "today" and the server's agree however long the run takes.
 */
export function suiteInstant(env: NodeJS.ProcessEnv = process.env): Date {
  const raw = env.SAFECERT_TEST_NOW;
  if (!raw) return new Date();
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw new Error(`SAFECERT_TEST_NOW is not an ISO instant: ${raw}`);
  return at;
}

/**
 * The three instants of a UTC day where a date computed in the wrong zone goes wrong: China's
 * 23:59 (15:59 UTC), China's 00:01 of the next day (16:01 UTC), and 23:59 UTC (07:59 next day in China).
 */
export function criticalInstants(day: Date = new Date()): {
  beforeChinaMidnight: Date;
  afterChinaMidnight: Date;
  utcLateEvening: Date;
} {
  const d = day.toISOString().slice(0, 10);
  return {
    beforeChinaMidnight: new Date(`${d}T15:59:00Z`),
    afterChinaMidnight: new Date(`${d}T16:01:00Z`),
    utcLateEvening: new Date(`${d}T23:59:00Z`),
  };
}

/**
 * `ms` before the clock's now. The API suites live a minute before or after a China midnight, and on
 * a month's (a year's) last day the minute after is the next month's (year's) first: the demo has
 * nothing in it yet. A test that needs something "this month" or "this year" makes it this close
 * before the clock, which is inside both at either instant.
 */
export const beforeNow = (clock: { now(): Date }, ms: number): Date => new Date(clock.now().getTime() - ms);
