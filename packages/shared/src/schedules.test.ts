import { describe, expect, it } from 'vitest';
import { LAST_DAY_OF_MONTH } from './constants';
import { wordsOf } from './languages';
import {
  occurrenceOnOrAfter,
  occurrencesFrom,
  recurrenceText,
  ruleString,
  type ScheduleRecurrence,
  scheduleRule,
  utcDateOf,
} from './schedules';
import { scheduleSchema } from './schemas/schedules';
import { addDays } from './time-zones';

const monthly: ScheduleRecurrence = {
  frequency: 'monthly',
  interval: 1,
  weekday: null,
  month_day: LAST_DAY_OF_MONTH,
  month: null,
  starts_on: '2027-01-15',
  ends_on: null,
};

describe('schedule recurrences', () => {
  it('fall on the last day of each month, short months included', () => {
    expect(occurrencesFrom(monthly, '2027-01-01', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(recurrenceText(monthly)).toBe('Every month on the last day');
    expect(ruleString(monthly)).toContain('RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1');
  });

  it('every two weeks on a weekday, from the start, until the end', () => {
    const fortnightly: ScheduleRecurrence = {
      ...monthly,
      frequency: 'weekly',
      interval: 2,
      weekday: 0,
      month_day: null,
      starts_on: '2027-01-06',
      ends_on: '2027-02-15',
    };
    expect(occurrencesFrom(fortnightly, '2027-01-01', 10)).toEqual([
      '2027-01-18',
      '2027-02-01',
      '2027-02-15',
    ]);
    expect(occurrenceOnOrAfter(fortnightly, '2027-02-01')).toBe('2027-02-01');
    expect(occurrenceOnOrAfter(fortnightly, '2027-02-16')).toBeNull();
    expect(recurrenceText(fortnightly)).toBe('Every 2 weeks on Monday');
  });

  it('yearly on a month and day', () => {
    const yearly: ScheduleRecurrence = { ...monthly, frequency: 'yearly', month: 3, month_day: 15 };
    expect(occurrencesFrom(yearly, '2027-01-01', 2)).toEqual(['2027-03-15', '2028-03-15']);
    expect(recurrenceText(yearly)).toBe('Every year on day 15 of March');
  });

  it('are written in another language’s words when given them', () => {
    const { t, format } = wordsOf('fr');
    const fortnightly: ScheduleRecurrence = {
      ...monthly,
      frequency: 'weekly',
      interval: 2,
      weekday: 0,
      month_day: null,
    };
    expect(recurrenceText(fortnightly, { t, format })).toBe('Toutes les 2 semaines, le lundi');
    expect(recurrenceText(monthly, { t, format })).toBe('Chaque mois, le dernier jour');
  });
});

describe('the schedule form', () => {
  const body = {
    property_id: '3',
    unit_id: '',
    title: 'Change the furnace filter',
    description: '',
    category_id: 2,
    priority: 0,
    frequency: 'monthly',
    interval: '1',
    weekday: '4',
    month_day: '1',
    starts_on: '2027-01-01',
    ends_on: '',
  };

  it('keeps the day fields of its frequency only, and fills the defaults', () => {
    const parsed = scheduleSchema.parse(body);
    expect(parsed).toMatchObject({
      unit_id: null,
      weekday: null,
      month_day: 1,
      month: null,
      lead_days: 7,
      ends_on: null,
    });
  });

  it('refuses what no rule can hold', () => {
    const errors = (values: Record<string, unknown>) =>
      scheduleSchema
        .safeParse({ ...body, ...values })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(errors({ month_day: '31' })).toEqual([['month_day', 'Please choose a day of the month']]);
    expect(errors({ frequency: 'hourly' })?.[0]?.[0]).toBe('frequency');
    expect(errors({ interval: '0' })?.[0]?.[0]).toBe('interval');
    expect(errors({ interval: '1e3' })?.[0]?.[0]).toBe('interval');
    expect(errors({ starts_on: '2027-02-30' })).toEqual([['starts_on', 'Please choose a start date']]);
    expect(errors({ ends_on: '2026-12-31' })).toEqual([['ends_on', 'The end cannot be before the start']]);
    expect(errors({ ends_on: '2027-01-01', month_day: '2' })).toEqual([
      ['ends_on', 'This schedule never falls on a date between its start and its end'],
    ]);
    expect(errors({ frequency: 'weekly', weekday: '7' })).toEqual([
      ['weekday', 'Please choose a day of the week'],
    ]);
    expect(errors({ lead_days: '91' })?.[0]?.[0]).toBe('lead_days');
  });

  it('read from a later date, give the dates of the rule walked from its start', () => {
    // scheduleRule(recurrence, near) starts the rule at the period before `near`; the dates must not move.
    const walkedFromStart = (recurrence: ScheduleRecurrence, date: string, count: number) => {
      const rule = scheduleRule(recurrence);
      const dates: string[] = [];
      let next = rule.after(new Date(`${date}T00:00:00Z`), true);
      while (next !== null && dates.length < count) {
        dates.push(utcDateOf(next));
        next = rule.after(next, false);
      }
      return dates;
    };
    const rules: Partial<ScheduleRecurrence>[] = [
      { frequency: 'daily', interval: 1 },
      { frequency: 'daily', interval: 3 },
      { frequency: 'weekly', interval: 1, weekday: 4 },
      { frequency: 'weekly', interval: 2, weekday: 0 },
      { frequency: 'weekly', interval: 3, weekday: 6 },
      { frequency: 'monthly', interval: 1, month_day: 15 },
      { frequency: 'monthly', interval: 2, month_day: LAST_DAY_OF_MONTH },
      { frequency: 'monthly', interval: 5, month_day: 28 },
      { frequency: 'yearly', interval: 1, month: 2, month_day: LAST_DAY_OF_MONTH },
      { frequency: 'yearly', interval: 2, month: 11, month_day: 30 },
    ];
    let compared = 0;
    for (const rule of rules) {
      for (const starts_on of ['2023-01-31', '2024-02-29', '2025-06-04']) {
        for (const ends_on of [null, '2027-03-10']) {
          const recurrence = {
            ...monthly,
            weekday: null,
            month_day: null,
            month: null,
            ...rule,
            starts_on,
            ends_on,
          };
          for (let offset = -40; offset < 1300; offset += 89) {
            const date = addDays(starts_on, offset);
            expect(
              occurrencesFrom(recurrence, date, 6),
              `${JSON.stringify(recurrence)} from ${date}`,
            ).toEqual(walkedFromStart(recurrence, date, 6));
            expect(occurrenceOnOrAfter(recurrence, date)).toBe(
              walkedFromStart(recurrence, date, 1)[0] ?? null,
            );
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(800);
  }, 60_000);
});
