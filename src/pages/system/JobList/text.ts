/** The page's words (namespace `jobs`) and how it writes schedules and durations. */
import { useTranslation } from 'react-i18next';

export const JOBS_NS = 'jobs';

export const useJobText = () => useTranslation(JOBS_NS).t;

type T = ReturnType<typeof useJobText>;

/** A cron expression in words: the two forms the jobs use, else the expression itself. */
export function scheduleText(t: T, cron: string): string {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron);
  if (daily) return t('schedule.daily', { time: `${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}` });
  if (cron === '* * * * *') return t('schedule.everyMinute');
  const hourly = /^(\d{1,2}) \* \* \* \*$/.exec(cron);
  if (hourly) return t('schedule.hourly', { minute: hourly[1]!.padStart(2, '0') });
  return cron;
}

/** 350 ms, 4.2 s, 3 min 5 s. */
export function durationText(t: T, ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  if (ms < 1_000) return t('duration.ms', { n: ms });
  if (ms < 60_000) return t('duration.s', { n: (ms / 1_000).toFixed(1) });
  return t('duration.min', { m: Math.floor(ms / 60_000), s: Math.round((ms % 60_000) / 1_000) });
}
