import {
  type ApiTicket,
  type ApiVisit,
  en,
  VISIT_MAX_HOURS,
  type WallClockRange,
  zonedSeconds,
} from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../../components/forms/zod-errors';
import {
  awaitsAcceptance,
  earlierVisits,
  insideWindow,
  showsVisitSection,
  updateVisitRange,
  visitActionPath,
  visitFormSchema,
  visitFormValues,
  visitNote,
  visitPayload,
  visitStateColor,
  visitStateText,
  visitsPath,
  windowChoices,
  windowFill,
  windowText,
} from './visit-rules';

const V = en.ticketScreens.visit;
const ZONE = 'America/Edmonton';
/** Sunday, Nov 22, 2026, 10:07 AM in Edmonton (UTC-7). */
const NOW = new Date('2026-11-22T17:07:00Z');

const range = (
  start_date: string,
  start_time: string,
  end_date: string,
  end_time: string,
): WallClockRange => ({
  start_date,
  start_time,
  end_date,
  end_time,
});
const TOMORROW_AFTERNOON = range('2026-11-23', '16:00', '2026-11-23', '18:00');

const visit = (id: number, state: ApiVisit['state'], extra: Partial<ApiVisit> = {}): ApiVisit => ({
  id,
  ticket_id: 5,
  state,
  state_text: '',
  start: 0,
  end: 0,
  text: `Visit ${id}`,
  range: TOMORROW_AFTERNOON,
  time_zone: ZONE,
  in_window: true,
  contractor: { id: 4, name: 'Marco Rossi' },
  reason: '',
  created_at_timestamp: 0,
  ...extra,
});

const noRights = { book_visit: false, answer_visit: false, cancel_visit: false } as ApiTicket['can'];
const pending = { id: 4, state: 'pending' } as ApiTicket['assignment'];
const accepted = { id: 4, state: 'accepted' } as ApiTicket['assignment'];

describe('paths and states', () => {
  it('names the API addresses of a visit', () => {
    expect(visitsPath(5)).toBe('tickets/5/visits');
    expect(visitActionPath(5, 9, 'confirm')).toBe('tickets/5/visits/9/confirm');
    expect(visitActionPath(5, 9, 'refuse')).toBe('tickets/5/visits/9/refuse');
    expect(visitActionPath(5, 9, 'cancel')).toBe('tickets/5/visits/9/cancel');
  });

  it('colours each state and words it as the server does, else as the dictionary', () => {
    expect(['proposed', 'booked', 'refused', 'cancelled'].map((s) => visitStateColor(s as never))).toEqual([
      'yellow',
      'teal',
      'red',
      'gray',
    ]);
    expect(visitStateText({ state: 'proposed', state_text: '' })).toBe(V.states.proposed);
    expect(visitStateText({ state: 'booked', state_text: 'Gebucht' })).toBe(V.states.booked);
    expect(visitStateText({ state: 'later' as ApiVisit['state'], state_text: 'Later' })).toBe('Later');
  });
});

describe('the section', () => {
  it('keeps the history apart from the visit now', () => {
    const now = visit(3, 'booked');
    const ticket = { visit: now, visits: [now, visit(2, 'cancelled'), visit(1, 'refused')] };
    expect(earlierVisits(ticket).map((one) => one.id)).toEqual([2, 1]);
  });

  it('shows to those with a visit, a part in one, or a job accepted; tells the assigned contractor to accept first', () => {
    const none = { visit: null, visits: [], can: noRights, assignment: null };
    expect(showsVisitSection(none, 4)).toBe(false);
    expect(showsVisitSection({ ...none, visits: [visit(1, 'cancelled')] }, 4)).toBe(true);
    expect(showsVisitSection({ ...none, can: { ...noRights, book_visit: true } }, 4)).toBe(true);
    expect(showsVisitSection({ ...none, assignment: accepted }, 7)).toBe(true);
    expect(showsVisitSection({ ...none, assignment: pending }, 4)).toBe(true);
    expect(showsVisitSection({ ...none, assignment: pending }, 7)).toBe(false);
    expect(awaitsAcceptance({ assignment: pending }, 4)).toBe(true);
    expect(awaitsAcceptance({ assignment: accepted }, 4)).toBe(false);
    expect(awaitsAcceptance({ assignment: pending }, 7)).toBe(false);
  });

  it('notes the tenant’s question, the windows, or nothing once a time outside them is confirmed', () => {
    expect(visitNote({ state: 'proposed', in_window: false }, true)).toBe(V.proposedToTenant);
    expect(visitNote({ state: 'booked', in_window: true }, false)).toBe(V.inWindow);
    expect(visitNote({ state: 'proposed', in_window: false }, false)).toBe(V.outsideWindow);
    expect(visitNote({ state: 'booked', in_window: false }, false)).toBeNull();
  });
});

describe('the booking form', () => {
  it('starts empty, or from the visit to move', () => {
    expect(visitFormValues(null)).toEqual({ startDate: null, startTime: null, endDate: null, endTime: null });
    expect(visitFormValues(visit(1, 'booked'))).toEqual({
      startDate: '2026-11-23',
      startTime: '16:00',
      endDate: '2026-11-23',
      endTime: '18:00',
    });
  });

  it('sends the times as a wall-clock range, empty parts empty', () => {
    expect(
      visitPayload({ startDate: '2026-11-23', startTime: '07:00', endDate: null, endTime: '08:00' }),
    ).toEqual({ visit: range('2026-11-23', '07:00', '', '08:00') });
  });

  it('checks the times with the shared schema in the property’s zone', () => {
    const schema = visitFormSchema(ZONE, () => NOW);
    const errors = (values: object) => schemaErrors(schema, values).visit;
    const fill = { startDate: '2026-11-23', startTime: '07:00', endDate: '2026-11-23', endTime: '08:00' };
    expect(errors(fill)).toBeUndefined();
    expect(errors({ ...fill, endTime: null })).toBe(en.validation.visitTime);
    expect(errors({ ...fill, endTime: '06:00' })).toBe(en.validation.visitEndBeforeStart);
    expect(errors({ ...fill, startDate: '2026-11-22', endDate: '2026-11-22' })).toBe(
      en.validation.visitInPast,
    );
  });

  it('gives the end the start date while it has none, and keeps the end after the start', () => {
    const empty = { startDate: null, startTime: null, endDate: null, endTime: null };
    expect(updateVisitRange(empty, 'startDate', '2026-11-23').range.endDate).toBe('2026-11-23');
    const set = { startDate: '2026-11-23', startTime: '16:00', endDate: '2026-11-23', endTime: '18:00' };
    expect(updateVisitRange(set, 'startDate', '2026-11-24').range.endDate).toBe('2026-11-24');
    expect(updateVisitRange(set, 'startTime', '19:00')).toEqual({
      range: { ...set, startTime: '19:00', endTime: '19:00' },
      corrected: true,
    });
  });
});

describe('the tenant’s windows', () => {
  it('fills the form with a window ahead as it is', () => {
    expect(windowFill(TOMORROW_AFTERNOON, ZONE, NOW)).toEqual({
      startDate: '2026-11-23',
      startTime: '16:00',
      endDate: '2026-11-23',
      endTime: '18:00',
    });
  });

  it('starts a window already begun at the next quarter hour, and leaves out one that is over', () => {
    expect(windowFill(range('2026-11-22', '09:00', '2026-11-22', '12:00'), ZONE, NOW)).toEqual({
      startDate: '2026-11-22',
      startTime: '10:15',
      endDate: '2026-11-22',
      endTime: '12:00',
    });
    expect(windowFill(range('2026-11-22', '09:00', '2026-11-22', '10:15'), ZONE, NOW)).toBeNull();
    expect(windowFill(range('2026-11-21', '09:00', '2026-11-21', '10:00'), ZONE, NOW)).toBeNull();
    expect(windowFill(range('2026-11-23', '', '2026-11-23', '10:00'), ZONE, NOW)).toBeNull();
  });

  it('keeps a long window to the longest visit, and on the 15-minute steps', () => {
    const fill = windowFill(range('2026-11-23', '06:10', '2026-11-24', '06:00'), ZONE, NOW);
    expect(fill).toEqual({
      startDate: '2026-11-23',
      startTime: '06:15',
      endDate: '2026-11-23',
      endTime: '18:15',
    });
    const start = zonedSeconds(fill?.startDate ?? '', fill?.startTime ?? '', ZONE) ?? 0;
    const end = zonedSeconds(fill?.endDate ?? '', fill?.endTime ?? '', ZONE) ?? 0;
    expect(end - start).toBe(VISIT_MAX_HOURS * 3600);
  });

  it('offers the windows ahead with the server’s words, or its own when they do not match', () => {
    const ticket = {
      availability_ranges: [range('2026-11-21', '09:00', '2026-11-21', '10:00'), TOMORROW_AFTERNOON],
      availability_strings: ['Sat, Nov 21, 9:00 AM – 10:00 AM', 'Mon, Nov 23, 4:00 PM – 6:00 PM'],
      availability_time_zone: ZONE,
    };
    const choices = windowChoices(ticket, NOW);
    expect(choices.map((choice) => choice.text)).toEqual(['Mon, Nov 23, 4:00 PM – 6:00 PM']);
    expect(choices[0].fill.startTime).toBe('16:00');
    expect(windowChoices({ ...ticket, availability_strings: ['Lun 23 nov.'] }, NOW)[0].text).toBe(
      'Mon, Nov 23, 4:00 PM – 6:00 PM',
    );
    expect(windowText(range('2026-11-23', '22:00', '2026-11-24', '01:30'))).toBe(
      'Mon, Nov 23, 10:00 PM – Tue, Nov 24, 1:30 AM',
    );
  });

  it('says whether the chosen time lies inside a window', () => {
    const windows = [TOMORROW_AFTERNOON];
    const at = (startTime: string, endTime: string) =>
      insideWindow({ startDate: '2026-11-23', startTime, endDate: '2026-11-23', endTime }, windows, ZONE);
    expect(at('16:00', '18:00')).toBe(true);
    expect(at('16:30', '17:00')).toBe(true);
    expect(at('07:00', '08:00')).toBe(false);
    expect(at('17:00', '19:00')).toBe(false);
    expect(at('17:00', '17:00')).toBeNull();
    expect(
      insideWindow({ startDate: null, startTime: null, endDate: null, endTime: null }, windows, ZONE),
    ).toBeNull();
  });
});
