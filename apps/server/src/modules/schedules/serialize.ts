/** A schedule as the API shows it (issue 26). */
import {
  type Actor,
  type ApiSchedule,
  can,
  dateText,
  en,
  keptUpTo,
  occurrencesFrom,
  priorityText,
  recurrenceText,
  ruleString,
  SCHEDULE_UPCOMING_COUNT,
  type ScheduleRecurrence,
  unitNameOrWhole,
  visibleId,
} from '@mend/shared';
import type { ScheduleRow } from '../../db/schema';
import { toSeconds } from '../users/serialize';

export interface ScheduleJoinedRow {
  schedule: ScheduleRow;
  propertyName: string;
  landlordId: number | null;
  timeZone: string;
  unitName: string | null;
  categoryTitle: string;
}

/** The recurrence a stored schedule holds. */
export function recurrenceOf(schedule: ScheduleRow): ScheduleRecurrence {
  return {
    frequency: schedule.frequency,
    interval: schedule.interval,
    weekday: schedule.weekday,
    month_day: schedule.monthDay,
    month: schedule.month,
    starts_on: schedule.startsOn,
    ends_on: schedule.endsOn,
  };
}

/**
 * What a schedule's record shows beside its own row: the last tickets it created, and whether to work out its coming
 * dates (`upcoming`).
 */
export interface ScheduleExtras {
  occurrences: { occursOn: string; ticketId: number | null }[];
  upcoming: boolean;
}

/**
 * A list row: no tickets, and no coming dates. The list screen shows neither (the details read GET schedules/{id},
 * which has both), and working the dates out from the rule (rrule) for every row of a page cost more than reading
 * the page; `upcoming` stays in the answer, empty, so that a row keeps the record's type.
 */
export const LIST_ROW: ScheduleExtras = { occurrences: [], upcoming: false };

/** How many distinct recurrences (and their next dates) keep what is worked out from their rule. */
const RULES_KEPT = 2_000;
const ruleTexts = keptUpTo<{ ruleText: string; rrule: string }>(RULES_KEPT);
const upcomingDates = keptUpTo<string[]>(RULES_KEPT);

const recurrenceKey = ({
  frequency,
  interval,
  weekday,
  month_day,
  month,
  starts_on,
  ends_on,
}: ScheduleRecurrence) => `${frequency} ${interval} ${weekday} ${month_day} ${month} ${starts_on} ${ends_on}`;

/**
 * A recurrence's rule in words and in RFC 5545, and its coming dates, worked out once per distinct recurrence: rrule
 * builds a rule object each time (and walks it for the dates), which cost a page more than the rest of its
 * serializing.
 */
const ruleTextsOf = (recurrence: ScheduleRecurrence) =>
  ruleTexts(recurrenceKey(recurrence), () => ({
    ruleText: recurrenceText(recurrence),
    rrule: ruleString(recurrence),
  }));
const upcomingOf = (recurrence: ScheduleRecurrence, nextOn: string) =>
  upcomingDates(`${recurrenceKey(recurrence)} ${nextOn}`, () =>
    occurrencesFrom(recurrence, nextOn, SCHEDULE_UPCOMING_COUNT),
  );

export function serializeSchedule(row: ScheduleJoinedRow, actor: Actor, extras: ScheduleExtras): ApiSchedule {
  const { occurrences } = extras;
  const { schedule } = row;
  const recurrence = recurrenceOf(schedule);
  const { ruleText, rrule } = ruleTextsOf(recurrence);
  const manage = can(actor, 'schedule.manage', { landlordId: row.landlordId });
  return {
    id: schedule.id,
    property_id: schedule.propertyId,
    property_name: row.propertyName,
    landlord_id: row.landlordId,
    unit_id: schedule.unitId,
    unit_name: unitNameOrWhole(row.unitName),
    title: schedule.title,
    description: schedule.description,
    category_id: schedule.categoryId,
    category_title: row.categoryTitle,
    priority: schedule.priority,
    priority_text: priorityText(schedule.priority),
    frequency: schedule.frequency,
    interval: schedule.interval,
    weekday: schedule.weekday,
    month_day: schedule.monthDay,
    month: schedule.month,
    rule_text: ruleText,
    rrule,
    starts_on: schedule.startsOn,
    ends_on: schedule.endsOn,
    lead_days: schedule.leadDays,
    state: schedule.pausedAt === null ? 'active' : 'paused',
    paused_at_timestamp: schedule.pausedAt === null ? null : toSeconds(schedule.pausedAt),
    next_on: schedule.nextOn,
    next_on_text: schedule.nextOn === null ? en.schedules.screens.states.ended : dateText(schedule.nextOn),
    upcoming: !extras.upcoming || schedule.nextOn === null ? [] : upcomingOf(recurrence, schedule.nextOn),
    occurrences: occurrences.map((occurrence) => ({
      occurs_on: occurrence.occursOn,
      occurs_on_text: dateText(occurrence.occursOn),
      ticket_id: occurrence.ticketId,
      visible_id: occurrence.ticketId === null ? null : visibleId(occurrence.ticketId),
      ticket_path: occurrence.ticketId === null ? null : `/api/tickets/${occurrence.ticketId}/`,
    })),
    created_at: schedule.createdAt.toISOString(),
    created_at_timestamp: toSeconds(schedule.createdAt),
    path: `/api/schedules/${schedule.id}/`,
    can: { update: manage, delete: manage },
  };
}
