/** The outbox's sms and voice channels, through an SmsProvider. Numbers are dialled in E.164. */
import { en, format, toE164 } from '@mend/shared';
import type { OutboxMessageRow } from '../../db/schema';
import { PermanentDeliveryError, type Transport } from '../outbox/transport';
import { ProviderError, type SmsProvider } from './provider';

/** 4xx other than "too many requests" / "unauthorized": the message itself is wrong, not the moment. */
const isPermanent = (error: unknown) =>
  error instanceof ProviderError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 403, 408, 429].includes(error.status);

export class PhoneTransport implements Transport {
  constructor(
    private readonly provider: SmsProvider,
    private readonly mode: 'sms' | 'voice',
  ) {}

  async send(message: OutboxMessageRow): Promise<void> {
    const to = toE164(message.recipient);
    if (!to)
      throw new PermanentDeliveryError(format(en.accounts.invalidPhoneNumber, { number: message.recipient }));
    try {
      if (this.mode === 'sms') await this.provider.sendSms(to, message.bodyText);
      else await this.provider.call(to, message.bodyText);
    } catch (error) {
      if (isPermanent(error)) throw new PermanentDeliveryError((error as Error).message, { cause: error });
      throw error;
    }
  }
}
