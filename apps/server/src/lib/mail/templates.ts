/**
 * Email templates: every email is rendered twice from the same parts, as plain text and as HTML inside one
 * shared layout. Every value is escaped for HTML (names, titles and messages are user input). Subjects
 * lose line breaks, so user text can never add a header. Texts live in the dictionaries' `mail` (and
 * `tickets.outbox` for ticket subjects); each email is written in its reader's words (`Words`, issue 28).
 */

import { type CommentVisibility, type Words, wordsOf } from '@mend/shared';
import escapeHtml from 'escape-html';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailParts {
  subject: string;
  /** Whom the greeting names; empty: "Hello,". */
  name?: string;
  /** Paragraphs before the facts. */
  intro: string[];
  /** Label / value lines (ticket number, where, category...). */
  facts?: Array<[string, string]>;
  /** A quoted block with its line breaks kept (a ticket's description, a contact message). */
  quote?: string;
  /** The one button of the email. */
  action?: { label: string; url: string };
  /** Small print after the button (expiry, "ignore this email"). */
  notes?: string[];
  /** Notification emails carry the link that turns their kind off. */
  unsubscribeUrl?: string;
}

/** One line, no control characters, at most 200 characters: safe as a header. */
export function subjectLine(value: string): string {
  // Control characters and line breaks become spaces; then runs of spaces shrink to one. No-break spaces stay: a
  // French amount ("4 725,00 $") or date keeps them, as in the email's body.
  const line = value
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/[^\S\u00a0\u202f]+/g, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

const withBreaks = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function layout(w: Words, subject: string, content: string, footer: string): string {
  return `<!doctype html>
<html lang="${w.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:${FONT};color:#1f2933;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:700;color:#1864ab;">${escapeHtml(w.t.app.name)}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.55;">
${content}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#7b8794;">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

const noteHtml = (note: string) =>
  `<p style="margin:0 0 12px;font-size:13px;color:#52606d;">${escapeHtml(note)}</p>`;
const signatureHtml = (w: Words) => `<p style="margin:16px 0 0;">${escapeHtml(w.t.mail.signature)}</p>`;
const signatureText = (w: Words) => `${w.t.mail.signature}\n\n--\n${w.t.mail.footer}`;

/** Renders the parts as text and as HTML, in the words of its reader's language (English unless given). */
export function renderEmail(parts: EmailParts, w: Words = wordsOf(null)): RenderedEmail {
  const m = w.t.mail;
  const format = w.format;
  const subject = subjectLine(parts.subject);
  const greeting = parts.name ? format(m.greeting, { name: parts.name }) : m.greetingNoName;
  const facts = parts.facts ?? [];
  const notes = parts.notes ?? [];

  const text: string[] = [greeting, '', ...parts.intro.flatMap((line) => [line, ''])];
  if (facts.length > 0) text.push(...facts.map(([label, value]) => `${label}: ${value}`), '');
  if (parts.quote) text.push(parts.quote, '');
  if (parts.action) text.push(`${parts.action.label}: ${parts.action.url}`, '');
  if (notes.length > 0) text.push(...notes, '');
  text.push(m.signature, '', '--', m.footer);
  if (parts.unsubscribeUrl) text.push(format(m.unsubscribeText, { url: parts.unsubscribeUrl }));

  const html: string[] = [`<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>`];
  for (const line of parts.intro) html.push(`<p style="margin:0 0 16px;">${withBreaks(line)}</p>`);
  if (facts.length > 0) {
    const rows = facts
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#52606d;white-space:nowrap;vertical-align:top;">${escapeHtml(label)}</td><td style="padding:4px 0;">${withBreaks(value)}</td></tr>`,
      )
      .join('');
    html.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px;">${rows}</table>`,
    );
  }
  if (parts.quote) {
    html.push(
      `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #cbd2d9;color:#3e4c59;">${withBreaks(parts.quote)}</blockquote>`,
    );
  }
  if (parts.action) {
    const href = escapeHtml(parts.action.url);
    html.push(
      `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:10px 20px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:600;">${escapeHtml(parts.action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:12px;color:#7b8794;">${escapeHtml(m.buttonFallback)}<br><a href="${href}" style="color:#1864ab;word-break:break-all;">${href}</a></p>`,
    );
  }
  for (const note of notes) html.push(noteHtml(note));
  html.push(signatureHtml(w));

  const footer = [escapeHtml(m.footer)];
  if (parts.unsubscribeUrl) {
    footer.push(
      `<br><a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#7b8794;">${escapeHtml(m.unsubscribe)}</a>`,
    );
  }
  return {
    subject,
    text: `${text.join('\n')}\n`,
    html: layout(w, subject, html.join('\n'), footer.join('')),
  };
}

/**
 * A rendered email with one more note, last before the signature: what the outbox adds to a ticket email whose
 * Reply-To is a reply address (lib/outbox/messages.ts). The signature is found from the end: user text comes before
 * it, and in the HTML it is escaped, so it cannot stand in for the layout's own.
 */
export function withNote(email: RenderedEmail, note: string, w: Words): RenderedEmail {
  const insert = (body: string, marker: string, added: string) => {
    const at = body.lastIndexOf(marker);
    return at < 0 ? body : `${body.slice(0, at)}${added}${body.slice(at)}`;
  };
  return {
    subject: email.subject,
    text: insert(email.text, signatureText(w), `${note}\n\n`),
    html: insert(email.html, signatureHtml(w), `${noteHtml(note)}\n`),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The emails

/** What a ticket email says about its ticket. */
export interface TicketEmailFacts {
  id: number;
  visible_id: string;
  title: string;
  description: string;
  property: string;
  unit: string;
  category: string;
  priority: string;
  /** Absolute link to the ticket in the app. */
  link: string;
}

export function ticketCreatedEmail(
  w: Words,
  ticket: TicketEmailFacts,
  recipientName: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const t = w.t.mail.ticket;
  return renderEmail(
    {
      subject: w.format(w.t.tickets.outbox.createdSubject, { ...ticket }),
      name: recipientName,
      intro: [t.createdIntro],
      facts: [
        [t.number, `#${ticket.visible_id}: ${ticket.title}`],
        [t.where, `${ticket.property}, ${ticket.unit}`],
        [t.category, ticket.category],
        [t.priority, ticket.priority],
      ],
      quote: ticket.description,
      action: { label: t.open, url: ticket.link },
      unsubscribeUrl,
    },
    w,
  );
}

export interface StatusChange {
  from: string;
  to: string;
  /** Who changed it. */
  by: string;
}

export function ticketStatusEmail(
  w: Words,
  ticket: Omit<TicketEmailFacts, 'description' | 'category' | 'priority'>,
  change: StatusChange,
  recipientName: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const t = w.t.mail.ticket;
  return renderEmail(
    {
      subject: w.format(w.t.tickets.outbox.statusSubject, { ...ticket, status: change.to }),
      name: recipientName,
      intro: [t.statusIntro],
      facts: [
        [t.number, `#${ticket.visible_id}: ${ticket.title}`],
        [t.where, `${ticket.property}, ${ticket.unit}`],
        [t.status, w.format(t.statusChange, { from: change.from, to: change.to })],
        [t.changedBy, change.by],
      ],
      action: { label: t.open, url: ticket.link },
      unsubscribeUrl,
    },
    w,
  );
}

/** A comment on a ticket, as its email says it: who wrote what, and who else may read it. */
export interface CommentNotice {
  /** The author's name. */
  by: string;
  body: string;
  visibility: CommentVisibility;
}

export function ticketCommentEmail(
  w: Words,
  ticket: Omit<TicketEmailFacts, 'description' | 'category' | 'priority'>,
  comment: CommentNotice,
  recipientName: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const t = w.t.mail.ticket;
  const notes =
    comment.visibility === 'staff'
      ? [t.commentForStaff]
      : comment.visibility === 'contractor'
        ? [t.commentForContractor]
        : [];
  return renderEmail(
    {
      subject: w.format(w.t.tickets.outbox.commentSubject, { ...ticket }),
      name: recipientName,
      intro: [w.format(t.commentIntro, { name: comment.by })],
      facts: [
        [t.number, `#${ticket.visible_id}: ${ticket.title}`],
        [t.where, `${ticket.property}, ${ticket.unit}`],
        [t.commentBy, comment.by],
      ],
      quote: comment.body,
      action: { label: t.open, url: ticket.link },
      notes,
      unsubscribeUrl,
    },
    w,
  );
}

/** The texts of an email that sends its reader to a link of its account, as each kind has them in the dictionary. */
interface AccountLinkTexts {
  subject: string;
  intro: string;
  action: string;
  expiry: string;
}

/**
 * An email whose one action is a link of its reader's account (reset, verification, activation): the same shape,
 * filled from its kind's texts with `vars`; `ignorable` adds "ignore this if it was not you".
 */
function accountLinkEmail(
  w: Words,
  texts: AccountLinkTexts,
  input: { name: string; url: string; vars: Record<string, string | number>; ignorable: boolean },
): RenderedEmail {
  return renderEmail(
    {
      subject: texts.subject,
      name: input.name,
      intro: [w.format(texts.intro, input.vars)],
      action: { label: texts.action, url: input.url },
      notes: [w.format(texts.expiry, input.vars), ...(input.ignorable ? [w.t.mail.ignore] : [])],
    },
    w,
  );
}

export const passwordResetEmail = (
  w: Words,
  { name, email, url, minutes }: { name: string; email: string; url: string; minutes: number },
): RenderedEmail =>
  accountLinkEmail(w, w.t.mail.reset, { name, url, vars: { email, minutes }, ignorable: true });

export const verificationEmail = (
  w: Words,
  { name, email, url, hours }: { name: string; email: string; url: string; hours: number },
): RenderedEmail =>
  accountLinkEmail(w, w.t.mail.verification, { name, url, vars: { email, hours }, ignorable: true });

export const activationEmail = (
  w: Words,
  input: { name: string; username: string; email: string; url: string; hours: number },
): RenderedEmail =>
  accountLinkEmail(w, w.t.mail.activation, {
    name: input.name,
    url: input.url,
    vars: { username: input.username, email: input.email, hours: input.hours },
    ignorable: false,
  });

export interface SupportNotice {
  senderName: string;
  company: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** Absolute link to the submission in the app. */
  link: string;
}

export function supportNoticeEmail(
  w: Words,
  notice: SupportNotice,
  recipientName: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const s = w.t.mail.support;
  const facts: Array<[string, string]> = [
    [s.from, notice.senderName],
    [s.company, notice.company],
    [s.email, notice.email],
  ];
  if (notice.phone) facts.push([s.phone, notice.phone]);
  facts.push([s.subjectLabel, notice.subject]);
  return renderEmail(
    {
      subject: w.format(s.subject, { subject: notice.subject }),
      name: recipientName,
      intro: [w.format(s.intro, { name: notice.senderName })],
      facts,
      quote: notice.message,
      action: { label: s.open, url: notice.link },
      unsubscribeUrl,
    },
    w,
  );
}

/** An email about a ticket's assignment or visit (issue 25): what happened, the facts, and one button. */
export interface TicketNotice {
  subject: string;
  intro: string;
  /** Label / value lines after the ticket's number and place. */
  facts: Array<[string, string]>;
  /** A decline's reason. */
  quote?: string;
  action: { label: string; url: string };
  notes?: string[];
}

export function ticketNoticeEmail(
  w: Words,
  ticket: Pick<TicketEmailFacts, 'visible_id' | 'title' | 'property' | 'unit'>,
  notice: TicketNotice,
  recipientName: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const t = w.t.mail.ticket;
  return renderEmail(
    {
      subject: notice.subject,
      name: recipientName,
      intro: [notice.intro],
      facts: [
        [t.number, `#${ticket.visible_id}: ${ticket.title}`],
        [t.where, `${ticket.property}, ${ticket.unit}`],
        ...notice.facts,
      ],
      quote: notice.quote,
      action: notice.action,
      notes: notice.notes,
      unsubscribeUrl,
    },
    w,
  );
}
