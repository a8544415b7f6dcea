import { describe, expect, it } from 'vitest';
import { canRetry, kindLabel, statusColor, toDate } from './outbox';

describe('outbox rules', () => {
  it('retries failed messages only', () => {
    expect(canRetry({ status: 'failed' })).toBe(true);
    for (const status of ['pending', 'sending', 'sent'] as const) expect(canRetry({ status })).toBe(false);
  });

  it('colours statuses', () => {
    expect(statusColor('sent')).toBe('teal');
    expect(statusColor('failed')).toBe('red');
    expect(statusColor('pending')).toBe('gray');
  });

  it('reads ISO times and epoch seconds', () => {
    expect(toDate('2026-01-02T03:04:05.000Z')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(toDate(1_700_000_000)?.getTime()).toBe(1_700_000_000_000);
    expect(toDate(null)).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate('not a date')).toBeNull();
  });

  it('names kinds', () => {
    expect(kindLabel('ticket.status_changed')).toBe('Ticket status changed');
    expect(kindLabel('password_reset')).toBe('Password reset');
    expect(kindLabel('')).toBe('');
  });
});
