import { CALENDAR_MAX_DAYS, zonedDateTime } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  calendarPeriod,
  firstVisits,
  isCalendarDate,
  mondayOf,
  periodTitle,
  readCalendarLandlord,
  readCalendarState,
  shiftState,
  visitHours,
  visitStart,
  visitsByDay,
  writeCalendarLandlord,
  writeCalendarState,
} from './calendar-period';

const EDMONTON = 'America/Edmonton';
const TOKYO = 'Asia/Tokyo';
const TODAY = '2026-11-26';

describe('the address', () => {
  it('reads the view and the date, the week of today by default', () => {
    expect(readCalendarState(new URLSearchParams('view=month&date=2026-11-26'), TODAY)).toEqual({
      view: 'month',
      date: '2026-11-26',
    });
    expect(readCalendarState(new URLSearchParams(''), TODAY)).toEqual({ view: 'week', date: TODAY });
    for (const query of ['view=day&date=2026-13-01', 'view=Month&date=26-11-2026', 'date=2026-02-30'])
      expect(readCalendarState(new URLSearchParams(query), TODAY)).toEqual({ view: 'week', date: TODAY });
  });

  it('takes real calendar dates only', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31'].every(isCalendarDate)).toBe(true);
    expect(['2026-02-29', '2026-04-31', '2026-1-01', '', null].some(isCalendarDate)).toBe(false);
  });

  it('writes the view and the date, keeping the other parameters', () => {
    const written = writeCalendarState({ view: 'month', date: '2026-11-26' }, new URLSearchParams('x=1'));
    expect(written.toString()).toBe('x=1&view=month&date=2026-11-26');
  });

  it('reads and writes the landlord shown, keeping the view and the date', () => {
    expect(readCalendarLandlord(new URLSearchParams('view=week&landlord_id=12'))).toBe(12);
    for (const query of [
      '',
      'landlord_id=',
      'landlord_id=0',
      'landlord_id=-3',
      'landlord_id=1e3',
      'landlord_id=x',
    ])
      expect(readCalendarLandlord(new URLSearchParams(query)), query).toBeNull();
    const params = new URLSearchParams('view=month&date=2026-11-26');
    expect(writeCalendarLandlord(7, params).toString()).toBe('view=month&date=2026-11-26&landlord_id=7');
    expect(writeCalendarLandlord(null, writeCalendarLandlord(7, params)).toString()).toBe(params.toString());
  });
});

describe('the period', () => {
  it('starts a week on the Monday on or before the date', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('bounds a week by the midnights of the zone', () => {
    const week = calendarPeriod({ view: 'week', date: TODAY }, EDMONTON);
    expect(week.days).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect([week.start, week.end]).toEqual(['2026-11-23', '2026-11-30']);
    expect(zonedDateTime(week.from, EDMONTON)).toEqual({ date: '2026-11-23', time: '00:00' });
    expect(zonedDateTime(week.to, EDMONTON)).toEqual({ date: '2026-11-30', time: '00:00' });
    expect(week.from).toBe(Date.parse('2026-11-23T07:00:00Z') / 1000);
    // The same week read in Tokyo is another span of time.
    expect(calendarPeriod({ view: 'week', date: TODAY }, TOKYO).from).toBe(
      Date.parse('2026-11-22T15:00:00Z') / 1000,
    );
  });

  it('keeps a week across a change of clocks to its midnights', () => {
    const week = calendarPeriod({ view: 'week', date: '2026-11-01' }, EDMONTON);
    expect(week.start).toBe('2026-10-26');
    expect(week.to - week.from).toBe(7 * 86_400 + 3600);
    expect(zonedDateTime(week.to, EDMONTON)).toEqual({ date: '2026-11-02', time: '00:00' });
  });

  it('shows a month in the whole weeks that hold it', () => {
    const november = calendarPeriod({ view: 'month', date: TODAY }, EDMONTON);
    expect([november.start, november.end]).toEqual(['2026-11-01', '2026-12-01']);
    // Nov 1, 2026 is a Sunday: the grid starts on Monday, Oct 26, and ends on Sunday, Dec 6.
    expect(november.days[0]).toBe('2026-10-26');
    expect(november.days.at(-1)).toBe('2026-12-06');
    expect(november.days).toHaveLength(42);
    const february = calendarPeriod({ view: 'month', date: '2027-02-10' }, EDMONTON);
    // Feb 1, 2027 is a Monday: four weeks.
    expect([february.days[0], february.days.at(-1), february.days.length]).toEqual([
      '2027-02-01',
      '2027-02-28',
      28,
    ]);
    expect(zonedDateTime(february.to, EDMONTON)).toEqual({ date: '2027-03-01', time: '00:00' });
  });

  it('asks for at most CALENDAR_MAX_DAYS, also for six weeks with an hour more', () => {
    const november = calendarPeriod({ view: 'month', date: TODAY }, EDMONTON);
    expect(november.to - november.from).toBeLessThanOrEqual(CALENDAR_MAX_DAYS * 86_400);
    expect(november.to - november.from).toBe(CALENDAR_MAX_DAYS * 86_400);
  });

  it('steps a week or a month back and forth', () => {
    expect(shiftState({ view: 'week', date: TODAY }, 1)).toEqual({ view: 'week', date: '2026-12-03' });
    expect(shiftState({ view: 'week', date: TODAY }, -1)).toEqual({ view: 'week', date: '2026-11-19' });
    expect(shiftState({ view: 'month', date: '2027-01-31' }, 1)).toEqual({
      view: 'month',
      date: '2027-02-28',
    });
    expect(shiftState({ view: 'month', date: '2027-01-15' }, -1)).toEqual({
      view: 'month',
      date: '2026-12-15',
    });
  });

  it('titles the period', () => {
    const title = (view: 'week' | 'month', date: string) =>
      periodTitle(calendarPeriod({ view, date }, EDMONTON));
    expect(title('week', TODAY)).toBe('Nov 23 – 29, 2026');
    expect(title('week', '2026-12-01')).toBe('Nov 30 – Dec 6, 2026');
    expect(title('week', '2026-12-30')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(title('month', TODAY)).toBe('November 2026');
  });

  it('is written as the page’s language writes dates: French', () => {
    const title = (view: 'week' | 'month', date: string) =>
      periodTitle(calendarPeriod({ view, date }, EDMONTON), 'fr-CA');
    expect(title('week', TODAY)).toBe('23–29 nov. 2026');
    expect(title('week', '2026-12-01')).toBe('30 nov. – 6 déc. 2026');
    expect(title('week', '2026-12-30')).toBe('28 déc. 2026 – 3 janv. 2027');
    expect(title('month', TODAY)).toBe('novembre 2026');
  });
});

describe('the visits of each day', () => {
  /** A visit at a wall-clock time in Edmonton (UTC-7 in winter). */
  const at = (id: number, iso: string, hours = 1) => {
    const start = Date.parse(`${iso}-07:00`) / 1000;
    return { id, start, end: start + hours * 3600 };
  };

  it('puts each visit on the day it starts in the zone, by start time, every day listed', () => {
    const week = calendarPeriod({ view: 'week', date: TODAY }, EDMONTON);
    const visits = [at(1, '2026-11-24T16:00:00'), at(2, '2026-11-24T07:00:00'), at(3, '2026-11-26T23:30:00')];
    const byDay = visitsByDay(visits, week.days, EDMONTON);
    expect([...byDay.keys()]).toEqual(week.days);
    expect(byDay.get('2026-11-24')?.map((visit) => visit.id)).toEqual([2, 1]);
    expect(byDay.get('2026-11-26')?.map((visit) => visit.id)).toEqual([3]);
    expect(byDay.get('2026-11-23')).toEqual([]);
    // In Tokyo, 11:30 PM in Edmonton is the next afternoon.
    expect(
      visitsByDay(visits, week.days, TOKYO)
        .get('2026-11-27')
        ?.map((visit) => visit.id),
    ).toEqual([3]);
  });

  it('shows a visit begun before the period on its first day', () => {
    const week = calendarPeriod({ view: 'week', date: TODAY }, EDMONTON);
    const byDay = visitsByDay([at(7, '2026-11-22T22:00:00', 4)], week.days, EDMONTON);
    expect(byDay.get('2026-11-23')?.map((visit) => visit.id)).toEqual([7]);
  });

  it('keeps three visits of a month’s day and counts the others', () => {
    expect(firstVisits([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(firstVisits([1], 3)).toEqual({ shown: [1], more: 0 });
  });

  it('writes a visit’s hours in the zone', () => {
    expect(visitHours(at(1, '2026-11-24T16:00:00', 2), EDMONTON)).toBe('4:00 PM – 6:00 PM');
    expect(visitHours(at(1, '2026-11-24T23:00:00', 2), EDMONTON)).toBe('11:00 PM – Nov 25, 1:00 AM');
    expect(visitStart(at(1, '2026-11-24T16:00:00', 2), EDMONTON)).toBe('4:00 PM');
  });
});
