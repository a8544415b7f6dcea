import { describe, expect, it } from 'vitest';
import { keptUpTo } from './kept';

describe('keptUpTo', () => {
  it('does the work once per key, and never holds more than its limit', () => {
    let done = 0;
    const kept = keptUpTo<number>(2);
    const square = (n: number) =>
      kept(String(n), () => {
        done += 1;
        return n * n;
      });
    expect([square(3), square(3), square(4)]).toEqual([9, 9, 16]);
    expect(done).toBe(2);
    // A third key drops the two kept; each is worked out again when asked for.
    expect(square(5)).toBe(25);
    expect(square(3)).toBe(9);
    expect(square(5)).toBe(25);
    expect(done).toBe(4);
  });
});
