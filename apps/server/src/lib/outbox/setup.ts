/**
 * Messaging for one app: its context (app URL and secret, for links), and its outbox worker with a
 * transport for each configured channel. buildApp() calls `setUpMessaging`; main.ts starts the worker.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { SmtpEmailTransport } from '../mail/smtp';
import { PhoneTransport } from '../sms/transport';
import { TwilioCompatibleProvider } from '../sms/twilio';
import { resolveAppSecret } from '../tokens';
import { type MessagingContext, registerMessaging } from './context';
import { OutboxWorker, type Transports } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** App URL and secret for links in messages. */
    messaging: MessagingContext;
    /** Delivers the outbox (started by main.ts when OUTBOX_WORKER is on). */
    outbox: OutboxWorker;
  }
}

/** One transport per channel that has its settings: SMTP for email; the SMS provider for sms and voice. */
export function transportsFromConfig(config: Config): Transports {
  const transports: Transports = {};
  if (config.smtpUrl) transports.email = new SmtpEmailTransport(config.smtpUrl, config.mailFrom);
  if (config.sms) {
    const provider = new TwilioCompatibleProvider(config.sms);
    transports.sms = new PhoneTransport(provider, 'sms');
    transports.voice = new PhoneTransport(provider, 'voice');
  }
  return transports;
}

/**
 * `now` is the app's clock: reply addresses expire REPLY_TOKEN_TTL_MS after it (tests move it). `moreTransports` adds
 * the channels a feature delivers itself (webhooks: modules/webhooks/transport.ts), given the messaging context.
 */
export function setUpMessaging(
  app: FastifyInstance,
  config: Config,
  now: () => Date = () => new Date(),
  moreTransports: (context: MessagingContext) => Transports = () => ({}),
): void {
  const context: MessagingContext = {
    appUrl: config.appUrl,
    secret: resolveAppSecret(config.appSecret, config.dataDir),
    inbound: config.inboundMail ? { domain: config.inboundMail.domain, now } : null,
  };
  const unregister = registerMessaging(context);
  const worker = new OutboxWorker({
    db: app.db,
    transports: { ...transportsFromConfig(config), ...moreTransports(context) },
    log: app.log,
    pollMs: config.outboxPollMs,
  });
  app.decorate('messaging', context);
  app.decorate('outbox', worker);
  app.addHook('onClose', async () => {
    await worker.close();
    unregister();
  });
}
