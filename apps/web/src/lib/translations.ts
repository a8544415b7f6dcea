/**
 * The dictionary of every user-visible text. The server injects it as JSON into the
 * `data-translations` attribute of the page root; in Vite dev mode (placeholder not replaced) or
 * when it cannot be read, the bundled `en` copy from @mend/shared is used. Keys missing from the
 * injected copy fall back to `en`, so a stale server dictionary never blanks a label.
 */
import {
  DEFAULT_LANGUAGE,
  type Dictionary,
  en,
  format as formatIn,
  isLanguage,
  jsonAttributeValue,
  type Language,
  LOCALES,
  moneyText,
  ROOT_ELEMENT_ID,
} from '@mend/shared';
import { textTranslator } from './text-translator';

export type { Dictionary };

/**
 * The page's language, as the server wrote it in `<html lang>` (issue 28: the user's choice, else the browser's):
 * "fr-CA" is French. The server's dictionary in the page root is that language's.
 */
export function languageOfTag(tag: string | null | undefined): Language {
  const primary = (tag ?? '').toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

export const language: Language = languageOfTag(
  typeof document === 'undefined' ? undefined : document.documentElement.lang,
);

/** The Intl locale of the page's language: dates, times, numbers and plural rules follow it. */
export const locale: string = LOCALES[language];

/** Fills a text's {name} placeholders, and its plurals by the page language's rules (`format` of @mend/shared). */
export function format(template: string, vars: Record<string, string | number> = {}): string {
  return formatIn(template, vars, locale);
}

/** Whole cents as money in the page's locale: English as the API writes it ("$1,234.50"), French "1 234,50 $". */
export function money(cents: number, currency: string): string {
  return moneyText(cents, currency, language);
}

/** What index.html holds before the server replaces it. */
export const TRANSLATIONS_PLACEHOLDER = '__MEND_TRANSLATIONS__';

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `override` onto `base`, keeping base's shape: only same-typed values replace base values. */
function mergeOnto(base: Json, override: Json): Json {
  if (isPlainObject(base)) {
    if (!isPlainObject(override)) return base;
    const out: Record<string, Json> = {};
    for (const key of Object.keys(base))
      out[key] = key in override ? mergeOnto(base[key], override[key]) : base[key];
    return out;
  }
  if (Array.isArray(base)) {
    if (!Array.isArray(override) || override.length === 0) return base;
    return override.every((item) => typeof item === 'string') ? override : base;
  }
  return typeof override === typeof base ? override : base;
}

/** Reads texts shaped like `fallback` from the raw attribute value; anything unusable gives `fallback`. */
export function loadTexts<T extends object>(raw: string | null | undefined, fallback: T): T {
  if (!raw || raw === TRANSLATIONS_PLACEHOLDER) return fallback;
  // The server's dictionary is nearly always this build's own, written as the server writes it: then the
  // bundled copy is used as it is, without parsing and merging the whole dictionary's JSON as the app starts
  // (in the one long task of evaluating the app's modules).
  if (raw === jsonAttributeValue(fallback)) return fallback;
  try {
    const parsed: Json = JSON.parse(raw);
    if (!isPlainObject(parsed)) return fallback;
    return mergeOnto(fallback, parsed) as T;
  } catch {
    return fallback;
  }
}

/** Turns the raw attribute value into a dictionary; anything unusable gives `fallback` (default `en`). */
export function loadTranslations(raw: string | null | undefined, fallback: Dictionary = en): Dictionary {
  return loadTexts(raw, fallback);
}

function readRootAttribute(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.getElementById(ROOT_ELEMENT_ID)?.dataset.translations;
}

/** The dictionary, read once at start-up. Use `t.section.key` and `format(t.x.y, { name })`. */
export const t: Dictionary = loadTranslations(readRootAttribute());

let pageTranslator: ((text: string) => string) | undefined;

/**
 * A text of the English dictionary in the page's language; any other text as it is. The server answers in English,
 * the API's language (its `message`s, a 422's field errors), and the shared zod schemas are built with the English
 * dictionary: the web shows those texts in the reader's language by finding them in `en` (an exact text, or a
 * template with {name} placeholders or a plural, whose values are carried over) and taking the same key's text in
 * `t` (text-translator.ts). On an English page it is the text itself, and nothing is built.
 */
export function inPageLanguage(text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  pageTranslator ??= textTranslator(en, t, locale);
  return pageTranslator(text);
}

/**
 * The page language's name of an English name the server sent from one of the dictionary's lists, for an answer that
 * carries the name without its value (the assignment link's priority): `listed` picks the list from a dictionary.
 */
export function listedNameInPageLanguage(
  text: string,
  listed: (words: Dictionary) => readonly string[],
): string {
  const index = listed(en).indexOf(text);
  return index < 0 ? text : (listed(t)[index] ?? text);
}
