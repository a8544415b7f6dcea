/** API shape of a contact submission (SPEC.md section 3). */
import type { ApiContactSubmission } from '@mend/shared';
import type { ContactSubmissionRow } from '../../db/schema';
import { toSeconds } from '../users/serialize';

export const contactPath = (id: number) => `/api/contact/${id}/`;
/** Where the web app shows it (notification links, emails). */
export const contactLink = (id: number) => `/contact/${id}`;

export function serializeContact(row: Omit<ContactSubmissionRow, 'searchText'>): ApiContactSubmission {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    created_at_timestamp: toSeconds(row.createdAt),
    meta: {
      email: row.meta.email,
      company_name: row.meta.company_name,
      first_name: row.meta.first_name,
      last_name: row.meta.last_name,
      phone_number: row.meta.phone_number,
    },
    path: contactPath(row.id),
  };
}
