/**
 * The wall-clock texts of a ticket's times (modules/tickets/time-zones.ts) read by one cached formatter per zone: they
 * must say what the shared dayjs conversion (`zonedDateTime`, what the forms send and read) says, on either side of
 * daylight saving time changes and in zones whose offset is not whole hours.
 */
import { zonedDateTime } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  availabilityText,
  endOfDayIn,
  momentAt,
  momentText,
  wallClockAt,
  wallClockRange,
} from '../src/modules/tickets/time-zones';

const ZONES = [
  'America/Edmonton',
  'America/Toronto',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'UTC',
];
const HOUR = 3600;
const DAY_MS = 86_400_000;

describe('wallClockRange', () => {
  it('gives the dates and times the dayjs conversion gives, across daylight saving changes', () => {
    // Every 37 minutes from the week before North America's spring change to the week after its fall one.
    const from = Date.UTC(2026, 2, 1) / 1000;
    const until = Date.UTC(2026, 10, 8) / 1000;
    let compared = 0;
    for (const zone of ZONES) {
      for (let start = from; start < until; start += 37 * 60 * 11) {
        const end = start + 2 * HOUR;
        const a = zonedDateTime(start, zone);
        const b = zonedDateTime(end, zone);
        expect(wallClockRange({ start, end }, zone), `${zone} ${start}`).toEqual({
          start_date: a.date,
          start_time: a.time,
          end_date: b.date,
          end_time: b.time,
        });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('reads midnight as 00:00, not 24:00', () => {
    const midnight = Date.UTC(2026, 5, 1, 6) / 1000; // 00:00 in Edmonton (MDT)
    expect(wallClockRange({ start: midnight, end: midnight + HOUR }, 'America/Edmonton')).toEqual({
      start_date: '2026-06-01',
      start_time: '00:00',
      end_date: '2026-06-01',
      end_time: '01:00',
    });
  });
});

/** What en-US's own formatters write: the texts are built from parts, and must read exactly the same. */
function intlText(moment: Date, zone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const plain = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, ' ');
  return `${plain(day.format(moment))}, ${plain(time.format(moment))}`;
}

describe('momentText, momentAt and availabilityText', () => {
  it('write what en-US formatting writes, every weekday and month, at midnight and noon, across DST changes', () => {
    const from = Date.UTC(2025, 11, 25) / 1000;
    const until = Date.UTC(2027, 0, 5) / 1000;
    let compared = 0;
    for (const zone of ZONES) {
      for (let at = from; at < until; at += 23 * 60 * 31) {
        const moment = new Date(at * 1000);
        const text = intlText(moment, zone);
        expect(momentText(moment, zone), `${zone} ${at}`).toBe(text);
        const { date, time } = zonedDateTime(at, zone);
        expect(momentAt(moment, zone)).toEqual({ text, date, time });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(4000);
    // Midnight and noon at the property.
    expect(momentText(new Date(Date.UTC(2026, 5, 1, 6)), 'America/Edmonton')).toBe('Mon, Jun 1, 12:00 AM');
    expect(momentText(new Date(Date.UTC(2026, 5, 1, 18)), 'America/Edmonton')).toBe('Mon, Jun 1, 12:00 PM');
  });

  it('write a range on one day or across midnight', () => {
    const start = Date.UTC(2026, 10, 23, 15) / 1000; // 8:00 AM in Edmonton (MST)
    expect(availabilityText({ start, end: start + HOUR }, 'America/Edmonton')).toBe(
      'Mon, Nov 23, 8:00 AM – 9:00 AM',
    );
    expect(availabilityText({ start: start + 14 * HOUR, end: start + 17 * HOUR }, 'America/Edmonton')).toBe(
      'Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:00 AM',
    );
  });

  it('write the same moments in French as Canadian French writes them', () => {
    const start = Date.UTC(2026, 10, 23, 15) / 1000; // 8:00 AM in Edmonton (MST)
    expect(
      availabilityText({ start: start + 14 * HOUR, end: start + 17 * HOUR }, 'America/Edmonton', 'fr'),
    ).toBe('lun. 23 nov., 22 h 00 – mar. 24 nov., 1 h 00');
    expect(momentText(new Date(Date.UTC(2026, 5, 1, 6, 5)), 'America/Edmonton', 'fr')).toBe(
      'lun. 1 juin, 0 h 05',
    );
  });
});

describe('endOfDayIn', () => {
  it('gives the next midnight at the zone as the clock moves on, hour by hour across days and DST changes', () => {
    const zone = 'America/Toronto';
    const from = Date.UTC(2026, 2, 6) / 1000;
    for (let at = from; at < from + 5 * 24 * HOUR; at += HOUR) {
      const end = endOfDayIn(zone, new Date(at * 1000));
      const { date, time } = zonedDateTime(end, zone);
      expect(time, `${at}`).toBe('00:00');
      expect(end).toBeGreaterThan(at);
      expect(end - at).toBeLessThanOrEqual(25 * HOUR);
      expect(date).not.toBe(zonedDateTime(at, zone).date);
    }
    // Asked again for an earlier moment (another request's clock), it still answers that moment's day.
    const later = endOfDayIn(zone, new Date((from + 3 * 24 * HOUR) * 1000));
    expect(endOfDayIn(zone, new Date(from * 1000))).toBeLessThan(later);
  });
});

describe('wallClockAt on the days a zone changes its clock', () => {
  const icu = (moment: Date, zone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(moment)
        .map((part) => [part.type, part.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  };

  it('reads every five minutes of each change as ICU does, in zones that change at midnight or by half an hour', () => {
    const changes: Array<[string, number]> = [
      ['America/Toronto', Date.UTC(2026, 2, 8)],
      ['America/Toronto', Date.UTC(2026, 10, 1)],
      ['America/St_Johns', Date.UTC(2026, 2, 8)],
      ['America/St_Johns', Date.UTC(2026, 10, 1)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4)],
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3)],
      ['Pacific/Chatham', Date.UTC(2026, 3, 4)],
      ['America/Santiago', Date.UTC(2026, 3, 4)],
      ['America/Havana', Date.UTC(2026, 2, 7)],
      ['Asia/Kathmandu', Date.UTC(2026, 6, 1)],
    ];
    let compared = 0;
    for (const [zone, day] of changes)
      for (let ms = day - DAY_MS; ms < day + 2 * DAY_MS; ms += 5 * 60_000) {
        const moment = new Date(ms);
        expect(wallClockAt(moment, zone), `${zone} ${moment.toISOString()}`).toEqual(icu(moment, zone));
        compared++;
      }
    expect(compared).toBe(changes.length * 3 * 288);
  });
});
