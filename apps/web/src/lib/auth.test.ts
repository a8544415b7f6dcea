import { describe, expect, it } from 'vitest';
import { readPageCurrentUser } from './auth';

describe('readPageCurrentUser', () => {
  it('reads the user the server put in the page', () => {
    const current = { user: { id: 7, name: 'Ann' }, role: 1, notifications: [] };
    expect(readPageCurrentUser(JSON.stringify(current))).toEqual(current);
  });

  it('gives null for a signed-out page, the unreplaced placeholder (Vite dev) and anything else', () => {
    for (const raw of [undefined, null, '', '__MEND_CURRENT_USER__', '{', '[]', '{"user":{}}', 'null'])
      expect(readPageCurrentUser(raw)).toBeNull();
  });
});
