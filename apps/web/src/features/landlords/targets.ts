/**
 * A landlord's service targets (issue 26) without React: per priority (TICKET_PRIORITIES, by index), the hours by
 * which someone must act on a ticket (response) and by which it must be completed (resolution), as the form holds
 * them (text, TARGET_FIELDS' names) and as the details show them. A landlord that set none has TARGET_HOURS_DEFAULT.
 */
import {
  TARGET_FIELDS,
  TARGET_HOURS_DEFAULT,
  TARGET_KINDS,
  type TargetField,
  type TargetKind,
  TICKET_PRIORITIES,
} from '@mend/shared';
import { format, t } from '../../lib/translations';

const F = t.screens.fields;

/** One priority's row of targets: its heading ("High priority") and its two fields. */
export interface TargetRow {
  /** The priority's index (TICKET_PRIORITIES). */
  priority: number;
  label: string;
  fields: { kind: TargetKind; name: TargetField; label: string; fallback: number }[];
}

const KIND_LABELS: Record<TargetKind, string> = { response: F.responseHours, resolution: F.resolutionHours };

/** The rows of the form and the details, in priority order. */
export const TARGET_ROWS: readonly TargetRow[] = TARGET_FIELDS.map((names, priority) => ({
  priority,
  label: format(F.targetPriority, { priority: TICKET_PRIORITIES[priority] ?? String(priority) }),
  fields: TARGET_KINDS.map((kind) => ({
    kind,
    name: names[kind],
    label: KIND_LABELS[kind],
    fallback: TARGET_HOURS_DEFAULT[priority][kind],
  })),
}));

/** A landlord's targets, each its own or (none stored: a new landlord) the default. */
export function targetHours(
  landlord: Partial<Record<TargetField, number>> | null,
): Record<TargetField, number> {
  const hours = {} as Record<TargetField, number>;
  for (const row of TARGET_ROWS)
    for (const field of row.fields) hours[field.name] = landlord?.[field.name] ?? field.fallback;
  return hours;
}

/** The form's values of the targets: each as the text its input holds. */
export function targetFormValues(
  landlord: Partial<Record<TargetField, number>> | null,
): Record<TargetField, string> {
  const hours = targetHours(landlord);
  const values = {} as Record<TargetField, string>;
  for (const name of Object.keys(hours) as TargetField[]) values[name] = String(hours[name]);
  return values;
}

/** The response field checked with the resolution field of its priority (the order rule is on the response). */
export function responseFieldOf(name: TargetField): TargetField {
  const row = TARGET_FIELDS.find((names) => names.response === name || names.resolution === name);
  return row ? row.response : name;
}
