/**
 * Reply addresses (issue 25): `reply+<token>@<INBOUND_MAIL_DOMAIN>`, the token a signed `ReplyClaims`
 * (lib/tokens.ts). Written into the Reply-To of every notification email about a ticket when inbound mail is on;
 * read back by the inbound SMTP listener (server.ts) from the recipient of a reply.
 */
import { REPLY_TOKEN_TTL_MS, type ReplyClaims, signReplyToken } from '../tokens';

const PREFIX = 'reply+';

/** What a reply address needs: the domain inbound mail arrives at, and the app's clock (expiries). */
export interface ReplyAddressing {
  domain: string;
  now: () => Date;
}

/** The signed reply address of an email to `userId` about a ticket (and the comment it reports, if any). */
export function replyAddress(
  secret: string,
  addressing: ReplyAddressing,
  about: { ticketId: number; userId: number; commentId: number | null },
): string {
  const claims: ReplyClaims = {
    ...about,
    expiresAt: new Date(addressing.now().getTime() + REPLY_TOKEN_TTL_MS),
  };
  return `${PREFIX}${signReplyToken(secret, claims)}@${addressing.domain}`;
}

/**
 * The token of an address at `domain` (`reply+<token>@domain`, the domain and the prefix in any case); null for any
 * other address. The token is not checked here (verifyReplyToken does that).
 */
export function replyTokenOf(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const local = address.slice(0, at);
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  if (!local.toLowerCase().startsWith(PREFIX)) return null;
  const token = local.slice(PREFIX.length);
  return token.length > 0 ? token : null;
}
