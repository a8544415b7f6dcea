/**
 * The wall-clock texts of a ticket's times (modules/tickets/time-zones.ts) read by one cached formatter per zone: they
 * must say what the shared dayjs conversion (`zonedDateTime`, what the forms send and read) says, on either side of
 * daylight saving time changes and in zones whose offset is not whole hours.
 */
import { zonedDateTime } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { wallClockRange } from '../src/modules/tickets/time-zones';

const ZONES = [
  'America/Edmonton',
  'America/Toronto',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'UTC',
];
const HOUR = 3600;

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
