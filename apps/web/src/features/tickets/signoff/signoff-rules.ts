/**
 * The tenant's sign-off of a completed ticket without React (issue 25 section 4): where its answers go (in the app
 * and from the signed link), how its state shows (the badge's colour and words), which sign-offs are history, and how
 * ratings read: one ("Rated 5 of 5 by Jane", "5 of 5 stars") and a contractor's or the dashboard's average ("4.5 of
 * 5", "12 ratings").
 */
import { type ApiSignoff, type ApiTicket, RATING_MAX, RATING_MIN, type SignoffState } from '@mend/shared';
import { format, locale, t } from '../../../lib/translations';

const S = t.ticketScreens.signoff;
const R = t.ticketScreens.rating;

export type SignoffAnswerKind = 'confirm' | 'reopen';

/** POST: the signed-in tenant's answers. */
export const signoffPath = (ticketId: number, answer: SignoffAnswerKind) =>
  `tickets/${ticketId}/signoff/${answer}`;

/** GET (the completed ticket), and POST `…/confirm` and `…/reopen` of the signed link, without signing in. */
export const signoffLinkPath = (token: string, answer?: SignoffAnswerKind) =>
  `signoff-links/${encodeURIComponent(token)}${answer ? `/${answer}` : ''}`;
export const signoffLinkKey = (token: string) => ['signoff-links', token] as const;

const STATE_COLORS: Record<SignoffState, string> = {
  asked: 'yellow',
  confirmed: 'teal',
  reopened: 'orange',
  withdrawn: 'gray',
};

/** The badge's colour of a sign-off's state. */
export function signoffStateColor(state: SignoffState): string {
  return STATE_COLORS[state] ?? 'gray';
}

/** The state's words: the page's dictionary's, by its value (the server's are English), else the server's. */
export function signoffStateText(signoff: Pick<ApiSignoff, 'state' | 'state_text'>): string {
  return S.states[signoff.state] || signoff.state_text || signoff.state;
}

/** The history: every sign-off of the ticket but the newest (shown on its own), newest first. */
export function earlierSignoffs(ticket: Pick<ApiTicket, 'signoff' | 'signoffs'>): ApiSignoff[] {
  return ticket.signoffs.filter((signoff) => signoff.id !== ticket.signoff?.id);
}

/** A rating kept within the stars there are (the server's is already). */
const clamp = (rating: number) => Math.min(RATING_MAX, Math.max(RATING_MIN, rating));

/** "5 of 5 stars": a rating's words, for those who do not see the stars. */
export function starsText(rating: number): string {
  return format(S.stars, { rating, max: RATING_MAX });
}

/** "Rated 5 of 5 by Jane Morrison", or (the tenant's account gone) "5 of 5 stars". */
export function ratedByText(signoff: Pick<ApiSignoff, 'rating' | 'tenant'>): string | null {
  if (signoff.rating === null) return null;
  const rating = clamp(signoff.rating);
  return signoff.tenant
    ? format(S.ratedBy, { rating, max: RATING_MAX, name: signoff.tenant.name })
    : starsText(rating);
}

/** "Reopened: the tap still drips", or null without a reason. */
export function reopenedText(signoff: Pick<ApiSignoff, 'reopen_reason'>): string | null {
  const reason = signoff.reopen_reason.trim();
  return reason ? format(S.reopenedBecause, { reason }) : null;
}

const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** An average of ratings with one decimal: 4.5 -> "4.5", 5 -> "5.0", 4.25 -> "4.3". */
export function formatAverage(average: number): string {
  return oneDecimal.format(average);
}

/** "4.5 of 5". */
export function averageText(average: number): string {
  return format(R.average, { average: formatAverage(average), max: RATING_MAX });
}

/** "12 ratings", "1 rating", or "No ratings yet". */
export function ratingCountText(count: number): string {
  if (count <= 0) return R.none;
  return format(R.count, { count });
}

/** A summary of ratings as it reads: its average (null while there is none) and how many there are. */
export function ratingSummaryTexts(summary: { count: number; average: number | null }): {
  average: string | null;
  count: string;
} {
  const average = summary.count > 0 && summary.average !== null ? averageText(summary.average) : null;
  return { average, count: ratingCountText(average === null ? 0 : summary.count) };
}
