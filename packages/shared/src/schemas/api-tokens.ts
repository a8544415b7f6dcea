/** The profile's API token form (issue 27): a name, and when the token expires (a lifetime in days, or never). */
import { z } from 'zod';
import { API_TOKEN_LIFETIMES_DAYS, API_TOKEN_NAME_MAX, API_TOKEN_NO_EXPIRY } from '../constants';
import { en, format } from '../messages';
import { form, text } from './common';

const v = en.validation;

/** The lifetimes the form offers, as the form sends them. */
export const API_TOKEN_LIFETIMES = [...API_TOKEN_LIFETIMES_DAYS.map(String), API_TOKEN_NO_EXPIRY] as const;

export const apiTokenSchema = form({
  name: text(format(v.apiTokenName, { max: API_TOKEN_NAME_MAX }), { max: API_TOKEN_NAME_MAX }),
  lifetime: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(API_TOKEN_LIFETIMES, { error: v.apiTokenLifetime }),
  ),
});
export type ApiTokenValues = z.infer<typeof apiTokenSchema>;

/** The days a token of this lifetime lasts; null: until it is revoked. */
export const lifetimeDays = (lifetime: ApiTokenValues['lifetime']): number | null =>
  lifetime === API_TOKEN_NO_EXPIRY ? null : Number(lifetime);
