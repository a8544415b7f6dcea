/** The fields that say who a person is and how to reach them, as the profile and the contact form ask them. */
import { t } from '../../lib/translations';
import type { FieldSpec } from '../forms/FormFields';

const F = t.screens.fields;

/** First and last name and company, under `prefix` (the contact form holds its sender in `meta.`). */
export function personFields(prefix = ''): FieldSpec[] {
  return [
    { path: `${prefix}first_name`, label: F.firstName, autoComplete: 'given-name', required: true },
    { path: `${prefix}last_name`, label: F.lastName, autoComplete: 'family-name', required: true },
    { path: `${prefix}company_name`, label: F.companyName, autoComplete: 'organization', required: true },
  ];
}
