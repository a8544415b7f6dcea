import {
  type ApiSchedule,
  en,
  LAST_DAY_OF_MONTH,
  SCHEDULE_LEAD_DAYS_DEFAULT,
  scheduleSchema,
} from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../components/forms/zod-errors';
import { readListState } from '../../components/table/list-url';
import { SCHEDULE_LIST_SHAPE, shownState } from './schedule-list';
import {
  dayDefaults,
  formRecurrence,
  type ScheduleFormValues,
  scheduleBody,
  scheduleFormValues,
  schedulePreview,
} from './schedule-values';

const schedule = {
  id: 4,
  property_id: 7,
  property_name: 'Elm Court',
  landlord_id: 2,
  unit_id: null,
  unit_name: 'Whole property',
  title: 'Boiler service',
  description: 'Annual check',
  category_id: 3,
  category_title: 'Heating',
  priority: 1,
  priority_text: 'High',
  frequency: 'weekly',
  interval: 2,
  weekday: 0,
  month_day: null,
  month: null,
  rule_text: 'Every 2 weeks on Monday',
  rrule: '',
  starts_on: '2027-01-31',
  ends_on: '2027-12-31',
  lead_days: 5,
  state: 'active',
  paused_at_timestamp: null,
  next_on: '2027-02-01',
  next_on_text: 'Mon, Feb 1, 2027',
  upcoming: [],
  occurrences: [],
  created_at: '',
  created_at_timestamp: 0,
  path: '/api/schedules/4/',
  can: { update: true, delete: true },
} satisfies ApiSchedule;

/** A new schedule's values, filled in enough to save. */
function filled(overrides: Partial<ScheduleFormValues> = {}): ScheduleFormValues {
  return {
    ...scheduleFormValues(null, '2027-03-15'),
    property_id: '7',
    title: 'Gutters',
    category_id: '3',
    ...overrides,
  };
}

describe("a schedule's form values", () => {
  it('start a new schedule monthly from today, on its day, at the default lead days', () => {
    expect(scheduleFormValues(null, '2027-03-15')).toEqual({
      property_id: '',
      unit_id: '',
      title: '',
      description: '',
      category_id: '',
      priority: '0',
      frequency: 'monthly',
      interval: '1',
      // 2027-03-15 is a Monday.
      weekday: '0',
      month_day: '15',
      month: '3',
      starts_on: '2027-03-15',
      ends_on: '',
      lead_days: String(SCHEDULE_LEAD_DAYS_DEFAULT),
    });
  });

  it('offer the last day of the month after the 28th, and Sunday as 6', () => {
    expect(dayDefaults('2027-01-31')).toEqual({
      weekday: '6',
      month_day: String(LAST_DAY_OF_MONTH),
      month: '1',
    });
    expect(dayDefaults('not a date')).toEqual(dayDefaults('2000-01-01'));
  });

  it("start an edit from the schedule's own values, the unused day fields from its start", () => {
    expect(scheduleFormValues(schedule, '2027-03-15')).toEqual({
      property_id: '7',
      unit_id: '',
      title: 'Boiler service',
      description: 'Annual check',
      category_id: '3',
      priority: '1',
      frequency: 'weekly',
      interval: '2',
      weekday: '0',
      month_day: String(LAST_DAY_OF_MONTH),
      month: '1',
      starts_on: '2027-01-31',
      ends_on: '2027-12-31',
      lead_days: '5',
    });
  });

  it('send only the day fields of the frequency, the others blank', () => {
    const values = scheduleFormValues(schedule, '2027-03-15');
    expect(scheduleBody(values)).toEqual({
      ...values,
      weekday: '0',
      month_day: '',
      month: '',
    });
    expect(scheduleBody({ ...values, frequency: 'yearly' })).toMatchObject({
      weekday: '',
      month_day: '-1',
      month: '1',
    });
    expect(scheduleBody({ ...values, frequency: 'daily' })).toMatchObject({
      weekday: '',
      month_day: '',
      month: '',
    });
  });

  it('are what the shared schema accepts, and its answer reads back the same', () => {
    const values = filled({ frequency: 'yearly', month: '2', month_day: '-1', unit_id: '' });
    const parsed = scheduleSchema.safeParse(scheduleBody(values));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      property_id: 7,
      unit_id: null,
      frequency: 'yearly',
      interval: 1,
      weekday: null,
      month_day: -1,
      month: 2,
      ends_on: null,
      lead_days: SCHEDULE_LEAD_DAYS_DEFAULT,
    });
    const saved = { ...schedule, ...parsed.data, description: parsed.data?.description ?? '' } as ApiSchedule;
    expect(scheduleBody(scheduleFormValues(saved, '2027-03-15'))).toEqual(scheduleBody(values));
  });

  it('are checked by the shared schema: an end before the start, a day the frequency needs', () => {
    expect(schemaErrors(scheduleSchema, filled())).toEqual({});
    expect(schemaErrors(scheduleSchema, filled({ ends_on: '2027-03-01' }))).toEqual({
      ends_on: en.validation.scheduleEnd,
    });
    expect(schemaErrors(scheduleSchema, filled({ frequency: 'weekly', weekday: '' }))).toEqual({
      weekday: en.validation.scheduleWeekday,
    });
  });
});

describe("a schedule form's preview", () => {
  it('says the rule and the next dates from today', () => {
    const values = filled({ frequency: 'weekly', interval: '2', weekday: '0', starts_on: '2027-02-01' });
    expect(schedulePreview(values, '2027-02-10', 3)).toEqual({
      rule: 'Every 2 weeks on Monday',
      dates: ['2027-02-15', '2027-03-01', '2027-03-15'],
    });
  });

  it('reads a blank interval as 1 and the last day of the month', () => {
    const values = filled({ frequency: 'monthly', interval: '', month_day: '-1', starts_on: '2027-01-01' });
    expect(schedulePreview(values, '2027-01-01', 3)).toEqual({
      rule: 'Every month on the last day',
      dates: ['2027-01-31', '2027-02-28', '2027-03-31'],
    });
  });

  it('stops at the end, and has no dates when the end is before the start', () => {
    const values = filled({ frequency: 'daily', starts_on: '2027-01-01', ends_on: '2027-01-02' });
    expect(schedulePreview(values, '2026-12-01')?.dates).toEqual(['2027-01-01', '2027-01-02']);
    expect(schedulePreview({ ...values, ends_on: '2026-12-31' }, '2026-12-01')?.dates).toEqual([]);
  });

  it('shows nothing while the rule cannot be read', () => {
    expect(formRecurrence(filled({ interval: '0' }))).toBeNull();
    expect(formRecurrence(filled({ interval: '1.5' }))).toBeNull();
    expect(formRecurrence(filled({ starts_on: '' }))).toBeNull();
    expect(formRecurrence(filled({ starts_on: '2027-02-30' }))).toBeNull();
    expect(formRecurrence(filled({ ends_on: 'soon' }))).toBeNull();
    expect(formRecurrence(filled({ frequency: 'hourly' }))).toBeNull();
    expect(formRecurrence(filled({ frequency: 'weekly', weekday: '7' }))).toBeNull();
    expect(formRecurrence(filled({ frequency: 'yearly', month: '13' }))).toBeNull();
    // A day field the frequency does not use is not read.
    expect(formRecurrence(filled({ frequency: 'daily', weekday: 'x', month: '' }))).toMatchObject({
      frequency: 'daily',
      weekday: null,
      month_day: null,
      month: null,
    });
  });
});

describe('the schedules list', () => {
  it('shows Ended once there is no next date, else the state', () => {
    expect(shownState(schedule)).toBe('active');
    expect(shownState({ ...schedule, state: 'paused' })).toBe('paused');
    expect(shownState({ ...schedule, state: 'paused', next_on: null })).toBe('ended');
  });

  it('keeps its State and Property filters and its sorts in the address', () => {
    const query = new URLSearchParams('state=paused&property_id=7&sort=next_on&order=asc');
    expect(readListState(query, SCHEDULE_LIST_SHAPE)).toEqual({
      page: 1,
      sort: { id: 'next_on', desc: false },
      search: '',
      filters: { state: 'paused', property_id: '7' },
    });
    const unread = new URLSearchParams('state=ended&property_id=abc&sort=rule');
    expect(readListState(unread, SCHEDULE_LIST_SHAPE)).toMatchObject({
      sort: { id: 'created_at', desc: true },
      filters: {},
    });
  });
});
