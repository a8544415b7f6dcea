import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  clockTime,
  isTimeZone,
  startOfZonedDay,
  timeZoneLabel,
  zonedDateTime,
  zonedSeconds,
  zonedToday,
} from './time-zones';

const utc = (text: string) => Date.parse(text) / 1000;

describe('wall-clock times at a property', () => {
  it('reads a date and time in the zone given, not the zone the code runs in', () => {
    expect(zonedSeconds('2026-01-15', '08:00', 'America/Edmonton')).toBe(utc('2026-01-15T15:00:00Z'));
    expect(zonedSeconds('2026-01-15', '08:00', 'Asia/Tokyo')).toBe(utc('2026-01-14T23:00:00Z'));
    // Summer time in Edmonton (UTC-6).
    expect(zonedSeconds('2026-07-15', '08:00', 'America/Edmonton')).toBe(utc('2026-07-15T14:00:00Z'));
  });

  it('answers null for a missing or malformed date or time', () => {
    expect(zonedSeconds(null, '08:00', 'UTC')).toBeNull();
    expect(zonedSeconds('2026-01-15', null, 'UTC')).toBeNull();
    expect(zonedSeconds('15/01/2026', '08:00', 'UTC')).toBeNull();
    expect(zonedSeconds('2026-01-15', '8 AM', 'UTC')).toBeNull();
  });

  it('writes a moment as the date and time it is in the zone', () => {
    const moment = utc('2026-01-14T23:00:00Z');
    expect(zonedDateTime(moment, 'Asia/Tokyo')).toEqual({ date: '2026-01-15', time: '08:00' });
    expect(zonedDateTime(moment, 'America/Edmonton')).toEqual({ date: '2026-01-14', time: '16:00' });
  });

  it('round-trips across a change to summer time', () => {
    for (const time of ['01:45', '03:00', '08:15', '23:45']) {
      const seconds = zonedSeconds('2026-03-08', time, 'America/Edmonton');
      expect(zonedDateTime(seconds as number, 'America/Edmonton')).toEqual({ date: '2026-03-08', time });
    }
  });

  it('knows the date in a zone, the day before, and when a day starts there', () => {
    const now = new Date('2026-01-01T20:00:00Z');
    expect(zonedToday('Asia/Tokyo', now)).toBe('2026-01-02');
    expect(zonedToday('America/Edmonton', now)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(startOfZonedDay('2026-01-02', 'Asia/Tokyo')).toBe(utc('2026-01-01T15:00:00Z'));
  });

  it('names a zone as people read it', () => {
    expect(timeZoneLabel('America/Edmonton')).toBe('Mountain Time (Edmonton)');
    expect(timeZoneLabel('America/Indiana/Indianapolis')).toBe('Eastern Time (Indianapolis)');
    expect(timeZoneLabel('UTC')).toBe('UTC');
  });
});

describe('isTimeZone and canonicalTimeZone', () => {
  it('accepts IANA zones, again when it has kept them, and refuses anything else', () => {
    for (let round = 0; round < 2; round++) {
      expect(isTimeZone('America/Edmonton')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
      expect(isTimeZone('Narnia/Lantern_Waste')).toBe(false);
      expect(isTimeZone('')).toBe(false);
      expect(isTimeZone(`America/${'x'.repeat(64)}`)).toBe(false);
    }
  });

  it('still answers for spellings past the ones it keeps', () => {
    // Zone names are case-insensitive: many spellings of one zone are all zones, kept or not.
    const spellings = Array.from({ length: 1100 }, (_, n) =>
      [...'america/edmonton'].map((c, i) => ((n >> i) & 1 ? c.toUpperCase() : c)).join(''),
    );
    for (const spelling of spellings) expect(isTimeZone(spelling)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('names a zone canonically whatever its case', () => {
    expect(canonicalTimeZone('america/vancouver')).toBe('America/Vancouver');
    expect(canonicalTimeZone('America/Vancouver')).toBe('America/Vancouver');
    expect(canonicalTimeZone('Narnia/Lantern_Waste')).toBeNull();
  });
});

describe('clockTime', () => {
  it('writes a 12-hour clock in English and a 24-hour clock with "h" in French', () => {
    expect(clockTime(0, 0, 'en')).toBe('12:00 AM');
    expect(clockTime(9, 5, 'en')).toBe('9:05 AM');
    expect(clockTime(12, 30, 'en')).toBe('12:30 PM');
    expect(clockTime(23, 45, 'en')).toBe('11:45 PM');
    expect(clockTime(0, 0, 'fr')).toBe('0 h 00');
    expect(clockTime(9, 5, 'fr')).toBe('9 h 05');
    expect(clockTime(13, 45, 'fr')).toBe('13 h 45');
  });
});
