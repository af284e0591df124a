/**
 * Statutory deadlines count working days (Monday to Friday). Public holidays and the swapped
 * weekend working days of the State Council calendar are not modelled yet: a deadline can come
 * out a few days early around the Spring Festival and National Day.
 */
const DAY_MS = 86_400_000;

const isWorkingDay = (d: Date) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6;

/** The date `days` working days after `from` (its date part, China time), as YYYY-MM-DD. */
export function addWorkingDays(from: Date, days: number): string {
  const chinaDate = new Date(from.getTime() + 8 * 3_600_000);
  let d = new Date(Date.UTC(chinaDate.getUTCFullYear(), chinaDate.getUTCMonth(), chinaDate.getUTCDate()));
  let left = days;
  while (left > 0) {
    d = new Date(d.getTime() + DAY_MS);
    if (isWorkingDay(d)) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** Working days from `now` until `deadline` (negative once overdue, 0 on the day itself). */
export function workingDaysLeft(now: Date, deadline: string): number {
  const chinaNow = new Date(now.getTime() + 8 * 3_600_000);
  const today = Date.UTC(chinaNow.getUTCFullYear(), chinaNow.getUTCMonth(), chinaNow.getUTCDate());
  const end = Date.parse(`${deadline}T00:00:00Z`);
  const sign = end >= today ? 1 : -1;
  let count = 0;
  for (let t = Math.min(today, end) + DAY_MS; t <= Math.max(today, end); t += DAY_MS) {
    if (isWorkingDay(new Date(t))) count += 1;
  }
  return sign * count;
}
