import { describe, expect, it } from 'vitest';
import { logEntriesShown } from './activity-log-paging';

describe('activity log paging', () => {
  it('shows 3 entries, then 10 more per click', () => {
    expect(logEntriesShown(0, 25, 3, 10)).toBe(3);
    expect(logEntriesShown(1, 25, 3, 10)).toBe(13);
    expect(logEntriesShown(2, 25, 3, 10)).toBe(23);
    expect(logEntriesShown(3, 25, 3, 10)).toBe(25);
    expect(logEntriesShown(0, 2, 3, 10)).toBe(2);
  });
});
