/** The shared schemas' English messages on a French page (ADR 0048): the page's language is French here. */
import { en, fr, LOCALES, loginSchema } from '@mend/shared';
import { describe, expect, it, vi } from 'vitest';
import { schemaErrors } from './zod-errors';

vi.mock('../../lib/translations', async (importOriginal) => {
  const { textTranslator } = await import('../../lib/text-translator');
  const actual = await importOriginal<typeof import('../../lib/translations')>();
  return { ...actual, language: 'fr', t: fr, inPageLanguage: textTranslator(en, fr, LOCALES.fr) };
});

describe('schema errors on a French page', () => {
  it('are the French dictionary’s', () => {
    expect(schemaErrors(loginSchema, { email: '', password: '' })).toEqual({
      email: fr.validation.invalidEmail,
      password: fr.validation.invalidPassword,
    });
  });
});
