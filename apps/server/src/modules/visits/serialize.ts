/** API shapes of visits (issue 25): in a ticket's details and in the calendar. */
import {
  ACTIVE_VISIT_STATES,
  type ApiCalendarVisit,
  type ApiVisit,
  DEFAULT_LANGUAGE,
  en,
  type Language,
  type VisitState,
  visibleId,
} from '@mend/shared';
import { ticketLink } from '../tickets/links';
import type { JsonVisit } from '../tickets/queries';
import { availabilityText, wallClockRange } from '../tickets/time-zones';
import { displayName, toSeconds } from '../users/serialize';

/** A visit as the serializers read it: the JSON of a ticket's details (times as text) or a calendar's row (Dates). */
export type VisitRecord = Omit<JsonVisit, 'startsAt' | 'endsAt' | 'createdAt' | 'contractor'> & {
  startsAt: string | Date;
  endsAt: string | Date;
  createdAt: string | Date;
};

const seconds = (moment: string | Date) => toSeconds(typeof moment === 'string' ? new Date(moment) : moment);

export const visitStateText = (state: VisitState): string => en.ticketScreens.visit.states[state];

export const isActiveVisit = (state: VisitState): boolean =>
  (ACTIVE_VISIT_STATES as readonly VisitState[]).includes(state);

/** A visit's times as the messages and the log write them: "Mon, Nov 23, 8:00 AM – 10:00 AM" at the property. */
export function visitText(
  visit: { startsAt: Date; endsAt: Date },
  zone: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  return availabilityText({ start: toSeconds(visit.startsAt), end: toSeconds(visit.endsAt) }, zone, language);
}

export function serializeVisit(visit: JsonVisit, zone: string): ApiVisit {
  const fields = visitFields(visit, visit.contractor, zone);
  const range = { start: fields.start, end: fields.end };
  return Object.assign(fields, {
    text: availabilityText(range, zone),
    range: wallClockRange(range, zone),
  });
}

/** What a visit shows everywhere: its times in seconds, not their text at the property. */
function visitFields(
  visit: VisitRecord,
  contractor: JsonVisit['contractor'],
  zone: string,
): Omit<ApiVisit, 'range' | 'text'> {
  return {
    id: visit.id,
    ticket_id: visit.ticketId,
    state: visit.state,
    state_text: visitStateText(visit.state),
    start: seconds(visit.startsAt),
    end: seconds(visit.endsAt),
    time_zone: zone,
    in_window: visit.inWindow,
    contractor:
      contractor && visit.contractorId !== null
        ? { id: visit.contractorId, name: displayName(contractor) }
        : null,
    reason: visit.reason,
    created_at_timestamp: seconds(visit.createdAt),
  };
}

/** A calendar's visit: the visit (its contractor joined beside it) with its ticket's number, title and place. */
export function serializeCalendarVisit(
  visit: VisitRecord,
  contractor: JsonVisit['contractor'],
  ticket: { title: string; propertyName: string; unitName: string | null; timeZone: string },
): ApiCalendarVisit {
  return Object.assign(visitFields(visit, contractor, ticket.timeZone), {
    visible_id: visibleId(visit.ticketId),
    title: ticket.title,
    property_name: ticket.propertyName,
    unit_name: ticket.unitName,
    link: ticketLink(visit.ticketId),
  });
}
