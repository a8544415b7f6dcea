import type { WallClockRange } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  availabilityPayload,
  correctRange,
  defaultRange,
  keptRanges,
  minAvailabilityDate,
  type RangeInput,
  rangeFromWallClock,
  timeLabel,
  timeOptions,
  updateRange,
} from './availability-ranges';

/** A range within one day. */
const oneDay = (date: string, startTime: string, endTime: string): RangeInput => ({
  startDate: date,
  endDate: date,
  startTime,
  endTime,
});

/** The same, as the server stores it. */
const storedDay = (date: string, startTime: string, endTime: string): WallClockRange => ({
  start_date: date,
  start_time: startTime,
  end_date: date,
  end_time: endTime,
});

describe('time options', () => {
  it('has 96 options in 15-minute steps with 12-hour labels', () => {
    const options = timeOptions();
    expect(options).toHaveLength(96);
    expect(options[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(options[1]).toEqual({ value: '00:15', label: '12:15 AM' });
    expect(options[32]).toEqual({ value: '08:00', label: '8:00 AM' });
    expect(options[48]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(options[55]).toEqual({ value: '13:45', label: '1:45 PM' });
    expect(options[95]).toEqual({ value: '23:45', label: '11:45 PM' });
    const minutes = options.map((o) => Number(o.value.slice(0, 2)) * 60 + Number(o.value.slice(3)));
    expect(minutes.every((m, i) => i === 0 || m - minutes[i - 1] === 15)).toBe(true);
  });

  it('follows another step and labels odd values as they are', () => {
    expect(timeOptions(60)).toHaveLength(24);
    expect(timeLabel('9:30')).toBe('9:30 AM');
    expect(timeLabel('nonsense')).toBe('nonsense');
  });

  it('follows a French page’s 24-hour clock', () => {
    expect(timeLabel('09:30', 'fr')).toBe('9 h 30');
    expect(timeLabel('13:45', 'fr')).toBe('13 h 45');
    expect(timeLabel('00:00', 'fr')).toBe('0 h 00');
  });
});

describe('availability ranges', () => {
  const EDMONTON = 'America/Edmonton';
  const TOKYO = 'Asia/Tokyo';
  /** 23 November 2026, 14:07 in Edmonton (UTC-7). */
  const now = new Date('2026-11-23T21:07:00Z');

  it('defaults to 08:00-09:00 today at the property while 08:00 is still ahead there', () => {
    // 06:30 in Edmonton.
    expect(defaultRange(new Date('2026-11-23T13:30:00Z'), EDMONTON)).toEqual(
      oneDay('2026-11-23', '08:00', '09:00'),
    );
  });

  it('once 08:00 has passed there, defaults to the next quarter hour for an hour', () => {
    expect(defaultRange(now, EDMONTON)).toEqual(oneDay('2026-11-23', '14:15', '15:15'));
    // The same moment is 06:07 the next morning in Tokyo: 08:00 there is still ahead.
    expect(defaultRange(now, TOKYO)).toMatchObject({ startDate: '2026-11-24', startTime: '08:00' });
    // On a quarter exactly, it starts then.
    expect(defaultRange(new Date('2026-11-24T05:45:00Z'), EDMONTON)).toEqual(
      oneDay('2026-11-23', '22:45', '23:45'),
    );
    // Later in the evening the hour would run past midnight: 08:00 to 09:00 tomorrow.
    expect(defaultRange(new Date('2026-11-24T05:46:00Z'), EDMONTON)).toEqual(
      oneDay('2026-11-24', '08:00', '09:00'),
    );
  });

  it('may start yesterday at the property at the earliest', () => {
    expect(minAvailabilityDate(now, EDMONTON)).toBe('2026-11-22');
    expect(minAvailabilityDate(now, TOKYO)).toBe('2026-11-23');
    expect(minAvailabilityDate(new Date('2026-01-01T08:30:00Z'), EDMONTON)).toBe('2025-12-31');
  });

  it('sets the end to the start when it is earlier, and says so', () => {
    const backwards = oneDay('2026-11-23', '10:00', '09:00');
    expect(correctRange(backwards)).toEqual({
      range: { ...backwards, endTime: '10:00' },
      corrected: true,
    });
    const equal = { ...backwards, endTime: '10:00' };
    expect(correctRange(equal)).toEqual({ range: equal, corrected: false });
    const incomplete = { ...backwards, endDate: null };
    expect(correctRange(incomplete).corrected).toBe(false);
  });

  it('moves a single-day range with its start date; other edits are corrected when the end comes first', () => {
    const range = oneDay('2026-11-23', '08:00', '09:00');
    expect(updateRange(range, 'startDate', '2026-11-25')).toEqual({
      range: { ...range, startDate: '2026-11-25', endDate: '2026-11-25' },
      corrected: false,
    });
    expect(updateRange(range, 'startTime', '11:00')).toEqual({
      range: { ...range, startTime: '11:00', endTime: '11:00' },
      corrected: true,
    });
    const twoDays = { ...range, endDate: '2026-11-24' };
    // A multi-day range keeps its end date: a start after it is corrected.
    expect(updateRange(twoDays, 'startDate', '2026-11-26')).toEqual({
      range: { ...twoDays, startDate: '2026-11-26', endDate: '2026-11-26', endTime: '08:00' },
      corrected: true,
    });
    expect(updateRange(range, 'endDate', '2026-11-22').corrected).toBe(true);
  });

  it('edits stored ranges as the wall-clock times the server gives, and sends them back as such', () => {
    const stored = storedDay('2026-11-24', '13:30', '15:00');
    const range = rangeFromWallClock(stored);
    expect(range).toEqual(oneDay('2026-11-24', '13:30', '15:00'));
    expect(availabilityPayload([range, { ...range, endTime: null }])).toEqual([
      stored,
      { ...stored, end_time: '' },
    ]);
    // Off-step times are rounded down to the step.
    expect(rangeFromWallClock({ ...stored, start_time: '13:37' }).startTime).toBe('13:30');
  });

  it("reads the stored ranges in the property's zone to recognise them as kept", () => {
    const morning = storedDay('2026-11-24', '08:00', '11:00');
    expect(keptRanges([morning], TOKYO)).toEqual([
      { start: Date.parse('2026-11-23T23:00:00Z') / 1000, end: Date.parse('2026-11-24T02:00:00Z') / 1000 },
    ]);
    expect(keptRanges([{ ...morning, end_time: '' }], TOKYO)).toEqual([]);
  });
});
