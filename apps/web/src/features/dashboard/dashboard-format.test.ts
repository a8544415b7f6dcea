import { describe, expect, it } from 'vitest';
import {
  closeWindowText,
  formatCount,
  formatHours,
  monthLabel,
  propertyChartData,
  ratingTexts,
  shortLabel,
  spendRows,
  statusChartData,
  targetMonthRow,
  timeToCloseTexts,
  weekLabel,
  weeklyChartData,
  weeklyTotals,
} from './dashboard-format';

describe('ratingTexts', () => {
  it('reads the average with one decimal, of the most stars, and how many ratings it is of', () => {
    expect(ratingTexts({ count: 12, average: 4.5 })).toEqual({ value: '4.5 of 5', hint: 'from 12 ratings' });
    expect(ratingTexts({ count: 1, average: 5 })).toEqual({ value: '5.0 of 5', hint: 'from 1 rating' });
    expect(ratingTexts({ count: 1234, average: 3.67 })).toEqual({
      value: '3.7 of 5',
      hint: 'from 1,234 ratings',
    });
  });

  it('says n/a before the first rating', () => {
    expect(ratingTexts({ count: 0, average: null })).toEqual({ value: 'n/a', hint: 'No ratings yet' });
    expect(ratingTexts({ count: 0, average: 4 })).toEqual({ value: 'n/a', hint: 'No ratings yet' });
  });
});

describe('formatHours', () => {
  it('reads minutes under an hour', () => {
    expect(formatHours(0)).toBe('0 min');
    expect(formatHours(0.25)).toBe('15 min');
    expect(formatHours(0.99)).toBe('59 min');
    expect(formatHours(0.999)).toBe('1 h');
  });

  it('reads hours under two days, one decimal below 10', () => {
    expect(formatHours(1)).toBe('1 h');
    expect(formatHours(5)).toBe('5 h');
    expect(formatHours(2.5)).toBe('2.5 h');
    expect(formatHours(9.94)).toBe('9.9 h');
    expect(formatHours(10.4)).toBe('10 h');
    expect(formatHours(36)).toBe('36 h');
    expect(formatHours(47.4)).toBe('47 h');
  });

  it('reads days from two days on', () => {
    expect(formatHours(47.6)).toBe('2 days');
    expect(formatHours(48)).toBe('2 days');
    expect(formatHours(60)).toBe('2.5 days');
    expect(formatHours(565.5)).toBe('24 days');
    expect(formatHours(24 * 1500)).toBe('1,500 days');
  });

  it('reads a duration in the unit asked for', () => {
    expect(formatHours(5, 'days')).toBe('0.2 days');
    expect(formatHours(47, 'days')).toBe('2 days');
    expect(formatHours(0.5, 'hours')).toBe('0.5 h');
    expect(formatHours(3, 'minutes')).toBe('180 min');
  });

  it('reads n/a for what is not a duration', () => {
    expect(formatHours(Number.NaN)).toBe('n/a');
    expect(formatHours(-1)).toBe('n/a');
  });
});

describe('time to close texts', () => {
  it('are n/a when no ticket was closed in the window', () => {
    expect(timeToCloseTexts({ mean_hours: 0, median_hours: 0, count: 0 })).toEqual({
      mean: 'n/a',
      median: 'n/a',
    });
    expect(closeWindowText(0)).toBe('No tickets closed in the last 90 days');
  });

  it('format both figures in one unit, the longer one’s, and say what they cover', () => {
    // Not "2.5 days" beside "5 h", nor "3.1 days" beside "47 h".
    expect(timeToCloseTexts({ mean_hours: 60, median_hours: 5, count: 3 })).toEqual({
      mean: '2.5 days',
      median: '0.2 days',
    });
    expect(timeToCloseTexts({ mean_hours: 74.4, median_hours: 47, count: 9 })).toEqual({
      mean: '3.1 days',
      median: '2 days',
    });
    expect(timeToCloseTexts({ mean_hours: 5, median_hours: 0.5, count: 2 })).toEqual({
      mean: '5 h',
      median: '0.5 h',
    });
    expect(closeWindowText(1)).toBe('1 ticket closed in the last 90 days');
    expect(closeWindowText(1234)).toBe('1,234 tickets closed in the last 90 days');
  });
});

describe('chart data', () => {
  it('labels weeks by their Monday', () => {
    expect(weekLabel('2026-03-02')).toBe('Mar 2');
    expect(weekLabel('2025-12-29')).toBe('Dec 29');
  });

  it('builds the series of each chart', () => {
    const weeks = [
      { week_start: '2026-02-23', opened: 3, closed: 1 },
      { week_start: '2026-03-02', opened: 2, closed: 4 },
    ];
    expect(weeklyChartData(weeks)).toEqual([
      { week: 'Feb 23', opened: 3, closed: 1 },
      { week: 'Mar 2', opened: 2, closed: 4 },
    ]);
    expect(weeklyTotals(weeks)).toEqual({ opened: 5, closed: 5 });
    expect(weeklyTotals([])).toEqual({ opened: 0, closed: 0 });
    expect(
      statusChartData([
        { status: 0, status_text: 'Open', count: 2 },
        { status: 2, status_text: 'In Progress', count: 1 },
      ]),
    ).toEqual([
      { name: 'Open', value: 2, color: 'blue.6' },
      { name: 'In Progress', value: 1, color: 'orange.6' },
    ]);
    expect(propertyChartData([{ property_id: 4, property_name: 'North Towers', count: 3 }])).toEqual([
      { property: 'North Towers', open: 3 },
    ]);
  });

  it('formats counts and shortens long axis labels', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(shortLabel('North Towers')).toBe('North Towers');
    expect(shortLabel('The Very Long Property Name Of Doom', 12)).toBe('The Very Lo…');
  });
});

describe('resolved within target', () => {
  it('labels months by name and year', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });

  it('reads each month as how many of the completed were in time, and their share', () => {
    expect(targetMonthRow({ month: '2026-03', resolved: 15, in_target: 12 })).toEqual({
      month: '2026-03',
      label: 'Mar 2026',
      text: '12 of 15 (80%)',
      percent: 80,
    });
    expect(targetMonthRow({ month: '2026-04', resolved: 3, in_target: 2 })).toMatchObject({
      text: '2 of 3 (67%)',
      percent: 67,
    });
    expect(targetMonthRow({ month: '2026-05', resolved: 1234, in_target: 1234 })).toMatchObject({
      text: '1,234 of 1,234 (100%)',
      percent: 100,
    });
  });

  it('says None completed for a month without completed tickets', () => {
    expect(targetMonthRow({ month: '2026-06', resolved: 0, in_target: 0 })).toEqual({
      month: '2026-06',
      label: 'Jun 2026',
      text: 'None completed',
      percent: null,
    });
  });
});

describe('spend rows', () => {
  it('formats each property’s total and months, bars against the largest month shown', () => {
    const rows = spendRows([
      {
        property_id: 1,
        property_name: 'Riverside Commons',
        currency: 'CAD',
        months: [
          { month: '2027-02', cents: 10_000 },
          { month: '2027-03', cents: 40_000 },
        ],
        total_cents: 50_000,
      },
      {
        property_id: 2,
        property_name: 'Harbour View',
        currency: 'USD',
        months: [
          { month: '2027-02', cents: 0 },
          { month: '2027-03', cents: 20_000 },
        ],
        total_cents: 20_000,
      },
    ]);
    expect(rows.map((row) => [row.name, row.total])).toEqual([
      ['Riverside Commons', '$500.00'],
      ['Harbour View', 'US$200.00'],
    ]);
    expect(rows[0].months.map((month) => month.percent)).toEqual([25, 100]);
    expect(rows[1].months.map((month) => [month.text, month.percent])).toEqual([
      ['US$0.00', 0],
      ['US$200.00', 50],
    ]);
    expect(spendRows([])).toEqual([]);
  });
});
