/**
 * Where a ticket's work is, as the screens word it, no React: a unit, or the whole property (issue 26: no unit,
 * `unit_id` null; the property's address stands in `unit`).
 */
import { type ApiTicketSummary, unitNameOrWhole } from '@mend/shared';
import { format, t } from '../../lib/translations';

const S = t.ticketScreens;

/** The ticket is on its whole property (roof, boiler, common areas), not one unit. */
export const onWholeProperty = (ticket: Pick<ApiTicketSummary, 'unit_id'>): boolean =>
  ticket.unit_id === null;

/** The unit's name, or "Whole property" (in the viewer's dictionary, not the server's words). */
export function ticketUnitName(ticket: Pick<ApiTicketSummary, 'unit_id' | 'unit'>): string {
  return onWholeProperty(ticket) ? t.schedules.wholeProperty : ticket.unit.name;
}

/** "Riverside Commons · 101", or "Riverside Commons · Whole property": a phone card's place line. */
export function ticketPlaceLine(
  ticket: Pick<ApiTicketSummary, 'unit_id' | 'unit' | 'property_name'>,
): string {
  return [ticket.property_name, ticketUnitName(ticket)].filter(Boolean).join(' · ');
}

/**
 * The same line from a visit's or a signed link's `property_name` and `unit_name`, whose unit name is null for the
 * whole property.
 */
export const placeLine = ({
  property_name,
  unit_name,
}: {
  property_name: string;
  unit_name: string | null;
}) => `${property_name} · ${unitNameOrWhole(unit_name, t)}`;

/**
 * The details' header: the tenant, and the number and place ("#007 · Unit 101 · Riverside Commons"). A ticket of
 * the whole property has no tenant (nobody lives in common areas): its property is named instead, and the place
 * reads "#007 · Whole property".
 */
export function ticketHeader(
  ticket: Pick<ApiTicketSummary, 'tenant' | 'visible_id' | 'unit_id' | 'unit' | 'property_name'>,
): { name: string; subtitle: string } {
  const tenant = ticket.tenant ? ticket.tenant.company_name || ticket.tenant.name : null;
  if (!onWholeProperty(ticket))
    return {
      name: tenant ?? S.noTenant,
      subtitle: format(S.headerLine, {
        id: ticket.visible_id,
        unit: ticket.unit.name,
        property: ticket.property_name,
      }),
    };
  const whole = t.schedules.wholeProperty;
  return {
    name: tenant ?? ticket.property_name,
    subtitle: [`#${ticket.visible_id}`, whole, ...(tenant ? [ticket.property_name] : [])].join(' · '),
  };
}
