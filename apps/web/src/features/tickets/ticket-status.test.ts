import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { closedDateText, statusColor, withStatus } from './ticket-status';

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
    const colours = {
      open: 'blue',
      scheduled: 'violet',
      'in-progress': 'orange',
      completed: 'teal',
      cancelled: 'gray',
      'on-hold': 'gray',
    };
    for (const [slug, colour] of Object.entries(colours)) expect(statusColor(slug), slug).toBe(colour);
  });

  it('patches a cached ticket optimistically, with a closing time only for closed statuses', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const open = { id: 1, status: 0, status_text: 'Open', status_slug: 'open', closed_at: null };
    expect(withStatus(open, 2, now)).toEqual({
      id: 1,
      status: 2,
      status_text: 'In Progress',
      status_slug: 'in-progress',
      closed_at: null,
    });
    const done = withStatus(open, 3, now);
    expect(done.closed_at).toBe(now.toISOString());
    expect(withStatus(done, 4, new Date()).closed_at).toBe(now.toISOString());
    expect(withStatus(done, 0, now).closed_at).toBeNull();
  });
});
