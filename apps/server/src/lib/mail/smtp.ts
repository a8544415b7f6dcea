/** Email over SMTP (nodemailer): the rendered text and HTML of an outbox row, with its unsubscribe header. */
import nodemailer from 'nodemailer';
import type { OutboxMessageRow } from '../../db/schema';
import { PermanentDeliveryError, type Transport } from '../outbox/transport';

/** SMTP replies that mean "this address will never take it" (mailbox unknown, not permitted...). */
const PERMANENT_REPLY = new Set([550, 551, 553, 554]);

export class SmtpEmailTransport implements Transport {
  private readonly mailer: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Bounded waits: a mail server that hangs must not hold the worker's batch forever.
    this.mailer = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: OutboxMessageRow): Promise<void> {
    const payload = message.payload as { reply_to?: unknown; unsubscribe_url?: unknown };
    const unsubscribe = typeof payload.unsubscribe_url === 'string' ? payload.unsubscribe_url : null;
    try {
      await this.mailer.sendMail({
        from: this.from,
        to: message.recipient,
        replyTo: typeof payload.reply_to === 'string' ? payload.reply_to : undefined,
        subject: message.subject,
        text: message.bodyText,
        html: message.bodyHtml || undefined,
        headers: unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>` } : undefined,
      });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && PERMANENT_REPLY.has(code)) {
        throw new PermanentDeliveryError((error as Error).message, { cause: error });
      }
      throw error;
    }
  }

  close(): void {
    this.mailer.close();
  }
}
