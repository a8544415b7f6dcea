/**
 * A landlord's webhook form (issue 27): the endpoint's address, what it is for, and the events it receives. The server
 * checks more than the shape of the address (https only, never this machine or a private network: modules/webhooks).
 */
import { z } from 'zod';
import { MAX_URL_LENGTH, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, type WebhookEvent } from '../constants';
import { en, format } from '../messages';
import { form, text } from './common';

const v = en.validation;

/** An absolute http(s) address without a user name or password in it (they would show in every log). */
export function isWebhookUrlShaped(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

/** Events as repeated `events[]` entries, one value or comma-separated text: each a known one, duplicates dropped. */
function eventList(value: unknown): unknown {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const words = items
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
  if (!words.every((word): word is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(word)))
    return undefined;
  return WEBHOOK_EVENTS.filter((event) => words.includes(event));
}

export const webhookSchema = form({
  url: text(v.webhookUrl, { max: MAX_URL_LENGTH, test: isWebhookUrlShaped }),
  description: text(format(v.webhookDescription, { max: WEBHOOK_DESCRIPTION_MAX }), {
    optional: true,
    max: WEBHOOK_DESCRIPTION_MAX,
  }),
  events: z.preprocess(
    eventList,
    z.array(z.enum(WEBHOOK_EVENTS), { error: v.webhookEvents }).min(1, { error: v.webhookEvents }),
  ),
});
export type WebhookValues = z.infer<typeof webhookSchema>;
