import { describe, expect, it } from 'vitest';
import { PRIORITY, STATUS, TEMPORARY_EMAIL_DOMAIN, TICKET_PRIORITIES, TICKET_STATUSES } from './constants';
import {
  generateNonce,
  isClosedStatus,
  isEmailShaped,
  isGoogleMapsUrl,
  isNonce,
  isTemporaryEmail,
  priorityText,
  safeRedirect,
  statusSlug,
  statusText,
  temporaryEmailFor,
  visibleId,
} from './helpers';
import { en } from './messages';
import { fr } from './messages-fr';

describe('visibleId', () => {
  it.each([
    [1, '001'],
    [7, '007'],
    [42, '042'],
    [999, '999'],
    [1000, '1000'],
    [1234, '1234'],
  ])('%i -> %s', (id, expected) => {
    expect(visibleId(id)).toBe(expected);
  });
});

describe('statusSlug', () => {
  it.each([
    ['In Progress', 'in-progress'],
    ['Open', 'open'],
    ['  Waiting  for parts ', 'waiting-for-parts'],
  ])('%s -> %s', (text, expected) => {
    expect(statusSlug(text)).toBe(expected);
  });
});

describe('status and priority texts', () => {
  it('reads the lists by index', () => {
    expect([0, 1, 2, 3, 4].map((status) => statusText(status))).toEqual([
      'Open',
      'Scheduled',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
    expect([0, 1].map((priority) => priorityText(priority))).toEqual(['Normal', 'High']);
  });
  it("says SPEC.md's names in English and each dictionary's own in its language", () => {
    expect(en.tickets.statusNames).toEqual(TICKET_STATUSES);
    expect(en.tickets.priorityNames).toEqual(TICKET_PRIORITIES);
    expect(statusText(STATUS.inProgress, fr)).toBe('En cours');
    expect(priorityText(PRIORITY.high, fr)).toBe('Élevée');
  });
  it('gives empty text outside the lists', () => {
    expect(statusText(5)).toBe('');
    expect(statusText(-1)).toBe('');
    expect(priorityText(2)).toBe('');
  });
  it('treats 3 and up as closed', () => {
    expect([0, 1, 2, 3, 4].map(isClosedStatus)).toEqual([false, false, false, true, true]);
  });
});

describe('generateNonce', () => {
  it('is 10 alphanumeric characters by default', () => {
    for (let i = 0; i < 200; i++) {
      const nonce = generateNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(isNonce(nonce)).toBe(true);
    }
  });
  it('takes a length', () => {
    expect(generateNonce(32)).toMatch(/^[A-Za-z0-9]{32}$/);
  });
  it('differs each time and uses the whole alphabet', () => {
    const nonces = Array.from({ length: 500 }, () => generateNonce());
    expect(new Set(nonces).size).toBe(500);
    const seen = new Set(nonces.join(''));
    expect(seen.size).toBe(62);
  });
  it('isNonce refuses other shapes', () => {
    expect(isNonce('abc')).toBe(false);
    expect(isNonce('abcdefghi!')).toBe(false);
    expect(isNonce(1234567890)).toBe(false);
  });
});

describe('temporary emails', () => {
  it('builds and recognises the placeholder', () => {
    const email = temporaryEmailFor('JDoe');
    expect(email).toBe(`jdoe@${TEMPORARY_EMAIL_DOMAIN}`);
    expect(isTemporaryEmail(email)).toBe(true);
    expect(isTemporaryEmail(`JDOE@${TEMPORARY_EMAIL_DOMAIN.toUpperCase()}`)).toBe(true);
  });
  it('does not flag real emails or look-alikes', () => {
    expect(isTemporaryEmail('ann@example.com')).toBe(false);
    expect(isTemporaryEmail(`ann@x${TEMPORARY_EMAIL_DOMAIN}`)).toBe(false);
  });
});

describe('isEmailShaped', () => {
  it.each(['a@b.c', 'ann.lee+mend@example.co.uk', ' ann@example.com '])('accepts %s', (text) => {
    expect(isEmailShaped(text)).toBe(true);
  });
  it.each(['', 'ann', 'ann@example', '@example.com', 'ann@.', 'a b@example.com', 'a@b@c.d', 'ann@example.'])(
    'refuses %s',
    (text) => {
      expect(isEmailShaped(text)).toBe(false);
    },
  );
});

describe('safeRedirect', () => {
  const origin = 'https://mend.example.com';
  it.each([
    ['/tickets/5?x=1', '/tickets/5?x=1'],
    ['/tickets/5?x=1#log', '/tickets/5?x=1#log'],
    ['/', '/'],
    ['https://mend.example.com/units/3?tab=2', '/units/3?tab=2'],
    ['tickets', '/tickets'],
    ['  /users/7/info  ', '/users/7/info'],
  ])('keeps %s as %s', (candidate, expected) => {
    expect(safeRedirect(candidate, origin)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['another origin', 'https://evil.com'],
    ['another origin with path', 'https://evil.com/tickets'],
    ['same host, other scheme', 'http://mend.example.com/tickets'],
    ['same host, other port', 'https://mend.example.com:8443/tickets'],
    ['look-alike host', 'https://mend.example.com.evil.com/'],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/tickets'],
    ['backslash', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['tab trick', '/\t/evil.com'],
    ['newline trick', '/\n/evil.com'],
    ['dot-slash trick', '/.//evil.com'],
    ['API path', '/api/users/current'],
    ['API path, absolute', 'https://mend.example.com/api/users/current'],
    ['API path, encoded', '/%61pi/users'],
    ['API path, upper case', '/API/users'],
    ['bare API', '/api'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: mixed case', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['malformed escape', '/%E0%A4%A'],
  ])('refuses %s', (_name, candidate) => {
    expect(safeRedirect(candidate, origin)).toBe('/');
  });

  it.each([[undefined], [null], [42], [{ path: '/tickets' }], [['/tickets']]])(
    'refuses non-strings: %j',
    (value) => {
      expect(safeRedirect(value, origin)).toBe('/');
    },
  );

  it('refuses everything when the origin itself is not a URL', () => {
    expect(safeRedirect('/tickets', 'not a url')).toBe('/');
  });

  it('accepts an origin written with a trailing slash', () => {
    expect(safeRedirect('https://mend.example.com/tickets', 'https://mend.example.com/')).toBe('/tickets');
  });
});

describe('isGoogleMapsUrl', () => {
  it.each([
    'https://www.google.com/maps/place/Edmonton',
    'https://google.ca/maps?q=53.5,-113.5',
    'https://maps.google.com/?q=Edmonton',
    'https://www.google.co.uk/maps/@51.5,-0.1,12z',
    'https://goo.gl/maps/abc123',
    'https://maps.app.goo.gl/xyz',
  ])('accepts %s', (url) => {
    expect(isGoogleMapsUrl(url)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'https://evil.com/maps',
    'https://google.evil.com/maps',
    'https://www.google.com/search?q=x',
    'https://goo.gl/abc',
    'not a url',
    'ftp://maps.google.com/',
  ])('refuses %s', (url) => {
    expect(isGoogleMapsUrl(url)).toBe(false);
  });
});
