/** A random password that meets the 等保 policy (given to the user once; he must change it at first login). */
import { randomInt } from 'node:crypto';

const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#@$%&*!?'];

export function randomPassword(length = 12): string {
  const all = SETS.join('');
  const chars = SETS.map((set) => set[randomInt(set.length)]!);
  while (chars.length < Math.max(length, SETS.length)) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
