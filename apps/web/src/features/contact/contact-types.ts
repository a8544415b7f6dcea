/** Helpers of the contact-submission screens (shapes in @mend/shared api-accounts.ts). */
import {
  type ApiContactSubmission,
  type ApiUser,
  type ContactFormValues,
  isTemporaryEmail,
} from '@mend/shared';
import type { FormValues } from '../../components/forms/form-values';

export type { ApiContactSubmission };

/** "Ann Lee" (else the company, else the email) of a submission's sender. */
export function senderName(submission: { meta?: Partial<ApiContactSubmission['meta']> | null }): string {
  const meta = submission.meta ?? {};
  const name = [meta.first_name, meta.last_name].filter(Boolean).join(' ').trim();
  return name || meta.company_name || meta.email || '';
}

export type ContactValues = FormValues<ContactFormValues>;

export function contactValues(sender: ApiUser): ContactValues {
  return {
    meta: {
      first_name: sender.first_name ?? '',
      last_name: sender.last_name ?? '',
      // People without a company (most tenants) write as themselves.
      company_name: sender.company_name || [sender.first_name, sender.last_name].filter(Boolean).join(' '),
      email: isTemporaryEmail(sender.email ?? '') ? '' : (sender.email ?? ''),
      phone_number: sender.phone_number ?? '',
    },
    subject: '',
    message: '',
  };
}

/** The POST /contact body: meta[first_name] ... (nested objects become bracketed names), subject, message. */
export function contactPayload(values: ContactValues): Record<string, unknown> {
  const meta = Object.fromEntries(Object.entries(values.meta).map(([key, value]) => [key, value.trim()]));
  return { meta, subject: values.subject.trim(), message: values.message.trim() };
}
