/** The languages of the interface (issue 28 §3) and their dictionaries: the one home of both. */
import { type Dictionary, en, format } from './messages';
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

/** Each language by its own name, as a language menu shows it whatever the interface's language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français' };

/**
 * The language a browser prefers among ours, from its Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.8"), by its
 * weights; the default when it names none of them.
 */
export function browserLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)).find(Boolean);
      const q = weight ? Number(weight[1]) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0], q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language of a user's pages: its own choice, else its browser's. */
export const pageLanguage = (
  chosen: Language | null | undefined,
  acceptLanguage: string | null | undefined,
) => chosen ?? browserLanguage(acceptLanguage);

/** A language's dictionary with `format` bound to its locale: what a message written for one person needs. */
export interface Words {
  language: Language;
  locale: string;
  t: Dictionary;
  format: (template: string, vars?: Record<string, string | number>) => string;
}

const wordsByLanguage = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    {
      language,
      locale: LOCALES[language],
      t: dictionaries[language],
      format: (template: string, vars?: Record<string, string | number>) =>
        format(template, vars, LOCALES[language]),
    },
  ]),
) as Record<Language, Words>;

/** The words of a language; of the default language when none is chosen (a person who never chose one). */
export const wordsOf = (language: Language | null | undefined): Words =>
  wordsByLanguage[language ?? DEFAULT_LANGUAGE];
