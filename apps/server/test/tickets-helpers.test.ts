/** Pure parts of the tickets module: availability text, the closing-date rule, body shapes. */
import { describe, expect, it } from 'vitest';
import { idsOf, parseMeta } from '../src/modules/tickets/form';
import { actionOnly, closedAt, newestClosingEntry } from '../src/modules/tickets/serialize';
import { isStatusOnly } from '../src/modules/tickets/service';
import { availabilityText } from '../src/modules/tickets/time-zones';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('availabilityText', () => {
  it('writes a same-day range in the given zone, with a plain space before AM/PM', () => {
    // 23 November 2026 is a Monday; 15:00 UTC is 8:00 AM in Edmonton (MST, UTC-7).
    const range = { start: at('2026-11-23T15:00:00Z'), end: at('2026-11-23T16:00:00Z') };
    expect(availabilityText(range, 'America/Edmonton')).toBe('Mon, Nov 23, 8:00 AM – 9:00 AM');
    expect(availabilityText(range, 'America/Toronto')).toBe('Mon, Nov 23, 10:00 AM – 11:00 AM');
  });

  it('names the end day when the range crosses midnight', () => {
    const range = { start: at('2026-11-24T05:00:00Z'), end: at('2026-11-24T08:15:00Z') };
    expect(availabilityText(range, 'America/Edmonton')).toBe('Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:15 AM');
  });
});

describe('activity log descriptions', () => {
  it('say what happened; an older entry that also named who did it loses the name (shown beside it)', () => {
    expect(actionOnly('Ticket created by Jane Tenant', 'Jane Tenant')).toBe('Ticket created');
    expect(actionOnly('Title, Priority updated by Olivia Manager', 'Olivia Manager')).toBe(
      'Title, Priority updated',
    );
    expect(actionOnly('Ticket created', 'Jane Tenant')).toBe('Ticket created');
    // Someone else's name, or an entry without a user, is left as it is.
    expect(actionOnly('Ticket created by Jane Tenant', 'Olivia Manager')).toBe(
      'Ticket created by Jane Tenant',
    );
    expect(actionOnly('Ticket sent to Marco Plumber', null)).toBe('Ticket sent to Marco Plumber');
  });
});

describe('closedAt (SPEC.md: the closing date)', () => {
  const updatedAt = new Date('2026-11-10T00:00:00Z');
  const log = [
    { description: 'Ticket created by Jane', createdAt: new Date('2026-11-01T00:00:00Z') },
    { description: 'Status changed from Open to Completed', createdAt: new Date('2026-11-05T00:00:00Z') },
    {
      description: 'Status changed from Completed to Cancelled: duplicate',
      createdAt: new Date('2026-11-07T00:00:00Z'),
    },
    { description: 'Title updated by Olivia', createdAt: new Date('2026-11-08T00:00:00Z') },
  ];

  it('is null while the status is below 3', () => {
    expect(closedAt({ status: 2, closedAt: new Date(), updatedAt })).toBeNull();
  });

  it('is the stored closing time, else the newest closing log entry, else the last update', () => {
    const stored = new Date('2026-11-06T00:00:00Z');
    expect(closedAt({ status: 3, closedAt: stored, updatedAt }, newestClosingEntry(log))).toBe(stored);
    expect(closedAt({ status: 4, closedAt: null, updatedAt }, newestClosingEntry(log))).toEqual(
      log[2].createdAt,
    );
    expect(closedAt({ status: 3, closedAt: null, updatedAt }, newestClosingEntry(log.slice(0, 1)))).toBe(
      updatedAt,
    );
  });
});

describe('body helpers', () => {
  it('isStatusOnly: only `status` (besides _nonce and _method) and no files', () => {
    expect(isStatusOnly({ status: '1' }, [])).toBe(true);
    expect(isStatusOnly({ status: '1', _nonce: 'x', _method: 'PATCH' }, [])).toBe(true);
    expect(isStatusOnly({ status: '1', title: 'x' }, [])).toBe(false);
    expect(isStatusOnly({}, [])).toBe(false);
    expect(
      isStatusOnly({ status: '1' }, [
        { field: 'images[]', filename: 'a', declaredType: '', data: Buffer.alloc(1) },
      ]),
    ).toBe(false);
  });

  it('parseMeta: a name/value map from an object or JSON text', () => {
    expect(parseMeta(undefined)).toEqual({ ok: true });
    expect(parseMeta('')).toEqual({ ok: true, value: {} });
    expect(parseMeta({ ' Pets ': ' Dog ', '': 'dropped', Floor: 3 })).toEqual({
      ok: true,
      value: { Pets: 'Dog', Floor: '3' },
    });
    expect(parseMeta('{"Gate":"1234"}')).toEqual({ ok: true, value: { Gate: '1234' } });
    expect(parseMeta('[1]').ok).toBe(false);
    expect(parseMeta('not json').ok).toBe(false);
    expect(parseMeta({ nested: { a: 1 } }).ok).toBe(false);
    expect(parseMeta(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))).ok).toBe(
      false,
    );
  });

  it('idsOf: repeated entries or comma-separated text; anything else is ignored', () => {
    expect(idsOf(['3', '5', '3', 'x', '-1'])).toEqual([3, 5]);
    expect(idsOf('7,8')).toEqual([7, 8]);
    expect(idsOf(undefined)).toEqual([]);
  });
});
