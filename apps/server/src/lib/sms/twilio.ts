/**
 * The Twilio-compatible HTTP API (Twilio itself, or any service or test double that speaks it):
 * POST {base}/2010-04-01/Accounts/{sid}/Messages.json  To, From, Body
 * POST {base}/2010-04-01/Accounts/{sid}/Calls.json     To, From, Twiml (<Response><Say>...</Say></Response>)
 * Form-encoded, with HTTP basic auth (account SID and auth token).
 */
import escapeHtml from 'escape-html';
import type { SmsProviderConfig } from '../../config';
import { ProviderError, type SmsProvider } from './provider';

const TIMEOUT_MS = 15_000;

export class TwilioCompatibleProvider implements SmsProvider {
  constructor(private readonly config: SmsProviderConfig) {}

  sendSms(to: string, body: string): Promise<void> {
    return this.post('Messages.json', { To: to, From: this.config.from, Body: body });
  }

  call(to: string, say: string): Promise<void> {
    // escape-html's entities (&#39; for a quote) are XML's too.
    const twiml = `<Response><Say>${escapeHtml(say)}</Say></Response>`;
    return this.post('Calls.json', { To: to, From: this.config.from, Twiml: twiml });
  }

  private async post(resource: string, fields: Record<string, string>): Promise<void> {
    const { url, accountSid, authToken } = this.config;
    const endpoint = `${url}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    // Twilio answers errors as JSON { code, message }; keep it short, it ends up in last_error.
    const text = (await response.text().catch(() => '')).slice(0, 500);
    let detail = text;
    try {
      const json = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof json.message === 'string')
        detail = json.code ? `${json.message} (${json.code})` : json.message;
    } catch {
      // not JSON: keep the text
    }
    throw new ProviderError(
      response.status,
      `provider answered ${response.status}${detail ? `: ${detail}` : ''}`,
    );
  }
}
