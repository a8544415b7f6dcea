/**
 * A ticket's assigned contractor without React (issue 25 section 2): where the assignment is sent, how its
 * state shows (the badge's colour, "Answer by {time}" or "No answer since {time}"), the staff's choice of
 * contractors grouped as the routing matched them, and the lists' "Assigned to" filter.
 */
import {
  type ApiAssignableContractor,
  type ApiTicketAssignment,
  type AssignmentState,
  UNASSIGNED_FILTER,
} from '@mend/shared';
import dayjs from 'dayjs';
import { dateFormat } from '../../../lib/dates';
import { format, t } from '../../../lib/translations';

const A = t.ticketScreens.assignment;

/** PUT (assign, reassign) and DELETE (unassign). */
export const assignmentPath = (ticketId: number) => `tickets/${ticketId}/assignment`;
/** POST: the assigned contractor's answers in the app. */
export const answerPath = (ticketId: number, answer: 'accept' | 'decline') =>
  `${assignmentPath(ticketId)}/${answer}`;
/** GET: the contractors staff may assign (matched by the routing first). */
export const assignableContractorsPath = (ticketId: number) => `tickets/${ticketId}/assignable-contractors`;
/**
 * The staff's choices: under 'tickets', so every write that refreshes a ticket (an assignment, a person's new
 * name) refreshes them too (lib/invalidation.ts).
 */
export const assignableContractorsKey = (ticketId: number) =>
  ['tickets', 'assignable-contractors', ticketId] as const;

/** GET (the job), and POST `…/accept` and `…/decline` of the signed link, without signing in. */
export const linkPath = (token: string, answer?: 'accept' | 'decline') =>
  `assignment-links/${encodeURIComponent(token)}${answer ? `/${answer}` : ''}`;
export const linkKey = (token: string) => ['assignment-links', token] as const;

/** The badge's colour of each state. */
const STATE_COLORS: Record<AssignmentState, string> = {
  pending: 'yellow',
  accepted: 'teal',
  declined: 'red',
};

export function assignmentStateColor(state: AssignmentState): string {
  return STATE_COLORS[state] ?? 'gray';
}

/** Whether a list shows the assignee's state beside its name: only while it waits or once it declined. */
export function listsState(state: AssignmentState): boolean {
  return state !== 'accepted';
}

/** How a moment shows: "Mar 4, 2025 3:00 PM", in the viewer's zone. */
export const longTime = (timestamp: number) => dayjs.unix(timestamp).format(dateFormat('dateTime'));

/**
 * The deadline of a pending assignment at `nowMs`: "Answer by {time}" until it passes, then "No answer since
 * {time}" (overdue: the managers have been alerted). Null once the contractor answered.
 */
export function assignmentDue(
  assignment: Pick<ApiTicketAssignment, 'state' | 'respond_by_timestamp'>,
  nowMs: number,
  formatTime: (timestamp: number) => string = longTime,
): { overdue: boolean; text: string } | null {
  if (assignment.state !== 'pending') return null;
  const overdue = nowMs >= assignment.respond_by_timestamp * 1000;
  const time = formatTime(assignment.respond_by_timestamp);
  return { overdue, text: format(overdue ? A.overdue : A.answerBy, { time }) };
}

/** A contractor as the choices name it: "Sam Reyes (Reyes Plumbing)", or the name alone. */
export function contractorLabel(contractor: { name: string; company_name?: string | null }): string {
  const company = contractor.company_name?.trim();
  return company && company !== contractor.name ? `${contractor.name} (${company})` : contractor.name;
}

export interface ContractorGroup {
  group: string;
  items: { value: string; label: string; disabled?: boolean }[];
}

/**
 * The staff's choices as a grouped select's data: "Matched by routing", then "Other contractors of the
 * landlord", each in the server's order; an empty group is left out. The contractor already assigned is shown
 * but cannot be picked again (the server would refuse it: 409).
 */
export function contractorGroups(
  contractors: readonly ApiAssignableContractor[],
  assignedId: number | null,
): ContractorGroup[] {
  const item = (contractor: ApiAssignableContractor) => ({
    value: String(contractor.id),
    label: contractorLabel(contractor),
    ...(contractor.id === assignedId ? { disabled: true } : {}),
  });
  const groups: ContractorGroup[] = [
    { group: A.matched, items: contractors.filter((one) => one.matched).map(item) },
    { group: A.others, items: contractors.filter((one) => !one.matched).map(item) },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/* ---------- The lists' "Assigned to" filter ---------- */

/** The filter's parameter, in the URL and the API (`assigned_to=17`, `assigned_to=none`). */
export const ASSIGNED_TO = 'assigned_to';

/** A value the filter takes: a contractor's id, or UNASSIGNED_FILTER (no contractor assigned). */
export function acceptsAssignedTo(value: string): boolean {
  return value === UNASSIGNED_FILTER || /^[1-9]\d{0,14}$/.test(value);
}

/** The contractor's id a filter value names, or null ("Nobody", or no filter). */
export function assignedToContractor(value: string | null | undefined): number | null {
  return value && value !== UNASSIGNED_FILTER && acceptsAssignedTo(value) ? Number(value) : null;
}

/**
 * The filter's choices: "Anyone" (`anyValue`: no filter), "Nobody", then the contractors found, the chosen one
 * kept first when the search did not find it (so the filter still names it).
 */
export function assignedToOptions(
  anyValue: string,
  found: readonly { id: number; name: string; company_name?: string | null }[],
  chosen: { id: number; label: string } | null,
): { value: string; label: string }[] {
  const contractors = found.map((one) => ({ value: String(one.id), label: contractorLabel(one) }));
  if (chosen && !contractors.some((option) => option.value === String(chosen.id)))
    contractors.unshift({ value: String(chosen.id), label: chosen.label });
  return [
    { value: anyValue, label: t.ticketScreens.filters.anyone },
    { value: UNASSIGNED_FILTER, label: t.ticketScreens.filters.nobody },
    ...contractors,
  ];
}
