import { describe, expect, it } from 'vitest';
import { en, format } from './messages';

const tickets = '{count, plural, one {# ticket deleted.} other {# tickets deleted.}}';

describe('format', () => {
  it('fills {name} placeholders and leaves unknown names as written', () => {
    expect(format('Hi {name}', { name: 'Ann' })).toBe('Hi Ann');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(format('No placeholders')).toBe('No placeholders');
  });

  it('writes a plain {count} as given, without thousands separators', () => {
    expect(format('{count} tickets', { count: 1234 })).toBe('1234 tickets');
  });

  it('renders an ICU plural by the count', () => {
    expect(format(tickets, { count: 1 })).toBe('1 ticket deleted.');
    expect(format(tickets, { count: 0 })).toBe('0 tickets deleted.');
    expect(format(tickets, { count: 2 })).toBe('2 tickets deleted.');
    expect(format(tickets, { count: 1234 })).toBe('1,234 tickets deleted.');
  });

  it('renders an ICU plural with the rules and numbers of the given locale', () => {
    const fr = '{count, plural, one {# demande supprimée.} other {# demandes supprimées.}}';
    expect(format(fr, { count: 0 }, 'fr')).toBe('0 demande supprimée.');
    expect(format(fr, { count: 1 }, 'fr')).toBe('1 demande supprimée.');
    expect(format(fr, { count: 2 }, 'fr')).toBe('2 demandes supprimées.');
    expect(format(fr, { count: 1234 }, 'fr-CA')).toBe('1\u00a0234 demandes supprimées.');
  });

  it('renders a select and fills the other arguments of an ICU message', () => {
    const template = '{kind, select, daily {Every {interval} days} other {Now and then}} at {place}';
    expect(format(template, { kind: 'daily', interval: 3, place: 'home' })).toBe('Every 3 days at home');
    expect(format(template, { kind: 'weekly', interval: 3, place: 'home' })).toBe('Now and then at home');
  });

  it('keeps apostrophes as written, in plain and in ICU templates', () => {
    expect(format("The ticket's status has not been updated.")).toBe(
      "The ticket's status has not been updated.",
    );
    expect(format("{name}'s ticket", { name: 'Ann' })).toBe("Ann's ticket");
    expect(format("{count, plural, one {# ticket's file} other {# tickets' files}}", { count: 1 })).toBe(
      "1 ticket's file",
    );
    expect(format("{count, plural, one {# ticket's file} other {# tickets' files}}", { count: 2 })).toBe(
      "2 tickets' files",
    );
    expect(format('{count, plural, one {l’adresse} other {les # adresses}}', { count: 2 }, 'fr')).toBe(
      'les 2 adresses',
    );
  });

  it('gives the same text for a template formatted again (compiled once per locale)', () => {
    expect(format(tickets, { count: 3 })).toBe(format(tickets, { count: 3 }));
    expect(format(tickets, { count: 1 }, 'en-CA')).toBe('1 ticket deleted.');
  });
});

/** Each plural message of `en`, with what the pair of keys it replaced said for 1 and for 2 (and 0 where it had one). */
const ENGLISH_PLURALS: [template: string, vars: Record<string, number>, texts: Record<number, string>][] = [
  [en.records.dependents.properties, {}, { 1: '1 property', 2: '2 properties', 1234: '1234 properties' }],
  [en.records.dependents.units, {}, { 1: '1 unit', 2: '2 units' }],
  [en.records.dependents.tickets, {}, { 1: '1 ticket', 2: '2 tickets', 1234: '1234 tickets' }],
  [en.tickets.log.filesAdded, {}, { 1: '1 file added', 2: '2 files added' }],
  [en.tickets.log.filesRemoved, {}, { 1: '1 file removed', 2: '2 files removed' }],
  [
    en.tickets.visits.log.reminded,
    {},
    { 1: 'Reminder of the visit sent 1 hour before', 24: 'Reminder of the visit sent 24 hours before' },
  ],
  [
    en.tickets.batchDeleted,
    {},
    { 1: '1 ticket deleted.', 2: '2 tickets deleted.', 500: '500 tickets deleted.' },
  ],
  [en.tickets.batchStatusUpdated, {}, { 1: '1 ticket status updated.', 2: '2 ticket statuses updated.' }],
  [
    en.dashboard.closeWindow,
    { days: 90 },
    {
      0: 'No tickets closed in the last 90 days',
      1: '1 ticket closed in the last 90 days',
      2: '2 tickets closed in the last 90 days',
      1234: '1,234 tickets closed in the last 90 days',
    },
  ],
  [en.dashboard.ratingsCount, {}, { 1: 'from 1 rating', 2: 'from 2 ratings', 1234: 'from 1,234 ratings' }],
  [en.ticketScreens.rating.count, {}, { 1: '1 rating', 2: '2 ratings', 1234: '1234 ratings' }],
  [en.offline.photos, {}, { 1: '1 photo', 2: '2 photos' }],
];

describe('the plural messages of en', () => {
  it.each(ENGLISH_PLURALS)('%s reads as the two keys it replaced did', (template, vars, texts) => {
    for (const [count, text] of Object.entries(texts))
      expect(format(template, { ...vars, count: Number(count), hours: Number(count) })).toBe(text);
  });

  it('names a schedule\'s interval as "Every day" and "Every 2 days"', () => {
    const every = en.schedules.rules.every;
    expect([1, 2].map((interval) => format(every.daily, { interval }))).toEqual([
      'Every day',
      'Every 2 days',
    ]);
    expect([1, 3].map((interval) => format(every.weekly, { interval }))).toEqual([
      'Every week',
      'Every 3 weeks',
    ]);
    expect([1, 6].map((interval) => format(every.monthly, { interval }))).toEqual([
      'Every month',
      'Every 6 months',
    ]);
    expect([1, 99].map((interval) => format(every.yearly, { interval }))).toEqual([
      'Every year',
      'Every 99 years',
    ]);
  });
});
