/**
 * What writing a message needs besides the database: the public address (for links) and the app secret
 * (to sign unsubscribe links and reply addresses), and the domain replies arrive at when inbound mail is on.
 *
 * Ticket routing is handed only the app URL by the tickets service, so each built app registers its
 * context under its URL here and `messagingFor(appUrl)` finds it. Registrations stack: an app that closes
 * removes only its own, so two apps with one URL in a process (tests) never take each other's.
 */
import type { ReplyAddressing } from '../inbound-mail/address';

export interface MessagingContext {
  /** Public address of the app, without a trailing slash. */
  appUrl: string;
  secret: string;
  /**
   * Inbound mail (INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN): ticket emails then carry a signed reply address
   * (lib/inbound-mail/address.ts). Absent or null: emails are sent without one.
   */
  inbound?: ReplyAddressing | null;
}

const registered = new Map<string, MessagingContext[]>();

/** Makes the context findable by its app URL; answers the function that removes it again. */
export function registerMessaging(context: MessagingContext): () => void {
  const stack = registered.get(context.appUrl) ?? [];
  stack.push(context);
  registered.set(context.appUrl, stack);
  return () => {
    const current = registered.get(context.appUrl) ?? [];
    const index = current.lastIndexOf(context);
    if (index >= 0) current.splice(index, 1);
    if (current.length === 0) registered.delete(context.appUrl);
  };
}

/** The context of the app at this URL (the latest registered); throws when no app registered it. */
export function messagingFor(appUrl: string): MessagingContext {
  const stack = registered.get(appUrl);
  const context = stack?.[stack.length - 1];
  if (!context) throw new Error(`No messaging context for ${appUrl}: build the app with buildApp() first`);
  return context;
}
