/**
 * Small parts of the schedules screen: the state badge, a calendar date as the details and the preview show it, and
 * the rule and next date in the page's language (the server's `rule_text` and `next_on_text` are English, ADR 0048).
 */
import type { BadgeProps } from '@mantine/core';
import { type ApiSchedule, recurrenceText } from '@mend/shared';
import dayjs from 'dayjs';
import { StateTag } from '../../components/StateTag';
import { dateFormat } from '../../lib/dates';
import { format, t } from '../../lib/translations';
import { shownState } from './schedule-list';

const STATE_COLORS = { active: 'teal', paused: 'yellow', ended: 'gray' } as const;

/** Active, Paused, or Ended (no next date). A span: it also sits inside a phone's card, a button. */
export function StateBadge({
  schedule,
  ...props
}: { schedule: Pick<ApiSchedule, 'state' | 'next_on'> } & BadgeProps) {
  const state = shownState(schedule);
  return (
    <StateTag color={STATE_COLORS[state]} size="md" data-schedule-state={state} {...props}>
      {t.schedules.screens.states[state]}
    </StateTag>
  );
}

/** "2027-02-01" as "Mon, Feb 1, 2027", as the server writes `next_on_text`. */
export function dateText(date: string): string {
  return dayjs(date).format(dateFormat('weekdayDate'));
}

/** "Every 2 weeks on Monday", in the page's language. */
export const ruleText = (
  schedule: Pick<ApiSchedule, 'frequency' | 'interval' | 'weekday' | 'month_day' | 'month'>,
) => recurrenceText(schedule, { t, format });

/** The schedule's unit, or "Whole property" in the page's language (the server's `unit_name` then is English). */
export const unitText = (schedule: Pick<ApiSchedule, 'unit_id' | 'unit_name'>) =>
  schedule.unit_id === null ? t.schedules.wholeProperty : schedule.unit_name;

/** The next date a ticket will be created for, or "Ended". */
export const nextOnText = (schedule: Pick<ApiSchedule, 'next_on'>) =>
  schedule.next_on === null ? t.schedules.screens.states.ended : dateText(schedule.next_on);
