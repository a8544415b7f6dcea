/**
 * The inbound SMTP listener of replies by email (issue 25; `smtp-server`, messages read by `mailparser`). Built by
 * buildApp() when INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN are set, started by main.ts (like the outbox worker),
 * stopped when the app closes. It is the last hop of the reply domain's mail: an MX or a relay hands it the replies.
 *
 * - **RCPT TO**: only `reply+<token>@INBOUND_MAIL_DOMAIN` with a genuine, unexpired token (lib/tokens.ts); anything
 *   else is refused there with a 550, before any message is sent (the fifth refused address of one connection
 *   closes it, 421). One reply address per message: a second is deferred (452), so the sending server delivers it
 *   again on its own.
 * - **DATA**: at most `maxBytes` (SIZE, announced in EHLO; a bigger message is refused with a 552), parsed, then
 *   handed to `deliver` (modules/comments/inbound-mail.ts), which posts the comment or throws an `InboundRefusal`
 *   (550 with its message, which the sender's server puts into a bounce). Any other failure is a 451: the sending
 *   server tries again later, and nothing was written (the comment is one transaction). A message delivered again
 *   (the same Message-ID, sender and ticket as a comment already posted) is taken (250, so its server stops
 *   retrying) and posts nothing: `deliver` answers it as a duplicate.
 * - **Log**: every refusal is a `warn` line with its reason (`reason`), the ticket, user and comment the address
 *   names when it names them, and the client's address; never the message, its body or the token. A posted reply
 *   is an `info` line, and so is a duplicate (`inbound mail: duplicate reply ignored`).
 *
 * No AUTH (it is a mail exchanger, not a submission server) and no STARTTLS (no certificate is configured; a relay
 * in front can offer TLS to the world). docs/decisions/0001 lists the packages.
 */
import type { AddressInfo } from 'node:net';
import { en, format } from '@mend/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { type ReplyClaims, verifyReplyToken } from '../tokens';
import { replyTokenOf } from './address';

/** The largest reply taken: a few phone photos, comfortably (each is scaled to at most 1 MB before it is kept). */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** Longest HTML converted to text (a reply without a plain-text part); longer ones are read as empty. */
const MAX_HTML_CHARS = 2 * 1024 * 1024;
/** Connections at once: each may hold a message (twice, raw and parsed) in memory. */
const MAX_CLIENTS = 10;
/** Refused addresses one connection may try before it is closed (421): guessing tokens gets slow and loud. */
const MAX_REFUSED_RECIPIENTS = 5;

const t = en.inboundMail;

/** A reply accepted at RCPT TO, parsed: whose address it was sent to, who sent it, what it says. */
export interface InboundReply {
  claims: ReplyClaims;
  /** The envelope sender (MAIL FROM); '' for a bounce. */
  envelopeFrom: string;
  mail: ParsedMail;
}

/**
 * A reply the app does not take. `reason` goes to the log; `message` (dictionary text) is the SMTP answer the
 * sender's server quotes in its bounce; `details` adds to the log line (never the message's text).
 */
export class InboundRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly responseCode = 550,
  ) {
    super(message);
    this.name = 'InboundRefusal';
  }
}

/** What `deliver` did with a reply: posted it, or found it posted already (a duplicate); `log` adds to the log line. */
export interface InboundDelivery {
  duplicate: boolean;
  log: Record<string, unknown>;
}

export interface InboundMailOptions {
  host: string;
  /** 0: any free port (tests); `port` answers the one taken. */
  port: number;
  /** Lower case. */
  domain: string;
  secret: string;
  /** The app's clock (tokens' expiry). */
  now: () => Date;
  log: FastifyBaseLogger;
  maxBytes?: number;
  /** Posts the reply (or finds it posted already), or throws an InboundRefusal. */
  deliver: (reply: InboundReply) => Promise<InboundDelivery>;
}

/** An error smtp-server answers with its code and text. */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** What a log line says about the address a reply was sent to: the ticket, the user, the comment it answers. */
const logged = (claims: ReplyClaims | undefined) =>
  claims ? { ticketId: claims.ticketId, userId: claims.userId, answeredCommentId: claims.commentId } : {};

export class InboundMailServer {
  private readonly server: SMTPServer;
  private readonly maxBytes: number;
  private listening = false;
  /** Refused addresses per connection (smtp-server keeps one session object per connection). */
  private readonly refusedRecipients = new WeakMap<SMTPServerSession, number>();

  constructor(private readonly options: InboundMailOptions) {
    this.maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
    this.server = new SMTPServer({
      banner: 'Mend replies',
      secure: false,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: this.maxBytes,
      maxClients: MAX_CLIENTS,
      socketTimeout: 60_000,
      closeTimeout: 10_000,
      logger: false,
      onRcptTo: (address, session, callback) => callback(this.checkRecipient(address.address, session)),
      onData: (stream, session, callback) => this.receive(stream, session, callback),
    });
    // A client's broken connection is its problem, not the app's: logged, never thrown.
    this.server.on('error', (error) => options.log.warn({ err: error }, 'inbound mail: connection error'));
  }

  /** Listens on the configured host and port. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      this.server.once('error', failed);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', failed);
        this.listening = true;
        this.options.log.info(
          { host: this.options.host, port: this.port, domain: this.options.domain },
          'inbound mail: listening for replies',
        );
        resolve();
      });
    });
  }

  /** The port listened on; null before start(). */
  get port(): number | null {
    if (!this.listening) return null;
    return (this.server.server.address() as AddressInfo).port;
  }

  /** Stops listening and lets the open sessions finish (at most closeTimeout). */
  close(): Promise<void> {
    if (!this.listening) return Promise.resolve();
    this.listening = false;
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private refuse(session: SMTPServerSession, refusal: InboundRefusal, claims?: ReplyClaims): Error {
    this.options.log.warn(
      { reason: refusal.reason, ...logged(claims), ...refusal.details, remoteAddress: session.remoteAddress },
      'inbound mail: reply refused',
    );
    return smtpError(refusal.responseCode, refusal.message);
  }

  /** The claims of the reply address a message was sent to, or the refusal of that address. */
  private claimsOf(address: string): ReplyClaims | InboundRefusal {
    const token = replyTokenOf(address, this.options.domain);
    if (!token)
      return new InboundRefusal('unknown_address', t.unknownAddress, {
        recipientDomain: address.slice(address.lastIndexOf('@') + 1),
      });
    const check = verifyReplyToken(this.options.secret, token, this.options.now());
    if (check.ok) return check.claims;
    return check.reason === 'expired'
      ? new InboundRefusal('expired_token', t.expired, logged(check.claims))
      : new InboundRefusal('forged_token', t.forged);
  }

  private checkRecipient(address: string, session: SMTPServerSession): Error | undefined {
    if (session.envelope.rcptTo.length > 0) return smtpError(452, t.oneAddress);
    const claims = this.claimsOf(address);
    if (!(claims instanceof InboundRefusal)) return undefined;
    const refused = (this.refusedRecipients.get(session) ?? 0) + 1;
    this.refusedRecipients.set(session, refused);
    const error = this.refuse(session, claims);
    return refused < MAX_REFUSED_RECIPIENTS ? error : smtpError(421, error.message);
  }

  private receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped: the answer is a refusal anyway.
      if (size <= this.maxBytes) chunks.push(chunk);
    });
    stream.on('end', () => {
      this.handle(stream.sizeExceeded ? null : Buffer.concat(chunks), session).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    });
  }

  /** Parses and delivers one message (null: too big); throws the SMTP error to answer. */
  private async handle(raw: Buffer | null, session: SMTPServerSession): Promise<void> {
    // Checked again at DATA: the clock may have passed the expiry since RCPT TO.
    const claims = this.claimsOf(session.envelope.rcptTo[0]?.address ?? '');
    if (claims instanceof InboundRefusal) throw this.refuse(session, claims);
    if (raw === null) {
      const megabytes = Math.floor(this.maxBytes / (1024 * 1024));
      const refusal = new InboundRefusal('too_big', format(t.tooBig, { megabytes }), {}, 552);
      throw this.refuse(session, refusal, claims);
    }
    let mail: ParsedMail;
    try {
      mail = await simpleParser(raw, {
        skipTextToHtml: true,
        skipImageLinks: true,
        keepCidLinks: true,
        checksumAlgo: false,
        maxHtmlLengthToParse: MAX_HTML_CHARS,
      });
    } catch (error) {
      const refusal = new InboundRefusal('unreadable', t.unreadable, { error: (error as Error).message });
      throw this.refuse(session, refusal, claims);
    }
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    try {
      const outcome = await this.options.deliver({ claims, envelopeFrom, mail });
      const message = outcome.duplicate
        ? 'inbound mail: duplicate reply ignored'
        : 'inbound mail: reply posted';
      this.options.log.info({ ...logged(claims), ...outcome.log }, message);
    } catch (error) {
      if (error instanceof InboundRefusal) throw this.refuse(session, error, claims);
      this.options.log.error({ err: error, ...logged(claims) }, 'inbound mail: reply not saved');
      throw smtpError(451, t.tryLater);
    }
  }
}
