import { en, format as formatIn, fr, jsonAttributeValue, LOCALES } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { textTranslator } from './text-translator';
import {
  format,
  inPageLanguage,
  listedNameInPageLanguage,
  loadTranslations,
  TRANSLATIONS_PLACEHOLDER,
  t,
} from './translations';

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

describe('textTranslator (the server’s and the schemas’ English texts on a French page)', () => {
  const toFrench = textTranslator(en, fr, LOCALES.fr);

  it('translates a text of the English dictionary exactly', () => {
    expect(toFrench(en.errors.validation)).toBe(fr.errors.validation);
    expect(toFrench(en.validation.invalidEmail)).toBe('Courriel invalide');
  });

  it('recognizes a template with placeholders and carries its values over', () => {
    expect(toFrench(format(en.validation.apiTokenName, { max: 80 }))).toBe(
      'Veuillez entrer un nom d’au plus 80 caractères',
    );
    expect(toFrench(format(en.tickets.deleted, { title: 'Leaky tap' }))).toBe(
      format(fr.tickets.deleted, { title: 'Leaky tap' }),
    );
  });

  it('translates the dictionary text a {message} or {entity} placeholder holds, not other values', () => {
    const row = format(en.validation.csvRow, { row: 2, field: 'email', message: en.validation.invalidEmail });
    expect(toFrench(row)).toBe('ligne 2, email : Courriel invalide');
    const deleted = format(en.records.deleted, { entity: en.records.entities.unit, record_name: 'Open' });
    expect(toFrench(deleted)).toBe(
      format(fr.records.deleted, { entity: fr.records.entities.unit, record_name: 'Open' }),
    );
  });

  it('names the statuses of an activity log’s status change in French, and leaves a name as it is', () => {
    const changed = format(en.tickets.log.statusChanged, { from: 'Open', to: 'In Progress' });
    expect(toFrench(changed)).toBe(format(fr.tickets.log.statusChanged, { from: 'Ouverte', to: 'En cours' }));
    const sent = format(en.tickets.log.routed, { names: 'Marco Rossi, Olivia Bennett' });
    expect(toFrench(sent)).toBe(format(fr.tickets.log.routed, { names: 'Marco Rossi, Olivia Bennett' }));
  });

  it('recognizes each form of a plural, its count carried over', () => {
    for (const count of [1, 3, 1200])
      expect(toFrench(format(en.tickets.batchDeleted, { count }))).toBe(
        formatIn(fr.tickets.batchDeleted, { count }, LOCALES.fr),
      );
  });

  it('gives back a text it does not know, as it is', () => {
    expect(toFrench('Something the dictionary never said')).toBe('Something the dictionary never said');
    expect(toFrench('Boiler: cold')).toBe('Boiler: cold');
  });

  it('leaves every text as it is on an English page', () => {
    expect(inPageLanguage(en.errors.validation)).toBe(en.errors.validation);
    expect(textTranslator(en, en, LOCALES.en)(en.validation.invalidEmail)).toBe(en.validation.invalidEmail);
  });
});

describe('listedNameInPageLanguage', () => {
  it('finds an English name in a list of the dictionary, and leaves a name it lacks as it is', () => {
    expect(
      listedNameInPageLanguage(en.tickets.priorityNames[1], (words) => words.tickets.priorityNames),
    ).toBe(t.tickets.priorityNames[1]);
    expect(listedNameInPageLanguage('Urgent', (words) => words.tickets.priorityNames)).toBe('Urgent');
  });
});
