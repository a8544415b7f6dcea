import { describe, expect, it } from 'vitest';
import { format } from './messages';

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
