/**
 * The language of the person a signed link was sent to (issue 28 §3): an assignment's contractor, a sign-off's tenant
 * (their chosen `users.language`) or an estimate's owner contact (`landlord_owners.language`, set on the landlord
 * form). Their email was written in it, so the page the link opens is too, before the browser's language; a signed-in
 * visitor's own choice still comes first. A link that is not genuine, or expired, names nobody: the page follows the
 * browser, as for any visitor.
 */
import type { Language } from '@mend/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { landlordOwners, users } from '../../db/schema';
import { type TicketLinkPurpose, verifyTicketLinkToken } from '../../lib/tokens';

/** The web app's page of each signed link, by its first path segment. */
const LINK_PAGES: Readonly<Record<string, TicketLinkPurpose>> = {
  assignment: 'assignment',
  signoff: 'signoff',
  approvals: 'approval',
};

const LINK_PATH = /^\/([a-z]+)\/([^/?#]+)\/?(?:[?#]|$)/;

/** The language its reader chose, when `url` is the page of a genuine signed link; null otherwise. */
export async function linkReaderLanguage(
  db: Db,
  secret: string,
  url: string,
  now: Date,
): Promise<Language | null> {
  const [, page = '', token = ''] = LINK_PATH.exec(url) ?? [];
  const purpose = LINK_PAGES[page];
  if (purpose === undefined) return null;
  const check = verifyTicketLinkToken(secret, purpose, token, now);
  if (!check.ok) return null;
  const reader = purpose === 'approval' ? landlordOwners : users;
  const [row] = await db
    .select({ language: reader.language })
    .from(reader)
    .where(eq(reader.id, check.claims.userId));
  return row?.language ?? null;
}
