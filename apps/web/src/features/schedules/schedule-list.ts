/**
 * The schedules list (issue 26) without React: what its address can hold (its sorts, and its State and Property
 * filters) and the state a schedule shows (Active, Paused, or Ended once it has no next date).
 */
import { type ApiSchedule, LIST_SORTS, SCHEDULE_STATES } from '@mend/shared';
import type { ListFilter, ListShape } from '../../components/table/list-url';

/** The State filter: `state=active` or `state=paused` (an ended schedule is either). */
export const STATE_FILTER: ListFilter = {
  name: 'state',
  accepts: (value) => (SCHEDULE_STATES as readonly string[]).includes(value),
};
/** The Property filter: a property's id (`property_id=7`). */
export const PROPERTY_FILTER: ListFilter = {
  name: 'property_id',
  accepts: (value) => /^[1-9]\d{0,14}$/.test(value),
};

/** What the list's address holds: the record screens' default order (newest first), its sorts and filters. */
export const SCHEDULE_LIST_SHAPE = {
  defaultSort: { id: 'created_at', desc: true },
  sortKeys: LIST_SORTS.schedules,
  filters: [STATE_FILTER, PROPERTY_FILTER],
} as const satisfies ListShape;

/** How a schedule stands: running, paused, or ended (no next date: its end has passed). */
export type ScheduleShownState = 'active' | 'paused' | 'ended';

export function shownState(schedule: Pick<ApiSchedule, 'state' | 'next_on'>): ScheduleShownState {
  return schedule.next_on === null ? 'ended' : schedule.state;
}
