/**
 * The State Council's holiday arrangements as the kept package `chinese-days` ships them (its JSON
 * table: public holidays with the weekend days of their periods, and the swapped working days). It
 * covers each year whose notice it has; a year it does not cover yet (the next one, until a release
 * after the autumn notice) is entered by an administrator (calendar/inForce.ts).
 */
import table from 'chinese-days/dist/chinese-days.json' with { type: 'json' };
import pkg from 'chinese-days/package.json' with { type: 'json' };
import { isWeekday, yearOf } from './days.js';
import type { DayRule, PublishedTable } from './workCalendar.js';

/** 'National Day,国庆节,3' → 国庆节 (the package writes English, Chinese, and the holiday's length). */
const chineseName = (entry: string): string | null => entry.split(',')[1]?.trim() || null;

function fromPackage(): PublishedTable {
  const days = new Map<string, DayRule>();
  for (const [day, entry] of Object.entries(table.holidays as Record<string, string>))
    days.set(day, { working: false, name: chineseName(entry) });
  for (const [day, entry] of Object.entries(table.workdays as Record<string, string>))
    days.set(day, { working: true, name: chineseName(entry) });
  // A year is covered when the package rests on one of its weekdays: every year's Spring Festival does.
  const years = new Set<number>();
  for (const [day, rule] of days) if (!rule.working && isWeekday(day)) years.add(yearOf(day));
  return { source: `${pkg.name} ${pkg.version}`, years, days };
}

export const PUBLISHED_CALENDAR: PublishedTable = fromPackage();
