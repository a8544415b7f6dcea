/** Contact form sent to support (SPEC.md section 5). */
import type { z } from 'zod';
import { en } from '../messages';
import { email, form, longText, nested, phone, text } from './common';

const v = en.validation;

/** `meta` may be a nested object (meta[first_name] ...) or its JSON text; the phone may be empty. */
export const contactFormSchema = form({
  meta: nested({
    first_name: text(v.firstName),
    last_name: text(v.lastName),
    company_name: text(v.company),
    email: email(v.validEmail),
    phone_number: phone(v.phone, true),
  }),
  subject: text(v.subject),
  message: longText(v.message),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;
