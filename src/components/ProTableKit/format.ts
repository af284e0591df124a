import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** SPEC 9 default date format. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * Every time the product shows is China time, whatever the browser's zone: UTC+8, as the server
 * reckons its days (server/lib/days.ts). A fixed offset rather than dayjs' timezone plugin, whose
 * `tz()` builds an Intl formatter on every call: the public home page's dates cost ~90 ms of
 * its first render that way. China has kept UTC+8 without summer time since 1991.
 */
const CHINA_OFFSET_MINUTES = 8 * 60;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An ISO/epoch value as YYYY-MM-DD HH:mm:ss in China time ('' when empty; the text itself when not a
 * date). A bare YYYY-MM-DD is a calendar day (an expiry, a birth date) and is shown as it is.
 */
export function formatDateTime(value: string | number | Date | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DAY_ONLY.test(value))
    return dayjs(value).isValid() ? dayjs(value).format(format) : value;
  const d = dayjs(value);
  return d.isValid() ? d.utcOffset(CHINA_OFFSET_MINUTES).format(format) : String(value);
}

/** The China day of an instant (default: now), YYYY-MM-DD. */
export function chinaToday(instant: Date = new Date()): string {
  return dayjs(instant).utcOffset(CHINA_OFFSET_MINUTES).format(DATE_FORMAT);
}
