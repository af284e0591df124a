import dayjs from 'dayjs';

/** SPEC 9 default date format. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** An ISO/epoch value as YYYY-MM-DD HH:mm:ss ('' when empty or invalid). */
export function formatDateTime(value: string | number | Date | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : String(value);
}
