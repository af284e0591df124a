/** Greeting by hour (SPEC 2 header): before 9 morning, to 11 forenoon, to 13 noon, before 20 afternoon, else evening. */
export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

export function greetingKey(date: Date = new Date()): GreetingKey {
  const hour = date.getHours();
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}

/** zh-CN texts of the greeting (the shell locale holds them per language). */
export const GREETING_ZH: Record<GreetingKey, string> = {
  morning: '早上好',
  forenoon: '上午好',
  noon: '中午好',
  afternoon: '下午好',
  evening: '晚上好',
};
