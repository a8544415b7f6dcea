import { type ApiTicketDue, en, zonedSeconds } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptsDueFilter,
  DUE_FILTER,
  dueFilterOptions,
  dueStateAt,
  dueStateColor,
  dueStateText,
  listsDueState,
  momentText,
  nextDueText,
  nextDueTime,
} from './due-rules';

const D = en.ticketScreens.due;
const ZONE = 'America/Edmonton';
/** Sunday, Nov 22, 2026, 10:07 AM in Edmonton (UTC-7). */
const NOW = new Date('2026-11-22T17:07:00Z').getTime();
const at = (date: string, time: string) => zonedSeconds(date, time, ZONE) as number;

/** An open ticket nobody has acted on: its response next, due at 4:00 PM today in Edmonton. */
const due = (extra: Partial<ApiTicketDue> = {}): ApiTicketDue => ({
  respond_by_timestamp: at('2026-11-22', '16:00'),
  resolve_by_timestamp: at('2026-11-28', '16:00'),
  responded_at_timestamp: null,
  next: 'response',
  next_timestamp: at('2026-11-22', '16:00'),
  state: 'today',
  respond_by_text: 'Sun, Nov 22, 4:00 PM',
  resolve_by_text: 'Sat, Nov 28, 4:00 PM',
  respond_by: { date: '2026-11-22', time: '16:00' },
  resolve_by: { date: '2026-11-28', time: '16:00' },
  time_zone: ZONE,
  ...extra,
});
const CLOSED = due({ next: null, next_timestamp: null, state: null });

describe('how due times show', () => {
  it('names the next due time and its kind', () => {
    expect(nextDueTime(due())).toBe('Sun, Nov 22, 4:00 PM');
    expect(nextDueText(due())).toBe('Response due Sun, Nov 22, 4:00 PM');
    const responded = due({ next: 'resolution', responded_at_timestamp: at('2026-11-22', '09:00') });
    expect(nextDueTime(responded)).toBe('Sat, Nov 28, 4:00 PM');
    expect(nextDueText(responded)).toBe('Resolution due Sat, Nov 28, 4:00 PM');
  });

  it('shows nothing due once the ticket is closed', () => {
    expect(nextDueTime(CLOSED)).toBeNull();
    expect(nextDueText(CLOSED)).toBeNull();
    expect(dueStateAt(CLOSED, NOW)).toBeNull();
  });

  it('reads where the ticket stands again as the clock moves on, at its property', () => {
    expect(dueStateAt(due(), NOW)).toBe('today');
    // 4:00 PM in Edmonton has passed: overdue, whatever the server said when it answered.
    expect(dueStateAt(due(), new Date('2026-11-22T23:00:01Z').getTime())).toBe('overdue');
    // Due tomorrow: later, until the day begins at the property.
    const tomorrow = due({ next_timestamp: at('2026-11-23', '09:00'), state: 'later' });
    expect(dueStateAt(tomorrow, NOW)).toBe('later');
    expect(dueStateAt(tomorrow, new Date('2026-11-23T07:00:00Z').getTime())).toBe('today');
  });

  it('keeps the server’s state at the moment the page was rendered there, whatever the browser’s zone data', () => {
    // The server said "later" (its zone data put the property's midnight an hour earlier); the page hydrates with it.
    const tomorrow = due({ next_timestamp: at('2026-11-23', '09:00'), state: 'later' });
    const rendered = new Date('2026-11-23T07:00:00Z').getTime();
    expect(dueStateAt(tomorrow, rendered, rendered)).toBe('later');
    // Once the clock moves on, the browser reads it again.
    expect(dueStateAt(tomorrow, rendered + 60_000, rendered)).toBe('today');
  });

  it('words and colours each state, and tags only overdue and due today in the lists', () => {
    expect(dueStateText('overdue')).toBe(D.states.overdue);
    expect(dueStateText('today')).toBe('Due today');
    expect(dueStateText('later')).toBe('On track');
    expect(dueStateColor('overdue')).toBe('red');
    expect(dueStateColor('today')).toBe('orange');
    expect(listsDueState('overdue')).toBe(true);
    expect(listsDueState('today')).toBe(true);
    expect(listsDueState('later')).toBe(false);
    expect(listsDueState(null)).toBe(false);
  });

  it('writes a moment at the property as the server writes its due times', () => {
    expect(momentText(at('2026-11-22', '09:30'), ZONE)).toBe('Sun, Nov 22, 9:30 AM');
    expect(momentText(at('2026-11-28', '16:00'), ZONE)).toBe(due().resolve_by_text);
    expect(momentText(Date.UTC(2026, 2, 4, 15, 0) / 1000, 'Europe/Paris')).toBe('Wed, Mar 4, 4:00 PM');
  });
});

describe("the lists' Due filter", () => {
  it('takes overdue and today, nothing else', () => {
    expect(DUE_FILTER).toBe('due');
    expect(acceptsDueFilter('overdue')).toBe(true);
    expect(acceptsDueFilter('today')).toBe(true);
    for (const value of ['later', 'Overdue', 'soon', '', 'all']) expect(acceptsDueFilter(value)).toBe(false);
  });

  it('offers Any time (no filter), Overdue and Due today', () => {
    expect(dueFilterOptions('all')).toEqual([
      { value: 'all', label: 'Any time' },
      { value: 'overdue', label: 'Overdue' },
      { value: 'today', label: 'Due today' },
    ]);
  });
});
