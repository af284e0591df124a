import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** SPEC 9 default date format. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The province's zone: every time the product shows is China time, whatever the browser's zone. */
export const CHINA_TZ = 'Asia/Shanghai';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An ISO/epoch value as YYYY-MM-DD HH:mm:ss in China time ('' when empty; the text itself when not a
 * date). A bare YYYY-MM-DD is a calendar day (an expiry, a birth date) and is shown as it is.
 */
export function formatDateTime(value: string | number | Date | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DAY_ONLY.test(value)) return dayjs(value).isValid() ? dayjs(value).format(format) : value;
  const d = dayjs(value);
  return d.isValid() ? d.tz(CHINA_TZ).format(format) : String(value);
}

/** The China day of an instant (default: now), YYYY-MM-DD. */
export function chinaToday(instant: Date = new Date()): string {
  return dayjs(instant).tz(CHINA_TZ).format(DATE_FORMAT);
}
