/** A typed start as a range of byte order: every string with that start inside it, nothing else. */
import { describe, expect, it } from 'vitest';
import { prefixEnd } from '../../server/lib/textMatch.js';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const before = (a: string, b: string) => Buffer.compare(bytes(a), bytes(b)) < 0;

describe('prefixEnd', () => {
  it('is after every string with the start and not after any string without it', () => {
    for (const start of ['4402291975', '王', '尉迟', '李娟', 'x', '9\u{10FFFF}', '\uD7FF']) {
      const end = prefixEnd(start)!;
      expect(before(start, end), start).toBe(true);
      for (const tail of ['', '0', 'Z', '伟', '\u{FFFF}', '\u{1F600}']) expect(before(start + tail, end), start + tail).toBe(true);
      // The next string of the same length, and anything starting with it, is not inside.
      expect(before(end, end + '0')).toBe(true);
      expect(before(end, start)).toBe(false);
    }
  });

  it('counts up in code points, skipping the surrogates and carrying past U+10FFFF', () => {
    expect(prefixEnd('4402291975')).toBe('4402291976');
    expect(prefixEnd('尉迟')).toBe('尉' + String.fromCodePoint('迟'.codePointAt(0)! + 1));
    expect(prefixEnd('\uD7FF')).toBe('\uE000');
    expect(prefixEnd('9\u{10FFFF}')).toBe(':');
    expect(prefixEnd('\u{10FFFF}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
  });
});
