import { describe, expect, it } from 'vitest';
import { en, format } from '../messages';
import { errorsOf, parsed } from './test-helpers';
import { isWebhookUrlShaped, webhookSchema } from './webhooks';

const v = en.validation;

describe('webhookSchema', () => {
  const valid = { url: 'https://hooks.example.com/mend', description: 'Sync', events: ['ticket.created'] };

  it('accepts events as a list or comma-separated text, known ones only, in their fixed order, once each', () => {
    expect(parsed(webhookSchema, valid)).toEqual(valid);
    expect(
      parsed(webhookSchema, { ...valid, events: 'comment.added, ticket.created,comment.added' }).events,
    ).toEqual(['ticket.created', 'comment.added']);
    expect(parsed(webhookSchema, { ...valid, description: undefined }).description).toBe('');
  });

  it.each([
    ['events', [], v.webhookEvents],
    ['events', undefined, v.webhookEvents],
    ['events', ['ticket.created', 'ticket.deleted'], v.webhookEvents],
    ['events', [7], v.webhookEvents],
    ['url', '', v.webhookUrl],
    ['url', 'hooks.example.com', v.webhookUrl],
    ['url', 'javascript:alert(1)', v.webhookUrl],
    ['url', `https://example.com/${'a'.repeat(2100)}`, v.webhookUrl],
    ['description', 'x'.repeat(201), format(v.webhookDescription, { max: 200 })],
  ])('%s = %j fails with its message', (field, value, message) => {
    expect(errorsOf(webhookSchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it('takes http(s) addresses without credentials in them', () => {
    expect(isWebhookUrlShaped('http://127.0.0.1:8080/x')).toBe(true);
    expect(isWebhookUrlShaped('https://a:b@example.com/')).toBe(false);
    expect(isWebhookUrlShaped('https://a@example.com/')).toBe(false);
    expect(isWebhookUrlShaped('ftp://example.com/')).toBe(false);
  });
});
