import type { ApiSignoff, ApiTicket } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  averageText,
  earlierSignoffs,
  formatAverage,
  ratedByText,
  ratingCountText,
  ratingSummaryTexts,
  reopenedText,
  signoffLinkKey,
  signoffLinkPath,
  signoffPath,
  signoffStateColor,
  signoffStateText,
  starsText,
} from './signoff-rules';

function signoff(overrides: Partial<ApiSignoff> = {}): ApiSignoff {
  return {
    id: 1,
    state: 'asked',
    state_text: 'Waiting for the tenant',
    asked_at_timestamp: 1_795_000_000,
    answered_at_timestamp: null,
    tenant: { id: 7, name: 'Jane Morrison' },
    contractor: { id: 9, name: 'Marco Rossi' },
    rating: null,
    comment: '',
    reopen_reason: '',
    ...overrides,
  };
}

describe('where a sign-off is sent', () => {
  it('answers in the app under the ticket', () => {
    expect(signoffPath(5, 'confirm')).toBe('tickets/5/signoff/confirm');
    expect(signoffPath(5, 'reopen')).toBe('tickets/5/signoff/reopen');
  });

  it('reads and answers the signed link with its token escaped', () => {
    expect(signoffLinkPath('a.b/c')).toBe('signoff-links/a.b%2Fc');
    expect(signoffLinkPath('abc', 'confirm')).toBe('signoff-links/abc/confirm');
    expect(signoffLinkPath('abc', 'reopen')).toBe('signoff-links/abc/reopen');
    expect(signoffLinkKey('abc')).toEqual(['signoff-links', 'abc']);
  });
});

describe('a sign-off’s state', () => {
  it('has a colour per state', () => {
    expect(signoffStateColor('asked')).toBe('yellow');
    expect(signoffStateColor('confirmed')).toBe('teal');
    expect(signoffStateColor('reopened')).toBe('orange');
    expect(signoffStateColor('withdrawn')).toBe('gray');
  });

  it('reads as the page’s dictionary words its value, else as the server words it', () => {
    expect(signoffStateText(signoff({ state: 'confirmed', state_text: 'Confirmé' }))).toBe('Confirmed');
    const unknown = { state: 'later' as ApiSignoff['state'], state_text: 'Later' };
    expect(signoffStateText(signoff(unknown))).toBe('Later');
    expect(signoffStateText(signoff({ state: 'reopened', state_text: '' }))).toBe('Reopened');
    expect(signoffStateText(signoff({ state: 'withdrawn', state_text: '' }))).toBe('No longer asked');
  });
});

describe('earlierSignoffs', () => {
  it('is every sign-off but the newest, in the server’s order', () => {
    const newest = signoff({ id: 3 });
    const older = [signoff({ id: 2, state: 'reopened' }), signoff({ id: 1, state: 'withdrawn' })];
    const ticket = { signoff: newest, signoffs: [newest, ...older] } as Pick<
      ApiTicket,
      'signoff' | 'signoffs'
    >;
    expect(earlierSignoffs(ticket).map((one) => one.id)).toEqual([2, 1]);
    expect(earlierSignoffs({ signoff: null, signoffs: [] })).toEqual([]);
  });
});

describe('how a rating reads', () => {
  it('names the stars', () => {
    expect(starsText(4)).toBe('4 of 5 stars');
  });

  it('says who rated, or only the stars once the tenant is gone', () => {
    expect(ratedByText(signoff({ state: 'confirmed', rating: 5 }))).toBe('Rated 5 of 5 by Jane Morrison');
    expect(ratedByText(signoff({ state: 'confirmed', rating: 2, tenant: null }))).toBe('2 of 5 stars');
    expect(ratedByText(signoff())).toBeNull();
  });

  it('gives the reason a ticket was reopened, trimmed', () => {
    expect(reopenedText(signoff({ reopen_reason: '  The tap still drips. ' }))).toBe(
      'Reopened: The tap still drips.',
    );
    expect(reopenedText(signoff())).toBeNull();
  });
});

describe('an average of ratings', () => {
  it('has one decimal', () => {
    expect(formatAverage(4.5)).toBe('4.5');
    expect(formatAverage(5)).toBe('5.0');
    expect(formatAverage(4.25)).toBe('4.3');
    expect(formatAverage(3.04)).toBe('3.0');
    expect(averageText(4.5)).toBe('4.5 of 5');
  });

  it('counts its ratings', () => {
    expect(ratingCountText(12)).toBe('12 ratings');
    expect(ratingCountText(1)).toBe('1 rating');
    expect(ratingCountText(0)).toBe('No ratings yet');
  });

  it('reads as a whole: none before the first rating', () => {
    expect(ratingSummaryTexts({ count: 12, average: 4.5 })).toEqual({
      average: '4.5 of 5',
      count: '12 ratings',
    });
    expect(ratingSummaryTexts({ count: 1, average: 5 })).toEqual({ average: '5.0 of 5', count: '1 rating' });
    expect(ratingSummaryTexts({ count: 0, average: null })).toEqual({
      average: null,
      count: 'No ratings yet',
    });
  });
});
