import { type ApiTicketSummary, en, format } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { onWholeProperty, placeLine, ticketHeader, ticketPlaceLine, ticketUnitName } from './ticket-place';

const onUnit = {
  visible_id: '007',
  unit_id: 3,
  unit: { id: 3, name: '101' },
  property_name: 'Riverside Commons',
  tenant: { id: 5, name: 'Jane Morrison', company_name: '', avatar: null },
} as unknown as ApiTicketSummary;

const onWhole = {
  ...onUnit,
  unit_id: null,
  unit: { id: null, name: 'Whole property' },
  tenant: null,
} as unknown as ApiTicketSummary;

describe('where a ticket is', () => {
  it('names the unit, or the whole property', () => {
    expect(onWholeProperty(onUnit)).toBe(false);
    expect(onWholeProperty(onWhole)).toBe(true);
    expect(ticketUnitName(onUnit)).toBe('101');
    expect(ticketUnitName(onWhole)).toBe(en.schedules.wholeProperty);
    expect(ticketPlaceLine(onUnit)).toBe('Riverside Commons · 101');
    expect(ticketPlaceLine(onWhole)).toBe('Riverside Commons · Whole property');
    // A visit's or a signed link's place: no unit name is the whole property, named in the page's words.
    expect(placeLine({ property_name: 'Riverside Commons', unit_name: '101' })).toBe(
      'Riverside Commons · 101',
    );
    expect(placeLine({ property_name: 'Riverside Commons', unit_name: null })).toBe(
      `Riverside Commons · ${en.schedules.wholeProperty}`,
    );
  });

  it('heads the details with the tenant and unit, or the property for a whole property', () => {
    expect(ticketHeader(onUnit)).toEqual({
      name: 'Jane Morrison',
      subtitle: format(en.ticketScreens.headerLine, {
        id: '007',
        unit: '101',
        property: 'Riverside Commons',
      }),
    });
    expect(ticketHeader({ ...onUnit, tenant: null })).toMatchObject({ name: en.ticketScreens.noTenant });
    expect(ticketHeader(onWhole)).toEqual({ name: 'Riverside Commons', subtitle: '#007 · Whole property' });
    // Moved to the whole property by the super admin, it may keep its tenant.
    expect(ticketHeader({ ...onWhole, tenant: onUnit.tenant })).toEqual({
      name: 'Jane Morrison',
      subtitle: '#007 · Whole property · Riverside Commons',
    });
  });
});
