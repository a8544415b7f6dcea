/**
 * The language of the person an emailed link was sent to (issue 28 §3): an assignment's contractor, a sign-off's
 * tenant, the user of an unsubscribe or a password reset link (their chosen `users.language`), or an estimate's owner
 * contact (`landlord_owners.language`, set on the landlord form). Their email was written in it, so the page the link
 * opens is too, before the browser's; a signed-in visitor's own choice still comes first. A link that is not genuine,
 * used or expired names nobody: the page follows the browser, as for any visitor. Signed links are checked before
 * anything is read; a reset link is looked up by its hash, as its form's own call does. The pages and their paths are
 * LINK_PAGES (@mend/shared), which the links' builders write with.
 */
import { type Language, type LinkPage, readLinkPagePath } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { landlordOwners, users } from '../../db/schema';
import {
  findUsableToken,
  type TicketLinkPurpose,
  verifyTicketLinkToken,
  verifyUnsubscribeToken,
} from '../../lib/tokens';

/** Who a link was sent to: a user, or an owner contact. */
type Reader = { user: number } | { owner: number };

type ReaderOf = (db: Db, secret: string, token: string, now: Date) => Promise<Reader | null>;

/** A ticket link's reader: the user it names, or for an owner's approval the owner contact. */
const ticketLinkReader =
  (purpose: TicketLinkPurpose): ReaderOf =>
  async (_db, secret, token, now) => {
    const check = verifyTicketLinkToken(secret, purpose, token, now);
    if (!check.ok) return null;
    return purpose === 'approval' ? { owner: check.claims.userId } : { user: check.claims.userId };
  };

/** How each link page's token names its reader: a new page must say so here. */
const READER_OF: Readonly<Record<LinkPage, ReaderOf>> = {
  assignment: ticketLinkReader('assignment'),
  signoff: ticketLinkReader('signoff'),
  approval: ticketLinkReader('approval'),
  unsubscribe: async (_db, secret, token) => {
    const claims = verifyUnsubscribeToken(secret, token);
    return claims && { user: claims.userId };
  },
  passwordReset: async (db, _secret, token, now) => {
    const found = await findUsableToken(db, 'reset', token, now);
    return found && { user: found.userId };
  },
};

/** The language its reader has, when `url` is the page of a genuine emailed link; null otherwise. */
export async function linkReaderLanguage(
  db: Db,
  secret: string,
  url: string,
  now: Date,
): Promise<Language | null> {
  const link = readLinkPagePath(url);
  const reader = link && (await READER_OF[link.page](db, secret, link.token, now));
  if (!reader) return null;
  const [row] =
    'owner' in reader
      ? await db
          .select({ language: landlordOwners.language })
          .from(landlordOwners)
          .where(eq(landlordOwners.id, reader.owner))
      : await db.select({ language: users.language }).from(users).where(eq(users.id, reader.user));
  return row?.language ?? null;
}
