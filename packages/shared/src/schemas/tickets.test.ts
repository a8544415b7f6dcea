import { describe, expect, it } from 'vitest';
import { MAX_AVAILABILITY_RANGES, MAX_ID_LIST_LENGTH } from '../constants';
import { en, format } from '../messages';
import { errorsOf, parsed } from './test-helpers';
import {
  availabilityRangeSchema,
  availabilitySchema,
  earliestAvailabilityStart,
  ticketBatchDeleteSchema,
  ticketBatchStatusSchema,
  ticketSchema,
  ticketStatusSchema,
} from './tickets';

const v = en.validation;

/** 5 March 2025, 18:00 UTC. */
const now = new Date(Date.UTC(2025, 2, 5, 18));
const at = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour, minute) / 1000;

describe('earliestAvailabilityStart', () => {
  it('is the start of yesterday in the earliest time zone (UTC-12)', () => {
    // Start of 4 March UTC, minus 12 hours.
    expect(earliestAvailabilityStart(now)).toBe(at(3, 12));
    expect(earliestAvailabilityStart(new Date(Date.UTC(2025, 2, 5, 0, 0, 1)))).toBe(at(3, 12));
  });

  it("with the property's time zone, is the start of yesterday there", () => {
    // 5 March 18:00 UTC is 11:00 in Edmonton (UTC-7): yesterday there began on 4 March at 07:00 UTC.
    expect(earliestAvailabilityStart(now, 'America/Edmonton')).toBe(at(4, 7));
    // ... and 6 March 03:00 in Tokyo (UTC+9): yesterday there began on 4 March at 15:00 UTC.
    expect(earliestAvailabilityStart(now, 'Asia/Tokyo')).toBe(at(4, 15));
  });

  it('a range a quarter before yesterday at the property is refused, though it is after UTC-12 yesterday', () => {
    const zoned = availabilityRangeSchema(now, [], 'America/Edmonton');
    const early = { start: at(4, 6, 45), end: at(4, 8) };
    expect(errorsOf(zoned, early)).toEqual({ _form: [v.availabilityStartTooEarly] });
    expect(errorsOf(zoned, { start: at(4, 7), end: at(4, 8) })).toEqual({});
    expect(errorsOf(availabilityRangeSchema(now), early)).toEqual({});
    expect(
      errorsOf(ticketSchema({ now, timeZone: 'America/Edmonton' }), { availability: [early] }),
    ).toMatchObject({ 'availability.0': [v.availabilityStartTooEarly] });
  });
});

describe('availabilityRangeSchema', () => {
  const range = availabilityRangeSchema(now);

  it('reads a wall-clock range (SPEC.md section 3) in the property time zone', () => {
    const zoned = availabilityRangeSchema(now, [], 'America/Edmonton');
    const morning = {
      start_date: '2025-03-06',
      start_time: '08:00',
      end_date: '2025-03-06',
      end_time: '11:00',
    };
    // Edmonton is UTC-7 in early March.
    expect(parsed(zoned, morning)).toEqual({ start: at(6, 15), end: at(6, 18) });
    expect(parsed(availabilityRangeSchema(now, [], 'Asia/Tokyo'), morning)).toEqual({
      start: at(5, 23),
      end: at(6, 2),
    });
    expect(errorsOf(zoned, { ...morning, end_time: '' })).toEqual({ _form: [v.availability] });
    expect(errorsOf(zoned, { ...morning, end_time: '07:00' })).toEqual({
      _form: [v.availabilityEndBeforeStart],
    });
    expect(errorsOf(zoned, { ...morning, start_time: '08:10' })).toEqual({ _form: [v.availabilityStep] });
  });

  it('accepts a range on 15-minute steps, as numbers, numeric strings or JSON text', () => {
    expect(parsed(range, { start: at(6, 8), end: at(6, 9) })).toEqual({ start: at(6, 8), end: at(6, 9) });
    expect(parsed(range, { start: String(at(6, 8)), end: String(at(6, 8, 15)) })).toEqual({
      start: at(6, 8),
      end: at(6, 8, 15),
    });
    expect(parsed(range, JSON.stringify({ start: at(6, 8), end: at(6, 9) }))).toEqual({
      start: at(6, 8),
      end: at(6, 9),
    });
  });

  it('end may equal start', () => {
    expect(errorsOf(range, { start: at(6, 8), end: at(6, 8) })).toEqual({});
  });

  it.each([
    ['nothing', undefined],
    ['text', 'tomorrow'],
    ['no end', { start: at(6, 8) }],
    ['garbage start', { start: 'x', end: at(6, 9) }],
    ['negative', { start: -900, end: at(6, 9) }],
    ['fraction', { start: at(6, 8) + 0.5, end: at(6, 9) }],
  ])('%s -> "Please select a start and end date/time"', (_name, value) => {
    expect(errorsOf(range, value)).toEqual({ _form: [v.availability] });
  });

  it('end before start -> "The end time must be greater than or equal to the start time."', () => {
    expect(errorsOf(range, { start: at(6, 9), end: at(6, 8) })).toEqual({
      _form: [v.availabilityEndBeforeStart],
    });
  });

  it('start before yesterday -> "The start date cannot be earlier than yesterday."', () => {
    expect(errorsOf(range, { start: at(3, 11, 45), end: at(3, 13) })).toEqual({
      _form: [v.availabilityStartTooEarly],
    });
    expect(errorsOf(range, { start: at(3, 12), end: at(3, 13) })).toEqual({});
    expect(errorsOf(range, { start: at(4, 8), end: at(4, 9) })).toEqual({});
  });

  it('off the 15-minute step -> "Times must be in 15-minute steps."', () => {
    expect(errorsOf(range, { start: at(6, 8, 10), end: at(6, 9) })).toEqual({ _form: [v.availabilityStep] });
    expect(errorsOf(range, { start: at(6, 8), end: at(6, 9, 1) })).toEqual({ _form: [v.availabilityStep] });
  });

  it('a kept range (stored on the ticket) may start before yesterday; a new one may not', () => {
    const old = { start: at(1, 8), end: at(1, 9) };
    expect(parsed(availabilityRangeSchema(now, [old]), old)).toEqual(old);
    expect(errorsOf(availabilityRangeSchema(now, [old]), { start: at(1, 8), end: at(1, 10) })).toEqual({
      _form: [v.availabilityStartTooEarly],
    });
  });

  it('reads a clock function at every parse', () => {
    let clock = now;
    const moving = availabilityRangeSchema(() => clock);
    const value = { start: at(4, 8), end: at(4, 9) };
    expect(errorsOf(moving, value)).toEqual({});
    clock = new Date(Date.UTC(2025, 2, 8));
    expect(errorsOf(moving, value)).toEqual({ _form: [v.availabilityStartTooEarly] });
  });

  it('uses the real clock by default', () => {
    const start = Math.ceil(Date.now() / 1000 / 900) * 900 + 86_400;
    expect(errorsOf(availabilityRangeSchema(), { start, end: start + 3600 })).toEqual({});
    expect(errorsOf(availabilityRangeSchema(), { start: 900, end: 1800 })).toEqual({
      _form: [v.availabilityStartTooEarly],
    });
  });
});

describe('availabilitySchema', () => {
  const list = availabilitySchema(now);
  const good = { start: at(6, 8), end: at(6, 9) };

  it('accepts an array, one range, JSON text of either, or an array of JSON texts', () => {
    expect(parsed(list, [good, good])).toHaveLength(2);
    expect(parsed(list, good)).toEqual([good]);
    expect(parsed(list, JSON.stringify([good]))).toEqual([good]);
    expect(parsed(list, [JSON.stringify(good)])).toEqual([good]);
  });

  it.each([[undefined], [''], [[]], [{}]])('%j -> "Please select a start and end date/time"', (value) => {
    expect(errorsOf(list, value)).toEqual({ _form: [v.availability] });
  });

  it(`accepts ${MAX_AVAILABILITY_RANGES} ranges and refuses one more`, () => {
    expect(parsed(list, Array(MAX_AVAILABILITY_RANGES).fill(good))).toHaveLength(MAX_AVAILABILITY_RANGES);
    expect(errorsOf(list, Array(MAX_AVAILABILITY_RANGES + 1).fill(good))).toEqual({
      _form: [format(v.tooManyAvailability, { max: MAX_AVAILABILITY_RANGES })],
    });
  });

  it('reports each bad range at its index', () => {
    expect(errorsOf(list, [good, { start: at(6, 9), end: at(6, 8) }, 'x'])).toEqual({
      '1': [v.availabilityEndBeforeStart],
      '2': [v.availability],
    });
  });
});

describe('ticketSchema', () => {
  const schema = ticketSchema({ now });
  const valid = {
    contact_details: {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone_number: '780 555 0134',
    },
    unit_id: '4',
    title: 'Leaking tap',
    description: 'Kitchen tap drips\nall night',
    category_id: '2',
    priority: '1',
    availability: [JSON.stringify({ start: at(6, 8), end: at(6, 9) })],
  };

  it('accepts a complete form', () => {
    expect(parsed(schema, valid)).toEqual({
      ...valid,
      unit_id: 4,
      category_id: 2,
      priority: 1,
      availability: [{ start: at(6, 8), end: at(6, 9) }],
    });
  });

  it('accepts contact_details as JSON text', () => {
    expect(
      parsed(schema, { ...valid, contact_details: JSON.stringify(valid.contact_details) }).contact_details,
    ).toEqual(valid.contact_details);
  });

  it('reports every contact field with a dotted path', () => {
    expect(errorsOf(schema, { ...valid, contact_details: undefined })).toEqual({
      'contact_details.first_name': [v.firstName],
      'contact_details.last_name': [v.lastName],
      'contact_details.email': [v.validEmail],
      'contact_details.phone_number': [v.phone],
    });
  });

  it.each([
    ['first_name', v.firstName],
    ['last_name', v.lastName],
    ['email', v.validEmail],
    ['phone_number', v.phone],
  ])('contact_details.%s empty -> its message', (field, message) => {
    const contact_details = { ...valid.contact_details, [field]: '' };
    expect(errorsOf(schema, { ...valid, contact_details })).toEqual({
      [`contact_details.${field}`]: [message],
    });
  });

  it.each([
    ['unit_id', '', v.ticketUnit],
    ['unit_id', 'abc', v.ticketUnit],
    ['title', '', v.ticketTitle],
    ['title', 't'.repeat(256), v.ticketTitle],
    ['description', '', v.ticketDescription],
    ['category_id', '', v.category],
    ['category_id', '2 3', v.category],
    ['category_id', ' ', v.category],
    ['priority', '', v.priority],
    ['priority', '2', v.priority],
    ['priority', 'high', v.priority],
    ['priority', undefined, v.priority],
    ['status', '', v.status],
    ['status', '5', v.status],
    ['status', '-1', v.status],
    ['status', 'open', v.status],
    ['availability', undefined, v.availability],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(schema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it('status is optional (0 on create, unchanged on edit) and parsed when given', () => {
    expect(parsed(schema, valid).status).toBeUndefined();
    expect(parsed(schema, { ...valid, status: '0' }).status).toBe(0);
    expect(parsed(schema, { ...valid, status: 4 }).status).toBe(4);
  });

  it('priority 0 is a value, not an empty field', () => {
    expect(parsed(schema, { ...valid, priority: '0' }).priority).toBe(0);
    expect(parsed(schema, { ...valid, priority: 0 }).priority).toBe(0);
  });

  it('reports availability ranges as availability.N', () => {
    expect(errorsOf(schema, { ...valid, availability: [{ start: at(6, 9), end: at(6, 8) }] })).toEqual({
      'availability.0': [v.availabilityEndBeforeStart],
    });
  });
});

describe('ticket status and batch schemas', () => {
  it('ticketStatusSchema', () => {
    expect(parsed(ticketStatusSchema, { status: '3' })).toEqual({ status: 3 });
    expect(errorsOf(ticketStatusSchema, { status: '' })).toEqual({ status: [v.status] });
    expect(errorsOf(ticketStatusSchema, {})).toEqual({ status: [v.status] });
  });

  it('ticketBatchDeleteSchema', () => {
    expect(parsed(ticketBatchDeleteSchema, { tickets: ['3', '4'] })).toEqual({ tickets: [3, 4] });
    expect(errorsOf(ticketBatchDeleteSchema, { tickets: [] })).toEqual({
      tickets: [en.errors.batchDeleteFailed],
    });
  });

  it(`id lists hold at most ${MAX_ID_LIST_LENGTH} distinct ids`, () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(',');
    expect(parsed(ticketBatchDeleteSchema, { tickets: ids(MAX_ID_LIST_LENGTH) }).tickets).toHaveLength(
      MAX_ID_LIST_LENGTH,
    );
    expect(errorsOf(ticketBatchDeleteSchema, { tickets: ids(MAX_ID_LIST_LENGTH + 1) })).toEqual({
      tickets: [format(v.tooManyItems, { max: MAX_ID_LIST_LENGTH })],
    });
  });

  it('ticketBatchStatusSchema', () => {
    expect(parsed(ticketBatchStatusSchema, { tickets: '3,4', status: '1' })).toEqual({
      tickets: [3, 4],
      status: 1,
    });
    expect(errorsOf(ticketBatchStatusSchema, { tickets: 'x', status: '9' })).toEqual({
      tickets: [en.errors.statusUpdateFailed],
      status: [v.status],
    });
  });
});
