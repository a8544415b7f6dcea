import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, isValidPhone, toE164 } from './phone';

describe('isValidPhone (at least 10 digits)', () => {
  it.each([
    '7805550134',
    '780 555 0134',
    '(780) 555-0134',
    '780.555.0134',
    '+1 780-555-0134',
    '+44 20 7946 0958',
    ' 780 555 0134 ',
    '+123456789012345',
  ])('accepts %s', (text) => {
    expect(isValidPhone(text)).toBe(true);
  });

  it.each([
    '',
    '555-0134',
    '780 555 013',
    'abc 780 555 0134',
    '780-555-0134 ext 5',
    '1+7805550134',
    '++17805550134',
    '+1234567890123456',
  ])('refuses %s', (text) => {
    expect(isValidPhone(text)).toBe(false);
  });
});

describe('formatPhoneDisplay (+country (area) number)', () => {
  it.each([
    ['780 555 0134', '+1 (780) 555-0134'],
    ['(780) 555.0134', '+1 (780) 555-0134'],
    ['+1 780-555-0134', '+1 (780) 555-0134'],
    ['+1 800 555 0199', '+1 (800) 555-0199'],
    ['+44 20 7946 0958', '+44 (20) 7946 0958'],
    ['+33 1 23 45 67 89', '+33 (1) 23 45 67 89'],
    ['+61 2 9876 5432', '+61 (2) 9876 5432'],
    ['+91 98765 43210', '+91 (98765) 43210'],
  ])('%s -> %s', (text, expected) => {
    expect(formatPhoneDisplay(text)).toBe(expected);
  });

  it('uses the default country for national numbers', () => {
    expect(formatPhoneDisplay('020 7946 0958', 'GB')).toBe('+44 (20) 7946 0958');
  });

  it.each(['', 'call me', '555-0134', ' 1234567890 '])('falls back to the input: %j', (text) => {
    expect(formatPhoneDisplay(text)).toBe(text.trim());
  });
});

describe('toE164', () => {
  it.each([
    ['780 555 0134', '+17805550134'],
    ['+1 (780) 555-0134', '+17805550134'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s -> %s', (text, expected) => {
    expect(toE164(text)).toBe(expected);
  });

  it('uses the default country', () => {
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
  });

  it.each(['', 'call me', '555-0134', '+999 1234 567890'])('is null for %j', (text) => {
    expect(toE164(text)).toBeNull();
  });
});
