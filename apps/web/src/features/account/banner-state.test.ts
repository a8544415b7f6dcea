import { describe, expect, it } from 'vitest';
import { initialBannerState, nextBannerState } from './banner-state';

describe('initialBannerState', () => {
  it('asks an unverified user to verify, unless the banner was closed', () => {
    expect(initialBannerState({ unverified: true, verifiedParam: false, closed: false })).toBe('prompt');
    expect(initialBannerState({ unverified: true, verifiedParam: false, closed: true })).toBe('closed');
  });

  it('says "verified" on the verification landing, and nothing otherwise', () => {
    expect(initialBannerState({ unverified: false, verifiedParam: true, closed: false })).toBe('verified');
    expect(initialBannerState({ unverified: false, verifiedParam: false, closed: false })).toBe('hidden');
  });

  it('does not believe ?verified=1 while the user is still unverified', () => {
    expect(initialBannerState({ unverified: true, verifiedParam: true, closed: false })).toBe('prompt');
  });
});

describe('nextBannerState', () => {
  it('turns a showing banner into "verified" once the address is verified', () => {
    for (const state of ['prompt', 'sending', 'resent'] as const)
      expect(nextBannerState(state, { unverified: false, verifiedParam: false })).toBe('verified');
  });

  it('stays closed or hidden, unless the landing says verified', () => {
    expect(nextBannerState('closed', { unverified: false, verifiedParam: false })).toBe('closed');
    expect(nextBannerState('hidden', { unverified: false, verifiedParam: false })).toBe('hidden');
    expect(nextBannerState('hidden', { unverified: false, verifiedParam: true })).toBe('verified');
  });

  it('asks again after an email change makes the address unverified', () => {
    expect(nextBannerState('hidden', { unverified: true, verifiedParam: false })).toBe('prompt');
    expect(nextBannerState('verified', { unverified: true, verifiedParam: false })).toBe('prompt');
    expect(nextBannerState('resent', { unverified: true, verifiedParam: false })).toBe('resent');
    expect(nextBannerState('closed', { unverified: true, verifiedParam: false })).toBe('closed');
  });
});
