/** The languages of the interface (issue 28 §3) and their dictionaries: the one home of both. */
import { type Dictionary, en } from './messages';
import { fr } from './messages-fr';

/** Every language a dictionary exists for; English first, the default. */
export const LANGUAGES = ['en', 'fr'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The dictionary of each language. */
export const dictionaries: Readonly<Record<Language, Dictionary>> = { en, fr };

/** The Intl locale of each language: its plural rules and how `format` writes a plural's `#` count. */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en', fr: 'fr-CA' };

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);
