/**
 * A reply by email becomes a comment by its sender (issue 25). The inbound SMTP listener (lib/inbound-mail/) has
 * already checked the reply address's signature and expiry; here the rest, in this order, each refusal an
 * `InboundRefusal` the listener logs and answers:
 *
 * 1. the address's user still exists, and the message's From is that user's email (`sender_unknown` when the From
 *    is nobody's, `sender_mismatch` when it is another user's);
 * 2. it was not posted already: a message delivered again (the same Message-ID from the same sender to the same
 *    ticket, `findEmailReply`) is a duplicate, taken without posting (ADR 0030);
 * 3. it is not an automatic message (an out-of-office answer, a bounce: `auto_reply`);
 * 4. its text, without the quoted history and the signature (lib/inbound-mail/strip.ts), is not empty (`empty`);
 * 5. its image attachments, those heavier than a ticket file may be scaled down first, as the web form's browser
 *    does (ADR 0017); images embedded in an HTML body (signature logos) and other files are left out;
 * 6. `postComment`, the form's own path: the user must still see the ticket and may comment (`not_allowed`), the
 *    text and the files pass the form's checks and re-encoding (`invalid`), and everything is one transaction with
 *    its notifications. The visibility is `replyVisibility`'s. The Message-ID goes with the comment, and its unique
 *    index decides a race the check of step 2 cannot see (the same message delivered twice at once, to two app
 *    processes): the second is a `DuplicateReply`, rolled back with its files, and a duplicate too.
 */
import { en, format, TICKET_IMAGE_MAX_BYTES, TICKET_IMAGE_MAX_PIXELS } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Attachment, ParsedMail } from 'mailparser';
import sharp from 'sharp';
import type { Config } from '../../config';
import { type UserRow, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/form-body';
import { normalMessageId } from '../../lib/inbound-mail/message-id';
import {
  type InboundDelivery,
  InboundMailServer,
  InboundRefusal,
  type InboundReply,
} from '../../lib/inbound-mail/server';
import { stripReply } from '../../lib/inbound-mail/strip';
import { detectMime } from '../../lib/uploads';
import type { Viewer } from '../tickets/service';
import { displayName } from '../users/serialize';
import { findEmailReply } from './queries';
import { ATTACHMENTS_FIELD, DuplicateReply, postComment, replyVisibility } from './service';

const t = en.inboundMail;

async function userByEmail(ctx: ServiceContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** The user the address was sent to, when the message comes from that user's email. */
async function sender(ctx: ServiceContext, userId: number, mail: ParsedMail): Promise<UserRow> {
  const addresses = mail.from?.value.flatMap((entry) => (entry.address ? [entry.address] : [])) ?? [];
  const from = addresses.length === 1 ? addresses[0].trim().toLowerCase() : '';
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user && from === user.email) return user;
  // Emails are stored in lower case (a check enforces it).
  const someoneElse = from ? await userByEmail(ctx, from) : undefined;
  throw new InboundRefusal(someoneElse ? 'sender_mismatch' : 'sender_unknown', t.wrongSender, {
    from: from || null,
    userGone: !user,
  });
}

const header = (mail: ParsedMail, name: string): string => {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
};

/** An out-of-office answer, a mailing list's or a bounce (RFC 3834, and what common auto-responders add). */
function isAutomatic(mail: ParsedMail, envelopeFrom: string): boolean {
  if (envelopeFrom === '') return true;
  const submitted = header(mail, 'auto-submitted');
  if (submitted !== '' && submitted !== 'no') return true;
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(header(mail, 'precedence'))) return true;
  return mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond');
}

// Photos too heavy for a ticket file are drawn again as JPEGs, as the browser does for the web form (ADR 0017):
// at most TICKET_IMAGE_MAX_PIXELS, then three quarters of that twice, each at these qualities until one fits.
const JPEG_QUALITIES = [85, 72, 60];
const SIZE_STEP = 0.75;
const SIZE_ROUNDS = 3;
const PREPARED_TYPES = ['image/jpeg', 'image/png'];

/** The attachment's bytes, scaled down to fit TICKET_IMAGE_MAX_BYTES when it is a heavy JPEG or PNG. */
async function lightened(data: Buffer): Promise<{ data: Buffer; jpeg: boolean }> {
  if (data.length <= TICKET_IMAGE_MAX_BYTES) return { data, jpeg: false };
  if (!PREPARED_TYPES.includes(await detectMime(data))) return { data, jpeg: false };
  let side = TICKET_IMAGE_MAX_PIXELS;
  let smallest = data;
  try {
    for (let round = 0; round < SIZE_ROUNDS; round++) {
      for (const quality of JPEG_QUALITIES) {
        const out = await sharp(data, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(side, side, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality })
          .toBuffer();
        if (out.length <= TICKET_IMAGE_MAX_BYTES) return { data: out, jpeg: true };
        if (out.length < smallest.length) smallest = out;
      }
      side = Math.round(side * SIZE_STEP);
    }
  } catch {
    // Bytes that do not decode: the form's check says so.
    return { data, jpeg: false };
  }
  return { data: smallest, jpeg: smallest !== data };
}

/** "IMG_0042.png" -> "IMG_0042.jpg". */
const jpegName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
};

/** A message's photos as the comment form's files: attached images, not those an HTML body embeds. */
async function photosOf(mail: ParsedMail): Promise<UploadedFile[]> {
  const images = mail.attachments.filter(
    (file: Attachment) => file.contentType.toLowerCase().startsWith('image/') && !file.related,
  );
  const files: UploadedFile[] = [];
  for (const [i, image] of images.entries()) {
    const name = image.filename || `photo-${i + 1}`;
    const { data, jpeg } = await lightened(image.content);
    files.push({
      field: ATTACHMENTS_FIELD,
      filename: jpeg ? jpegName(name) : name,
      declaredType: jpeg ? 'image/jpeg' : image.contentType,
      data,
    });
  }
  return files;
}

/** What the comment service refused, as the refusal of the reply. */
function refusalOf(error: AppError): InboundRefusal {
  if (error.statusCode === 404 || error.statusCode === 403)
    return new InboundRefusal('not_allowed', t.notAllowed, { status: error.statusCode });
  const fields = error.errors ?? {};
  const problems = Object.values(fields).flat().join(' ') || error.message;
  return new InboundRefusal('invalid', format(t.invalid, { problems }), {
    status: error.statusCode,
    fields: Object.keys(fields),
  });
}

/** A reply posted already: taken, nothing written; the log names the comment it posted. */
async function duplicate(
  ctx: ServiceContext,
  ids: { ticketId: number; userId: number; emailMessageId: string },
): Promise<InboundDelivery> {
  const commentId = (await findEmailReply(ctx.db, ids)) ?? null;
  return { duplicate: true, log: { commentId, messageId: ids.emailMessageId } };
}

/** Posts a reply by email as a comment of its sender (or finds it posted already); answers what to log. */
export async function postReplyByEmail(
  ctx: ServiceContext,
  reply: InboundReply,
  now: Date,
): Promise<InboundDelivery> {
  const { claims, mail } = reply;
  const user = await sender(ctx, claims.userId, mail);
  const emailMessageId = normalMessageId(mail.messageId);
  const known = emailMessageId && { ticketId: claims.ticketId, userId: user.id, emailMessageId };
  if (known && (await findEmailReply(ctx.db, known)) !== undefined) return duplicate(ctx, known);
  if (isAutomatic(mail, reply.envelopeFrom)) throw new InboundRefusal('auto_reply', t.autoReply);
  const body = stripReply(mail.text ?? '');
  if (body === '') throw new InboundRefusal('empty', t.empty);
  const photos = await photosOf(mail);
  const viewer: Viewer = {
    id: user.id,
    role: user.role,
    landlordId: user.landlordId,
    name: displayName(user),
  };
  const visibility = await replyVisibility(ctx.db, viewer, claims.ticketId, claims.commentId);
  try {
    const posted = await postComment(ctx, viewer, claims.ticketId, { body, visibility }, photos, now, {
      emailMessageId,
    });
    return {
      duplicate: false,
      log: { commentId: posted.data.id, visibility, attachments: photos.length },
    };
  } catch (error) {
    if (known && error instanceof DuplicateReply) return duplicate(ctx, known);
    if (error instanceof AppError && error.statusCode < 500) throw refusalOf(error);
    throw error;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbound SMTP listener of replies by email, when configured (main.ts starts it); null otherwise. */
    inboundMail: InboundMailServer | null;
  }
}

/**
 * Builds the listener when INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN are set (buildApp, after setUpMessaging: it
 * signs with the same secret) and stops it when the app closes. `now` is the app's clock.
 */
export function setUpInboundMail(
  app: FastifyInstance,
  config: Config,
  now: () => Date = () => new Date(),
): void {
  const settings = config.inboundMail;
  const server = settings
    ? new InboundMailServer({
        ...settings,
        secret: app.messaging.secret,
        now,
        log: app.log.child({ module: 'inbound-mail' }),
        deliver: (reply) => postReplyByEmail(app, reply, now()),
      })
    : null;
  app.decorate('inboundMail', server);
  if (server) app.addHook('onClose', () => server.close());
}
