/** SMS and voice providers: anything that can text a number and call it to read a message aloud. */
export interface SmsProvider {
  /** Sends a text message to an E.164 number. */
  sendSms(to: string, body: string): Promise<void>;
  /** Calls an E.164 number and reads `say` aloud. */
  call(to: string, say: string): Promise<void>;
}

/** A provider's refusal, with its HTTP status (4xx: the request itself was wrong). */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
