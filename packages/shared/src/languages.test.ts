import { describe, expect, it } from 'vitest';
import { browserLanguage, pageLanguage } from './languages';

describe('browserLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr', 'fr'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,fr;q=0.5', 'fr'],
    ['en;q=0.4, FR-fr;q=0.8', 'fr'],
    ['fr;q=0, en;q=0.1', 'en'],
    ['es, de', 'en'],
    ['*', 'en'],
    [';;q=x,,,', 'en'],
  ])('%s → %s', (header, language) => {
    expect(browserLanguage(header)).toBe(language);
  });

  it('reads a header of any length quickly, its first twenty choices only', () => {
    expect(browserLanguage(`${'de;q=0.9,'.repeat(10_000)}fr`)).toBe('en');
  });
});

describe('pageLanguage', () => {
  it('is the user’s choice, else the browser’s', () => {
    expect(pageLanguage('en', 'fr-CA')).toBe('en');
    expect(pageLanguage('fr', 'en-US')).toBe('fr');
    expect(pageLanguage(null, 'fr-CA')).toBe('fr');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });
});
