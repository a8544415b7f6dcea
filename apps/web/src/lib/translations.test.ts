import { en, jsonAttributeValue } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { format, loadTranslations, TRANSLATIONS_PLACEHOLDER, t } from './translations';

describe('loadTranslations', () => {
  it('falls back to the bundled en dictionary when nothing was injected', () => {
    expect(loadTranslations(undefined)).toBe(en);
    expect(loadTranslations(null)).toBe(en);
    expect(loadTranslations('')).toBe(en);
  });

  it('falls back to en while the placeholder is not replaced (Vite dev mode)', () => {
    expect(loadTranslations(TRANSLATIONS_PLACEHOLDER)).toBe(en);
  });

  it('falls back to en on invalid JSON or a non-object', () => {
    expect(loadTranslations('{not json')).toBe(en);
    expect(loadTranslations('"text"')).toBe(en);
    expect(loadTranslations('[1,2]')).toBe(en);
  });

  it('takes the bundled dictionary as it is when the page carries this build’s own, as the server writes it', () => {
    expect(loadTranslations(jsonAttributeValue(en))).toBe(en);
    // The same texts written otherwise are read and merged: equal, not the same object.
    const merged = loadTranslations(`${jsonAttributeValue(en)}\n`);
    expect(merged).not.toBe(en);
    expect(merged).toEqual(en);
  });

  it('uses the injected texts', () => {
    const injected = JSON.parse(JSON.stringify(en));
    injected.auth.signIn = 'Se connecter';
    injected.auth.slides = ['Un', 'Deux', 'Trois', 'Quatre'];
    const dict = loadTranslations(JSON.stringify(injected));
    expect(dict.auth.signIn).toBe('Se connecter');
    expect(dict.auth.slides).toEqual(['Un', 'Deux', 'Trois', 'Quatre']);
    expect(dict.nav.users).toBe(en.nav.users);
  });

  it('fills keys missing from the injected copy, and ignores wrongly typed values, from en', () => {
    const dict = loadTranslations(JSON.stringify({ auth: { signIn: 'Log on', password: 42 }, nav: 'oops' }));
    expect(dict.auth.signIn).toBe('Log on');
    expect(dict.auth.password).toBe(en.auth.password);
    expect(dict.auth.forgotPassword).toBe(en.auth.forgotPassword);
    expect(dict.nav).toEqual(en.nav);
    expect(dict.buttonErrors.signIn).toBe('UNABLE TO SIGN IN');
  });

  it('exports t (en without a DOM) and format', () => {
    expect(t).toBe(en);
    expect(format(t.auth.resetRequestSent, { email: 'a@b.co' })).toContain('a@b.co');
  });
});
