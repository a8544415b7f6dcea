import { en, ticketSchema } from '@mend/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../components/forms/zod-errors';
import {
  availabilityPayload,
  closedDateText,
  correctRange,
  defaultRange,
  keptRanges,
  logEntriesShown,
  minAvailabilityDate,
  photosError,
  type RangeInput,
  rangeFromWallClock,
  statusColor,
  type TicketFormValues,
  ticketPayload,
  timeLabel,
  timeOptions,
  updateRange,
  withStatus,
} from './ticket-logic';

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
});

describe('availability ranges', () => {
  const EDMONTON = 'America/Edmonton';
  const TOKYO = 'Asia/Tokyo';
  /** 23 November 2026, 14:07 in Edmonton (UTC-7). */
  const now = new Date('2026-11-23T21:07:00Z');

  it('defaults to 08:00-09:00 today at the property while 08:00 is still ahead there', () => {
    // 06:30 in Edmonton.
    expect(defaultRange(new Date('2026-11-23T13:30:00Z'), EDMONTON)).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      startTime: '08:00',
      endTime: '09:00',
    });
  });

  it('once 08:00 has passed there, defaults to the next quarter hour for an hour', () => {
    expect(defaultRange(now, EDMONTON)).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      startTime: '14:15',
      endTime: '15:15',
    });
    // The same moment is 06:07 the next morning in Tokyo: 08:00 there is still ahead.
    expect(defaultRange(now, TOKYO)).toMatchObject({ startDate: '2026-11-24', startTime: '08:00' });
    // On a quarter exactly, it starts then.
    expect(defaultRange(new Date('2026-11-24T05:45:00Z'), EDMONTON)).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      startTime: '22:45',
      endTime: '23:45',
    });
    // Later in the evening the hour would run past midnight: 08:00 to 09:00 tomorrow.
    expect(defaultRange(new Date('2026-11-24T05:46:00Z'), EDMONTON)).toEqual({
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      startTime: '08:00',
      endTime: '09:00',
    });
  });

  it('may start yesterday at the property at the earliest', () => {
    expect(minAvailabilityDate(now, EDMONTON)).toBe('2026-11-22');
    expect(minAvailabilityDate(now, TOKYO)).toBe('2026-11-23');
    expect(minAvailabilityDate(new Date('2026-01-01T08:30:00Z'), EDMONTON)).toBe('2025-12-31');
  });

  it('sets the end to the start when it is earlier, and says so', () => {
    const backwards: RangeInput = {
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      startTime: '10:00',
      endTime: '09:00',
    };
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
    const range = { startDate: '2026-11-23', endDate: '2026-11-23', startTime: '08:00', endTime: '09:00' };
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
    const stored = {
      start_date: '2026-11-24',
      start_time: '13:30',
      end_date: '2026-11-24',
      end_time: '15:00',
    };
    const range = rangeFromWallClock(stored);
    expect(range).toEqual({
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      startTime: '13:30',
      endTime: '15:00',
    });
    expect(availabilityPayload([range, { ...range, endTime: null }])).toEqual([
      stored,
      { ...stored, end_time: '' },
    ]);
    // Off-step times are rounded down to the step.
    expect(rangeFromWallClock({ ...stored, start_time: '13:37' }).startTime).toBe('13:30');
  });

  it("reads the stored ranges in the property's zone to recognise them as kept", () => {
    const morning = {
      start_date: '2026-11-24',
      start_time: '08:00',
      end_date: '2026-11-24',
      end_time: '11:00',
    };
    expect(keptRanges([morning], TOKYO)).toEqual([
      { start: Date.parse('2026-11-23T23:00:00Z') / 1000, end: Date.parse('2026-11-24T02:00:00Z') / 1000 },
    ]);
    expect(keptRanges([{ ...morning, end_time: '' }], TOKYO)).toEqual([]);
  });
});

describe('closed date', () => {
  const base = {
    status: 1,
    closed_at: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    log: [],
  };
  const iso = (moment: dayjs.Dayjs) => moment.toISOString();

  it('shows no closing date while the status is below 3 (not "Closed: Open")', () => {
    expect(closedDateText({ ...base, status: 0 }, iso)).toBeNull();
    expect(closedDateText(base, iso)).toBeNull();
    expect(closedDateText({ ...base, status: 2, closed_at: '2026-11-21T09:00:00.000Z' }, iso)).toBeNull();
  });

  it('shows the closing time, else the newest complete/cancel log entry, else the last update', () => {
    const closed = { ...base, status: 3 };
    expect(closedDateText({ ...closed, closed_at: '2026-11-21T09:00:00.000Z' }, iso)).toBe(
      '2026-11-21T09:00:00.000Z',
    );
    const log = [
      { description: 'Status changed from Open to Completed', timestamp: 1_790_000_000 },
      { description: 'Status changed from Completed to Open', timestamp: 1_790_000_500 },
      { description: 'Title updated by Jane', timestamp: 1_790_009_999 },
    ];
    expect(closedDateText({ ...closed, log }, iso)).toBe(dayjs.unix(1_790_000_500).toISOString());
    expect(closedDateText({ ...closed, status: 4 }, iso)).toBe('2026-11-20T10:00:00.000Z');
  });
});

describe('status tags', () => {
  it('has one colour per status slug and gray for anything else', () => {
    expect(statusColor('open')).toBe('blue');
    expect(statusColor('scheduled')).toBe('violet');
    expect(statusColor('in-progress')).toBe('orange');
    expect(statusColor('completed')).toBe('teal');
    expect(statusColor('cancelled')).toBe('gray');
    expect(statusColor('on-hold')).toBe('gray');
  });

  it('patches a cached ticket optimistically, with a closing time only for closed statuses', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const open = { id: 1, status: 0, status_text: 'Open', status_slug: 'open', closed_at: null };
    expect(withStatus(open, 2, 'In Progress', now)).toEqual({
      id: 1,
      status: 2,
      status_text: 'In Progress',
      status_slug: 'in-progress',
      closed_at: null,
    });
    const done = withStatus(open, 3, 'Completed', now);
    expect(done.closed_at).toBe(now.toISOString());
    expect(withStatus(done, 4, 'Cancelled', new Date()).closed_at).toBe(now.toISOString());
    expect(withStatus(done, 0, 'Open', now).closed_at).toBeNull();
  });
});

describe('activity log paging', () => {
  it('shows 3 entries, then 10 more per click', () => {
    expect(logEntriesShown(0, 25, 3, 10)).toBe(3);
    expect(logEntriesShown(1, 25, 3, 10)).toBe(13);
    expect(logEntriesShown(2, 25, 3, 10)).toBe(23);
    expect(logEntriesShown(3, 25, 3, 10)).toBe(25);
    expect(logEntriesShown(0, 2, 3, 10)).toBe(2);
  });
});

describe('photos', () => {
  const png = { size: 50_000, type: 'image/png' };
  it('allows 5 files of 1 MB at most, counting the ones kept', () => {
    expect(photosError([png, png])).toBeNull();
    expect(photosError([png, png], 3)).toBeNull();
    expect(photosError([png, png], 4)).toBe(en.errors.tooManyFiles);
    expect(photosError([png, png, png, png, png, png])).toBe(en.errors.tooManyFiles);
    expect(photosError([{ size: 1_000_000, type: 'image/jpeg' }])).toBeNull();
    expect(photosError([{ size: 1_000_001, type: 'image/jpeg' }])).toBe(en.errors.fileTooBig);
    expect(photosError([{ size: 10, type: 'image/webp' }])).toBe(en.errors.fileType);
    expect(photosError([{ size: 10, type: 'application/pdf' }])).toBeNull();
  });
});

describe('the form body', () => {
  const today = dayjs().format('YYYY-MM-DD');
  const values: TicketFormValues = {
    contact_details: {
      first_name: 'Jane',
      last_name: 'Morrison',
      email: 'tenant@northwind.test',
      phone_number: '780 555 0101',
    },
    unit_id: '1',
    title: 'Leaking tap',
    description: 'Drips all night.',
    category_id: '2',
    priority: '0',
    status: '1',
    availability: [{ startDate: today, endDate: today, startTime: '08:00', endTime: '09:00' }],
    images: [],
    remove_images: [],
  };

  it('passes the shared schema and sends status only when allowed', () => {
    const body = ticketPayload(values, { includeStatus: false });
    expect(body.status).toBeUndefined();
    expect(body.images).toBeUndefined();
    expect(schemaErrors(ticketSchema(), body)).toEqual({});
    expect(ticketPayload(values, { includeStatus: true }).status).toBe('1');
  });

  it('reports the exact messages on the fields the form shows', () => {
    const body = ticketPayload(
      {
        ...values,
        contact_details: { ...values.contact_details, email: 'nope' },
        title: ' ',
        category_id: '',
        availability: [{ ...values.availability[0], endTime: null }],
      },
      { includeStatus: false },
    );
    expect(schemaErrors(ticketSchema(), body)).toEqual({
      'contact_details.email': en.validation.validEmail,
      title: en.validation.ticketTitle,
      category_id: en.validation.category,
      'availability.0': en.validation.availability,
    });
  });
});
