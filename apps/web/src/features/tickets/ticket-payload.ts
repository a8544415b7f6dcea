/**
 * What the ticket form sends, no React: its values, the body of POST tickets / PATCH tickets/{id}, and the
 * photo rules the form checks apart from the schema.
 */
import {
  checkTicketImages,
  checkUploadCount,
  TICKET_IMAGE_MAX_FILES,
  type TicketValues,
  type UploadInfo,
} from '@mend/shared';
import type { FormValues } from '../../components/forms/form-values';
import { availabilityPayload, type RangeInput } from './availability-ranges';

/** The schema's fields, the ranges as the form edits them, and the files (checked apart: photosError). */
export type TicketFormValues = Omit<FormValues<TicketValues>, 'availability'> & {
  availability: RangeInput[];
  /** New files to upload. */
  images: File[];
  /** Ids of the ticket's files to remove (edit). */
  remove_images: number[];
};

export interface PayloadOptions {
  /** Roles 0 and 1 set the status in the edit form. */
  includeStatus: boolean;
}

/**
 * The body of POST tickets / PATCH tickets/{id}: also what the shared ticketSchema validates. The place is a
 * unit (`unit_id`, no `property_id`) or, for staff, a whole property (issue 26: `unit_id` blank, `property_id`).
 */
export function ticketPayload(
  values: TicketFormValues,
  { includeStatus }: PayloadOptions,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    contact_details: { ...values.contact_details },
    unit_id: values.unit_id,
    ...(values.unit_id || !values.property_id ? {} : { property_id: values.property_id }),
    title: values.title,
    description: values.description,
    category_id: values.category_id,
    priority: values.priority,
    availability: availabilityPayload(values.availability),
  };
  if (includeStatus) body.status = values.status;
  if (values.images.length > 0) body.images = values.images;
  if (values.remove_images.length > 0) body.remove_images = values.remove_images;
  return body;
}

/**
 * The photo rules (SPEC.md sections 5 and 9) for the files chosen in the form, counting the ticket's
 * files that are kept (edit): the shared limits on their number, size and type. Null when fine. Checked
 * apart from the schema, which does not look at files.
 */
export function photosError(files: readonly UploadInfo[], kept = 0): string | null {
  return checkUploadCount(kept + files.length, TICKET_IMAGE_MAX_FILES) ?? checkTicketImages(files);
}
