/** What the outbox worker delivers through: one transport per channel (email, sms, voice). */
import type { OutboxMessageRow } from '../../db/schema';

export interface Transport {
  /** Delivers one message, or throws. A `PermanentDeliveryError` is not retried. */
  send(message: OutboxMessageRow): Promise<void>;
  /** Releases connections when the worker stops. */
  close?(): Promise<void> | void;
}

/** A failure that trying again cannot fix (a rejected address, a number that cannot be dialled). */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}
