/**
 * States of the email-verification banner (SPEC.md section 4: prompt, resent, verified), plus
 * 'sending' while the link is being resent, 'closed' once the user closed it and 'hidden' when there
 * is nothing to say.
 */
export type BannerState = 'hidden' | 'prompt' | 'sending' | 'resent' | 'verified' | 'closed';

export interface BannerFacts {
  /** The user has no verified-email timestamp (and is not a temporary account). */
  unverified: boolean;
  /** The address carries ?verified=1 (the verification link's landing). */
  verifiedParam: boolean;
}

export function initialBannerState({
  unverified,
  verifiedParam,
  closed,
}: BannerFacts & { closed: boolean }): BannerState {
  if (verifiedParam && !unverified) return 'verified';
  if (!unverified) return 'hidden';
  return closed ? 'closed' : 'prompt';
}

/** The state after the facts changed (a poll of the current user, a new address, an email change). */
export function nextBannerState(
  current: BannerState,
  { unverified, verifiedParam }: BannerFacts,
): BannerState {
  if (!unverified) {
    // Verified meanwhile: say so while the banner was showing, or when the link's landing says so.
    if (current === 'prompt' || current === 'sending' || current === 'resent') return 'verified';
    if (current === 'hidden' && verifiedParam) return 'verified';
    return current;
  }
  // A new, unverified address (changed on the Security tab): ask again.
  return current === 'hidden' || current === 'verified' ? 'prompt' : current;
}
