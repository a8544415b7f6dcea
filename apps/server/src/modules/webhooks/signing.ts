/**
 * Signing a delivery the Standard Webhooks way (standardwebhooks.com), so a receiver can check it with any of that
 * specification's libraries: the secret is `whsec_` and base64 key bytes; the signature is HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` with those bytes, sent base64 as `v1,{signature}`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@mend/shared';

/** Key bytes of a new secret: 24, as the specification's own libraries make them. */
const SECRET_BYTES = 24;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The headers that carry a delivery's identity, time and signature. */
export function signedHeaders(
  secret: string,
  eventId: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
